import WoodshedCore

/// A named tuning of a stringed instrument, as written in `mappings/tunings.toml`.
///
/// The open strings stay text ("E2") here, each with its place in the file: the theory code turns
/// them into spelled pitches and can point at the exact string if one does not parse.
public struct TuningDefinition: Sendable {
    /// The tuning's name, e.g. `guitar`, `drop-d`, `bass-5`.
    public var name: String
    /// A line for displays, e.g. "Guitar, standard tuning" (the name if the file gives none).
    public var title: String
    /// The open strings, lowest-sounding string first as players name them ("E A D G B E"; a
    /// re-entrant ukulele starts with its high G).
    public var strings: [(note: String, location: SourceLocation)]
    /// Where the tuning's table starts.
    public var location: SourceLocation

    public init(name: String, title: String? = nil, strings: [(note: String, location: SourceLocation)], location: SourceLocation) {
        self.name = name
        self.title = title ?? name
        self.strings = strings
        self.location = location
    }
}
