import CSndFile
import Foundation
import WoodshedCore

/// What an audio file is — its codec, rate, channels and length — read from its header by
/// libsndfile without decoding it, so `chart info` can list a song's files in an instant and say
/// plainly why one cannot be played.
public struct AudioFileInfo: Sendable, Equatable {
    /// A name a musician knows: "WAV", "FLAC", "Ogg Vorbis", "Opus", "MP3", "AIFF".
    public var format: String
    public var sampleRate: Int
    public var channels: Int
    public var frames: Int64

    public var seconds: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }

    public init(format: String, sampleRate: Int, channels: Int, frames: Int64) {
        self.format = format
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
    }

    /// Formats libsndfile does not read, by extension, with what they are: named so the message says
    /// what to do rather than libsndfile's "unknown format".
    static let unreadable: [String: String] = [
        "m4a": "AAC (.m4a)", "aac": "AAC", "mp4": "AAC in MP4", "alac": "Apple Lossless",
        "wma": "Windows Media Audio", "ape": "Monkey's Audio", "wv": "WavPack", "ac3": "Dolby Digital",
    ]

    /// Reads the header of the file at `path`.
    /// - Throws: `WoodshedError`, one line naming the file, what is wrong and what to do.
    public init(path: String) throws {
        let (file, info) = try Self.open(path)
        sf_close(file)
        self = info
    }

    /// Opens the file at `path` with libsndfile after the checks above: the open file (the caller
    /// closes it) and what it is.
    static func open(_ path: String) throws -> (file: OpaquePointer, info: AudioFileInfo) {
        let ext = (path as NSString).pathExtension.lowercased()
        if let kind = Self.unreadable[ext] {
            throw WoodshedError("\(path): Woodshed cannot read \(kind) audio; convert it to Ogg Vorbis, Opus, FLAC, MP3 or WAV")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else {
            throw WoodshedError("\(path): audio file not found")
        }
        guard size > 0 else {
            throw WoodshedError("\(path): the audio file is empty (0 bytes); copy it again from where it came from")
        }
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            let reason = String(cString: sf_strerror(nil))
            throw WoodshedError("\(path): cannot read this audio (libsndfile: \(reason)); it may be truncated or not audio — export it again as Ogg, FLAC or WAV")
        }
        guard info.frames > 0, info.samplerate > 0, info.channels > 0 else {
            sf_close(file)
            throw WoodshedError("\(path): the file holds no audio; export it again as Ogg, FLAC or WAV")
        }
        return (file, AudioFileInfo(format: Self.name(of: info.format), sampleRate: Int(info.samplerate),
                                    channels: Int(info.channels), frames: Int64(info.frames)))
    }

    /// The musician's name of a libsndfile format code (container and codec).
    static func name(of format: Int32) -> String {
        let major = format & Int32(SF_FORMAT_TYPEMASK)
        let codec = format & Int32(SF_FORMAT_SUBMASK)
        switch major {
        case Int32(SF_FORMAT_WAV), Int32(SF_FORMAT_WAVEX), Int32(SF_FORMAT_RF64): return "WAV"
        case Int32(SF_FORMAT_AIFF): return "AIFF"
        case Int32(SF_FORMAT_FLAC): return "FLAC"
        case Int32(SF_FORMAT_OGG): return codec == Int32(SF_FORMAT_OPUS) ? "Opus" : "Ogg Vorbis"
        case Int32(SF_FORMAT_MPEG): return "MP3"
        default:
            var info = SF_FORMAT_INFO()
            info.format = major
            guard sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0,
                  let name = info.name else { return "audio" }
            return String(cString: name)
        }
    }

    /// "Ogg Vorbis, 44100 Hz, stereo, 3:41.2": what `chart info` prints.
    public var summary: String {
        let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels"
        let total = seconds
        let minutes = Int(total / 60)
        return "\(format), \(sampleRate) Hz, \(layout), " + String(format: "%d:%04.1f", minutes, total - Double(minutes * 60))
    }
}
