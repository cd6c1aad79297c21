import Testing
import WoodshedCore

/// LRC, SRT and WebVTT as the practice player reads them: times exact to the millisecond, the
/// documented offset sign, which segment is active when, and one clear line for a mistake.
@Suite struct SyncedTextTests {
    func ms(_ n: Int64) -> EngineTime { EngineTime(nanoseconds: n * 1_000_000) }

    func read(_ text: String, _ format: SyncedTextFormat, file: String = "t") throws -> SyncedText {
        try SyncedTextReader.parse(Array(text.utf8), format: format, file: file)
    }

    @Test func lrcSeveralTagsOnALineRepeatItAndEverythingIsSortedByTime() throws {
        let text = try read("[ti:Song]\n[ar:Band]\n[00:12.00][01:30.50]Chorus\n[00:05.00]Verse\n", .lrc)
        #expect(text.segments.map(\.text) == ["Verse", "Chorus", "Chorus"])
        #expect(text.segments.map(\.start) == [ms(5_000), ms(12_000), ms(90_500)])
        #expect(text.segments.map(\.line) == [4, 3, 3])
        #expect(text.title == "Song" && text.artist == "Band")
    }

    @Test func lrcFractionsAreTenthsHundredthsOrThousandths() throws {
        let text = try read("[00:01.5]a\n[00:02.05]b\n[00:03.005]c\n[00:04]d\n[61:00.00]e\n", .lrc)
        #expect(text.segments.map(\.start) == [ms(1_500), ms(2_050), ms(3_005), ms(4_000), ms(3_660_000)])
    }

    @Test func aPositiveOffsetMakesTheTextComeSooner() throws {
        let sooner = try read("[offset:+500]\n[00:10.00]x\n[00:00.20]y\n", .lrc)
        #expect(sooner.segments.map(\.start) == [ms(0), ms(9_500)], "10.00 − 0.5; 0.2 − 0.5 clamps to 0")
        let later = try read("[00:10.00]x\n[offset:-250]\n", .lrc)
        #expect(later.segments.map(\.start) == [ms(10_250)], "the offset holds wherever it is written")
    }

    @Test func enhancedWordTagsMoveAWordCursor() throws {
        let text = try read("[00:10.00]<00:10.00>Twin<00:10.50>kle  <00:11.00>star\n", .lrc)
        let line = text.segments[0]
        #expect(line.text == "Twinkle star")
        #expect(line.words.map(\.text) == ["Twin", "kle", "star"])
        #expect(line.words.map(\.start) == [ms(10_000), ms(10_500), ms(11_000)])
        #expect(text.wordIndex(in: 0, at: ms(9_999)) == nil)
        #expect(text.wordIndex(in: 0, at: ms(10_700)) == 1)
        #expect(text.wordIndex(in: 0, at: ms(12_000)) == 2)
    }

    @Test func anLRCLineLastsUntilTheNextASubtitleUntilItsEnd() throws {
        let lrc = try read("[00:01.00]a\n[00:03.00]\n[00:05.00]b\n", .lrc)
        #expect(lrc.segmentIndex(at: ms(999)) == nil)
        #expect(lrc.segmentIndex(at: ms(1_000)) == 0)
        #expect(lrc.segmentIndex(at: ms(2_999)) == 0)
        #expect(lrc.segmentIndex(at: ms(3_000)) == 1, "an empty timed line is a gap of its own")
        #expect(lrc.segmentIndex(at: ms(600_000)) == 2)
        let srt = try read("1\n00:00:01,000 --> 00:00:02,000\none\n\n2\n00:00:04,000 --> 00:00:05,500\ntwo\n", .srt)
        #expect(srt.segmentIndex(at: ms(1_999)) == 0)
        #expect(srt.segmentIndex(at: ms(2_000)) == nil, "between two subtitles nothing shows")
        #expect(srt.segmentIndex(at: ms(5_499)) == 1)
        #expect(srt.segmentIndex(at: ms(5_500)) == nil)
    }

