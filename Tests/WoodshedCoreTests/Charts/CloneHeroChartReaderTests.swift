import Foundation
import Testing
@testable import WoodshedCore

@Suite struct CloneHeroChartReaderTests {
    func read(_ text: String, difficulty: DrumDifficulty = .expert, songIni: SongIni? = nil) throws -> (chart: Chart, skipped: SkippedInput) {
        try CloneHeroChartReader.read(Array(text.utf8), file: "t.chart", difficulty: difficulty, songIni: songIni)
    }

    func message(_ text: String, difficulty: DrumDifficulty = .expert) -> String {
        do { _ = try read(text, difficulty: difficulty); return "" } catch let e as UserFacingError { return e.message } catch { return "\(error)" }
    }

    /// Resolution 192: a quarter note is 192 ticks. 120 BPM until tick 768 (500 ms a quarter), then
    /// 60 BPM (1000 ms a quarter). Measures: 4/4 [0, 768), 4/4 [768, 1536), 3/4 [1536, 2112),
    /// 7/8 [2112, 2784).
    static let song = """
        [Song]
        {
          Name = "Fixture Song"
          Artist = "Test Band"
          Genre = "Rock"
          Charter = "Someone"
          Year = ", 2002"
          Resolution = 192
          Offset = 0.5
          Difficulty = 3
          MusicStream = "song.ogg"
        }
        [SyncTrack]
        {
          0 = TS 4
          0 = B 120000
          768 = B 60000
          1536 = TS 3
          2112 = TS 7 3
        }
        [Events]
        {
          0 = E "section Intro"
          768 = E "section Slow Part"
          1536 = E "prc_three_four"
          2000 = E "lyric hey"
        }
        [ExpertDrums]
        {
          0 = N 0 0
          0 = N 4 0
          0 = N 68 0
          192 = N 2 0
          192 = N 66 0
          384 = N 1 0
          384 = N 34 0
          576 = N 2 0
          768 = N 3 0
          768 = N 67 0
          960 = N 3 0
          1152 = N 4 0
          1344 = N 32 0
          1344 = N 1 0
          1344 = N 40 0
          1536 = N 0 0
          1536 = S 2 192
          2112 = N 1 0
          2400 = N 2 0
        }
        [HardDrums]
        {
          0 = N 0 0
          384 = N 1 0
        }
        [ExpertSingle]
        {
          0 = N 0 0
          192 = N 1 0
        }
        """

