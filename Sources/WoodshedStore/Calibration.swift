import Foundation
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// A measured latency offset for one input source heard through one audio output.
///
/// The pair matters: the same pads through USB audio and through HDMI are different offsets.
public struct Calibration: Hashable, Sendable, Codable {
    /// The MIDI input's name as the sequencer lists it ("TD-17").
    public var inputSource: String
    /// The audio output's name ("hw:1,0", "default").
    public var audioOutput: String
    /// How late hits arrive (positive = late); judges subtract it from hit times (`LatencyOffset`).
    public var offsetMs: Double
    public var measuredAt: Date

    public init(inputSource: String, audioOutput: String, offsetMs: Double, measuredAt: Date = Date()) {
        self.inputSource = inputSource
        self.audioOutput = audioOutput
        self.offsetMs = offsetMs
        self.measuredAt = measuredAt
    }
}