    @Test func srtWithABOMCRLFTagsAndTwoLines() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("1\r\n00:01:02,345 --> 00:01:04,000 X1:10\r\n<i>Hello</i>\r\n<font color=\"red\">world</font>\r\n\r\n2\r\n01:00:00.001 --> 01:00:01.000\r\nagain\r\n".utf8)
        let text = try SyncedTextReader.parse(bytes, format: .srt, file: "s.srt")
        #expect(text.segments.map(\.text) == ["Hello\nworld", "again"])
        #expect(text.segments.map(\.start) == [ms(62_345), ms(3_600_001)])
        #expect(text.segments.map(\.end) == [ms(64_000), ms(3_601_000)])
        #expect(text.segments.map(\.line) == [2, 7])
    }

    @Test func webVTTHeaderNotesVoicesAndEntities() throws {
        let vtt = """
            WEBVTT - a lesson
            Kind: captions

            NOTE this is
            not a cue

            intro
            00:01.000 --> 00:02.500 align:start line:0
            <v Teacher>Keep <c.loud>time</c> &amp; breathe

            01:00:00.000 --> 01:00:02.000
            <00:00:00.500>Late &lt;cue&gt;
            """
        let text = try read(vtt, .webVTT)
        #expect(text.segments.map(\.text) == ["Keep time & breathe", "Late <cue>"])
        #expect(text.segments.map(\.start) == [ms(1_000), ms(3_600_000)])
        #expect(text.segments.map(\.end) == [ms(2_500), ms(3_602_000)])
    }

    @Test func utf16WithABOMIsRead() throws {
        let line = "[00:01.00]さくら 🌸\n"
        let le: [UInt8] = [0xFF, 0xFE] + line.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + line.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [le, be] {
            let text = try SyncedTextReader.parse(bytes, format: .lrc, file: "j.lrc")
            #expect(text.segments.map(\.text) == ["さくら 🌸"])
        }
    }

    @Test func mistakesAreOneLineNamingFileAndLine() {
        func message(_ text: String, _ format: SyncedTextFormat, _ file: String) -> String {
            do {
                _ = try read(text, format, file: file)
                return "no error"
            } catch let error as ParseError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(message("[00:01.00]a\n[00:02.00]b\n[00:7x.00]c\n", .lrc, "song.lrc").hasPrefix("song.lrc:3: "))
        #expect(message("[00:61.00]a\n", .lrc, "song.lrc").hasPrefix("song.lrc:1: "), "seconds stop at 59")
        #expect(message("[ti:only tags]\n", .lrc, "song.lrc").contains("no timed lines"))
        #expect(message("1\n00:00:05,000 --> 00:00:04,000\nx\n", .srt, "s.srt").hasPrefix("s.srt:2: the end"))
        #expect(message("1\n00:00:05 --> 00:00:06,000\nx\n", .srt, "s.srt").hasPrefix("s.srt:2: "))
        #expect(message("00:01.000 --> 00:02.000\nx\n", .webVTT, "c.vtt") == "c.vtt:1: not a WebVTT file: it must start with WEBVTT")
        let invalid: [UInt8] = Array("[00:01.00]ok\n[00:02.00]".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        do {
            _ = try SyncedTextReader.parse(invalid, format: .lrc, file: "bad.lrc")
            Issue.record("invalid UTF-8 was read")
        } catch let error as ParseError {
            #expect(error.message == "bad.lrc:2: not UTF-8 text; save it as UTF-8")
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: WoodshedError.self) { try SyncedTextReader.read(contentsOf: "/nowhere/words.txt") }
    }

    @Test func linesWithoutATagAreSkippedWithAWarning() throws {
        let text = try read("just words\n[00:01.00]timed\n", .lrc, file: "w.lrc")
        #expect(text.segments.count == 1)
        #expect(text.warnings == ["w.lrc:1: no time tag; the line is skipped"])
    }

    @Test func cuesAlongALoopShowTheLineWhereEachPassLands() throws {
        let text = try read("[00:01.00]a\n[00:03.00]b\n[00:05.00]c\n", .lrc)
        let loop = try ListenLoop(start: .seconds(2), end: .seconds(4))
        let timeline = ListenPlan(length: .seconds(10), start: .zero, sound: ListenSound(speed: 2), loop: loop, passes: 2).timeline
        let cues = text.cues(along: timeline)
        // Pass 1 (media 2–4, output 0–1): a at 0, b at media 3 = output 0.5; pass 2 starts at output 1 on a.
        #expect(cues.map(\.index) == [0, 1, 0, 1])
        #expect(cues.map(\.output) == [.zero, .milliseconds(500), .seconds(1), .milliseconds(1_500)])
        #expect(cues.map(\.media) == [.seconds(2), .seconds(3), .seconds(2), .seconds(3)])
    }
}
