import Foundation

/// The mixer's five channels, each with its own volume and mute — named as a drummer thinks of them.
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
}

/// Volume and mute of one channel.
public struct ChannelLevel: Hashable, Sendable {
    /// 0–100 %: the fraction of the channel's full level (100 = as it is).
    public var volume: Double
    public var muted: Bool

    public init(volume: Double = 100, muted: Bool = false) {
        self.volume = min(max(volume, 0), 100)
        self.muted = muted
    }

    /// The linear factor the mixer multiplies by.
    public var linearGain: Float {
        muted ? 0 : Float(volume / 100)
    }
}
