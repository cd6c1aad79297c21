import CSndFile
import Foundation
import WoodshedCore

/// Writes interleaved float audio to a file in any codec libsndfile encodes: for generated test
/// songs, the example song folder and exported takes.
public enum AudioFileWriter {
    /// The codecs a file can be written in, named as musicians know them.
    public enum Codec: String, CaseIterable, Sendable {
        case wav, flac, ogg, opus, mp3

        var format: Int32 {
            switch self {
            case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
            case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
            case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
            case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
            case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
            }
        }
    }

    /// Writes `samples` (interleaved, `channels` per frame) to `path`.
    public static func write(_ samples: [Float], channels: Int, sampleRate: Int, codec: Codec, to path: String) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = codec.format
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw WoodshedError("\(path): cannot write \(codec.rawValue) audio (libsndfile: \(String(cString: sf_strerror(nil))))")
        }
        let frames = samples.count / max(channels, 1)
        // In blocks: libsndfile's Vorbis encoder crashes on one very large write.
        var written = 0
        samples.withUnsafeBufferPointer { all in
            while written < frames {
                let n = min(16_384, frames - written)
                let done = Int(sf_writef_float(file, all.baseAddress! + written * channels, sf_count_t(n)))
                written += done
                if done < n { break }
            }
        }
        sf_close(file)
        if written != frames { throw WoodshedError("\(path): wrote \(written) of \(frames) frames; is the disk full?") }
    }
}
