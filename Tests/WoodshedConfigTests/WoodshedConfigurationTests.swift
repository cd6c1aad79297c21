import Foundation
import Testing
import WoodshedCore
@testable import WoodshedConfig

@Suite struct WoodshedConfigurationTests {
    func error(_ text: String) -> String? {
        failure { _ = try WoodshedConfiguration.parse(text, file: "config.toml") }
    }

    @Test func defaults() throws {
        let config = WoodshedConfiguration()
        #expect(config.input == "alsa")
        #expect(config.map == "gm")
        #expect(config.output == "default")
        #expect(config.soundfont == nil)
        #expect(config.sampleRate == 48_000)
        #expect(config.periodFrames == 64)
        #expect(config.periodCount == 3)
        #expect(config.master == WoodshedConfiguration.ChannelLevel())
        #expect(config.click == WoodshedConfiguration.ChannelLevel(volume: 50))
        #expect(config.song == WoodshedConfiguration.ChannelLevel(volume: 70))
        #expect(config.chart == WoodshedConfiguration.ChannelLevel(volume: 80))
        #expect(config.kit == WoodshedConfiguration.ChannelLevel(volume: 100))
        #expect(config.metronomeSound == "classic")
        #expect(config.countInBars == 1)
        #expect(config.judging == .dtxmania)
        #expect(try WoodshedConfiguration.parse("", file: "c.toml") == config)
    }

    @Test func missingFileGivesDefaults() throws {
        let home = try temporaryFolder()
        defer { removeFolder(home) }
        let xdg = XDGDirectories(environment: ["HOME": home])
        #expect(try WoodshedConfiguration.load(xdg: xdg) == WoodshedConfiguration())
    }

    @Test func loadsTheXDGFile() throws {
        let configHome = try temporaryFolder()
        defer { removeFolder(configHome) }
        let xdg = XDGDirectories(environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": configHome])
        try FileManager.default.createDirectory(atPath: xdg.woodshedConfig, withIntermediateDirectories: true)
        try "[input]\nmap = \"roland-td\"\n[mixer]\nmetronome.gain-db = -12\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        let config = try WoodshedConfiguration.load(xdg: xdg)
        #expect(config.map == "roland-td")
        #expect(abs(config.click.volume - 25.1189) < 1e-3, "the older metronome.gain-db = -12 is the click at 25 %")
        // Earlier versions allowed a boost up to +12 dB: such a file still reads, at full volume.
        try "[mixer]\nmetronome.gain-db = 6\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        #expect(try WoodshedConfiguration.load(xdg: xdg).click.volume == 100)
        try "[input]\nmapp = 1\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        #expect(failure { _ = try WoodshedConfiguration.load(xdg: xdg) }
            == "\(xdg.configFile):2:1: unknown key \"mapp\" in [input]; valid: device, map")
    }

