import Foundation

extension WoodshedConfiguration {
    /// The level of one mixer channel: a gain in decibels and a mute switch.
    public struct ChannelLevel: Hashable, Sendable {
        /// Gain in dB (0 = unchanged; -6 ≈ half the amplitude). Valid -60…+12.
        public var gainDecibels: Double
        public var muted: Bool

        public init(gainDecibels: Double = 0, muted: Bool = false) {
            self.gainDecibels = gainDecibels
            self.muted = muted
        }

        /// The linear amplitude factor to multiply samples by (0 when muted).
        public var amplitude: Double { muted ? 0 : pow(10, gainDecibels / 20) }

        public static let decibelRange: ClosedRange<Double> = -60...12
    }
}
