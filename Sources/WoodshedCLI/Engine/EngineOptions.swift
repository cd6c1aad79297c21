import ArgumentParser
import WoodshedCore
import WoodshedEngine

/// The options every playing command shares: where MIDI comes from, how it is mapped, where sound goes.
public struct EngineOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Where MIDI comes from.", valueName: "alsa|alsa:CLIENT:PORT|alsa:NAME|events:FILE|smf:FILE|keys"))
    public var input: InputSpec = .alsa(nil)

    @Option(name: .long, help: ArgumentHelp("Mapping: a bundled name (gm, roland-td, alesis-nitro, yamaha-dtx, piano) or a .toml path.", valueName: "NAME|PATH"))
    public var map: String = "gm"

    @Option(name: .long, help: ArgumentHelp("Where sound goes when playing live.", valueName: "alsa|alsa:DEVICE|null"))
    public var output: OutputSpec?

    @Option(name: .long, help: ArgumentHelp("Write the mix to this WAV file (offline runs).", valueName: "FILE"))
    public var wav: String?

    @Option(name: .long, help: ArgumentHelp("SoundFont to play with (default: a system General MIDI font, else the bundled kit).", valueName: "PATH"))
    public var soundfont: String?

    @Option(name: .long, help: "Sample rate in Hz.")
    public var rate: Int = 48_000

    @Option(name: .long, help: "Frames per audio period (live output).")
    public var period: Int = 64

    @Option(name: .long, help: "Periods in the audio buffer (live output).")
    public var periods: Int = 3

    @Flag(name: .long, help: "Do not sound what is played.")
    public var noFeedback = false

    public init() {}

    public var format: AudioFormat { AudioFormat(sampleRate: rate, periodFrames: period, periods: periods) }

    public func validate() throws {
        guard (8_000...192_000).contains(rate) else { throw ValidationError("--rate must be 8000–192000 Hz") }
        guard (16...8192).contains(period) else { throw ValidationError("--period must be 16–8192 frames") }
        guard (2...64).contains(periods) else { throw ValidationError("--periods must be 2–64") }
    }
}
