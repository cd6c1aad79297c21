/// A whole SoundFont 2 bank as plain values, ready for `SoundFontWriter`.
///
/// The model mirrors the SF2 hierarchy — presets point at instruments, instruments point at
/// samples — but uses array indices instead of the file's bag/generator offsets, so a bank can be
/// built and checked in code and the writer alone worries about the on-disk layout.
public struct SoundFont: Hashable, Sendable {
    public var info: SoundFontInfo
    public var samples: [SoundFontSample]
    public var instruments: [SoundFontInstrument]
    public var presets: [SoundFontPreset]

    public init(
        info: SoundFontInfo,
        samples: [SoundFontSample] = [],
        instruments: [SoundFontInstrument] = [],
        presets: [SoundFontPreset] = []
    ) {
        self.info = info
        self.samples = samples
        self.instruments = instruments
        self.presets = presets
    }
}

/// The INFO list of a SoundFont: the bank's name and where it came from.
///
/// `ifil` (format version 2.01) and `isng` (the sound engine, "EMU8000" as the specification
/// asks) are always written; the optional texts only when set.
public struct SoundFontInfo: Hashable, Sendable {
    /// `INAM`: the bank's name.
    public var name: String
    /// `isng`: the sound engine the bank was made for.
    public var soundEngine: String
    /// `ICRD`: when the bank was made (free text). Leave nil for byte-identical rebuilds.
    public var creationDate: String?
    /// `IENG`: who made it.
    public var engineer: String?
    /// `IPRD`: the product it is meant for.
    public var product: String?
    /// `ICOP`: copyright or licence.
    public var copyright: String?
    /// `ICMT`: a comment.
    public var comment: String?
    /// `ISFT`: the tool that wrote it.
    public var software: String?

    public init(
        name: String,
        soundEngine: String = "EMU8000",
        creationDate: String? = nil,
        engineer: String? = nil,
        product: String? = nil,
        copyright: String? = nil,
        comment: String? = nil,
        software: String? = nil
    ) {
        self.name = name
        self.soundEngine = soundEngine
        self.creationDate = creationDate
        self.engineer = engineer
        self.product = product
        self.copyright = copyright
        self.comment = comment
        self.software = software
    }
}
