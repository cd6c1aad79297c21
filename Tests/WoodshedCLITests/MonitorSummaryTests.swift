import Foundation
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
