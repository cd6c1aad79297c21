import Foundation
import Testing
import WoodshedSndFile

/// The real-time promise, enforced: each playing command runs live, in the release build users run,
/// inside `woodshed-rt-check`, whose guard counts every allocation, free and lock on the timing and
/// audio threads after they start. Input arrives live through a pipe (`--input events:-`), sound goes
/// nowhere (`--output null`, the audio thread paced by the clock). The same check runs against the
/// real ALSA sequencer and sound card in the VM bench (`Tests/integration/test_realtime_promise.py`).
@Suite(.serialized) struct RealTimePromiseTests {
    /// The check binary: $WOODSHED_RT_CHECK, else this checkout's release build (`scripts/test`
    /// builds it). Debug builds look generic type metadata up lazily (a lock) where release builds
    /// have specialised it away, so the promise is checked on what users run.
    static var checker: URL? {
        if let path = ProcessInfo.processInfo.environment["WOODSHED_RT_CHECK"] { return URL(fileURLWithPath: path) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let release = root.appendingPathComponent(".build/release/woodshed-rt-check")
        return FileManager.default.isExecutableFile(atPath: release.path) ? release : nil
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The guard's line: "real-time check: 2 real-time threads, 0 allocations, 0 frees, 0 locks".
        var verdict: String? { stderr.split(separator: "\n").last { $0.hasPrefix("real-time check:") }.map(String.init) }
    }

    /// Runs `arguments` under the guard, writing `lines` to its standard input one every `gap`
    /// seconds (a player at work, not a wait for anything), then closing it.
    func check(_ arguments: [String], lines: [String] = [], gap: Double = 0.1, lead: Double = 0.5,
               environment: [String: String] = [:]) throws -> Outcome {
        signal(SIGPIPE, SIG_IGN)  // the command may end before every line is written
        let checker = try #require(Self.checker, "no release woodshed-rt-check: build it with `swift build -c release --product woodshed-rt-check` (scripts/test does)")
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = checker
        process.arguments = arguments
        process.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["WOODSHED_DATA_DIR"] = dir.path
        env["XDG_CONFIG_HOME"] = dir.path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let writer = Thread {
            Thread.sleep(forTimeInterval: lead)
            for line in lines {
                try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
                Thread.sleep(forTimeInterval: gap)
            }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Both real-time threads ran and neither allocated, freed nor locked.
    func expectClean(_ outcome: Outcome, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.verdict == "real-time check: 2 real-time threads, 0 allocations, 0 frees, 0 locks",
                "\(what): \(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(outcome.status != 3, "\(what): the guard saw a violation", sourceLocation: sourceLocation)
    }

    static let chart = """
    title: Guard Beat
    bpm: 120

    measure
    kick   x-x-
    snare  -x-x
    hihat  xxxx
    """

    @Test func theGuardCatchesAnAllocationOnARealTimeThread() throws {
        // The self-test allocates once on the first real-time thread: a guard that saw nothing would be useless.
        let outcome = try check(["metronome", "--bpm", "240", "--bars", "1", "--output", "null"],
                                environment: ["WOODSHED_RT_CHECK_SELFTEST": "1"])
        #expect(outcome.status == 3, "\(outcome.stderr)")
        let verdict = try #require(outcome.verdict)
        #expect(verdict.contains("2 real-time threads"))
        #expect(!verdict.contains(" 0 allocations"), "\(verdict)")
        #expect(outcome.stderr.contains("first violation on a real-time thread: malloc"))
    }

    @Test func metronome() throws {
        expectClean(try check(["metronome", "--bpm", "240", "--bars", "2", "--output", "null"]), "metronome")
    }

    @Test func metronomePreview() throws {
        let outcome = try check(["metronome", "--preview", "--output", "null"])
        expectClean(outcome, "metronome --preview")
        #expect(outcome.stdout.contains("digital: accent, click"), "\(outcome.stdout)")
    }

    @Test func monitorWithAKitMap() throws {
        // Kick, snare, hi-hat pedal and open hi-hat: the hit filter's state changes with every one.
        let hits = (0..<12).map { ["0 36 100", "0 38 90", "0 cc 4 127", "0 46 80"][$0 % 4] }
        let outcome = try check(["monitor", "--input", "events:-", "--output", "null", "--map", "roland-td"], lines: hits)
        expectClean(outcome, "monitor --map roland-td")
        #expect(outcome.stdout.contains("9 notes"), "\(outcome.stdout)")
    }

    @Test func monitorWithAKeyboard() throws {
        let keys = (0..<8).flatMap { ["0 \(60 + $0) 100", "0 \(60 + $0) 0"] }
        let outcome = try check(["monitor", "--input", "events:-", "--output", "null", "--map", "piano"], lines: keys)
        expectClean(outcome, "monitor --map piano")
        #expect(outcome.stdout.contains("8 notes"), "\(outcome.stdout)")
    }

    @Test func playALoop() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = dir.appendingPathComponent("guard.wchart").path
        try Self.chart.write(toFile: chart, atomically: true, encoding: .utf8)
        // Two passes of one measure after a one-bar count-in: 4 s of music; hits every 250 ms.
        let hits = (0..<20).map { ["0 36 100", "0 42 70", "0 38 100", "0 42 70"][$0 % 4] }
        let outcome = try check(["play", chart, "--input", "events:-", "--output", "null", "--loop", "1-1", "--passes", "2"],
                                lines: hits, gap: 0.25, lead: 1.5)
        expectClean(outcome, "play")
        #expect(outcome.stdout.contains("Results"), "\(outcome.stdout)\n\(outcome.stderr)")
    }

    @Test func playALoopWithItsSongStretchedAndResampled() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 44.1 kHz song (resampled to 48 kHz) at 75 % (stretched): the audio thread mixes it from the ring.
        var song = [Float](repeating: 0, count: 2 * 44_100 * 3)
        for i in 0..<(44_100 * 3) {
            song[2 * i] = Float(0.2 * sin(Double(i) * 0.05))
            song[2 * i + 1] = Float(0.2 * sin(Double(i) * 0.07))
        }
        try AudioFileWriter.write(song, channels: 2, sampleRate: 44_100, codec: .wav, to: dir.appendingPathComponent("song.wav").path)
        let chart = dir.appendingPathComponent("guard.wchart").path
        try Self.chart.replacingOccurrences(of: "bpm: 120", with: "bpm: 120\nbacking: song.wav")
            .write(toFile: chart, atomically: true, encoding: .utf8)
        let hits = (0..<20).map { ["0 36 100", "0 42 70", "0 38 100", "0 42 70"][$0 % 4] }
        let outcome = try check(["play", chart, "--input", "events:-", "--output", "null", "--loop", "1-1", "--passes", "2", "--speed", "75"],
                                lines: hits, gap: 0.3, lead: 1.5)
        expectClean(outcome, "play with a song")
        #expect(outcome.stdout.contains("song: song.wav"), "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(!outcome.stdout.contains("not ready in time"), "\(outcome.stdout)")
    }

    @Test func listenWithEveryKindOfChange() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 44.1 kHz recording (resampled), then sped up, transposed, linked (varispeed), jumped, paused.
        var song = [Float](repeating: 0, count: 2 * 44_100 * 6)
        for i in 0..<(44_100 * 6) {
            song[2 * i] = Float(0.2 * sin(Double(i) * 0.05))
            song[2 * i + 1] = Float(0.2 * sin(Double(i) * 0.07))
        }
        let path = dir.appendingPathComponent("lesson.wav").path
        try AudioFileWriter.write(song, channels: 2, sampleRate: 44_100, codec: .wav, to: path)
        let outcome = try check(["listen", path, "--output", "null"], lines: ["]", "+", "v", "5", " ", " ", "q"], gap: 0.3, lead: 1.0)
        expectClean(outcome, "listen with keys")
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func playADTXWithItsChipsAutoplayedAndHit() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Chips at 44.1 kHz (decoded and resampled before the run): the kick is played for the drummer
        // (judged on hands only), hits on the snare and hi-hat sound their chips from the audio thread.
        for (name, hz) in [("kick.wav", 60.0), ("snare.wav", 200.0), ("hat.wav", 5000.0)] {
            let samples = (0..<4_410).flatMap { i -> [Float] in
                let x = Float(0.5 * sin(Double(i) * 2 * .pi * hz / 44_100) * exp(-Double(i) / 1_000))
                return [x, x]
            }
            try AudioFileWriter.write(samples, channels: 2, sampleRate: 44_100, codec: .wav, to: dir.appendingPathComponent(name).path)
        }
        let dtx = "#BPM: 120\n#WAV01: kick.wav\n#WAV02: snare.wav\n#WAV03: hat.wav\n#PAN03: 40\n#00013: 01010101\n#00012: 00020002\n#00011: 03030303\n"
        let chart = dir.appendingPathComponent("guard.dtx").path
        try dtx.write(toFile: chart, atomically: true, encoding: .utf8)
        let hits = (0..<20).map { ["0 42 100", "0 42 70", "0 38 100", "0 42 70"][$0 % 4] }
        let outcome = try check(["play", chart, "--input", "events:-", "--output", "null", "--loop", "1-1", "--passes", "2",
                                 "--preset", "hands"], lines: hits, gap: 0.25, lead: 1.5)
        expectClean(outcome, "play with chips")
        #expect(outcome.stdout.contains("chart sounds: 3 sound files, your hits play them"), "\(outcome.stdout)\n\(outcome.stderr)")
    }