    @Test func theDocumentedExampleIsReadCompletely() throws {
        // The example in docs/configuration.md, which sets every key.
        let doc = try String(contentsOfFile: checkoutRoot + "/docs/configuration.md", encoding: .utf8)
        let start = try #require(doc.range(of: "```toml\n"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let example = String(doc[start.upperBound..<end.lowerBound])
        let config = try WoodshedConfiguration.parse(example, file: "example")
        #expect(config.input == "alsa")
        #expect(config.sampleRate == 48_000)
        #expect(config.soundfont == nil)
        #expect(config.song == WoodshedConfiguration.ChannelLevel(volume: 70))
        #expect(config == WoodshedConfiguration())

        // Every value there is the default, so a key the reader skipped would go unnoticed: the same
        // example with every value changed (repeated lines change in the order they come).
        var changed = example
        for (old, new) in [
            (#"device = "alsa""#, #"device = "alsa:20:0""#), (#"map = "gm""#, #"map = "roland-td""#),
            (#"device = "default""#, #"device = "hw:1""#), (#"soundfont = """#, #"soundfont = "/sf/kit.sf2""#),
            ("sample-rate = 48000", "sample-rate = 44100"), ("period-frames = 64", "period-frames = 128"),
            ("periods = 3", "periods = 4"),
            ("volume = 100\n", "volume = 90\n"), ("volume = 70\n", "volume = 60\n"),   // master, song
            ("volume = 80\n", "volume = 40\n"), ("volume = 100\n", "volume = 75\n"),  // chart, kit
            ("volume = 50\n", "volume = 20\n"),                                        // click
            ("mute = false", "mute = true"), ("mute = false", "mute = true"), ("mute = false", "mute = true"),
            ("mute = false", "mute = true"), ("mute = false", "mute = true"),
            (#"sound = "classic""#, #"sound = "woodblock""#), ("count-in-bars = 1", "count-in-bars = 2"),
            ("perfect-ms = 34", "perfect-ms = 20"), ("great-ms = 67", "great-ms = 40"), ("good-ms = 84", "good-ms = 60"),
        ] {
            let before = changed
            changed = changed.replacing(old, with: new, maxReplacements: 1)
            #expect(changed != before, "the example has no more \(old)")
        }
        let other = try WoodshedConfiguration.parse(changed, file: "changed example")
        #expect(other.input == "alsa:20:0")
        #expect(other.map == "roland-td")
        #expect(other.output == "hw:1")
        #expect(other.soundfont == "/sf/kit.sf2")
        #expect(other.sampleRate == 44_100)
        #expect(other.periodFrames == 128)
        #expect(other.periodCount == 4)
        #expect(other.master == WoodshedConfiguration.ChannelLevel(volume: 90, muted: true))
        #expect(other.song == WoodshedConfiguration.ChannelLevel(volume: 60, muted: true))
        #expect(other.chart == WoodshedConfiguration.ChannelLevel(volume: 40, muted: true))
        #expect(other.kit == WoodshedConfiguration.ChannelLevel(volume: 75, muted: true))
        #expect(other.click == WoodshedConfiguration.ChannelLevel(volume: 20, muted: true))
        #expect(other.metronomeSound == "woodblock")
        #expect(other.countInBars == 2)
        #expect(other.judging == (try JudgingWindows(perfect: .milliseconds(20), great: .milliseconds(40), good: .milliseconds(60))))
    }

    @Test func everyKeyIsRead() throws {
        let config = try WoodshedConfiguration.parse("""
            [input]
            device = "20:0"
            map = "my-kit.toml"
            [output]
            device = "hw:1"
            soundfont = "/sf/kit.sf2"
            sample-rate = 44100
            period-frames = 64
            periods = 3
            [mixer.master]
            volume = 35.5
            [mixer.kit]
            mute = true
            [mixer.song]
            volume = 2
            [mixer.feedback]
            volume = 90
            [mixer.backing]
            gain-db = -20
            [metronome]
            sound = "woodblock"
            count-in-bars = 2
            [judging]
            perfect-ms = 20
            great-ms = 40
            good-ms = 60
            """, file: "c.toml")
        #expect(config.input == "20:0")
        #expect(config.map == "my-kit.toml")
        #expect(config.output == "hw:1")
        #expect(config.soundfont == "/sf/kit.sf2")
        #expect(config.sampleRate == 44_100)
        #expect(config.periodFrames == 64)
        #expect(config.periodCount == 3)
        #expect(config.master.volume == 35.5)
        #expect(config.kit == WoodshedConfiguration.ChannelLevel(volume: 90, muted: true), "feedback is the kit's older name")
        #expect(config.kit.amplitude == 0)
        #expect(abs(config.song.volume - 10) < 1e-9, "backing is the song's older name; -20 dB is 10 %")
        #expect(config.metronomeSound == "woodblock")
        #expect(config.countInBars == 2)
        #expect(config.judging.perfect == .milliseconds(20))
        #expect(config.judging.good == .milliseconds(60))
        #expect(WoodshedConfiguration.ChannelLevel(volume: 25).amplitude == 0.25)
    }

    @Test func errorsNameLineAndColumn() {
        #expect(error("[inptu]\n") == "config.toml:1:2: unknown key \"inptu\" in the top level; valid: input, output, mixer, metronome, judging")
        #expect(error("[output]\nsample-rate = 4\n") == "config.toml:2:15: sample-rate = 4 is out of range; sample rates are (Hz) 8000…192000")
        #expect(error("[output]\nperiods = \"two\"\n") == "config.toml:2:11: periods must be a whole number, not text")
        #expect(error("[mixer.drums]\ngain-db = 1\n") == "config.toml:1:8: unknown key \"drums\" in [mixer]; valid: master, song, chart, kit, click")
        #expect(error("[mixer.master]\ngain = 1\n") == "config.toml:2:1: unknown key \"gain\" in [mixer.master]; valid: volume, gain-db, mute")
        #expect(error("[mixer.master]\ngain-db = 20\n") == "config.toml:2:11: gain-db = 20 is out of range; gains are (dB; or write volume = 0…100) -60…12")
        #expect(error("[mixer.click]\nvolume = 120\n") == "config.toml:2:10: volume = 120 is out of range; volumes are (percent) 0…100")
        #expect(error("[mixer.master]\nmute = \"yes\"\n") == "config.toml:2:8: mute must be true or false, not text")
        #expect(error("[judging]\ngreat-ms = 20\n")
            == "config.toml:2:12: judging windows must widen from perfect to good; great-ms (20 ms) is narrower than perfect-ms (34 ms)")
        #expect(error("input = \"auto\"\n") == "config.toml:1:9: input must be a table, not text")
        #expect(error("[metronome]\nsound = \"\"\n") == "config.toml:2:9: sound must not be empty")
    }
}
