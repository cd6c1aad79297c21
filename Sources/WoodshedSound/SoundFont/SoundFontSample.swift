/// One mono 16-bit sample in a SoundFont, with the pitch it was recorded at and its loop.
///
/// Loop points are sample offsets relative to the start of `data`; the writer turns them into the
/// absolute positions the `shdr` record wants and appends the 46 zero points the specification
/// requires after every sample.
public struct SoundFontSample: Hashable, Sendable {
    /// At most 20 ASCII characters in the file; longer names are cut.
    public var name: String
    public var data: [Int16]
    public var sampleRate: Int
    /// The MIDI key that plays `data` at its recorded speed (`byOriginalPitch`).
    public var originalKey: UInt8
    /// A correction in cents applied on playback (`chPitchCorrection`), for a sample whose
    /// fundamental is not exactly on `originalKey`.
    public var pitchCorrection: Int8
    /// The sustain loop: `loop.lowerBound` is the first looped point, `loop.upperBound` the first
    /// point after it. Nil for one-shot sounds.
    public var loop: Range<Int>?

    public init(
        name: String,
        data: [Int16],
        sampleRate: Int,
        originalKey: UInt8 = 60,
        pitchCorrection: Int8 = 0,
        loop: Range<Int>? = nil
    ) {
        self.name = name
        self.data = data
        self.sampleRate = sampleRate
        self.originalKey = originalKey
        self.pitchCorrection = pitchCorrection
        self.loop = loop
    }
}