    @Test func quizScale() throws {
        // C major up the keyboard, each key let go again.
        let keys = [48, 50, 52, 53, 55, 57, 59, 60].flatMap { ["0 \($0) 100", "0 \($0) 0"] }
        let outcome = try check(["quiz", "scale", "--root", "C", "--mode", "ionian", "--input", "events:-", "--output", "null"],
                                lines: keys)
        expectClean(outcome, "quiz scale")
        #expect(outcome.stdout.contains("8"), "\(outcome.stdout)")
    }

    @Test func quizIntervalByEar() throws {
        let keys = (0..<6).flatMap { ["0 \(60 + $0 * 2) 100", "0 \(60 + $0 * 2) 0"] }
        let outcome = try check(["quiz", "interval", "--root", "C4", "--count", "3", "--ear", "--input", "events:-", "--output", "null"],
                                lines: keys, gap: 0.4)
        expectClean(outcome, "quiz interval --ear")
    }

    @Test func calibrate() throws {
        // Taps on the clicks at 120 BPM would need the count-in's start; any taps exercise the same path.
        let taps = (0..<14).map { _ in "0 38 100" }
        let outcome = try check(["calibrate", "--input", "events:-", "--output", "null", "--taps", "4"], lines: taps, gap: 0.5)
        expectClean(outcome, "calibrate")
    }
}
