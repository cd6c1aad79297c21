import ArgumentParser
import WoodshedConfig
import WoodshedCore
import WoodshedEngine

/// The options every playing command shares: where MIDI comes from, how it is mapped, where sound goes.
public struct EngineOptions: ParsableArguments {
    @Option(name: .customLong("input"), help: ArgumentHelp("Where MIDI comes from (default: alsa, or the config file's).", valueName: "alsa|alsa:CLIENT:PORT|alsa:NAME|events:FILE|smf:FILE|keys"))
    public var inputOption: InputSpec?

    @Option(name: .customLong("map"), help: ArgumentHelp("Mapping: a bundled name (gm, roland-td, alesis-nitro, yamaha-dtx, piano) or a .toml path.", valueName: "NAME|PATH"))
    public var mapOption: String?

    @Option(name: .long, help: ArgumentHelp("Where sound goes when playing live.", valueName: "alsa|alsa:DEVICE|null"))
    public var output: OutputSpec?

    @Option(name: .long, help: ArgumentHelp("Write the mix to this WAV file (offline runs).", valueName: "FILE"))
    public var wav: String?

    @Option(name: .long, help: ArgumentHelp("SoundFont to play with (default: a system General MIDI font, else the bundled kit).", valueName: "PATH"))
    public var soundfont: String?

    @Option(name: .customLong("rate"), help: "Sample rate in Hz (default 48000).")
    public var rateOption: Int?

    @Option(name: .customLong("period"), help: "Frames per audio period, live output (default 64).")
    public var periodOption: Int?

    @Option(name: .customLong("periods"), help: "Periods in the audio buffer, live output (default 3).")
    public var periodsOption: Int?

    /// The config file (`$XDG_CONFIG_HOME/woodshed/config.toml`); command-line options win over it.
    public var configuration = WoodshedConfiguration()

    public var input: InputSpec {
        get { inputOption ?? InputSpec(argument: configuration.input) ?? .alsa(nil) }
        set { inputOption = newValue }
    }
    public var map: String { mapOption ?? configuration.map }
    public var rate: Int {
        get { rateOption ?? configuration.sampleRate }
        set { rateOption = newValue }
    }
    public var period: Int {
        get { periodOption ?? configuration.periodFrames }
        set { periodOption = newValue }
    }
    public var periods: Int {
        get { periodsOption ?? configuration.periodCount }
        set { periodsOption = newValue }
    }
    public var outputSpec: OutputSpec { output ?? .alsa(configuration.output) }
    public var soundFontChoice: String? { soundfont ?? configuration.soundfont }

    /// Loads the config file; call first thing in `run()`.
    public mutating func loadConfiguration() throws {
        configuration = try WoodshedConfiguration.load()
        guard InputSpec(argument: configuration.input) != nil else {
            throw WoodshedError("config file: [input] device = \"\(configuration.input)\" is not an input; valid: \(InputSpec.allValueStrings.joined(separator: ", "))")
        }
    }

    /// Applies the configured channel levels to a mixer.
    public func applyLevels(to mixer: Mixer) {
        let c = configuration
        for (channel, level) in [(MixerChannel.master, c.master), (.metronome, c.metronome), (.feedback, c.feedback), (.backing, c.backing)] {
            mixer.setLevel(ChannelLevel(gainDecibels: level.gainDecibels, muted: level.muted), for: channel)
        }
    }

    @Flag(name: .long, help: "Do not sound what is played.")
    public var noFeedback = false

    public init() {}

    // `configuration` is loaded from the config file, not parsed from the command line.
    private enum CodingKeys: String, CodingKey {
        case inputOption, mapOption, output, wav, soundfont, rateOption, periodOption, periodsOption, noFeedback
    }

    public var format: AudioFormat { AudioFormat(sampleRate: rate, periodFrames: period, periods: periods) }

    public func validate() throws {
        if let rate = rateOption, !(8_000...192_000).contains(rate) { throw ValidationError("--rate must be 8000–192000 Hz") }
        if let period = periodOption, !(16...8192).contains(period) { throw ValidationError("--period must be 16–8192 frames") }
        if let periods = periodsOption, !(2...64).contains(periods) { throw ValidationError("--periods must be 2–64") }
    }
}
