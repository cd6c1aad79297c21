import Foundation
import Testing

/// `woodshed chart info` lists the chart's audio: found or not, its codec, rate, channels and length,
/// or why it cannot be played; a file reached through a link out of the chart's folder is refused.
@Suite struct ChartInfoAudioTests {
    /// A mono 16-bit WAV of `frames` frames of silence at `rate`, written byte by byte.
    static func wav(frames: Int, rate: Int) -> Data {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let data = frames * 2
        var bytes = Array("RIFF".utf8) + le32(36 + data) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16)
        bytes += Array("data".utf8) + le32(data) + [UInt8](repeating: 0, count: data)
        return Data(bytes)
    }

    func chart(in dir: URL, backing: String) throws -> String {
        let path = dir.appendingPathComponent("song.wchart").path
        try "title: Song\nbpm: 120\nbacking: \(backing)\nbacking-offset: -250\n\nmeasure\nkick x---\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aReadableFileIsDescribed() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.wav(frames: 4_800, rate: 48_000).write(to: dir.appendingPathComponent("take.wav"))
        let path = try chart(in: dir, backing: "take.wav")
        let text = try WoodshedBinary.run(["chart", "info", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.lines.contains("backing:    take.wav at -250.000 ms — WAV, 48000 Hz, mono, 0:00.1"), "\(text.stdout)")
        let json = try WoodshedBinary.run(["chart", "info", path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let backing = try #require(object["backing"] as? [String: Any])
        #expect(backing["file"] as? String == "take.wav")
        #expect(backing["offset_ms"] as? Double == -250)
        #expect(backing["found"] as? Bool == true)
        #expect(backing["format"] as? String == "WAV")
        #expect(backing["sample_rate"] as? Int == 48_000)
        #expect(backing["channels"] as? Int == 1)
        #expect(backing["seconds"] as? Double == 0.1)
        #expect(backing["problem"] is NSNull)
    }

    /// DTXMania's BGM adjustment, kept in the `.score.ini` beside a DTX chart, moves the song.
    @Test func aDTXChartsBGMAdjustIsShownAndApplied() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.wav(frames: 4_800, rate: 48_000).write(to: dir.appendingPathComponent("bgm.wav"))
        let path = dir.appendingPathComponent("song.dtx").path
        try "#BPM: 120\n#WAV01: bgm.wav\n#00001: 01\n#00013: 0101\n".write(toFile: path, atomically: true, encoding: .utf8)
        try "[File]\r\nTitle=Song\r\nBGMAdjust=-30\r\n".write(toFile: path + ".score.ini", atomically: true, encoding: .utf8)
        let text = try WoodshedBinary.run(["chart", "info", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.lines.contains("backing:    bgm.wav at -30.000 ms — WAV, 48000 Hz, mono, 0:00.1"), "\(text.stdout)")
        #expect(text.lines.contains("bgm adjust: -30 ms (DTXMania's, from song.dtx.score.ini; applied to the song and sound effects)"), "\(text.stdout)")
        let json = try WoodshedBinary.run(["chart", "info", path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["bgm_adjust_ms"] as? Double == -30)
        #expect((object["backing"] as? [String: Any])?["offset_ms"] as? Double == -30)
    }

    @Test func aMissingOrUnplayableFileIsSaidInOneLineAndTheChartStillReads() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try WoodshedBinary.run(["chart", "info", try chart(in: dir, backing: "gone.ogg")])
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.lines.contains("backing:    gone.ogg at -250.000 ms — not found beside the chart"), "\(missing.stdout)")

        FileManager.default.createFile(atPath: dir.appendingPathComponent("empty.ogg").path, contents: Data())
        let empty = try WoodshedBinary.run(["chart", "info", try chart(in: dir, backing: "empty.ogg"), "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [String: Any])
        let backing = try #require(object["backing"] as? [String: Any])
        #expect(backing["found"] as? Bool == true)
        #expect(backing["format"] is NSNull)
        let folder = dir.standardizedFileURL.resolvingSymlinksInPath().path
        #expect(backing["problem"] as? String == "\(folder)/empty.ogg: the audio file is empty (0 bytes); copy it again from where it came from")
    }

    @Test func aLinkOutOfTheChartsFolderIsRefused() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outside = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try Self.wav(frames: 480, rate: 48_000).write(to: outside.appendingPathComponent("secret.wav"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("song.wav").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.wav").path)
        let path = try chart(in: dir, backing: "song.wav")
        let run = try WoodshedBinary.run(["chart", "info", path])
        #expect(run.status == 1)
        #expect(run.stderr == "woodshed: \(path): backing track 'song.wav' is outside the chart's folder (through '..', a leading '/' or a link out of it); put the audio file itself beside the chart\n")
    }
}

/// A DTX chart's own sounds (`#WAVzz`): counted, and each one that cannot be played named with why.
@Suite struct ChartInfoSoundsTests {
    @Test func everyChipFileIsCheckedAndTheProblemsNamed() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ChartInfoAudioTests.wav(frames: 4_800, rate: 44_100).write(to: dir.appendingPathComponent("bgm.wav"))
        try ChartInfoAudioTests.wav(frames: 441, rate: 44_100).write(to: dir.appendingPathComponent("snare.wav"))
        FileManager.default.createFile(atPath: dir.appendingPathComponent("tom.m4a").path, contents: Data("ftypM4A ".utf8))
        let dtx = dir.appendingPathComponent("song.dtx").path
        try """
        #TITLE: Chips
        #BPM: 120
        #WAV01: bgm.wav
        #WAV02: snare.wav
        #WAVVOL02: 80
        #WAV03: gone.wav
        #WAV04: ../elsewhere.wav
        #WAV0A: tom.m4a
        #00101: 01
        #00112: 02020202

        """.write(toFile: dtx, atomically: true, encoding: .utf8)
        let text = try WoodshedBinary.run(["chart", "info", dtx])
        #expect(text.status == 0, "\(text.stderr)")
        let pad = String(repeating: " ", count: 12)
        #expect(text.lines.contains("sounds:     5 sound files, 2 playable, 2 not found, 1 unreadable"), "\(text.stdout)")
        #expect(text.lines.contains(pad + "#WAV03 gone.wav: not found beside the chart"), "\(text.stdout)")
        #expect(text.lines.contains(pad + "#WAV04 ../elsewhere.wav: outside the chart's folder (through '..', a leading '/' or a link out of it): not read"),
                "\(text.stdout)")
        #expect(text.lines.contains(pad + "#WAV0A tom.m4a: Woodshed cannot read AAC (.m4a) audio; convert it to Ogg Vorbis, Opus, FLAC, MP3 or WAV"),
                "\(text.stdout)")

        let json = try WoodshedBinary.run(["chart", "info", dtx, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sounds = try #require(object["sounds"] as? [[String: Any]])
        #expect(sounds.map { $0["chip"] as? String } == ["01", "02", "03", "04", "0A"])
        #expect(sounds.map { $0["found"] as? Bool } == [true, true, false, false, true])
        #expect(sounds[1]["volume"] as? Int == 80)
        #expect(sounds[1]["format"] as? String == "WAV")
        #expect(sounds[1]["seconds"] as? Double == 0.01)
        #expect(sounds[0]["volume"] is NSNull)
        #expect(sounds[4]["format"] is NSNull)
    }

    @Test func aChartWithoutChipsListsNoSounds() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = dir.appendingPathComponent("plain.wchart").path
        try "title: Plain\nbpm: 120\n\nmeasure\nkick x---\n".write(toFile: chart, atomically: true, encoding: .utf8)
        let text = try WoodshedBinary.run(["chart", "info", chart])
        #expect(!text.stdout.contains("sounds:"))
        let json = try WoodshedBinary.run(["chart", "info", chart, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["sounds"] as? [Any])?.isEmpty == true)
    }
}
