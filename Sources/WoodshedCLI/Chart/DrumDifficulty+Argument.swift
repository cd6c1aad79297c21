import ArgumentParser
import WoodshedCore

/// `--difficulty expert|hard|medium|easy` for commands that read Clone Hero charts.
extension DrumDifficulty: ExpressibleByArgument {}
