import Foundation
import Testing
@testable import WoodshedCore

@Suite struct DTXReaderTests {
    func read(_ text: String) throws -> (chart: Chart, skipped: SkippedInput) {
        try DTXReader.read(Array(text.utf8), file: "t.dtx")
    }

    @Test func headerAndLanes() throws {
        let (chart, skipped) = try read("""
            ; a comment
            #TITLE: Lane Test
            #ARTIST Someone ; trailing comment
            #GENRE: Rock
            #DLEVEL: 450
            #BPM: 150
            #00011: 01010101
            #00012: 00010001
            #00013: 01000100
            #00114: 01
            #00115: 01
            #00116: 01
            #00117: 01
            #00118: 01
            #00119: 01
            #0011A: 01
            #0011B: 01
            #0011C: 01
            #00150: 01
            #00161: 0101
            """)
        #expect(chart.metadata.title == "Lane Test")
        #expect(chart.metadata.artist == "Someone")
        #expect(chart.metadata.difficulty == 45)
        #expect(chart.bpm == 150)
        #expect(chart.measures.count == 2)
        let second = chart.notes.filter { $0.measureIndex == 1 }.map(\.voice)
        #expect(Set(second) == [.tomHigh, .tomLow, .crash, .tomFloor, .hihatOpen, .ride, .crashLeft, .hihatPedal, .kickLeft])
        #expect(chart.notes.filter { $0.measureIndex == 0 }.count == 8)
        // A 4/4 bar at 150 BPM lasts 1600 ms; the snare on beat 2 is at 400 ms.
        #expect(chart.notes.first { $0.voice == .snare }?.time == .milliseconds(400))
        #expect(skipped.total == 1)  // channel 61 is a sound effect: a cue (silent here: chip 01 has no file)
        #expect(skipped.counts["DTX channel 50"] == 1)
    }

    @Test func base36MeasureNumbers() throws {
        let (chart, _) = try read("#BPM: 240\n#A0113: 01\n")
        // A01 = 10*100 + 1 = measure index 1001; at 240 BPM each 4/4 bar is 1000 ms.
        #expect(chart.measures.count == 1002)
        #expect(chart.notes[0].measureIndex == 1001)
        #expect(chart.notes[0].time == .milliseconds(1_001_000))
    }

    @Test func barLengthCarriesOver() throws {
        let (chart, _) = try read("""
            #BPM: 120
            #00102: 0.75
            #00313: 01
            #00402: 1
            #00413: 01
            """)
        // Measures 1-3 (indices 1,2,3) are 3/4 (1500 ms), then 4/4 again.
        #expect(chart.measures.map(\.signature) == [.fourFour, TimeSignature(3, 4), TimeSignature(3, 4), TimeSignature(3, 4), .fourFour])
        #expect(chart.measures[3].start == .milliseconds(2000 + 1500 * 2))
        #expect(chart.notes.map(\.time) == [.milliseconds(5000), .milliseconds(6500)])
    }

    @Test func bpmChangesMidMeasure() throws {
        let (chart, _) = try read("""
            #BPM: 120
            #BASEBPM: 100
            #BPM01: 60
            #00003: 0000001E
            #00013: 01010101
            #00108: 0001
            #00113: 0101
            """)
        // Measure 0: beats 1-3 at 120 (500 ms each), beat 4 at 130 (100+0x1E).
        let beat4 = 1500.0 + 60_000.0 / 130
        #expect(chart.notes[3].time == .milliseconds(1500))
        #expect(chart.measures[1].start == .milliseconds(beat4))
        // Measure 1: first half at 130 (two beats), then 60 BPM.
        #expect(chart.notes[5].time == .milliseconds(beat4 + 2 * 60_000.0 / 130))
        #expect(chart.tempoChanges.map(\.bpm) == [120, 130, 60])
        #expect(chart.bpm(at: .milliseconds(1600)) == 130)
    }

