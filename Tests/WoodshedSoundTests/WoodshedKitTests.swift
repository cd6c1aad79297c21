import Foundation
import Testing
import WoodshedCore
@testable import WoodshedSound

/// The kit's bytes, built once for all kit tests.
enum KitFixture {
    static let bytes: [UInt8] = (try? WoodshedKit.fileBytes()) ?? []

    /// The committed `soundfonts/woodshed-kit.sf2`, found from this file's place in the package.
    static var committedFileURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("soundfonts/woodshed-kit.sf2")
    }
}

@Suite struct WoodshedKitTests {
    /// The notes the brief and the GM percussion map require.
    static let requiredDrumNotes: Set<UInt8> = [
        35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 55, 57, 59,
    ]

    @Test func kitIsAWellFormedSoundFont() throws {
        #expect(!KitFixture.bytes.isEmpty)
        let records = try #require(checkWellFormedSoundFont(KitFixture.bytes))
        #expect(records.presets.count == 3)
        let drums = try #require(records.presets.first { $0.name == "Woodshed Drums" })
        #expect(drums.bank == 128 && drums.program == 0)
        let keys = try #require(records.presets.first { $0.name == "Woodshed Keys" })
        #expect(keys.bank == 0 && keys.program == 0)
    }

    @Test func kitIsSmall() {
        #expect(!KitFixture.bytes.isEmpty)
        // Small, but a kit of real samples (about 1.5 MB today), not a bank that lost its sounds.
        #expect(KitFixture.bytes.count > 500_000)
        #expect(KitFixture.bytes.count < 2_000_000)
    }

    @Test func committedKitIsUpToDate() throws {
        let url = KitFixture.committedFileURL
        let committed = try #require(
            FileManager.default.contents(atPath: url.path), "missing \(url.path); run make-soundfont")
        #expect(
            [UInt8](committed) == KitFixture.bytes,
            "soundfonts/woodshed-kit.sf2 differs from what the code builds; run `swift run make-soundfont soundfonts/woodshed-kit.sf2`")
    }

    @Test func everyGeneralMIDIDrumNoteIsCovered() throws {
        let records = try #require(checkWellFormedSoundFont(KitFixture.bytes))
        let drumInstrument = try #require(records.instruments.firstIndex { $0.name == "Woodshed Drums" })
        var covered: Set<UInt8> = []
        for zone in records.instrumentZones(drumInstrument) {
            if let keys = zone.first(where: { $0.kind == 43 }) {
                let low = UInt8(keys.amount & 0xFF)
                let high = UInt8(keys.amount >> 8)
                covered.formUnion(low...high)
            }
        }
        #expect(Self.requiredDrumNotes.isSubset(of: covered), "missing \(Self.requiredDrumNotes.subtracting(covered).sorted())")
        for voice in DrumVoice.allCases {
            #expect(covered.contains(voice.generalMIDINote), "\(voice) (\(voice.generalMIDINote)) has no sound")
        }
        #expect(Set(WoodshedKit.drumNotes) == covered)
    }

    @Test func hiHatsShareAnExclusiveClass() throws {
        let records = try #require(checkWellFormedSoundFont(KitFixture.bytes))
        let drumInstrument = try #require(records.instruments.firstIndex { $0.name == "Woodshed Drums" })
        var classByNote: [UInt8: UInt16] = [:]
        for zone in records.instrumentZones(drumInstrument) {
            guard let keys = zone.first(where: { $0.kind == 43 }) else { continue }
            classByNote[UInt8(keys.amount & 0xFF)] = zone.first { $0.kind == 57 }?.amount ?? 0
        }
        let hiHat = classByNote[42]
        #expect(hiHat != nil && hiHat != 0)
        #expect(classByNote[44] == hiHat && classByNote[46] == hiHat)
        #expect(classByNote[38] == 0 && classByNote[49] == 0)
    }

    @Test func keysCoverTheWholeKeyboardWithLoopedSamples() throws {
        let records = try #require(checkWellFormedSoundFont(KitFixture.bytes))
        let keysInstrument = try #require(records.instruments.firstIndex { $0.name == "Woodshed Keys" })
        var covered: [Int] = []
        for zone in records.instrumentZones(keysInstrument) {
            guard let keys = zone.first(where: { $0.kind == 43 }), let sampleID = zone.last, sampleID.kind == 53 else {
                continue
            }
            let range = Int(keys.amount & 0xFF)...Int(keys.amount >> 8)
            covered += Array(range)
            let sample = records.samples[Int(sampleID.amount)]
            #expect(sample.loopEnd - sample.loopStart >= 1000, "\(sample.name) loop too short")
            #expect(sample.loopStart - sample.start >= 8 && sample.end - sample.loopEnd >= 8)
            #expect(range.contains(sample.originalKey), "\(sample.name) root outside its zone")
        }
        #expect(covered == Array(0...127))
    }

    @Test func keysLoopsAreSeamless() {
        #expect(!WoodshedKit.keysRootKeys.isEmpty)
        for root in WoodshedKit.keysRootKeys {
            let sample = KeysTone(rootKey: root, sampleRate: 44_100).sample()
            guard let loop = sample.loop else {
                Issue.record("\(sample.name) has no loop")
                continue
            }
            // The points after the loop end repeat the points after the loop start.
            for k in 0..<KeysTone.guardPoints {
                let after = Int(sample.data[loop.upperBound + k])
                let start = Int(sample.data[loop.lowerBound + k])
                #expect(abs(after - start) <= 2, "\(sample.name) loop seam jumps \(after) vs \(start)")
            }
            // The tuning correction keeps the root within a cent of equal temperament (A4 = 440 Hz).
            let reference = 440 * pow(2, (Double(root) - 69) / 12)
            let cycles = (Double(loop.count) * reference / 44_100).rounded()
            let played = cycles * 44_100 / Double(loop.count)
            let cents = 1200 * log2(played / reference) + Double(sample.pitchCorrection)
            #expect(abs(cents) <= 1, "\(sample.name) off by \(cents) cents")
        }
    }

    @Test func drumSoundsStartOnTheirAttackAndDiffer() {
        var seen: [[Int16]] = []
        for drum in KitDrum.allCases {
            let points = drum.render(sampleRate: 44_100)
            let peak = points.peak
            #expect(abs(peak - drum.peakLevel) < 1e-9, "\(drum) peak \(peak)")
            // Loud within the first 5 ms: no pre-delay before the hit.
            let onset = Array(points.prefix(220)).peak
            #expect(onset > 0.3 * peak, "\(drum) starts late")
            #expect(abs(points.last ?? 1) < 1e-3, "\(drum) does not fade out")
            let pcm = points.pcm16
            #expect(!seen.contains(pcm), "\(drum) repeats another sound")
            seen.append(pcm)
        }
    }
}
