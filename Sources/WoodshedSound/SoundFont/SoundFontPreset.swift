/// A preset: what a MIDI bank/program change selects. Its zones layer instruments over key and
/// velocity ranges; preset generators add to (not replace) the instruments' own values.
public struct SoundFontPreset: Hashable, Sendable {
    /// At most 20 ASCII characters in the file; longer names are cut.
    public var name: String
    /// MIDI bank: 0 for melodic sounds, 128 for the General MIDI percussion kits.
    public var bank: UInt16
    /// MIDI program number, 0...127.
    public var program: UInt16
    public var globalGenerators: [SoundFontGenerator]
    public var zones: [SoundFontPresetZone]

    public init(
        name: String,
        bank: UInt16,
        program: UInt16,
        globalGenerators: [SoundFontGenerator] = [],
        zones: [SoundFontPresetZone]
    ) {
        self.name = name
        self.bank = bank
        self.program = program
        self.globalGenerators = globalGenerators
        self.zones = zones
    }
}

/// One preset zone: an instrument over a key/velocity range, with relative adjustments.
public struct SoundFontPresetZone: Hashable, Sendable {
    public var keyRange: ClosedRange<UInt8>?
    public var velocityRange: ClosedRange<UInt8>?
    public var generators: [SoundFontGenerator]
    /// Index into `SoundFont.instruments`.
    public var instrumentIndex: Int

    public init(
        keyRange: ClosedRange<UInt8>? = nil,
        velocityRange: ClosedRange<UInt8>? = nil,
        generators: [SoundFontGenerator] = [],
        instrumentIndex: Int
    ) {
        self.keyRange = keyRange
        self.velocityRange = velocityRange
        self.generators = generators
        self.instrumentIndex = instrumentIndex
    }
}
