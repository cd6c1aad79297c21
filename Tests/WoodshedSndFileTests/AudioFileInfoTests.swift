import CSndFile
import Foundation
import Testing
import WoodshedCore
@testable import WoodshedSndFile

/// `AudioFileInfo` names each codec a song folder holds, and says in one line why a file cannot be played.
@Suite struct AudioFileInfoTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-info-\(getpid())-\(name)").path
    }

    /// Writes `frames` frames of silence with libsndfile in `format`.
    func write(_ name: String, format: Int32, rate: Int32, channels: Int32, frames: Int) throws -> String {
        let path = temporaryPath(name)
        var info = SF_INFO()
        info.samplerate = rate
        info.channels = channels
        info.format = format
        let file = try #require(sf_open(path, Int32(SFM_WRITE), &info), "libsndfile cannot write \(name)")
        let silence = [Float](repeating: 0, count: frames * Int(channels))
        _ = silence.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
        sf_close(file)
        return path
    }

    @Test func eachCodecIsNamedWithItsRateChannelsAndLength() throws {
        let cases: [(String, Int32, Int32, Int32, Int, String)] = [
            ("a.wav", Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), 48_000, 2, 24_000, "WAV"),
            ("b.flac", Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16), 44_100, 1, 44_100, "FLAC"),
            ("c.ogg", Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), 44_100, 2, 22_050, "Ogg Vorbis"),
            ("d.opus", Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS), 48_000, 2, 48_000, "Opus"),
            ("e.mp3", Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), 44_100, 2, 44_100, "MP3"),
            ("f.aiff", Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24), 96_000, 2, 9_600, "AIFF"),
        ]
        for (name, format, rate, channels, frames, expected) in cases {
            let path = try write(name, format: format, rate: rate, channels: channels, frames: frames)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let info = try AudioFileInfo(path: path)
            #expect(info.format == expected, "\(name)")
            #expect(info.sampleRate == Int(rate), "\(name)")
            #expect(info.channels == Int(channels), "\(name)")
            // The lossy codecs round the length to their frames; WAV, FLAC and AIFF keep it exactly.
            if ["WAV", "FLAC", "AIFF"].contains(expected) { #expect(info.frames == Int64(frames), "\(name)") }
            #expect(abs(info.seconds - Double(frames) / Double(rate)) < 0.1, "\(name): \(info.seconds) s")
        }
    }

    @Test func theSummaryReadsLikeAPlayerList() {
        #expect(AudioFileInfo(format: "Ogg Vorbis", sampleRate: 44_100, channels: 2, frames: 44_100 * 221 + 8_820).summary
                == "Ogg Vorbis, 44100 Hz, stereo, 3:41.2")
        #expect(AudioFileInfo(format: "WAV", sampleRate: 48_000, channels: 1, frames: 24_000).summary == "WAV, 48000 Hz, mono, 0:00.5")
        #expect(AudioFileInfo(format: "FLAC", sampleRate: 48_000, channels: 6, frames: 48_000 * 60).summary == "FLAC, 48000 Hz, 6 channels, 1:00.0")
    }

    @Test func whatCannotBePlayedIsOneLineSayingWhatToDo() throws {
        let empty = temporaryPath("empty.ogg")
        FileManager.default.createFile(atPath: empty, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: WoodshedError("\(empty): the audio file is empty (0 bytes); copy it again from where it came from")) {
            try AudioFileInfo(path: empty)
        }

        let aac = temporaryPath("song.m4a")
        FileManager.default.createFile(atPath: aac, contents: Data("ftypM4A ".utf8))
        defer { try? FileManager.default.removeItem(atPath: aac) }
        #expect(throws: WoodshedError("\(aac): Woodshed cannot read AAC (.m4a) audio; convert it to Ogg Vorbis, Opus, FLAC, MP3 or WAV")) {
            try AudioFileInfo(path: aac)
        }

        #expect(throws: WoodshedError("/no/such/song.ogg: audio file not found")) { try AudioFileInfo(path: "/no/such/song.ogg") }

        let garbage = temporaryPath("garbage.ogg")
        FileManager.default.createFile(atPath: garbage, contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }))
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        do {
            _ = try AudioFileInfo(path: garbage)
            Issue.record("garbage was read as audio")
        } catch let error as WoodshedError {
            #expect(error.message.hasPrefix("\(garbage): cannot read this audio (libsndfile: "), "\(error.message)")
            #expect(error.message.hasSuffix("); it may be truncated or not audio — export it again as Ogg, FLAC or WAV"))
            #expect(!error.message.contains("\n"))
        }
    }
}
