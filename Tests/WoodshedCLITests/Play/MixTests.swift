import Foundation
import Testing
import WoodshedSndFile

/// `--volume` and `--mix` set the five channels, from the config file up, and are remembered.
@Suite struct MixTests {
    /// Renders the bundled backbeat's clicks only (the kit at 0) and returns the loudest sample.
    func clickPeak(_ extra: [String], dataDir: URL, config: String? = nil) throws -> (peak: Float, result: WoodshedBinary.Result) {
        let wav = dataDir.appendingPathComponent("mix.wav").path
        var environment = ["WOODSHED_DATA_DIR": dataDir.path, "XDG_CONFIG_HOME": dataDir.path]
        if let config {
            let folder = dataDir.appendingPathComponent("woodshed")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_HOME"] = dataDir.path
        }
        let chart = Self.root.appendingPathComponent("charts/rock-backbeat.wchart").path
        let result = try WoodshedBinary.run(["render", chart, "--wav", wav] + extra, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try AudioFile(contentsOf: wav).channel(0)
        return (samples.map { abs($0) }.max() ?? 0, result)
    }

    /// The checkout, for the bundled chart.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func volumesArePercentsOfTheChannelsLevel() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try clickPeak(["--volume", "click=100,kit=0"], dataDir: dir).peak
        let half = try clickPeak(["--volume", "click=50,kit=0"], dataDir: dir).peak
        #expect(full > 0.1)
        #expect(abs(half / full - 0.5) < 0.01, "50 % is half the level: \(half) vs \(full)")
        let muted = try clickPeak(["--volume", "click=mute,kit=0"], dataDir: dir).peak
        #expect(muted == 0)
    }

    @Test func whatWasSetIsRememberedAndThePresetsAreTheirPercents() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try clickPeak(["--volume", "click=100,kit=0"], dataDir: dir).peak
        _ = try clickPeak(["--volume", "click=25"], dataDir: dir)
        let remembered = try clickPeak([], dataDir: dir).peak
        #expect(abs(remembered / full - 0.25) < 0.01, "click 25 % remembered, kit 0 remembered: \(remembered / full)")
        // performance: click 30 %, kit 100 % (so only the click ratio is read, kit is set to 0 after).
        _ = try clickPeak(["--mix", "performance"], dataDir: dir)
        let performance = try clickPeak(["--volume", "kit=0"], dataDir: dir).peak
        #expect(abs(performance / full - 0.3) < 0.01, "performance has the click at 30 %: \(performance / full)")
    }

    @Test func theConfigFileSetsTheStartingLevels() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = "[mixer.click]\nvolume = 10\n[mixer.kit]\nmute = true\n"
        let configured = try clickPeak([], dataDir: dir, config: config).peak
        let full = try clickPeak(["--volume", "click=100,kit=0"], dataDir: dir).peak
        #expect(abs(configured / full - 0.1) < 0.01, "\(configured / full)")
    }

    @Test func aWrongChannelOrVolumeIsOneLine() throws {
        let unknown = try WoodshedBinary.run(["render", "x.wchart", "--wav", "/tmp/x.wav", "--volume", "drums=50"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--volume drums=50: no channel \"drums\"; channels: master, song, chart, kit, click"), "\(unknown.stderr)")
        let loud = try WoodshedBinary.run(["play", "x.wchart", "--volume", "song=150"])
        #expect(loud.stderr.contains("--volume song=150: a volume is 0 to 100 (percent), or mute / unmute"), "\(loud.stderr)")
    }
}
