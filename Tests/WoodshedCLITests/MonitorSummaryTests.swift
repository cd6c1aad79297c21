import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WoodshedCLI

@Suite struct MonitorSummaryTests {
    @Test func theSummarySaysWhatEachCountMeansForThePlayer() {
        let lines = MonitorDisplay.summaryLines(events: 120, overruns: 2, lost: 1, xruns: 3, latencyMs: (0.84, 2.5))
        #expect(lines == [
            "120 notes",
            "  2 times notes were lost before Woodshed could read them (the computer was too busy): close other programs, "
                + "or allow real-time priority (see README)",
            "  1 note was not shown or not sounded because Woodshed fell behind; your timing was still measured",
            "  3 audio dropouts (a click or a gap in the sound): try a larger --period, e.g. --period 128",
            "  from your hit reaching the computer to the synthesizer starting the sound: typically 0.8 ms, at worst 2.5 ms (p99)",
        ])
        // Nothing went wrong offline: one line.
        #expect(MonitorDisplay.summaryLines(events: 1, overruns: 0, lost: 0, xruns: 0, latencyMs: nil) == ["1 note"])
    }
}

@Suite struct QuietStartTests {
    /// FluidSynth offers every soundfont to libinstpatch too, which answers a file it cannot read
    /// with a GLib "CRITICAL" line: the player sees Woodshed's one line, nothing else.
    @Test func aSoundfontFluidSynthCannotLoadIsOneLineWithoutLibraryNoise() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let font = dir.appendingPathComponent("broken.sf2").path
        try "not a soundfont".write(toFile: font, atomically: true, encoding: .utf8)
        let chart = dir.appendingPathComponent("one.wchart").path
        try "title: One\nbpm: 120\n\nmeasure\nkick x---\n".write(toFile: chart, atomically: true, encoding: .utf8)
        let run = try WoodshedBinary.run(["render", chart, "--wav", dir.appendingPathComponent("o.wav").path, "--soundfont", font])
        #expect(run.status == 1)
        #expect(run.stderr == "woodshed: \(font): not a SoundFont FluidSynth can load; give another with --soundfont PATH or install fluid-soundfont-gm\n")
    }
}

@Suite struct EventStreamTests {
    /// `--input events:FIFO`: another program writes events as it plays them; each is stamped on arrival.
    @Test(.timeLimit(.minutes(1))) func eventsFromAFifoAreReadLiveAndStampedWhenTheyArrive() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("events").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = WoodshedBinary.url
        process.arguments = ["monitor", "--input", "events:\(fifo)", "--output", "null", "--no-feedback", "--json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))  // opens once the monitor reads
        // The monitor's first line comes as its timing thread starts; a note written before that would
        // be stamped when the thread first reads, like a MIDI note queued before the start.
        var head = Data()
        while !head.contains(0x0A) {
            let more = out.fileHandleForReading.availableData
            if more.isEmpty { break }
            head.append(more)
        }
        #expect(String(decoding: head, as: UTF8.self).contains("\"type\":\"realtime\""))
        // Two notes 300 ms apart, their time column both 0: the stamps must show the gap.
        try writer.write(contentsOf: Data("0 36 100\n".utf8))
        Thread.sleep(forTimeInterval: 0.3)  // the player's pace, not a wait for anything
        try writer.write(contentsOf: Data("0 38 100\n".utf8))
        try writer.close()  // the end of the stream ends the monitor
        let text = String(decoding: head + out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let events = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["type"] as? String == "event" }
        #expect(events.map { $0["note"] as? Int } == [36, 38])
        let gap = (events.last?["t_ms"] as? Double ?? 0) - (events.first?["t_ms"] as? Double ?? 0)
        #expect(gap >= 290 && gap < 600, "the stamps are \(gap) ms apart")
    }
}
