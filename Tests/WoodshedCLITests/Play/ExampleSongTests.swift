import Foundation
import Testing

/// The example songs the project ships (made by `make-examples`) play: the DTX with its chips and
/// BGM, and the song folder with its stems.
@Suite struct ExampleSongTests {
    static let charts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("charts")

    @Test func theDTXExamplePlaysItsChipsAndItsBGM() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let chart = Self.charts.appendingPathComponent("chip-groove/chip-groove.dtx").path
        let info = try WoodshedBinary.run(["chart", "info", chart, "--json"])
        #expect(info.status == 0, "\(info.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as! [String: Any]
        let sounds = try #require(object["sounds"] as? [[String: Any]])
        #expect(sounds.count == 8 && sounds.allSatisfy { $0["found"] as? Bool == true }, "\(sounds)")
        let result = try WoodshedBinary.run(["play", chart, "--input", "sim", "--no-store", "--preset", "hands",
                                             "--wav", dir.appendingPathComponent("out.wav").path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("song: bgm.ogg\n"), "\(result.stdout)")
        #expect(result.stdout.contains("chart sounds: 7 sound files, your hits play them"), "\(result.stdout)")
    }

    @Test func theSongFolderExamplePlaysItsStemsWithTheDrumsMuted() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = Self.charts.appendingPathComponent("example-song").path
        let result = try WoodshedBinary.run(["play", folder, "--input", "sim", "--no-store", "--speed", "75",
                                             "--wav", dir.appendingPathComponent("out.wav").path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("Four Chords"), "\(result.stdout)")
        #expect(result.stdout.contains("song: song.ogg, drums.ogg (muted)"), "\(result.stdout)")
    }
}
