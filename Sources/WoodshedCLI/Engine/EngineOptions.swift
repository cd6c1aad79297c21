import ArgumentParser
import WoodshedConfig
import WoodshedCore
import WoodshedEngine

/// The options every playing command shares: where MIDI comes from, how it is mapped, where sound goes.
public struct EngineOptions: ParsableArguments {
    @Option(name: .customLong("input"), help: ArgumentHelp("Where MIDI comes from (default: alsa, or the config file's).", valueName: "alsa|alsa:CLIENT:PORT|alsa:NAME|events:FILE|events:-|smf:FILE|keys"))
    public var inputOption: InputSpec?

    @Option(name: .customLong("map"), help: ArgumentHelp("Mapping: a bundled name (gm, roland-td, alesis-nitro, yamaha-dtx, piano) or a .toml path.", valueName: "NAME|PATH"))
    public var mapOption: String?

    @OptionGroup public var audio: AudioOptions

    @OptionGroup public var sound: SoundFontOption

    @Flag(name: .long, help: "Do not sound what is played.")
    public var noFeedback = false

    /// The config file (`$XDG_CONFIG_HOME/woodshed/config.toml`); command-line options win over it.
    public var configuration = WoodshedConfiguration()

    public init() {}

    // `configuration` is loaded from the config file, not parsed from the command line.
    private enum CodingKeys: String, CodingKey {
        case inputOption, mapOption, audio, sound, noFeedback
    }

    public var input: InputSpec {
        get { inputOption ?? InputSpec(argument: configuration.input) ?? .alsa(nil) }
        set { inputOption = newValue }
    }
    public var map: String { mapOption ?? configuration.map }
    public var output: OutputSpec? {
        get { audio.output }
        set { audio.output = newValue }
    }
    public var wav: String? {
        get { audio.wav }
        set { audio.wav = newValue }
    }
    public var soundfont: String? {
        get { sound.soundfont }
        set { sound.soundfont = newValue }
    }
    public var rate: Int {
        get { audio.rateOption ?? configuration.sampleRate }
        set { audio.rateOption = newValue }
    }
    public var period: Int {
        get { audio.periodOption ?? configuration.periodFrames }
        set { audio.periodOption = newValue }
    }
    public var periods: Int {
        get { audio.periodsOption ?? configuration.periodCount }
        set { audio.periodsOption = newValue }
    }
    public var outputSpec: OutputSpec { audio.output ?? .alsa(configuration.output) }
    public var soundFontChoice: String? { sound.soundfont ?? configuration.soundfont }

    /// The options of a command that has no input of its own (`metronome`, `demo`, `render`): its
    /// audio options, with the config file loaded.
    public static func forAudio(_ audio: AudioOptions, sound: SoundFontOption = SoundFontOption()) throws -> EngineOptions {
        var options = try EngineOptions.parse([])
        try options.loadConfiguration()
        options.audio = audio
        options.sound = sound
        return options
    }

    /// Loads the config file; call first thing in `run()`.
    public mutating func loadConfiguration() throws {
        configuration = try WoodshedConfiguration.load()
        guard InputSpec(argument: configuration.input) != nil else {
            throw WoodshedError("config file: [input] device = \"\(configuration.input)\" is not an input; valid: \(InputSpec.allValueStrings.joined(separator: ", "))")
        }
    }

    /// Applies the configured channel levels to a mixer.
    public func applyLevels(to mixer: Mixer) {
        for channel in MixerChannel.allCases { mixer.setLevel(configuration[channel], for: channel) }
    }

    public var format: AudioFormat { AudioFormat(sampleRate: rate, periodFrames: period, periods: periods) }
}
