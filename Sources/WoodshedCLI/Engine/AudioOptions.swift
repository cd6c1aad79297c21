import ArgumentParser
import WoodshedConfig
import WoodshedEngine

/// Where sound goes and in what shape: the options every command that makes sound shares
/// (`play`, `monitor`, the quizzes, `calibrate`, `metronome`, `demo`, `render`).
public struct AudioOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Where sound goes when playing live (default: alsa:default, or the config file's).",
                                            valueName: "alsa|alsa:DEVICE|null"))
    public var output: OutputSpec?

    @Option(name: .long, help: ArgumentHelp("Write the mix to this WAV file instead (offline runs).", valueName: "FILE"))
    public var wav: String?

    @Option(name: .customLong("rate"), help: "Sample rate in Hz (default 48000). A device that cannot do it plays at the nearest rate it can.")
    public var rateOption: Int?

    @Option(name: .customLong("period"), help: "Frames per audio period, live output (default 64): smaller is quicker, larger is safer.")
    public var periodOption: Int?

    @Option(name: .customLong("periods"), help: "Periods in the audio buffer, live output (default 3).")
    public var periodsOption: Int?

    public init() {}

    public func validate() throws {
        if let rate = rateOption, !(8_000...192_000).contains(rate) { throw ValidationError("--rate must be 8000–192000 Hz") }
        if let period = periodOption, !(16...8192).contains(period) { throw ValidationError("--period must be 16–8192 frames") }
        if let periods = periodsOption, !(2...64).contains(periods) { throw ValidationError("--periods must be 2–64") }
    }
}

/// `--soundfont`: for the commands that sound notes through FluidSynth.
public struct SoundFontOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("SoundFont to play with (default: a system General MIDI font, else the bundled kit).", valueName: "PATH"))
    public var soundfont: String?

    public init() {}
}
