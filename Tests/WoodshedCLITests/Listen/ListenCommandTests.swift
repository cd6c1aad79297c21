import Foundation
import Testing
import WoodshedSndFile

/// `woodshed listen --render`: what a musician would hear, checked in the rendered file against
/// generated recordings (tones at known pitches, clicks at known times) — speed, pitch, linked
/// speed, loop passes — and the text events, memory and favorites around it.
@Suite struct ListenCommandTests {
    static let rate = 48_000

    /// A folder for one test: its recordings, renders and its own history.
    struct Bench {
        let dir: URL
        var environment: [String: String] { ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path] }

        init() throws { dir = try WoodshedBinary.temporaryDirectory() }

        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

        /// A stereo sine at `hertz` for `seconds`.
        func tone(_ name: String, hertz: Double, seconds: Double) throws -> String {
            let mono = (0..<Int(seconds * Double(rate))).map { Float(0.5 * sin(2 * .pi * hertz * Double($0) / Double(rate))) }
            try AudioFileWriter.write(mono.flatMap { [$0, $0] }, channels: 2, sampleRate: rate, codec: .wav, to: path(name))
            return path(name)
        }

        /// Silence with a short 2 kHz burst starting at each of `times` (seconds).
        func clicks(_ name: String, at times: [Double], seconds: Double) throws -> String {
            var mono = [Float](repeating: 0, count: Int(seconds * Double(rate)))
            for t in times {
                let start = Int((t * Double(rate)).rounded())
                for i in 0..<(rate / 100) where start + i < mono.count {
                    mono[start + i] = Float(0.8 * sin(2 * .pi * 2000 * Double(i) / Double(rate)))
                }
            }
            try AudioFileWriter.write(mono.flatMap { [$0, $0] }, channels: 2, sampleRate: rate, codec: .wav, to: path(name))
            return path(name)
        }

        func listen(_ arguments: [String]) throws -> WoodshedBinary.Result {
            try WoodshedBinary.run(["listen"] + arguments, environment: environment)
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    /// The frequency of a (nearly) pure tone by its rising zero crossings, interpolated, over the
    /// middle half of the signal (independent of Woodshed).
    static func frequency(_ x: [Float], rate: Int) -> Double {
        let from = x.count / 4, to = 3 * x.count / 4
        var crossings: [Double] = []
        for i in from..<to where x[i - 1] < 0 && x[i] >= 0 {
            crossings.append(Double(i - 1) + Double(-x[i - 1] / (x[i] - x[i - 1])))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / Double(rate))
    }

    /// Starts of sounds: a sample above a quarter of the loudest after 20 ms below it.
    static func onsets(_ x: [Float], rate: Int) -> [Double] {
        let threshold = (x.map { abs($0) }.max() ?? 0) / 4
        var result: [Double] = [], last = -rate
        for (i, v) in x.enumerated() where abs(v) >= threshold {
            if i - last > rate / 50 { result.append(Double(i) / Double(rate)) }
            last = i
        }
        return result
    }

    static func jsonLines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test(arguments: [0.5, 1.5, 2.0])
    func theLengthScalesWithOneOverTheSpeedAndThePitchIsKept(speed: Double) throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("a440.wav", hertz: 440, seconds: 4)
        let result = try bench.listen([song, "--speed", "\(speed)", "--render", bench.path("out.wav")])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try AudioFile(contentsOf: bench.path("out.wav"))
        let seconds = Double(audio.frames) / Double(audio.sampleRate)
        #expect(abs(seconds - 4 / speed) <= 0.010, "\(seconds) s rendered at \(speed)×; \(4 / speed) expected")
        let f = Self.frequency(audio.channel(0), rate: audio.sampleRate)
        #expect(abs(f - 440) <= 4.4, "\(f) Hz at \(speed)×; 440 expected")
    }

