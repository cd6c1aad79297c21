import Testing
import WoodshedCore
@testable import WoodshedSound

/// The 64-bit FNV-1a hash, for golden checksums of rendered bytes.
func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}

@Suite struct SoundFontWriterTests {
    /// A one-sample, one-instrument, one-preset bank with a loop, ranges and a global zone.
    private func tinyFont(name: String = "Tiny") -> SoundFont {
        let points = (0..<100).map { Int16(truncatingIfNeeded: $0 * 300 - 15000) }
        return SoundFont(
            info: SoundFontInfo(name: name, comment: "odd"),
            samples: [SoundFontSample(name: "Ramp", data: points, sampleRate: 22050, originalKey: 57, loop: 10..<90)],
            instruments: [
                SoundFontInstrument(
                    name: "Inst", globalGenerators: [.releaseVolumeEnvelope(seconds: 1)],
                    zones: [
                        SoundFontInstrumentZone(
                            keyRange: 0...64, velocityRange: 1...127, generators: [.pan(-0.5), .exclusiveClass(3)],
                            sampleIndex: 0),
                        SoundFontInstrumentZone(keyRange: 65...127, sampleIndex: 0),
                    ])
            ],
            presets: [
                SoundFontPreset(
                    name: "Preset", bank: 0, program: 5,
                    zones: [SoundFontPresetZone(keyRange: 0...127, generators: [.attenuation(decibels: 3)], instrumentIndex: 0)])
            ])
    }

    @Test func tinyBankIsWellFormed() throws {
        let bytes = try SoundFontWriter().write(tinyFont())
        let records = try #require(checkWellFormedSoundFont(bytes))
        #expect(records.presets.map(\.name) == ["Preset", "EOP"])
        #expect(records.presets[0].program == 5 && records.presets[0].bank == 0)
        #expect(records.instruments.map(\.name) == ["Inst", "EOI"])
        #expect(records.samplePoints == 100 + 46)

        let sample = records.samples[0]
        #expect(sample.name == "Ramp")
        #expect((sample.start, sample.end, sample.loopStart, sample.loopEnd) == (0, 100, 10, 90))
        #expect(sample.sampleRate == 22050 && sample.originalKey == 57)

        let zones = records.instrumentZones(0)
        #expect(zones.count == 3)  // global + 2
        #expect(zones[0].map(\.kind) == [SoundFontGenerator.Kind.releaseVolumeEnvelope.rawValue])
        #expect(zones[1].map(\.kind) == [43, 44, 17, 57, 53])
        #expect(zones[1][0].amount == 0x4000)  // keys 0...64: low byte 0, high byte 64
        #expect(Int16(bitPattern: zones[1][2].amount) == -250)
        #expect(zones[2].map(\.kind) == [43, 53])
        #expect(records.presetZones(0).map { $0.map(\.kind) } == [[43, 48, 41]])
        #expect(records.presetZones(0)[0][1].amount == 30)
    }

    @Test func sampleDataIsLittleEndianInSmpl() throws {
        let font = tinyFont()
        let bytes = try SoundFontWriter().write(font)
        let reader = RIFFReader(bytes: bytes)
        let records = try #require(checkWellFormedSoundFont(bytes))
        for (i, point) in font.samples[0].data.enumerated() {
            #expect(reader.i16(records.sampleDataOffset + 2 * i) == point)
        }
    }

    @Test func infoStringsAreZeroTerminatedAndEven() throws {
        for name in ["", "a", "ab", "abc", String(repeating: "x", count: 300), "Café Ü"] {
            let bytes = try SoundFontWriter().write(tinyFont(name: name))
            let reader = RIFFReader(bytes: bytes)
            let inam = try #require(try reader.root().child("LIST", listType: "INFO")?.child("INAM"))
            #expect(inam.size % 2 == 0 && inam.size <= 256)
            let stored = reader.string(inam.bodyOffset, width: inam.size)
            #expect(stored == String(name.prefix(255)).replacingNonASCII())
        }
    }

    /// A golden value, taken once from this code: the tiny bank's size and FNV-1a hash, the same in
    /// every process and on every machine. It changes when the writer's output changes; re-pin only if
    /// the new bytes are meant (and still well-formed: see the tests above).
    @Test func writingIsDeterministic() throws {
        let bytes = try SoundFontWriter().write(tinyFont())
        #expect(bytes.count == 782)
        #expect(fnv1a64(bytes) == 0xF960_A062_CAA9_DC64, "0x\(String(fnv1a64(bytes), radix: 16))")
    }

    @Test func longNamesAreCutToNineteenCharacters() throws {
        var font = tinyFont()
        font.presets[0].name = "A preset name far longer than twenty"
        let records = try #require(checkWellFormedSoundFont(try SoundFontWriter().write(font)))
        #expect(records.presets[0].name == "A preset name far l")
    }

    @Test func badModelsAreRejectedWithTheirName() {
        var short = tinyFont()
        short.samples[0].data = Array(repeating: 0, count: 10)
        expectError(short, mentioning: "Ramp")

        var badLoop = tinyFont()
        badLoop.samples[0].loop = 50..<101
        expectError(badLoop, mentioning: "loop")

        var badSample = tinyFont()
        badSample.instruments[0].zones[0].sampleIndex = 7
        expectError(badSample, mentioning: "Inst")

        var badInstrument = tinyFont()
        badInstrument.presets[0].zones[0].instrumentIndex = 2
        expectError(badInstrument, mentioning: "Preset")

        var structural = tinyFont()
        structural.instruments[0].zones[0].generators.append(SoundFontGenerator(.keyRange, 0))
        expectError(structural, mentioning: "keyRange")

        var twice = tinyFont()
        twice.instruments[0].zones[0].generators.append(.pan(0.2))
        expectError(twice, mentioning: "twice")

        var badKeys = tinyFont()
        badKeys.instruments[0].zones[1].keyRange = 65...200
        expectError(badKeys, mentioning: "127")

        var empty = tinyFont()
        empty.presets[0].zones = []
        expectError(empty, mentioning: "no zones")
    }

    @Test func generatorUnits() {
        #expect(SoundFontGenerator.releaseVolumeEnvelope(seconds: 1).amount == 0)
        #expect(SoundFontGenerator.releaseVolumeEnvelope(seconds: 2).amount == 1200)
        #expect(SoundFontGenerator.releaseVolumeEnvelope(seconds: 0).amount == -12000)
        #expect(SoundFontGenerator.attenuation(decibels: 6).amount == 60)
        #expect(SoundFontGenerator.pan(1).amount == 500)
        #expect(SoundFontGenerator.pan(-2).amount == -500)
        #expect(SoundFontGenerator.filterCutoff(hertz: 8.176 * 1024).amount == 12000)
    }

    private func expectError(_ font: SoundFont, mentioning text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            _ = try SoundFontWriter().write(font)
            Issue.record("expected an error mentioning '\(text)'", sourceLocation: sourceLocation)
        } catch let error as WoodshedError {
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error type \(error)", sourceLocation: sourceLocation)
        }
    }
}

extension String {
    fileprivate func replacingNonASCII() -> String {
        String(unicodeScalars.map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" })
    }
}