    @Test func songTempoChangeSignaturesAndVoices() throws {
        let (chart, skipped) = try read(Self.song)
        #expect(chart.metadata.title == "Fixture Song")
        #expect(chart.metadata.artist == "Test Band")
        #expect(chart.metadata.genre == "Rock")
        #expect(chart.metadata.difficulty == 3)
        // Offset 0.5 s: the audio starts half a second before the first measure.
        #expect(chart.backingTrack == BackingTrack(file: "song.ogg", offset: .milliseconds(-500)))

        let notes = chart.notes.map { "\($0.voice) \($0.time.milliseconds)" }
        #expect(notes == [
            "kick 0.0", "crash 0.0",          // tick 0: green + cymbal marker 68
            "hihat 500.0",                    // tick 192: yellow + 66
            "snare 1000.0",                   // tick 384
            "tom-high 1500.0",                // tick 576: yellow, no marker
            "ride 2000.0",                    // tick 768: blue + 67
            "tom-low 3000.0",                 // tick 960 at 60 BPM: 2000 + 1000
            "tom-floor 4000.0",               // tick 1152: green, no marker
            "kick 5000.0", "snare 5000.0",    // tick 1344: double kick, red + ghost
            "kick 6000.0",                    // tick 1536
            "snare 9000.0",                   // tick 2112: three quarters later
            "tom-high 10500.0",               // tick 2400: 288 ticks = 1.5 quarters later
        ])
        #expect(chart.notes.filter { $0.dynamic == .accent }.map(\.time) == [.milliseconds(1000)])
        #expect(chart.notes.filter { $0.dynamic == .ghost }.map(\.time) == [.milliseconds(5000)])

        #expect(chart.tempoChanges.map(\.bpm) == [120, 60])
        #expect(chart.tempoChanges[1].time == .milliseconds(2000))
        #expect(chart.tempoChanges[1].measureIndex == 1)
        #expect(chart.measures.map(\.signature) == [.fourFour, .fourFour, TimeSignature(3, 4), TimeSignature(7, 8)])
        #expect(chart.measures.map(\.start) == [.zero, .milliseconds(2000), .milliseconds(6000), .milliseconds(9000)])
        #expect(chart.end == .milliseconds(12_500))  // 7/8 = 3.5 quarters at 60 BPM after 9000 ms
        let last = try #require(chart.notes.last)
        #expect(last.measureIndex == 3)
        #expect(last.position == ExactFraction(3, 7))  // 3 eighths of 7

        #expect(chart.sections.map(\.name) == ["Intro", "Slow Part", "three four"])
        #expect(chart.sections.map(\.time) == [.zero, .milliseconds(2000), .milliseconds(6000)])

        #expect(skipped.counts == [".chart star power (S 2)": 1, ".chart lyrics": 1, ".chart [ExpertSingle] line": 2])
    }

    @Test func otherDifficulty() throws {
        let (chart, skipped) = try read(Self.song, difficulty: .hard)
        #expect(chart.notes.map { "\($0.voice) \($0.time.milliseconds)" } == ["kick 0.0", "snare 1000.0"])
        #expect(chart.measures.count == 1)
        #expect(skipped.counts[".chart star power (S 2)"] == nil)  // that was in [ExpertDrums]
    }

    @Test func missingDifficultyNamesTheOnesThere() {
        #expect(message(Self.song, difficulty: .medium)
            == "t.chart: no medium drums ([MediumDrums]); this chart has drums for expert, hard: choose one of those")
        #expect(message("[Song]\n{\nResolution = 192\n}\n[ExpertSingle]\n{\n0 = N 0 0\n}\n")
            == "t.chart: no drum part ([ExpertDrums], [HardDrums], [MediumDrums] or [EasyDrums]); check that the song is charted for drums")
    }

    func drums(_ lines: String, sync: String = "0 = B 120000", ini: SongIni? = nil) throws -> (chart: Chart, skipped: SkippedInput) {
        try read("[Song]\n{\nResolution = 192\n}\n[SyncTrack]\n{\n\(sync)\n}\n[ExpertDrums]\n{\n\(lines)\n}\n", songIni: ini)
    }

    @Test func timeSignatureMidMeasureStartsANewMeasure() throws {
        let (chart, _) = try drums("0 = N 0 0\n576 = N 1 0\n1152 = N 0 0", sync: "0 = B 120000\n576 = TS 3")
        // The 4/4 bar is cut after three quarters (576 ticks); 3/4 bars follow from tick 576.
        #expect(chart.measures.map(\.signature) == [.fourFour, TimeSignature(3, 4), TimeSignature(3, 4)])
        #expect(chart.measures.map(\.length) == [ExactFraction(3), ExactFraction(3), ExactFraction(3)])
        #expect(chart.measures.map(\.start) == [.zero, .milliseconds(1500), .milliseconds(3000)])
        #expect(chart.notes.map(\.measureIndex) == [0, 1, 2])
        #expect(chart.notes.map(\.position) == [.zero, .zero, .zero])
    }

    @Test func tempoChangeMidMeasureIsPlacedExactly() throws {
        let (chart, _) = try drums("480 = N 1 0", sync: "0 = B 120000\n288 = B 90000")
        // 288 ticks = 1.5 quarters at 120 BPM = 750 ms, then 192 ticks = one quarter at 90 BPM = 666.667 ms.
        #expect(chart.tempoChanges.map(\.bpm) == [120, 90])
        #expect(chart.tempoChanges[1].position == ExactFraction(3, 8))
        #expect(chart.tempoChanges[1].time == .milliseconds(750))
        let snare = try #require(chart.notes.first)
        #expect(abs(snare.time.milliseconds - (750 + 2000.0 / 3)) < 0.001)
        #expect(snare.position == ExactFraction(5, 8))  // 480 of a 768-tick bar
    }

    @Test func missingTempoAndSignatureMean120And44() throws {
        let (chart, _) = try drums("0 = N 0 0\n384 = N 1 0\n768 = N 0 0", sync: "")
        #expect(chart.bpm == 120)
        #expect(chart.measures.map(\.signature) == [.fourFour, .fourFour])
        #expect(chart.notes.map(\.time) == [.zero, .milliseconds(1000), .milliseconds(2000)])
    }

    @Test func cymbalMarkersMakeCymbalsOtherwiseToms() throws {
        // Marker before or after its note; a green tom and a blue cymbal at the same tick.
        let (chart, skipped) = try drums("""
            0 = N 66 0
            0 = N 2 0
            192 = N 2 0
            384 = N 67 0
            384 = N 4 0
            384 = N 3 0
            576 = N 1 0
            576 = N 66 0
            """)
        #expect(chart.notes.map { "\($0.voice) \($0.time.milliseconds)" }
            == ["hihat 0.0", "tom-high 500.0", "tom-floor 1000.0", "ride 1000.0", "snare 1500.0"])
        // Red is never a cymbal: the marker at 576 has no yellow note to mark.
        #expect(skipped.counts == [".chart marker N 66 without its note": 1])
    }

    @Test func fourLaneWithoutMarkersIsAllToms() throws {
        let (chart, _) = try drums("0 = N 2 0\n192 = N 3 0\n384 = N 4 0")
        #expect(chart.notes.map(\.voice) == [.tomHigh, .tomLow, .tomFloor])
    }

    @Test func doubleKickIsTheKickOnItsSecondPedal() throws {
        let (chart, _) = try drums("0 = N 0 0\n48 = N 32 0\n96 = N 0 0\n144 = N 32 0")
        #expect(chart.notes.map(\.voice) == [.kick, .kick, .kick, .kick])
        // 48 ticks = a sixteenth at 120 BPM = 125 ms.
        #expect(chart.notes.map(\.time) == [.zero, .milliseconds(125), .milliseconds(250), .milliseconds(375)])
        #expect(chart.notes[1].placement == .sixteenth)
    }

    @Test func fiveLaneKit() throws {
        // N 5 and no cymbal markers: a Guitar Hero kit.
        let (chart, _) = try drums("0 = N 2 0\n192 = N 3 0\n384 = N 4 0\n576 = N 5 0")
        #expect(chart.notes.map(\.voice) == [.hihat, .tomLow, .crash, .tomFloor])
        // Held notes also say 5-lane.
        #expect(try drums("0 = N 2 96").chart.notes.map(\.voice) == [.hihat])
        // song.ini decides when it says so.
        var five = SongIni()
        five.fiveLaneDrums = true
        #expect(try drums("0 = N 2 0\n192 = N 4 0", ini: five).chart.notes.map(\.voice) == [.hihat, .crash])
        var pro = SongIni()
        pro.proDrums = true
        #expect(try drums("0 = N 2 0\n192 = N 5 0", ini: pro).chart.notes.map(\.voice) == [.tomHigh, .tomFloor])
    }

    @Test func accentsAndGhostsOnEveryColour() throws {
        let (chart, _) = try drums("""
            0 = N 1 0
            0 = N 34 0
            0 = N 2 0
            0 = N 41 0
            192 = N 3 0
            192 = N 36 0
            192 = N 4 0
            192 = N 43 0
            """)
        let byVoice = Dictionary(uniqueKeysWithValues: chart.notes.map { ($0.voice, $0.dynamic) })
        #expect(byVoice == [.snare: .accent, .tomHigh: .ghost, .tomLow: .accent, .tomFloor: .ghost])
        #expect(chart.notes.first { $0.voice == .snare }?.velocity == 127)
        #expect(chart.notes.first { $0.voice == .tomHigh }?.velocity == 40)
    }

    @Test func skippedDrumTrackContents() throws {
        let (chart, skipped) = try drums("""
            0 = N 0 0
            0 = S 64 768
            0 = S 65 192
            0 = E solo
            192 = N 7 0
            384 = E soloend
            """)
        #expect(chart.notes.count == 1)
        #expect(skipped.counts == [
            ".chart drum fill (S 64)": 1, ".chart roll lane (S 65)": 1, ".chart drum track text event": 2,
            ".chart drum note N 7": 1,
        ])
    }

    @Test func endEventExtendsTheChart() throws {
        let text = "[Song]\n{\nResolution = 192\n}\n[Events]\n{\n3072 = E \"end\"\n}\n[ExpertDrums]\n{\n0 = N 0 0\n}\n"
        let (chart, _) = try read(text)
        #expect(chart.measures.count == 4)  // 3072 ticks = 16 quarters = four 4/4 bars
        #expect(chart.end == .milliseconds(8000))
    }

    @Test func songIniWinsOverSongSection() throws {
        let ini = SongIni(parsing: "[song]\nname = Ini Name\nartist = Ini Artist\ndiff_drums = 5\ndelay = 250\nbroken line\n")
        let (chart, skipped) = try read(Self.song, songIni: ini)
        #expect(chart.metadata.title == "Ini Name")
        #expect(chart.metadata.artist == "Ini Artist")
        #expect(chart.metadata.genre == "Rock")  // not in the ini: the chart's
        #expect(chart.metadata.difficulty == 5)
        // delay 250 ms: the notes come 250 ms after the audio, so the audio starts at -250 ms.
        #expect(chart.backingTrack?.offset == .milliseconds(-250))
        #expect(skipped.counts["song.ini line not understood (first: line 6)"] == 1)
    }

    @Test func loadsFromASongFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-clonehero-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("notes.chart").path
        try Self.song.write(toFile: path, atomically: true, encoding: .utf8)

        var file = try ChartFile.load(path)
        #expect(file.format == .cloneHero)
        #expect(file.chart.backingTrack == BackingTrack(file: "song.ogg", offset: .milliseconds(-500)))

        try "\u{FEFF}[Song]\r\nName = Folder Name\r\ndelay = -100\r\n".write(
            to: dir.appendingPathComponent("song.ini"), atomically: true, encoding: .utf8)
        try Data().write(to: dir.appendingPathComponent("song.opus"))
        file = try ChartFile.load(path, drumDifficulty: .hard)
        #expect(file.chart.metadata.title == "Folder Name")
        #expect(file.chart.backingTrack == BackingTrack(file: "song.opus", offset: .milliseconds(100)))
        #expect(file.chart.notes.count == 2)

        do { _ = try ChartFile.load(path, drumDifficulty: .easy); Issue.record("expected an error") } catch let e as WoodshedError {
            #expect(e.message == "\(path): no easy drums ([EasyDrums]); this chart has drums for expert, hard: choose one of those")
        }
        #expect(throws: WoodshedError.self) { try ChartFile.save(file.chart, to: dir.appendingPathComponent("out.chart").path) }
    }

    @Test func errorsNameTheLineAndTheFix() {
        let song = "[Song]\n{\n  Resolution = 192\n}\n"  // lines 1-4
        func sync(_ line: String) -> String { song + "[SyncTrack]\n{\n\(line)\n}\n[ExpertDrums]\n{\n0 = N 0 0\n}\n" }  // line 7
        func drums(_ lines: String) -> String { song + "[ExpertDrums]\n{\n\(lines)\n}\n" }  // from line 7

        #expect(message("[ExpertDrums]\n{\n0 = N 0 0\n}\n")
            == "t.chart: no [Song] section; a .chart file needs one with a line 'Resolution = 192' (ticks per quarter note)")
        #expect(message("[Song]\n{\n  Name = \"x\"\n}\n[ExpertDrums]\n{\n0 = N 0 0\n}\n")
            == "t.chart:1: [Song] has no Resolution; add a line 'Resolution = 192' (ticks per quarter note) to it")
        #expect(message("[Song]\n{\n  Resolution = abc\n}\n")
            == "t.chart:3: expected Resolution to be ticks per quarter note, a whole number from 1 to 1000000 (usually 192), found 'abc'")
        #expect(message("[Song]\n{\n  Resolution = 0\n}\n")
            == "t.chart:3: expected Resolution to be ticks per quarter note, a whole number from 1 to 1000000 (usually 192), found '0'")
        #expect(message("[Song]\n{\n  Resolution = 192\n  Offset = soon\n}\n")
            == "t.chart:4: expected Offset in seconds, e.g. 'Offset = 0.25', found 'soon'")
        #expect(message("[Song]\n{\n  Resolution = 192\n  Offset = 99999\n}\n")
            == "t.chart:4: Offset 99999 s is out of range; use seconds from -3600 to 3600")
        #expect(message("[Song]\n{\n  Resolution = 192\n  Difficulty = hard\n}\n")
            == "t.chart:4: expected Difficulty to be a whole number, found 'hard'")
        #expect(message("[Song]\n{\n  Resolution 192\n}\n")
            == "t.chart:3: expected 'Key = value' (e.g. 'Resolution = 192'), found 'Resolution 192'")

        // Structure.
        #expect(message(song + "0 = N 0 0\n")
            == "t.chart:5: found '0 = N 0 0' outside a section; lines go between '{' and '}' after a section name such as [ExpertDrums]")
        #expect(message(song + "{\n")
            == "t.chart:5: found '{' without a section name above it; add a line such as [ExpertDrums] before it")
        #expect(message(song + "}\n")
            == "t.chart:5: found '}' but no section is open; remove it, or add a section name and '{' above it")
        #expect(message(song + "[ExpertDrums]\n0 = N 0 0\n")
            == "t.chart:6: expected '{' on the line after [ExpertDrums], found '0 = N 0 0'")
        #expect(message(song + "[ExpertDrums]\n")
            == "t.chart:5: section [ExpertDrums] has no '{' after it; add a line '{' below it and a line '}' after its last line")
        #expect(message(song + "[ExpertDrums]\n{\n0 = N 0 0\n")
            == "t.chart:5: section [ExpertDrums] is not closed; add a line '}' after its last line")
        #expect(message(song + "[ExpertDrums]\n{\n0 = N 0 0\n[Events]\n{\n}\n")
            == "t.chart:8: section [Events] starts before [ExpertDrums] (line 5) is closed; add a line '}' above it")
        #expect(message(song + "[ExpertDrums]\n{\n{\n")
            == "t.chart:7: found a second '{' in [ExpertDrums] (line 5); add a line '}' to close [ExpertDrums] first")
        #expect(message(song + "[Expert\n")
            == "t.chart:5: expected a section name in brackets such as [ExpertDrums], found '[Expert'")
        #expect(message(song + "[]\n")
            == "t.chart:5: expected a section name in brackets such as [ExpertDrums], found '[]'")
        #expect(message(song + "[ExpertDrums]\n{\n}\n[ExpertDrums]\n{\n}\n")
            == "t.chart:8: section [ExpertDrums] appears twice (first at line 5); merge the two into one")

        // Track lines.
        #expect(message(drums("0 N 0 0"))
            == "t.chart:7: expected 'TICK = CODE VALUES' (e.g. '768 = N 1 0'), found '0 N 0 0'")
        #expect(message(drums("x = N 0 0"))
            == "t.chart:7: expected a tick (a whole number from 0) before '=', found 'x'")
        #expect(message(drums("-5 = N 0 0"))
            == "t.chart:7: expected a tick (a whole number from 0) before '=', found '-5'")
        #expect(message(drums("99999999999999999999 = N 0 0"))
            == "t.chart:7: expected a tick (a whole number from 0) before '=', found '99999999999999999999'")
        #expect(message(drums("1000000000001 = N 0 0"))
            == "t.chart:7: tick 1000000000001 is past the last tick Woodshed reads (1000000000000); check the number")
        #expect(message(drums("384 = N 0 0\n192 = N 1 0"))
            == "t.chart:8: tick 192 comes before tick 384 (line 7); a section's lines must be in tick order")
        #expect(message(drums("0 = "))
            == "t.chart:7: expected an event after '0 =' (B, TS, E, N or S), found nothing")
        #expect(message(drums("0 = N 1"))
            == "t.chart:7: expected 'N NOTE LENGTH', e.g. '768 = N 1 0', found '1'")
        #expect(message(drums("0 = N red 0"))
            == "t.chart:7: expected 'N NOTE LENGTH', e.g. '768 = N 1 0', found 'red 0'")
        #expect(message(drums("0 = S 2"))
            == "t.chart:7: expected 'S TYPE LENGTH', e.g. '768 = S 2 384', found '2'")

        // Tempos and signatures.
        #expect(message(sync("0 = B 0"))
            == "t.chart:7: 'B 0' is a tempo of 0 BPM; use a tempo above 0, e.g. 'B 120000' for 120 BPM")
        #expect(message(sync("0 = B 2000000"))
            == "t.chart:7: 'B 2000000' is a tempo above 1000 BPM; use at most 'B 1000000' (B counts thousandths of a BPM)")
        #expect(message(sync("0 = B 120.5"))
            == "t.chart:7: expected a tempo in thousandths of a BPM after B, e.g. 'B 120000' for 120 BPM, found '120.5'")
        #expect(message(sync("0 = TS four"))
            == "t.chart:7: expected 'TS NUMERATOR [EXPONENT]', e.g. 'TS 4' for 4/4 or 'TS 7 3' for 7/8, found 'four'")
        #expect(message(sync("0 = TS 4 9"))
            == "t.chart:7: 'TS 4 9' is out of range; use a numerator from 1 to 1024 and an exponent from 0 (x/1) to 6 (x/64)")
        #expect(message(sync("0 = TS 0"))
            == "t.chart:7: 'TS 0' is out of range; use a numerator from 1 to 1024 and an exponent from 0 (x/1) to 6 (x/64)")
        // B 1 = 0.001 BPM: a quarter note lasts 60000 s, one 4/4 bar well over a day.
        #expect(message(sync("0 = B 1"))
            == "t.chart:7: the chart would last more than 24 hours at this tempo; check the B lines (B counts thousandths of a BPM: 'B 120000' is 120 BPM)")
        // Resolution 1 and a note at tick 400000: 4 ticks a bar, so it falls in bar 100001.
        #expect(message("[Song]\n{\nResolution = 1\n}\n[ExpertDrums]\n{\n400000 = N 0 0\n}\n")
            == "t.chart:7: this tick is past measure 100000; a chart may be at most 100000 measures long")
    }

    @Test func otherSectionsAreNotChecked() throws {
        // Unknown sections are the other instruments' business: their lines are only counted.
        let (_, skipped) = try read("[Song]\n{\nResolution = 192\n}\n[ExpertGuitar]\n{\nanything at all\n}\n[ExpertDrums]\n{\n0 = N 0 0\n}\n")
        #expect(skipped.counts == [".chart [ExpertGuitar] line": 1])
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let text = Self.song.replacingOccurrences(of: "\n", with: "\r\n")
        let (chart, _) = try CloneHeroChartReader.read([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "t.chart")
        #expect(chart.notes.count == 13)
        #expect(chart.metadata.title == "Fixture Song")
    }

    /// Cut and garbled copies of the fixture must give a chart or a one-line error, never a crash
    /// (a trap would end the whole test run) or another kind of error.
    @Test func truncatedAndGarbledInputNeverCrashes() {
        let original = Array(Self.song.utf8)
        var outcomes = (charts: 0, errors: 0)
        func attempt(_ bytes: [UInt8]) {
            for difficulty in [DrumDifficulty.expert, .hard] {
                do {
                    _ = try CloneHeroChartReader.read(bytes, file: "f.chart", difficulty: difficulty)
                    outcomes.charts += 1
                } catch let e as UserFacingError {
                    #expect(!e.message.contains("\n"))
                    outcomes.errors += 1
                } catch {
                    Issue.record("not a user-facing error: \(error)")
                }
            }
        }
        for length in 0...original.count { attempt(Array(original[..<length])) }

        // A fixed pseudo-random sequence (no flaky runs): replace, delete or insert bytes, with a
        // bias to the characters that matter to the format and to long digit runs.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("0123456789 =[]{}\"\nNBTSE-.\t\r".utf8) + [0x00, 0xFF, 0xC3, 0x80]
        for _ in 0..<600 {
            var bytes = original
            for _ in 0..<(1 + next(6)) {
                let at = next(bytes.count + 1)
                switch next(4) {
                case 0 where at < bytes.count: bytes[at] = alphabet[next(alphabet.count)]
                case 1 where at < bytes.count: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: Array(String(repeating: "9", count: 1 + next(25)).utf8), at: at)
                default: bytes.insert(alphabet[next(alphabet.count)], at: at)
                }
            }
            attempt(bytes)
        }
        #expect(outcomes.charts > 0)
        #expect(outcomes.errors > 0)
    }
}