    @Test func twelveSemitonesUpDoublesThePitchAndKeepsTheLength() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("a220.wav", hertz: 220, seconds: 3)
        let result = try bench.listen([song, "--pitch", "+12", "--render", bench.path("up.wav")])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try AudioFile(contentsOf: bench.path("up.wav"))
        #expect(abs(Double(audio.frames) / Double(audio.sampleRate) - 3) <= 0.010)
        let f = Self.frequency(audio.channel(0), rate: audio.sampleRate)
        #expect(abs(f - 440) <= 4.4, "\(f) Hz an octave up from 220")
        // Cents: -0.5 semitones is 2^(-0.5/12) lower.
        let down = try bench.listen([song, "--pitch", "-0.5", "--render", bench.path("down.wav")])
        #expect(down.status == 0, "\(down.stderr)")
        let flat = Self.frequency(try AudioFile(contentsOf: bench.path("down.wav")).channel(0), rate: Self.rate)
        #expect(abs(flat - 213.7) <= 2.1, "\(flat) Hz 50 cents below 220 (213.7)")
    }

    @Test func linkedTheSpeedRaisesThePitchAsATapeDoes() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("a440.wav", hertz: 440, seconds: 3)
        let result = try bench.listen([song, "--speed", "1.5", "--linked", "--render", bench.path("tape.wav")])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try AudioFile(contentsOf: bench.path("tape.wav"))
        #expect(abs(Double(audio.frames) / Double(audio.sampleRate) - 2) <= 0.010, "3 s at 1.5× lasts 2 s")
        let f = Self.frequency(audio.channel(0), rate: audio.sampleRate)
        #expect(abs(f - 660) <= 6.6, "\(f) Hz: 440 × 1.5 = 660 expected")
    }

    @Test(arguments: [1.0, 2.0])
    func loopPassesLandOnTheLoopPoints(speed: Double) throws {
        let bench = try Bench()
        defer { bench.remove() }
        // Clicks at 1.0 (before the loop), 1.7 and 2.2 (inside 1.5–2.5) and 3.1 (after it).
        let song = try bench.clicks("clicks.wav", at: [1.0, 1.7, 2.2, 3.1], seconds: 4)
        let result = try bench.listen([song, "--loop", "1.5-2.5", "--passes", "3", "--speed", "\(speed)",
                                       "--render", bench.path("loop.wav")])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try AudioFile(contentsOf: bench.path("loop.wav"))
        #expect(abs(Double(audio.frames) / Double(audio.sampleRate) - 3 / speed) <= 0.010, "three 1-s passes at \(speed)×")
        let expected = [0.2, 0.7, 1.2, 1.7, 2.2, 2.7].map { $0 / speed }
        let found = Self.onsets(audio.channel(0), rate: audio.sampleRate)
        #expect(found.count == expected.count, "onsets \(found), expected \(expected)")
        for (f, e) in zip(found, expected) { #expect(abs(f - e) <= 0.005, "onset at \(f) s, expected \(e)") }
    }

    @Test func textEventsFollowTheMediaTimeAtTwiceTheSpeed() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("lesson.wav", hertz: 330, seconds: 6)
        // Beside the recording, with its name: found without --text. The offset makes every line 500 ms sooner.
        try "[ti:Lesson]\n[offset:+500]\n[00:01.50]One\n[00:03.00][00:05.50]Two and five\n[00:04.00]Three\n"
            .write(toFile: bench.path("lesson.lrc"), atomically: true, encoding: .utf8)
        let result = try bench.listen([song, "--speed", "2", "--json", "--render", bench.path("out.wav")])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try Self.jsonLines(result.stdout)
        let text = events.filter { $0["type"] as? String == "text" }
        // Media times after the offset: 1.0 One, 2.5 Two, 3.5 Three, 5.0 Two; output at 2× is half.
        let expected: [(Double, Double, String)] = [(0, 0, ""), (1000, 500, "One"), (2500, 1250, "Two and five"),
                                                    (3500, 1750, "Three"), (5000, 2500, "Two and five")]
        #expect(text.count == expected.count, "\(text)")
        for (event, (media, output, words)) in zip(text, expected) {
            #expect(abs((event["media_ms"] as? Double ?? -1) - media) < 0.01, "\(event)")
            #expect(abs((event["output_ms"] as? Double ?? -1) - output) < 0.01, "\(event)")
            #expect(event["text"] as? String == words, "\(event)")
        }
        #expect(text.first?["index"] is NSNull, "before the first line no segment is active: \(text.first ?? [:])")
    }

    @Test func aBadTextFileIsOneLineAndTheRecordingStillPlays() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("song.wav", hertz: 330, seconds: 1)
        try "[00:01.00]fine\n[00:02.00]fine\n[00:7x.00]broken\n".write(toFile: bench.path("words.lrc"), atomically: true, encoding: .utf8)
        let result = try bench.listen([song, "--text", bench.path("words.lrc"), "--render", bench.path("out.wav")])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("words.lrc:3"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: bench.path("out.wav")))
    }

    @Test func theRecordingResumesWhereItStoppedAlsoRenamedAndFromTheStartWhenAsked() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("take.wav", hertz: 330, seconds: 10)
        // 2 s of listening at 1.5× moves 3 s into the recording.
        let first = try bench.listen([song, "--speed", "1.5", "--for", "2", "--json", "--render", bench.path("a.wav")])
        #expect(first.status == 0, "\(first.stderr)")
        let end = try Self.jsonLines(first.stdout).last ?? [:]
        #expect(end["type"] as? String == "end" && abs((end["position_ms"] as? Double ?? 0) - 3000) < 1, "\(end)")
        // Renamed: the same content keeps its place and its speed.
        try FileManager.default.moveItem(atPath: song, toPath: bench.path("renamed.wav"))
        let again = try bench.listen([bench.path("renamed.wav"), "--for", "1", "--json", "--render", bench.path("b.wav")])
        let start = try Self.jsonLines(again.stdout).first ?? [:]
        #expect(abs((start["start_ms"] as? Double ?? -1) - 3000) < 1, "\(start)")
        #expect(start["speed"] as? Double == 1.5, "the speed is remembered: \(start)")
        let over = try bench.listen([bench.path("renamed.wav"), "--from-start", "--for", "1", "--json", "--render", bench.path("c.wav")])
        #expect((try Self.jsonLines(over.stdout).first ?? [:])["start_ms"] as? Double == 0)
        // Played to the end: next time from the start.
        _ = try bench.listen([bench.path("renamed.wav"), "--start", "9", "--render", bench.path("d.wav")])
        let fresh = try bench.listen([bench.path("renamed.wav"), "--for", "1", "--json", "--render", bench.path("e.wav")])
        #expect((try Self.jsonLines(fresh.stdout).first ?? [:])["start_ms"] as? Double == 0, "\(fresh.stdout)")
    }

    @Test func favoritesAreListedOnceAndCanBeRemoved() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let a = try bench.tone("Alpha.wav", hertz: 330, seconds: 2)
        let b = try bench.tone("Beta.wav", hertz: 440, seconds: 3)
        for song in [b, a] {
            let r = try bench.listen([song, "--favorite", "--for", "0.5", "--render", bench.path("x.wav")])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let twice = try bench.listen([a, "--favorite", "--for", "0.5", "--render", bench.path("x.wav")])
        #expect(twice.stderr.contains("Alpha is already a favorite"), "\(twice.stderr)")
        let byTitle = try bench.listen(["--favorites", "--sort", "title", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(byTitle.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(list.map { $0["title"] as? String } == ["Alpha", "Beta"], "\(byTitle.stdout)")
        #expect(list.first?["plays"] as? Int == 2 && list.first?["length_ms"] as? Double == 2000, "\(list)")
        let byAdded = try bench.listen(["--favorites"])
        #expect(byAdded.lines.first?.contains("Beta") == true && byAdded.lines.count == 2, "\(byAdded.stdout)")
        let removed = try bench.listen(["--favorites", "--unfavorite", "1"])
        #expect(removed.stdout.contains("removed Beta"), "\(removed.stdout)")
        let left = try bench.listen(["--favorites", "--json"])
        let rest = try JSONSerialization.jsonObject(with: Data(left.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rest.map { $0["title"] as? String } == ["Alpha"])
    }

    @Test func badFlagsAreOneLine() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("s.wav", hertz: 330, seconds: 1)
        for (args, words) in [(["--speed", "4"], "--speed must be from 0.25 to 3.0"), (["--loop", "2-1"], "a loop must end after it starts"),
                              (["--start", "1:75"], "--start 1:75")] {
            let r = try bench.listen([song] + args + ["--render", bench.path("x.wav")])
            #expect(r.status != 0 && r.stderr.contains(words), "\(args): \(r.stderr)")
        }
        let missing = try bench.listen([bench.path("nothing.wav"), "--render", bench.path("x.wav")])
        #expect(missing.status != 0 && missing.stderr.contains("nothing.wav: audio file not found"), "\(missing.stderr)")
    }
}
