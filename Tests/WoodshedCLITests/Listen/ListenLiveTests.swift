import Foundation
import Testing
import WoodshedSndFile

/// `woodshed listen` live (`--output null`, paced by the clock), the keys sent on standard input
/// as a script would: each key's effect is read from the `state` lines and from what the
/// recording remembers afterwards. Nothing here depends on when a key arrives.
@Suite struct ListenLiveTests {
    typealias Bench = ListenCommandTests.Bench

    /// Runs `listen` live with `keys` on standard input (then closed).
    func live(_ bench: Bench, _ arguments: [String], keys: String) throws -> (status: Int32, events: [[String: Any]], stderr: String) {
        let process = Process()
        process.executableURL = WoodshedBinary.url
        process.arguments = ["listen"] + arguments + ["--output", "null", "--json"]
        var env = ProcessInfo.processInfo.environment
        for (k, v) in bench.environment { env[k] = v }
        process.environment = env
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data(keys.utf8))
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, try ListenCommandTests.jsonLines(String(decoding: stdout, as: UTF8.self)),
                String(decoding: stderr, as: UTF8.self))
    }

    func states(_ events: [[String: Any]]) -> [[String: Any]] { events.filter { $0["type"] as? String == "state" } }

    @Test func speedKeysStepThroughTheSpeedsKeepThePitchAndAreRemembered() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("s.wav", hertz: 330, seconds: 3)
        let run = try live(bench, [song], keys: "]][[[}{{q")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(states(run.events).map { $0["speed"] as? Double } == [1.25, 1.5, 1.25, 1.0, 0.75, 0.8, 0.75, 0.7], "\(run.events)")
        let next = try bench.listen([song, "--for", "0.1", "--json", "--render", bench.path("x.wav")])
        #expect((try ListenCommandTests.jsonLines(next.stdout).first ?? [:])["speed"] as? Double == 0.7, "\(next.stdout)")
    }

    @Test func pitchKeysMoveBySemitonesAndTenCentsAndVLinks() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("s.wav", hertz: 330, seconds: 3)
        let run = try live(bench, [song], keys: "++_=-vq")
        #expect(run.status == 0, "\(run.stderr)")
        let s = states(run.events)
        #expect(s.map { $0["pitch"] as? Double } == [1, 2, 1.9, 2, 1, 1], "\(s)")
        #expect(s.last?["linked"] as? Bool == true)
    }

    @Test func skippingPastTheEndPausesThereAndBeforeTheStartGoesToTheStart() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("s.wav", hertz: 330, seconds: 5)
        // → past the end: paused at the end; with no more keys the player stops, the recording finished.
        let ahead = try live(bench, [song, "--skip", "10"], keys: "\u{1B}[C")
        #expect(ahead.status == 0, "\(ahead.stderr)")
        let state = states(ahead.events).first ?? [:]
        #expect(state["paused"] as? Bool == true && state["position_ms"] as? Double == 5000, "\(state)")
        #expect(ahead.events.last?["finished"] as? Bool == true, "\(ahead.events.last ?? [:])")
        // ← from 1 s with a 10-s skip: the start.
        let back = try live(bench, [song, "--start", "1", "--skip", "10"], keys: "\u{1B}[Dq")
        #expect(states(back.events).first?["position_ms"] as? Double == 0, "\(back.events)")
    }

    @Test func loopKeysTurnTheLoopOffAndOnAndJumpToItsStart() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("s.wav", hertz: 330, seconds: 3)
        let run = try live(bench, [song, "--loop", "1.2-2.6"], keys: "llAq")
        #expect(run.status == 0, "\(run.stderr)")
        let s = states(run.events)
        #expect(s.map { $0["loop_on"] as? Bool } == [false, true, true], "\(s)")
        #expect(s.last?["position_ms"] as? Double == 1200, "A jumps to the loop's start: \(s.last ?? [:])")
        #expect(s.first?["loop"] as? [Double] == [1200, 2600])
    }

    @Test func digitsJumpByTenthsMarkersAndFavorites() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("Tenths.wav", hertz: 330, seconds: 10)
        let run = try live(bench, [song], keys: "7mff'q")
        #expect(run.status == 0, "\(run.stderr)")
        let s = states(run.events)
        #expect(s.first?["position_ms"] as? Double == 7000, "\(s)")
        let notices = run.events.filter { $0["type"] as? String == "notice" }.compactMap { $0["text"] as? String }
        #expect(notices.count == 2 && notices[0].hasPrefix("marker 1 at 0:07") && notices[1] == "Tenths is already a favorite", "\(notices)")
        #expect(s.contains { $0["favorite"] as? Bool == true })
        let list = try bench.listen(["--favorites", "--json"])
        let favorites = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(favorites.map { $0["title"] as? String } == ["Tenths"])
    }
}

extension ListenLiveTests {
    @Test func liveALoopRepeatsUntilTurnedOffAndForStopsThePlayer() throws {
        let bench = try Bench()
        defer { bench.remove() }
        let song = try bench.tone("s.wav", hertz: 330, seconds: 3)
        // Passes of 0.3 s for 1.5 s: five of them, more than --passes (2), which is for renders.
        let run = try live(bench, [song, "--loop", "0.2-0.5", "--for", "1.5"], keys: "")
        #expect(run.status == 0, "\(run.stderr)")
        let end = run.events.last ?? [:]
        #expect(end["type"] as? String == "end" && end["finished"] as? Bool == false, "\(end)")
        let position = end["position_ms"] as? Double ?? -1
        #expect(position >= 200 && position <= 500, "still inside the loop: \(end)")
        #expect((end["output_ms"] as? Double ?? 0) >= 1500, "\(end)")
    }
}
