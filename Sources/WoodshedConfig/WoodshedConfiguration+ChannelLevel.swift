import Foundation
import WoodshedCore

extension WoodshedConfiguration {
    /// The level of one mixer channel (the mixer's own type).
    public typealias ChannelLevel = WoodshedCore.ChannelLevel
    /// The mixer channels by name, as in the `[mixer]` table (the mixer's own type).
    public typealias MixerChannel = WoodshedCore.MixerChannel
}

extension ChannelLevel {
    /// `gain-db`, the older way to write a level: -60 dB (0.1 %) up to +12 dB, which earlier
    /// versions allowed; the mixer no longer boosts, so anything above 0 dB is 100 %.
    public static let decibelRange: ClosedRange<Double> = -60...12

    /// The volume that `decibels` of gain is (0 dB = 100 %, -6 dB ≈ 50 %; above 0 dB, 100 %).
    public static func volume(decibels: Double) -> Double { min(100, 100 * pow(10, decibels / 20)) }
}
