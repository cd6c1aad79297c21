import Foundation

/// One SF2 generator: a synthesis parameter (`kind`) and its 16-bit amount in the specification's
/// units (cents, centibels, timecents, 0.1 % …).
///
/// Key range, velocity range, instrument and sample are not generators here: zones carry them as
/// typed properties and `SoundFontWriter` writes them in the order the specification demands
/// (key range first, velocity range second, instrument/sample last).
public struct SoundFontGenerator: Hashable, Sendable {
    /// The generator operators of SoundFont 2.01, section 8.1.2, by their numbers.
    public enum Kind: UInt16, Hashable, Sendable, CaseIterable {
        case startAddressOffset = 0
        case endAddressOffset = 1
        case startLoopAddressOffset = 2
        case endLoopAddressOffset = 3
        case startAddressCoarseOffset = 4
        case modLFOToPitch = 5
        case vibratoLFOToPitch = 6
        case modEnvelopeToPitch = 7
        case initialFilterCutoff = 8
        case initialFilterQ = 9
        case modLFOToFilterCutoff = 10
        case modEnvelopeToFilterCutoff = 11
        case endAddressCoarseOffset = 12
        case modLFOToVolume = 13
        case chorusEffectsSend = 15
        case reverbEffectsSend = 16
        case pan = 17
        case delayModLFO = 21
        case frequencyModLFO = 22
        case delayVibratoLFO = 23
        case frequencyVibratoLFO = 24
        case delayModEnvelope = 25
        case attackModEnvelope = 26
        case holdModEnvelope = 27
        case decayModEnvelope = 28
        case sustainModEnvelope = 29
        case releaseModEnvelope = 30
        case keyToModEnvelopeHold = 31
        case keyToModEnvelopeDecay = 32
        case delayVolumeEnvelope = 33
        case attackVolumeEnvelope = 34
        case holdVolumeEnvelope = 35
        case decayVolumeEnvelope = 36
        case sustainVolumeEnvelope = 37
        case releaseVolumeEnvelope = 38
        case keyToVolumeEnvelopeHold = 39
        case keyToVolumeEnvelopeDecay = 40
        case instrument = 41
        case keyRange = 43
        case velocityRange = 44
        case startLoopAddressCoarseOffset = 45
        case fixedKey = 46
        case fixedVelocity = 47
        case initialAttenuation = 48
        case endLoopAddressCoarseOffset = 50
        case coarseTune = 51
        case fineTune = 52
        case sampleID = 53
        case sampleModes = 54
        case scaleTuning = 56
        case exclusiveClass = 57
        case overridingRootKey = 58

        /// Generators a zone carries as typed properties, never in its generator list.
        var isStructural: Bool {
            switch self {
            case .keyRange, .velocityRange, .instrument, .sampleID: true
            default: false
            }
        }
    }

    /// How a sample plays past its loop (`sampleModes`).
    public enum SampleMode: UInt16, Hashable, Sendable {
        /// Play once from start to end (drums).
        case oneShot = 0
        /// Loop for as long as the voice lasts, release included.
        case loopContinuously = 1
        /// Loop while the key is held, then play on to the end.
        case loopUntilRelease = 3
    }

    public var kind: Kind
    /// The raw 16-bit amount, two's complement for signed generators.
    public var amount: Int16

    public init(_ kind: Kind, _ amount: Int16) {
        self.kind = kind
        self.amount = amount
    }

    /// The amount as the unsigned word the file stores.
    public var rawAmount: UInt16 { UInt16(bitPattern: amount) }
}

extension SoundFontGenerator {
    /// Attenuation in decibels (stored as centibels, 0...144 dB).
    public static func attenuation(decibels: Double) -> Self {
        .init(.initialAttenuation, clamped(decibels * 10, 0...1440))
    }

    /// Stereo position from -1 (left) through 0 (centre) to 1 (right).
    public static func pan(_ position: Double) -> Self {
        .init(.pan, clamped(position * 500, -500...500))
    }

    public static func attackVolumeEnvelope(seconds: Double) -> Self {
        .init(.attackVolumeEnvelope, timecents(seconds))
    }

    public static func holdVolumeEnvelope(seconds: Double) -> Self {
        .init(.holdVolumeEnvelope, timecents(seconds))
    }

    /// The time the volume envelope takes to fall 100 dB (it stops at the sustain level).
    public static func decayVolumeEnvelope(seconds: Double) -> Self {
        .init(.decayVolumeEnvelope, timecents(seconds))
    }

    /// The sustain level as attenuation below the peak, in decibels.
    public static func sustainVolumeEnvelope(decibels: Double) -> Self {
        .init(.sustainVolumeEnvelope, clamped(decibels * 10, 0...1440))
    }

    /// The time the volume envelope takes to fall 100 dB after the key is released.
    public static func releaseVolumeEnvelope(seconds: Double) -> Self {
        .init(.releaseVolumeEnvelope, timecents(seconds))
    }

    /// How much the decay shortens per key above 60 (and lengthens below), in timecents per key;
    /// 100 halves the decay per octave up.
    public static func keyToVolumeEnvelopeDecay(_ timecentsPerKey: Int16) -> Self {
        .init(.keyToVolumeEnvelopeDecay, timecentsPerKey)
    }

    /// Low-pass cutoff in hertz (stored as absolute cents).
    public static func filterCutoff(hertz: Double) -> Self {
        .init(.initialFilterCutoff, clamped(1200 * log2(hertz / 8.176), 1500...13500))
    }

    public static func sampleMode(_ mode: SampleMode) -> Self {
        .init(.sampleModes, Int16(mode.rawValue))
    }

    /// Plays the sample at its recorded pitch on this key, whatever its `originalKey` says.
    public static func overridingRootKey(_ key: UInt8) -> Self {
        .init(.overridingRootKey, Int16(key))
    }

    /// A new note in the same nonzero class cuts the sounding ones (hi-hat choke).
    public static func exclusiveClass(_ group: UInt16) -> Self {
        .init(.exclusiveClass, Int16(truncatingIfNeeded: group))
    }

    public static func coarseTune(semitones: Int16) -> Self {
        .init(.coarseTune, semitones)
    }

    public static func fineTune(cents: Int16) -> Self {
        .init(.fineTune, cents)
    }

    public static func reverbSend(_ fraction: Double) -> Self {
        .init(.reverbEffectsSend, clamped(fraction * 1000, 0...1000))
    }

    /// Seconds as SF2 timecents (1200 · log2 s); zero or less maps to the shortest time.
    static func timecents(_ seconds: Double) -> Int16 {
        guard seconds > 0.001 else { return -12000 }
        return clamped(1200 * log2(seconds), -12000...8000)
    }

    private static func clamped(_ value: Double, _ range: ClosedRange<Double>) -> Int16 {
        Int16(min(max(value, range.lowerBound), range.upperBound).rounded())
    }
}
