/// The mixer's five channels, each with its own volume and mute — named as a drummer thinks of them.
/// One type for the mixer, the config file's `[mixer]`, `--volume` and the remembered volumes.
public enum MixerChannel: String, CaseIterable, Sendable {
    /// Everything, after the others are summed.
    case master
    /// The chart's song: its backing audio or a song folder's stems.
    case song
    /// The chart's own sounds: DTX chips and the voices played for you (autoplay).
    case chart
    /// What you play, sounded through FluidSynth.
    case kit
    /// The metronome.
    case click

    /// A channel by name, also by the names earlier versions used: metronome → click,
    /// feedback → kit, backing → song.
    public init?(name: String) {
        switch name {
        case "metronome": self = .click
        case "feedback": self = .kit
        case "backing": self = .song
        default: self.init(rawValue: name)
        }
    }
}

/// Volume and mute of one channel.
public struct ChannelLevel: Hashable, Sendable {
    /// 0–100 %: the fraction of the channel's full level (100 = as it is).
    public var volume: Double
    public var muted: Bool

    public static let volumeRange: ClosedRange<Double> = 0...100

    public init(volume: Double = 100, muted: Bool = false) {
        self.volume = min(max(volume, 0), 100)
        self.muted = muted
    }

    /// The linear amplitude factor to multiply samples by (0 when muted).
    public var amplitude: Double { muted ? 0 : volume / 100 }

    /// The same, as the mixer multiplies by.
    public var linearGain: Float { Float(amplitude) }
}
