import Foundation
import Testing
import WoodshedCore

@Suite struct CalibrateCommandTests {
    /// A private data and config folder, so the user's store is never touched.
    struct Sandbox {
        let dir: URL
        init() throws { dir = try WoodshedBinary.temporaryDirectory() }
        var environment: [String: String] { ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.path] }
        func run(_ arguments: [String]) throws -> WoodshedBinary.Result {
            try WoodshedBinary.run(["calibrate"] + arguments, environment: environment)
        }
        /// An events file of taps at these times (ms after the first beat after the count-in).
        func events(_ times: [EngineTime], name: String = "taps.txt") throws -> String {
            let url = dir.appendingPathComponent(name)
            let text = times.map { String(format: "%.3f 38 100\n", $0.milliseconds) }.joined()
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    static func json(_ line: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    /// The issue's tapper at 120 BPM: +23 ms, σ 8 ms, two wild taps and a double trigger.
    static let tapperTaps = SimulatedTapper(
        bias: .milliseconds(23), deviation: .milliseconds(8),
        wildTaps: [5: .milliseconds(140), 11: .milliseconds(-210)], doubleTriggers: [8: .milliseconds(12)]
    ).taps(beats: 16) { EngineTime(nanoseconds: Int64($0) * 500_000_000) }

    @Test func anOfflineTapAlongStoresTheOffsetForItsPair() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.events(Self.tapperTaps)
        let result = try box.run(["--input", "events:\(file)", "--json", "--taps", "17"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = try Self.json(result.lines.last ?? "")
        #expect(last["type"] as? String == "result")
        // Worked out by hand with the rules of docs/calibration.md, from the taps as the events file
        // holds them (to the microsecond; regenerated outside Swift: SplitMix64 seed 1, Irwin–Hall).
        // Offsets from each beat, in ms: +23.519 +18.873 +23.877 +20.772 +11.907 +140 +21.191 +18.318
        // +4.631 (then +16.631, a second tap on the ninth beat: double-trigger) +15.646 +18.533
        // −210 (beyond a third of a beat: far-from-beat) +14.846 +32.079 +26.296 +27.214.
        // The 15 left have median +20.772 and MAD 5.126, so the limit is 3 × 1.4826 × 5.126 = 22.8 ms
        // and +140 is an outlier. The offset is the median of the 14 used: (18.873 + 20.772) / 2 =
        // 19.8225 ms (the +23 ms bias within the median's error).
        #expect(abs((last["offset_ms"] as? Double ?? 0) - 19.8225) < 0.0005)
        #expect(last["taps_used"] as? Int == 14)
        let reasons = (last["dropped"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }.sorted()
        #expect(reasons == ["double-trigger", "far-from-beat", "outlier"])
        #expect(result.lines.filter { $0.contains("\"type\":\"tap\"") }.count == 17)

        let shown = try box.run(["--show", "--json"])
        let stored = try Self.json(shown.lines.first ?? "")
        #expect(stored["input"] as? String == "events" && stored["output"] as? String == "null")
        #expect(stored["offset_ms"] as? Double == last["offset_ms"] as? Double)

        // The same taps give the same figure: offline runs are deterministic.
        let again = try box.run(["--input", "events:\(file)", "--json", "--taps", "17"])
        #expect(again.lines.last == result.lines.last)
    }

    @Test func humanOutputNamesEachTapAndTheTrust() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = try box.events([-1000] .map { EngineTime.milliseconds($0) } + (0..<4).map { .milliseconds(Double($0) * 500 + 20) })
        let result = try box.run(["--input", "events:\(file)", "--taps", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("count-in tap (not counted"))
        #expect(result.stdout.contains(" 4 of 4  +20.0 ms"))
        #expect(result.stdout.contains("offset +20.0 ms (taps arrive late), spread 0.0 ms, 4 of 4 taps used: good"))
    }

    @Test func tooFewGoodTapsStoreNothing() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let offsets: [Double] = [20, 400, -300, 21, 450, -250, 22, 230]
        let file = try box.events(offsets.enumerated().map { .milliseconds(Double($0.offset) * 1000 + $0.element) })
        let result = try box.run(["--input", "events:\(file)", "--taps", "8"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fewer than half"))
        #expect(result.stderr.contains("nothing stored"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try box.run(["--show", "--json"]).stdout.isEmpty)
    }

    @Test func noTapsOrTooFewTapsAreOneClearLine() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let none = try box.run(["--input", "events:\(try box.events([], name: "none.txt"))"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no tap came"))
        let late = try box.run(["--input", "events:\(try box.events([.milliseconds(0), .seconds(60)], name: "late.txt"))", "--taps", "4"])
        #expect(late.status == 1)
        #expect(late.stderr.contains("time is up after 1 of 4 taps; nothing stored"), "\(late.stderr)")
        #expect(try box.run(["--show", "--json"]).stdout.isEmpty)
    }

    @Test func setAdjustAndResetByHand() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let pair = ["--input", "keys", "--output", "alsa:hw:1,0"]
        #expect(try box.run(pair + ["--set", "12.5"]).stdout.contains("offset of keys → alsa:hw:1,0 is now +12.5 ms"))
        let adjusted = try box.run(pair + ["--adjust", "-20"])
        #expect(adjusted.stdout.contains("is now -7.5 ms (was +12.5 ms)"), "\(adjusted.stdout)\(adjusted.stderr)")
        let shown = try box.run(["--show"])
        #expect(shown.stdout.contains("keys → alsa:hw:1,0  offset -7.5 ms"))
        let beyond = try box.run(pair + ["--adjust", "-250"])
        #expect(beyond.status == 1 && beyond.stderr.contains("beyond ±250 ms"))
        let tooBig = try box.run(pair + ["--set", "300"])
        #expect(tooBig.status != 0 && tooBig.stderr.contains("--set must be from -250 to 250 ms"))
        #expect(try box.run(pair + ["--reset"]).stdout.contains("forgot the offset of keys → alsa:hw:1,0"))
        #expect(try box.run(["--show"]).stdout.contains("no offsets stored yet"))
    }

    @Test func loopbackNeedsAnALSAOutput() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let result = try box.run(["--loopback", "--output", "null"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--loopback plays through ALSA"))
    }
}
