import Foundation
import Testing
import WoodshedCore
@testable import WoodshedFluidSynth

/// The real FluidSynth, with the project's own bundled kit.
@Suite struct FluidSynthInstrumentTests {
    static var kit: String {
        // Tests run from the package root.
        FileManager.default.currentDirectoryPath + "/soundfonts/woodshed-kit.sf2"
    }

    func peak(_ synth: FluidSynthInstrument, frames: Int) -> Float {
        var left = [Float](repeating: 0, count: frames)
        var right = [Float](repeating: 0, count: frames)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in synth.render(frames: frames, left: l.baseAddress!, right: r.baseAddress!) }
        }
        return max(left.map(abs).max()!, right.map(abs).max()!)
    }

    @Test func loadsTheBundledKitAndSoundsADrum() throws {
        let synth = try FluidSynthInstrument(soundFontPath: Self.kit, sampleRate: 48_000)
        #expect(peak(synth, frames: 4800) == 0)  // silence before any note
        synth.noteOn(channel: 10, note: 38, velocity: 120)
        #expect(peak(synth, frames: 4800) > 0.01)
    }

    @Test func soundsAPitchedNoteOnChannelOne() throws {
        let synth = try FluidSynthInstrument(soundFontPath: Self.kit, sampleRate: 44_100)
        synth.noteOn(channel: 1, note: 60, velocity: 100)
        #expect(peak(synth, frames: 4410) > 0.01)
        synth.allNotesOff()
    }

    @Test func aBadSoundFontIsOneClearError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).sf2").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try FluidSynthInstrument(soundFontPath: path, sampleRate: 48_000)
            Issue.record("expected an error")
        } catch let error as UserFacingError {
            #expect(error.message.hasPrefix(path))
            #expect(error.message.contains("--soundfont"))
        }
    }
}
