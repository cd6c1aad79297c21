import Foundation
import Testing
@testable import WoodshedCore

/// A song folder's stems are found as the games find them.
@Suite struct SongFolderTests {
    func folder(with files: [String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for f in files { try Data([1]).write(to: dir.appendingPathComponent(f)) }
        return dir
    }

    @Test func stemsInTheirOrderWithOneFilePerStem() throws {
        let dir = try folder(with: ["guitar.ogg", "song.opus", "song.mp3", "preview.ogg", "crowd.wav", "notes.chart", "album.png", "vocals_1.flac"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(SongFolder.stems(in: dir).map(\.file) == ["song.opus", "guitar.ogg", "vocals_1.flac", "crowd.wav"])
    }

    @Test func aPlainDrumStemIsLeftOutWhenNumberedOnesExist() throws {
        let numbered = try folder(with: ["drums.ogg", "drums_1.ogg", "drums_2.ogg", "song.ogg"])
        let plain = try folder(with: ["drums.ogg", "song.ogg"])
        defer { for d in [numbered, plain] { try? FileManager.default.removeItem(at: d) } }
        #expect(SongFolder.stems(in: numbered).map(\.name) == ["song", "drums_1", "drums_2"])
        #expect(SongFolder.stems(in: numbered).map(\.isDrums) == [false, true, true])
        #expect(SongFolder.stems(in: plain).map(\.name) == ["song", "drums"])
    }

    @Test func theChartIsPickedAsYARGPicksIt() throws {
        let both = try folder(with: ["notes.chart", "notes.mid"])
        let chartOnly = try folder(with: ["notes.chart"])
        let none = try folder(with: ["song.ogg"])
        defer { for d in [both, chartOnly, none] { try? FileManager.default.removeItem(at: d) } }
        #expect(try SongFolder.chart(in: both.path).hasSuffix("/notes.mid"))
        #expect(try SongFolder.chart(in: chartOnly.path).hasSuffix("/notes.chart"))
        #expect(throws: WoodshedError.self) { try SongFolder.chart(in: none.path) }
    }
}
