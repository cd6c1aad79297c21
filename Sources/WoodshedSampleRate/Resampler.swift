import CSampleRate
import WoodshedCore

/// libsamplerate: converts interleaved stereo audio from one sample rate to another with a
/// band-limited sinc filter — never by dropping or repeating samples.
///
/// The one place libsamplerate is called. A song at 44.1 kHz plays through a 48 kHz output through
/// one of these. The converter's output is aligned with its input (libsamplerate holds output back
/// until it has the look-ahead it needs), so input frame `i` sounds at output frame `i × ratio`.
public final class Resampler {
    public let inputRate: Int
    public let outputRate: Int
    /// Output frames per input frame: the rates' ratio, divided by a varispeed (a tape played
    /// faster: fewer output frames per input frame, every pitch higher by the same factor).
    public private(set) var ratio: Double
    private let state: OpaquePointer

    /// The converter quality: medium sinc (libsamplerate's own advice for real-time audio: transparent,
    /// a third of the best quality's CPU).
    public init(from inputRate: Int, to outputRate: Int) throws {
        guard inputRate > 0, outputRate > 0, src_is_valid_ratio(Double(outputRate) / Double(inputRate)) != 0 else {
            throw WoodshedError("cannot convert audio from \(inputRate) Hz to \(outputRate) Hz")
        }
        var error: Int32 = 0
        guard let state = src_new(Int32(SRC_SINC_MEDIUM_QUALITY), 2, &error) else {
            throw WoodshedError("libsamplerate: \(String(cString: src_strerror(error)))")
        }
        self.state = state
        self.inputRate = inputRate
        self.outputRate = outputRate
        ratio = Double(outputRate) / Double(inputRate)
    }

    deinit { src_delete(state) }

    /// Forgets the audio so far (after a seek) and plays what comes next `varispeed` times as fast
    /// (1: the rates' own ratio).
    public func reset(varispeed: Double = 1) {
        src_reset(state)
        ratio = Double(outputRate) / Double(inputRate) / varispeed
    }

    /// Whether libsamplerate can play audio `varispeed` times as fast between these rates.
    public func canPlay(varispeed: Double) -> Bool {
        src_is_valid_ratio(Double(outputRate) / Double(inputRate) / varispeed) != 0
    }

    /// Converts: reads up to `frames` input frames, writes up to `capacity` output frames.
    /// - Returns: how many input frames were used and how many output frames were written.
    public func process(_ input: UnsafePointer<Float>, frames: Int, into output: UnsafeMutablePointer<Float>, capacity: Int,
                        endOfInput: Bool = false) throws -> (used: Int, written: Int) {
        var data = SRC_DATA()
        data.data_in = input
        data.data_out = output
        data.input_frames = frames
        data.output_frames = capacity
        data.end_of_input = endOfInput ? 1 : 0
        data.src_ratio = ratio
        let error = src_process(state, &data)
        if error != 0 { throw WoodshedError("libsamplerate: \(String(cString: src_strerror(error)))") }
        return (Int(data.input_frames_used), Int(data.output_frames_gen))
    }
}
