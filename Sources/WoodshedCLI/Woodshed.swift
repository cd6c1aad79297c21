import ArgumentParser
import WoodshedCore

/// The `woodshed` command: a practice instrument for e-drums and MIDI keyboards.
public struct Woodshed: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "woodshed",
        abstract: "A practice instrument for electronic drums and MIDI keyboards.",
        discussion: "Run `woodshed demo` to hear and see it work without any MIDI gear.",
        version: WoodshedVersion.string,
        subcommands: Woodshed.subcommandList
    )

    public init() {}
}

/// The release this binary reports with `--version`.
public enum WoodshedVersion {
    public static let string = "0.1.0"
}
