import Foundation
import Testing
@testable import WoodshedCore

/// Fixtures and oracles are written by `scripts/make-midi-fixtures.py` with mido.
enum MIDIFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    struct Oracle: Decodable {
        struct NoteOn: Decodable { var time_ms: Double; var channel: Int; var note: Int; var velocity: Int }
        var format: Int
        var ticks_per_beat: Int
        var note_ons: [NoteOn]
    }

    static func oracle(_ name: String) throws -> Oracle {
        try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: folder.appendingPathComponent(name.replacingOccurrences(of: ".mid", with: ".expected.json"))))
    }
}

@Suite struct StandardMIDIFileTests {
    @Test(arguments: ["gm-format0.mid", "gm-format1.mid", "rb-drums.mid"])
    func noteOnsMatchMido(_ name: String) throws {
        let smf = try StandardMIDIFile(bytes: MIDIFixtures.bytes(name), file: name)
        let oracle = try MIDIFixtures.oracle(name)
        #expect(smf.format == oracle.format)
        #expect(smf.division == .ticksPerQuarter(oracle.ticks_per_beat))
        let ons = smf.noteOns()
        try #require(ons.count == oracle.note_ons.count)
        for (mine, theirs) in zip(ons, oracle.note_ons) {
            #expect(abs(mine.time.milliseconds - theirs.time_ms) < 0.001, "\(name): \(mine) vs \(theirs)")
            #expect(Int(mine.channel) == theirs.channel)
            #expect(Int(mine.note) == theirs.note)
            #expect(Int(mine.velocity) == theirs.velocity)
        }
    }

    @Test func formatZeroTempoChangesMidMeasure() throws {
        let smf = try StandardMIDIFile(bytes: MIDIFixtures.bytes("gm-format0.mid"), file: "f0")
        let map = smf.tempoMap
        // 4 beats at 120, then one beat at 90 (666 667 µs per quarter), then one at 150.
        let atNinety: Double = 2000 + 666.667
        let atOneFifty: Double = atNinety + 400
        #expect(map.time(atTick: 1920) == .milliseconds(2000))
        #expect(map.time(atTick: 2400) == .milliseconds(atNinety))
        #expect(map.time(atTick: 2880) == .milliseconds(atOneFifty))
    }

    @Test func runningStatusSysexAndMeta() throws {
        // One track: note-on ch10 with running status for a second note, a sysex between, a meta.
        let track: [UInt8] = [
            0x00, 0x99, 36, 100,        // note on
            0x00, 38, 90,               // running status: note on 38
            0x60, 0xF0, 0x03, 0x7E, 0x7F, 0xF7,  // sysex
            0x00, 0xFF, 0x01, 0x02, 0x68, 0x69,  // text "hi"
            0x00, 42, 80,               // running status still 0x99
            0x83, 0x60, 0x99, 36, 0,    // note on velocity 0 = off (delta 480)
            0x00, 0xFF, 0x2F, 0x00,
        ]
        var bytes: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0]
        bytes += Array("MTrk".utf8) + [0, 0, 0, UInt8(track.count)] + track
        let smf = try StandardMIDIFile(bytes: bytes, file: "rs.mid")
        let ons = smf.noteOns()
        #expect(ons.map(\.note) == [36, 38, 42])
        #expect(ons.map(\.tick) == [0, 0, 96])
        #expect(ons[2].time == .milliseconds(100))  // 96 ticks at 480 ppq, 120 BPM
        #expect(smf.tracks[0].events.contains { $0.text?.text == "hi" })
    }

    @Test func writerRoundTrips() throws {
        let smf = try StandardMIDIFile(bytes: MIDIFixtures.bytes("rb-drums.mid"), file: "rb")
        let again = try StandardMIDIFile(bytes: smf.serialized(), file: "again")
        #expect(again == smf)
    }

    @Test func badFilesGiveOneLineErrors() {
        #expect(throws: WoodshedError.self) { try StandardMIDIFile(bytes: Array("hello world, not midi".utf8), file: "x.mid") }
        var bytes: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0]
        bytes += Array("MTrk".utf8) + [0, 0, 0, 3, 0x00, 0x40, 0x40]  // data byte without status
        do {
            _ = try StandardMIDIFile(bytes: bytes, file: "bad.mid")
            Issue.record("expected an error")
        } catch let error as WoodshedError {
            #expect(error.message.hasPrefix("bad.mid: byte 23:"))
        } catch { Issue.record("unexpected \(error)") }
    }
}
