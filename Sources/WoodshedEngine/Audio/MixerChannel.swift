import Foundation

/// The mixer's channels, each with its own gain and mute.
public enum MixerChannel: String, CaseIterable, Sendable {
    /// Everything, after the other three are summed.
    case master
    /// The synthesized click.
    case metronome
    /// What the player plays, sounded through FluidSynth.
    case feedback
    /// A backing track (songs with audio).
    case backing
}

/// Gain and mute of one channel.
public struct ChannelLevel: Hashable, Sendable {
    /// Gain in decibels (0 = unity).
    public var gainDecibels: Double
    public var muted: Bool

    public init(gainDecibels: Double = 0, muted: Bool = false) {
        self.gainDecibels = gainDecibels
        self.muted = muted
    }

    /// The linear factor the mixer multiplies by.
    public var linearGain: Float {
        muted ? 0 : Float(pow(10, gainDecibels / 20))
    }
}