    @Test func shiftJISAndUTF16Titles() throws {
        let title = "ドラム練習"
        var sjis = Array("#TITLE: ".utf8)
        sjis += Array(title.data(using: .shiftJIS)!)
        sjis += Array("\n#00013: 01\n".utf8)
        #expect(try DTXReader.read(sjis, file: "s.dtx").chart.metadata.title == title)

        let text = "#TITLE: \(title)\r\n#00013: 01\r\n"
        var le: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { le += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (chart, _) = try DTXReader.read(le, file: "u.dtx")
        #expect(chart.metadata.title == title)
        #expect(chart.notes.count == 1)
        var be: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { be += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try DTXReader.read(be, file: "b.dtx").chart.metadata.title == title)
    }

    @Test func backingTrackFromBGMChannel() throws {
        let (chart, _) = try read("#BPM: 120\n#WAV0Z: song.ogg\n#00101: 000Z\n#00013: 01\n")
        #expect(chart.backingTrack == BackingTrack(file: "song.ogg", offset: .milliseconds(3000)))
    }

    @Test func underscoresAndOddTrailingCharacter() throws {
        let (chart, _) = try read("#00013: 01_00_01_00_0\n")
        #expect(chart.notes.map(\.position) == [ExactFraction(0), ExactFraction(1, 2)])
    }

    @Test func errorsNameTheLine() {
        func message(_ text: String) -> String {
            do { _ = try read(text); return "" } catch let e as UserFacingError { return e.message } catch { return "\(error)" }
        }
        #expect(message("#TITLE x\n#00013: 01\n#00108: 05\n").hasPrefix("t.dtx:3: BPM channel 08 refers to #BPM05"))
        #expect(message("#BPM: 0\n#00013: 01\n").hasPrefix("t.dtx:1: BPM 0 is out of range"))
        #expect(message("#BPM: 2000\n").hasPrefix("t.dtx:1:"))
        #expect(message("\n#00013: 01!1\n").hasPrefix("t.dtx:2:11: expected base-36 pairs"))
        #expect(message("#00102: abc\n").hasPrefix("t.dtx:1: expected a bar length"))
        #expect(message("#00101: 01\n").contains("#WAV01"))
    }

    @Test func everyDrumNoteKeepsItsChipsSound() throws {
        let (chart, _) = try read("""
            #BPM: 120
            #WAV01: kick.wav
            #WAV02: snare.wav
            #WAV03: snare-soft.wav
            #00013: 01000100
            #00012: 00020003
            """)
        #expect(chart.sounds.map(\.file) == ["kick.wav", "snare.wav", "snare-soft.wav"])
        #expect(chart.sounds.map(\.chip) == ["01", "02", "03"])
        let played = chart.notes.map { ($0.voice, $0.sound.map { chart.sounds[$0].file }) }
        #expect(played.map(\.0) == [.kick, .snare, .kick, .snare])
        #expect(played.map(\.1) == ["kick.wav", "snare.wav", "kick.wav", "snare-soft.wav"])
    }

    /// DTXMania: a chip plays the #WAV last defined before its line, else the first defined after it;
    /// #VOLUME and #PAN apply to the definitions after them and fill earlier ones that had none.
    @Test func aSlotDefinedAgainPlaysTheFileDefinedLastBeforeTheChip() throws {
        let (chart, _) = try read("""
            #BPM: 120
            #00013: 01
            #WAV01: first.wav
            #00113: 01
            #VOLUME01: 40
            #WAV01: second.wav
            #PAN01: -50
            #00213: 01
            """)
        let files = chart.notes.map { chart.sounds[$0.sound!].file }
        #expect(files == ["first.wav", "first.wav", "second.wav"])
        let first = chart.sounds.first { $0.file == "first.wav" }!, second = chart.sounds.first { $0.file == "second.wav" }!
        #expect(first.volume == 40 && first.pan == -50, "filled from the first settings after it")
        #expect(second.volume == 40 && second.pan == -50)
        #expect(chart.notes.map(\.velocity) == [51, 51, 51], "volume 40 → velocity 51")
    }

    @Test func volumeAndPanReadInEitherSpellingAndPanelIsNotAPan() throws {
        let (chart, _) = try read("""
            #PANEL: Some text for the panel
            #WAV0A: a.wav
            #WAVVOL0A: 70
            #WAVPAN0A: 100
            #WAV0B: b.wav
            #VOLUME0B: 150
            #PAN0B: -30
            #00013: 0A0B
            """)
        #expect(chart.sounds == [ChartSound(chip: "0A", file: "a.wav", volume: 70, pan: 100),
                                 ChartSound(chip: "0B", file: "b.wav", volume: 100, pan: -30)])
        #expect(chart.sounds[0].panGains == (left: 0, right: 1))
        #expect(chart.sounds[1].panGains.left == 1 && abs(chart.sounds[1].panGains.right - 0.7) < 1e-6)
    }

    @Test func pathWAVIsTheSoundsFolderAndWindowsSeparatorsAreRead() throws {
        let (chart, _) = try read("#PATH_WAV: sounds\\drums\n#WAV01: kit\\kick.wav\n#00013: 01\n")
        #expect(chart.sounds.map(\.file) == ["sounds/drums/kit/kick.wav"])
    }

    @Test func soundEffectAndGuitarChipsAreCuesAtTheirTime() throws {
        let (chart, skipped) = try read("""
            #BPM: 120
            #WAV01: kick.wav
            #WAV05: fx.wav
            #WAV06: guitar.wav
            #00013: 01
            #00161: 0005
            #00122: 06
            #000A1: 0006
            #00170: 09
            """)
        #expect(skipped.isEmpty)
        #expect(chart.soundCues.map(\.time) == [.milliseconds(1000), .milliseconds(2000), .milliseconds(3000)])
        #expect(chart.soundCues.map { chart.sounds[$0.sound].file } == ["guitar.wav", "guitar.wav", "fx.wav"])
        #expect(chart.notes.count == 1, "cues are not notes to play")
    }

    @Test func everyBGMChipIsABackingTrackFromItsPlace() throws {
        let (chart, _) = try read("""
            #BPM: 120
            #WAV0Y: intro.ogg
            #WAV0Z: rest.ogg
            #VOLUME0Z: 80
            #00001: 0Y
            #00101: 000Z
            #00301: 0U
            #00013: 01
            """)
        #expect(chart.backingTracks == [BackingTrack(file: "intro.ogg", offset: .zero),
                                        BackingTrack(file: "rest.ogg", offset: .milliseconds(3000), volume: 80)],
                "the undefined 0U is silent, as in DTXMania")
        #expect(chart.backingTrack?.file == "intro.ogg")
    }
}
