import Foundation

extension WoodshedConfiguration {
    /// The level of one mixer channel: a volume in percent and a mute switch.
    public struct ChannelLevel: Hashable, Sendable {
        /// 0–100 % of the channel's full level.
        public var volume: Double
        public var muted: Bool

        public init(volume: Double = 100, muted: Bool = false) {
            self.volume = volume
            self.muted = muted
        }

        /// The linear amplitude factor to multiply samples by (0 when muted).
        public var amplitude: Double { muted ? 0 : volume / 100 }

        public static let volumeRange: ClosedRange<Double> = 0...100
        /// `gain-db`, the older way to write a level: -60 dB (0.1 %) up to 0 dB (100 %).
        public static let decibelRange: ClosedRange<Double> = -60...0

        /// The volume that `decibels` of gain is (0 dB = 100 %, -6 dB ≈ 50 %).
        public static func volume(decibels: Double) -> Double { 100 * pow(10, decibels / 20) }
    }

    /// The mixer channels by name, as in the `[mixer]` table (and the `--volume` option).
    public enum MixerChannel: String, CaseIterable, Sendable {
        case master, song, chart, kit, click

        /// The names earlier versions used, still read: metronome → click, feedback → kit, backing → song.
        public init?(name: String) {
            switch name {
            case "metronome": self = .click
            case "feedback": self = .kit
            case "backing": self = .song
            default: self.init(rawValue: name)
            }
        }
    }
}
