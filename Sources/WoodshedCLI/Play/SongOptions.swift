import ArgumentParser
import WoodshedRubberBand

/// How the chart's song plays: the options `play`, `demo` and `render` share.
struct SongOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The song's time-stretcher below or above 100 %: Rubber Band's finer engine (R3, the better sound) or its faster one (R2, half the CPU, for slow machines).", valueName: "finer|faster"))
    var stretch: TimeStretcher.Engine = .finer

    @Flag(name: .customLong("no-song"), help: "Do not play the chart's song (its backing audio); the click and your kit still sound.")
    var noSong = false
}

extension TimeStretcher.Engine: ExpressibleByArgument {}
