/// An instrument: zones that each map a key/velocity range to one sample with its settings.
public struct SoundFontInstrument: Hashable, Sendable {
    /// At most 20 ASCII characters in the file; longer names are cut.
    public var name: String
    /// Settings shared by every zone (written as the instrument's global zone); a zone's own
    /// generator of the same kind overrides it.
    public var globalGenerators: [SoundFontGenerator]
    public var zones: [SoundFontInstrumentZone]

    public init(name: String, globalGenerators: [SoundFontGenerator] = [], zones: [SoundFontInstrumentZone]) {
        self.name = name
        self.globalGenerators = globalGenerators
        self.zones = zones
    }
}

/// One instrument zone: which keys and velocities sound which sample, and how.
public struct SoundFontInstrumentZone: Hashable, Sendable {
    public var keyRange: ClosedRange<UInt8>?
    public var velocityRange: ClosedRange<UInt8>?
    /// Everything but the ranges and the sample; see `SoundFontGenerator`.
    public var generators: [SoundFontGenerator]
    /// Index into `SoundFont.samples`.
    public var sampleIndex: Int

    public init(
        keyRange: ClosedRange<UInt8>? = nil,
        velocityRange: ClosedRange<UInt8>? = nil,
        generators: [SoundFontGenerator] = [],
        sampleIndex: Int
    ) {
        self.keyRange = keyRange
        self.velocityRange = velocityRange
        self.generators = generators
        self.sampleIndex = sampleIndex
    }
}
