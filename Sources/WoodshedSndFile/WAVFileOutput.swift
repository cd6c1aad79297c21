import CSndFile
import WoodshedCore
import WoodshedEngine

/// Writes the mix to a WAV file through libsndfile (`--wav FILE`).
///
/// Offline renders write as fast as the CPU allows; nothing here paces them.
public final class WAVFileOutput: AudioOutput {
    public let path: String
    public let format: AudioFormat
    /// 16-bit PCM (the default, plays everywhere) or 32-bit float (exact, for analysis).
    public enum SampleFormat: Sendable { case pcm16, float32 }
    public let sampleFormat: SampleFormat
    private var file: OpaquePointer?

    public init(path: String, format: AudioFormat, sampleFormat: SampleFormat = .pcm16) {
        self.path = path
        self.format = format
        self.sampleFormat = sampleFormat
    }

    public var name: String { "wav:\(path)" }
    public var isRealTime: Bool { false }

    public func start() throws {
        var info = SF_INFO()
        info.samplerate = Int32(format.sampleRate)
        info.channels = Int32(format.channels)
        let subtype = sampleFormat == .pcm16 ? SF_FORMAT_PCM_16 : SF_FORMAT_FLOAT
        info.format = Int32(SF_FORMAT_WAV | subtype)
        guard let handle = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw WoodshedError("\(path): cannot write the WAV file (\(String(cString: sf_strerror(nil)))); "
                                + "check that its folder exists and is writable")
        }
        // Clip instead of wrapping when float samples exceed ±1 on conversion to integers.
        sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        file = handle
    }

    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws {
        guard let file, let base = interleaved.baseAddress else { return }
        let frames = sf_count_t(interleaved.count / format.channels)
        let written = sf_writef_float(file, base, frames)
        if written != frames {
            throw WoodshedError("\(path): write failed (\(String(cString: sf_strerror(file)))); is the disk full?")
        }
    }

    public func stop() throws {
        guard let file else { return }
        self.file = nil
        if sf_close(file) != 0 {
            throw WoodshedError("\(path): could not finish the WAV file; is the disk full?")
        }
    }
}
