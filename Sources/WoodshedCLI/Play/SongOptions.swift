import ArgumentParser
import WoodshedRubberBand

/// How the chart's song and its own sounds play: the options `play`, `demo` and `render` share.
struct SongOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The song's time-stretcher below or above 100 %: Rubber Band's finer engine (R3, the better sound) or its faster one (R2, half the CPU, for slow machines).", valueName: "finer|faster"))
    var stretch: TimeStretcher.Engine = .finer

    @Option(name: .customLong("drum-stem"), help: ArgumentHelp("A song folder's drum stems: muted (you play the drums), quiet, or on.", valueName: "mute|quiet|on"))
    var drumStem: DrumStemChoice = .mute

    @Option(name: .customLong("hit-sound"), help: ArgumentHelp("What your hits sound when the chart has its own sounds (DTX chips): the chip of the note you hit, or the kit's soundfont.", valueName: "chip|kit"))
    var hitSound: HitSoundChoice = .chip

    @Flag(name: .customLong("no-song"), help: "Do not play the chart's song (its backing audio); the click and your kit still sound.")
    var noSong = false
}

extension TimeStretcher.Engine: ExpressibleByArgument {}

/// How loud a song folder's drum stems play under the drummer.
enum DrumStemChoice: String, ExpressibleByArgument, CaseIterable {
    case mute, quiet, on

    /// The stems' gain: quiet is −12 dB, there to follow, not to hide behind.
    var gain: Float {
        switch self {
        case .mute: 0
        case .quiet: 0.25
        case .on: 1
        }
    }
}
