import WoodshedCore

/// A loaded mapping file (`--map NAME|PATH`): what an input device's notes mean.
public struct Mapping: Sendable {
    /// What kind of instrument the file maps.
    public enum Instrument: Sendable {
        /// A drum kit: notes to drum voices, with hit filtering.
        case drums(DrumKitMap)
        /// A keyboard or other pitched instrument: notes to pitches.
        case pitched(PitchedMap)
    }

    /// The name to pass to `--map` (the file name without `.toml`).
    public var name: String
    /// The `name = "…"` of the file, for displays ("Roland TD-17").
    public var title: String
    /// The file as messages name it.
    public var file: String
    public var instrument: Instrument

    public init(name: String, title: String, file: String, instrument: Instrument) {
        self.name = name
        self.title = title
        self.file = file
        self.instrument = instrument
    }

    /// The drum kit map, or nil for a pitched mapping.
    public var drumKit: DrumKitMap? {
        if case .drums(let map) = instrument { return map }
        return nil
    }

    /// The pitched map, or nil for a drum kit.
    public var pitched: PitchedMap? {
        if case .pitched(let map) = instrument { return map }
        return nil
    }
}
