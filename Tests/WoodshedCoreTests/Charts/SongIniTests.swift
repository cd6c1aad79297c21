import Testing
@testable import WoodshedCore

@Suite struct SongIniTests {
    @Test func readsEveryKnownKey() {
        let ini = SongIni(parsing: """
            [song]
            name = Through the Fire
            artist = Some Band
            album = Inhuman
            genre = Metal
            year = 2005
            charter = Someone
            song_length = 441000
            delay = -120
            preview_start_time = 60500
            diff_drums = 6
            pro_drums = True
            five_lane_drums = False
            loading_phrase = Good luck
            icon = sb
            """)
        #expect(ini.name == "Through the Fire")
        #expect(ini.artist == "Some Band")
        #expect(ini.album == "Inhuman")
        #expect(ini.genre == "Metal")
        #expect(ini.year == "2005")
        #expect(ini.charter == "Someone")
        #expect(ini.songLength == .milliseconds(441_000))
        #expect(ini.delay == .milliseconds(-120))
        #expect(ini.previewStart == .milliseconds(60_500))
        #expect(ini.drumsDifficulty == 6)
        #expect(ini.proDrums == true)
        #expect(ini.fiveLaneDrums == false)
        #expect(ini.otherKeys == ["loading_phrase": "Good luck", "icon": "sb"])
        #expect(ini.skippedLines == 0)
        #expect(ini.firstSkippedLine == nil)
        #expect(ini.skipped.isEmpty)
    }

    @Test func caseSpacingCommentsAndByteOrderMark() {
        let ini = SongIni(parsing: "\u{FEFF}; made by an editor\r\n[Song]\r\n# a comment\r\nNAME=Tight\r\n  Artist   =   Loose  \r\nPro_Drums = 1\r\n\r\n")
        #expect(ini.name == "Tight")
        #expect(ini.artist == "Loose")
        #expect(ini.proDrums == true)
        #expect(ini.skippedLines == 0)
    }

    @Test func hashInsideAValueIsText() {
        #expect(SongIni(parsing: "[song]\nname = #1 Crush\n").name == "#1 Crush")
    }

    @Test func fretsIsTheOldNameForCharter() {
        #expect(SongIni(parsing: "[song]\nfrets = Old Name\n").charter == "Old Name")
        #expect(SongIni(parsing: "[song]\nfrets = Old Name\ncharter = New Name\n").charter == "New Name")
        #expect(SongIni(parsing: "[song]\ncharter = New Name\nfrets = Old Name\n").charter == "New Name")
    }

    @Test func richTextTagsAreRemovedFromNames() {
        let ini = SongIni(parsing: "[song]\nname = <color=#FF0000>Red</color> <b>Song</b>\nartist = Guns <3 Roses\n")
        #expect(ini.name == "Red Song")
        #expect(ini.artist == "Guns <3 Roses")
        #expect(SongIni.strippingRichText("a <size=12>b</size> <c> <i>d") == "a b <c> d")
    }

    @Test func noDrumPartAndEmptyValues() {
        let ini = SongIni(parsing: "[song]\ndiff_drums = -1\nname =\ndelay =\n")
        #expect(ini.drumsDifficulty == nil)
        #expect(ini.name == nil)
        #expect(ini.delay == nil)
        #expect(ini.skippedLines == 0)
    }

    @Test func badLinesAreSkippedAndCountedWithTheFirstLineNumber() {
        let ini = SongIni(parsing: """
            stray = before any header
            [song]
            name = Fine
            this line has no equals sign
            = no key
            delay = soon
            diff_drums = 3.5
            pro_drums = maybe
            song_length = 1e300
            [other]
            anything at all
            artist = not the song's
            """)
        #expect(ini.name == "Fine")
        #expect(ini.artist == nil)  // it was in [other]
        #expect(ini.delay == nil)
        #expect(ini.drumsDifficulty == nil)
        #expect(ini.proDrums == nil)
        #expect(ini.songLength == nil)
        // Lines 1, 4, 5, 6, 7, 8 and 9; [other]'s lines are its own business.
        #expect(ini.skippedLines == 7)
        #expect(ini.firstSkippedLine == 1)
        #expect(ini.skipped.counts == ["song.ini line not understood (first: line 1)": 7])
    }

    @Test func laterValueWins() {
        #expect(SongIni(parsing: "[song]\nname = One\nname = Two\n").name == "Two")
    }

    @Test func bytesInUTF8AndUTF16() {
        #expect(SongIni(bytes: [0xEF, 0xBB, 0xBF] + Array("[song]\nname = Café\n".utf8)).name == "Café")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "[song]\r\nname = Café\r\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(SongIni(bytes: utf16).name == "Café")
    }

    @Test func garbageNeverCrashes() {
        for text in ["", "[", "]", "[song", "[song]\n=", "[song]\n===", "\u{FEFF}", "[song]\ndelay = inf", "[song]\ndelay = nan",
                     "[song]\ndiff_drums = 99999999999999999999999", "[song]\nname = <", "[song]\nname = <color=", "\r\r\n\n"] {
            let ini = SongIni(parsing: text)
            #expect(ini.delay == nil)
        }
    }
}
