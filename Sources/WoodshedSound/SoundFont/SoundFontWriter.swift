import WoodshedCore

/// Serialises a `SoundFont` to SoundFont 2.01 bytes (`RIFF sfbk`).
///
/// The layout is the one the specification fixes: `INFO` (ifil, isng, INAM, optional texts),
/// `sdta` with one `smpl` chunk of 16-bit mono points (each sample followed by 46 zero points),
/// and `pdta` with the nine hydra records — every list closed by its terminal record (EOP, EOI,
/// EOS, and the final bag/modulator/generator entries the previous record's range needs).
/// No modulators are written, so synthesizers use the specification's default modulators
/// (velocity → attenuation and filter, mod wheel → vibrato, …).
///
/// The output depends only on the model, so the same bank always gives the same bytes.
public struct SoundFontWriter: Sendable {
    /// Points of silence the specification requires after every sample.
    public static let zeroPointsAfterSample = 46
    /// The fewest points a sample may have (SoundFont 2.01, 7.10).
    public static let minimumSamplePoints = 48

    public init() {}

    /// The file's bytes, or a `WoodshedError` naming the preset, instrument or sample at fault.
    public func write(_ font: SoundFont) throws -> [UInt8] {
        try validate(font)

        let sampleBytes = font.samples.reduce(0) { $0 + 2 * ($1.data.count + Self.zeroPointsAfterSample) }
        var riff = RIFFWriter(reservingCapacity: sampleBytes + 64 * 1024)
        riff.list("RIFF", type: "sfbk") { riff in
            writeInfo(font.info, into: &riff)
            riff.list(type: "sdta") { riff in
                riff.chunk("smpl") { smpl in
                    for sample in font.samples {
                        for point in sample.data { smpl.int16(point) }
                        for _ in 0..<Self.zeroPointsAfterSample { smpl.int16(0) }
                    }
                }
            }
            riff.list(type: "pdta") { riff in
                writeHydra(font, into: &riff)
            }
        }
        return riff.bytes
    }

    // MARK: INFO

    private func writeInfo(_ info: SoundFontInfo, into riff: inout RIFFWriter) {
        riff.list(type: "INFO") { riff in
            riff.chunk("ifil") { chunk in
                chunk.uint16(2)
                chunk.uint16(1)
            }
            riff.stringChunk("isng", info.soundEngine)
            riff.stringChunk("INAM", info.name)
            let optional: [(String, String?)] = [
                ("ICRD", info.creationDate), ("IENG", info.engineer), ("IPRD", info.product),
                ("ICOP", info.copyright), ("ICMT", info.comment), ("ISFT", info.software),
            ]
            for case let (id, text?) in optional {
                riff.stringChunk(id, text)
            }
        }
    }

    // MARK: pdta

    /// One zone flattened to its generator records, in the order the specification requires.
    private struct FlatZone {
        var generators: [(kind: SoundFontGenerator.Kind, amount: UInt16)] = []
    }

    private func flatten(
        keyRange: ClosedRange<UInt8>?, velocityRange: ClosedRange<UInt8>?,
        generators: [SoundFontGenerator], terminal: (SoundFontGenerator.Kind, Int)?
    ) -> FlatZone {
        var zone = FlatZone()
        if let keyRange {
            zone.generators.append((.keyRange, UInt16(keyRange.lowerBound) | UInt16(keyRange.upperBound) << 8))
        }
        if let velocityRange {
            zone.generators.append(
                (.velocityRange, UInt16(velocityRange.lowerBound) | UInt16(velocityRange.upperBound) << 8))
        }
        for generator in generators {
            zone.generators.append((generator.kind, generator.rawAmount))
        }
        if let (kind, index) = terminal {
            zone.generators.append((kind, UInt16(index)))
        }
        return zone
    }

    private func presetZones(_ preset: SoundFontPreset) -> [FlatZone] {
        var zones: [FlatZone] = []
        if !preset.globalGenerators.isEmpty {
            zones.append(flatten(keyRange: nil, velocityRange: nil, generators: preset.globalGenerators, terminal: nil))
        }
        for zone in preset.zones {
            zones.append(
                flatten(
                    keyRange: zone.keyRange, velocityRange: zone.velocityRange, generators: zone.generators,
                    terminal: (.instrument, zone.instrumentIndex)))
        }
        return zones
    }

    private func instrumentZones(_ instrument: SoundFontInstrument) -> [FlatZone] {
        var zones: [FlatZone] = []
        if !instrument.globalGenerators.isEmpty {
            zones.append(
                flatten(keyRange: nil, velocityRange: nil, generators: instrument.globalGenerators, terminal: nil))
        }
        for zone in instrument.zones {
            zones.append(
                flatten(
                    keyRange: zone.keyRange, velocityRange: zone.velocityRange, generators: zone.generators,
                    terminal: (.sampleID, zone.sampleIndex)))
        }
        return zones
    }

    private func writeHydra(_ font: SoundFont, into riff: inout RIFFWriter) {
        let presetZoneLists = font.presets.map(presetZones)
        let instrumentZoneLists = font.instruments.map(instrumentZones)

        // phdr: name, program, bank, first bag, library, genre, morphology (38 bytes).
        riff.chunk("phdr") { chunk in
            var bag = 0
            for (preset, zones) in zip(font.presets, presetZoneLists) {
                chunk.fixedString(preset.name, width: 20)
                chunk.uint16(preset.program)
                chunk.uint16(preset.bank)
                chunk.uint16(UInt16(bag))
                chunk.uint32(0)
                chunk.uint32(0)
                chunk.uint32(0)
                bag += zones.count
            }
            chunk.fixedString("EOP", width: 20)
            chunk.uint16(0)
            chunk.uint16(0)
            chunk.uint16(UInt16(bag))
            chunk.uint32(0)
            chunk.uint32(0)
            chunk.uint32(0)
        }
        writeBags("pbag", presetZoneLists.flatMap { $0 }, into: &riff)
        writeEmptyModulators("pmod", into: &riff)
        writeGenerators("pgen", presetZoneLists.flatMap { $0 }, into: &riff)

        // inst: name, first bag (22 bytes).
        riff.chunk("inst") { chunk in
            var bag = 0
            for (instrument, zones) in zip(font.instruments, instrumentZoneLists) {
                chunk.fixedString(instrument.name, width: 20)
                chunk.uint16(UInt16(bag))
                bag += zones.count
            }
            chunk.fixedString("EOI", width: 20)
            chunk.uint16(UInt16(bag))
        }
        writeBags("ibag", instrumentZoneLists.flatMap { $0 }, into: &riff)
        writeEmptyModulators("imod", into: &riff)
        writeGenerators("igen", instrumentZoneLists.flatMap { $0 }, into: &riff)

        // shdr: name, start, end, loop start, loop end, rate, key, correction, link, type (46 bytes).
        riff.chunk("shdr") { chunk in
            var start = 0
            for sample in font.samples {
                let end = start + sample.data.count
                let loop = sample.loop ?? 0..<0
                chunk.fixedString(sample.name, width: 20)
                chunk.uint32(UInt32(start))
                chunk.uint32(UInt32(end))
                chunk.uint32(UInt32(start + loop.lowerBound))
                chunk.uint32(UInt32(start + loop.upperBound))
                chunk.uint32(UInt32(sample.sampleRate))
                chunk.uint8(sample.originalKey)
                chunk.int8(sample.pitchCorrection)
                chunk.uint16(0)
                chunk.uint16(1)  // monoSample
                start = end + Self.zeroPointsAfterSample
            }
            chunk.fixedString("EOS", width: 20)
            for _ in 0..<5 { chunk.uint32(0) }
            chunk.uint8(0)
            chunk.int8(0)
            chunk.uint16(0)
            chunk.uint16(0)
        }
    }

    /// `pbag`/`ibag`: each zone's first generator and modulator index, then the terminal entry.
    private func writeBags(_ id: String, _ zones: [FlatZone], into riff: inout RIFFWriter) {
        riff.chunk(id) { chunk in
            var generator = 0
            for zone in zones {
                chunk.uint16(UInt16(generator))
                chunk.uint16(0)
                generator += zone.generators.count
            }
            chunk.uint16(UInt16(generator))
            chunk.uint16(0)
        }
    }

    /// `pmod`/`imod` with only the terminal record (10 zero bytes).
    private func writeEmptyModulators(_ id: String, into riff: inout RIFFWriter) {
        riff.chunk(id) { chunk in
            for _ in 0..<5 { chunk.uint16(0) }
        }
    }

    /// `pgen`/`igen`: operator and amount, then the terminal record.
    private func writeGenerators(_ id: String, _ zones: [FlatZone], into riff: inout RIFFWriter) {
        riff.chunk(id) { chunk in
            for zone in zones {
                for generator in zone.generators {
                    chunk.uint16(generator.kind.rawValue)
                    chunk.uint16(generator.amount)
                }
            }
            chunk.uint16(0)
            chunk.uint16(0)
        }
    }

    // MARK: Validation

    private func validate(_ font: SoundFont) throws {
        var totalPoints = 0
        for sample in font.samples {
            let what = "SoundFont sample '\(sample.name)'"
            guard sample.data.count >= Self.minimumSamplePoints else {
                throw WoodshedError(
                    "\(what) has \(sample.data.count) points; give it at least \(Self.minimumSamplePoints)")
            }
            guard (1...1_000_000).contains(sample.sampleRate) else {
                throw WoodshedError("\(what) has sample rate \(sample.sampleRate); use a rate in hertz such as 44100")
            }
            guard sample.originalKey <= 127 else {
                throw WoodshedError("\(what) has original key \(sample.originalKey); use a MIDI key 0...127")
            }
            if let loop = sample.loop, loop.lowerBound < 0 || loop.upperBound > sample.data.count || loop.isEmpty {
                throw WoodshedError(
                    "\(what) has loop \(loop.lowerBound)..<\(loop.upperBound) outside its \(sample.data.count) points; "
                        + "keep the loop inside the sample")
            }
            totalPoints += sample.data.count + Self.zeroPointsAfterSample
        }
        guard totalPoints * 2 < Int(UInt32.max) - 1_000_000 else {
            throw WoodshedError("SoundFont sample data is too large for a RIFF file; use fewer or shorter samples")
        }

        var instrumentBags = 0
        var instrumentGenerators = 0
        for instrument in font.instruments {
            let what = "SoundFont instrument '\(instrument.name)'"
            guard !instrument.zones.isEmpty else { throw WoodshedError("\(what) has no zones; give it at least one") }
            try checkGenerators(instrument.globalGenerators, in: what)
            for zone in instrument.zones {
                guard font.samples.indices.contains(zone.sampleIndex) else {
                    throw WoodshedError(
                        "\(what) refers to sample \(zone.sampleIndex), but there are \(font.samples.count) samples")
                }
                try checkRanges(zone.keyRange, zone.velocityRange, in: what)
                try checkGenerators(zone.generators, in: what)
                instrumentGenerators += zone.generators.count + 3
            }
            instrumentBags += instrument.zones.count + 1
            instrumentGenerators += instrument.globalGenerators.count
        }

        var presetBags = 0
        var presetGenerators = 0
        for preset in font.presets {
            let what = "SoundFont preset '\(preset.name)'"
            guard !preset.zones.isEmpty else { throw WoodshedError("\(what) has no zones; give it at least one") }
            guard preset.program <= 127, preset.bank <= 128 else {
                throw WoodshedError("\(what) is bank \(preset.bank) program \(preset.program); use program 0...127, bank 0...128")
            }
            try checkGenerators(preset.globalGenerators, in: what)
            for zone in preset.zones {
                guard font.instruments.indices.contains(zone.instrumentIndex) else {
                    throw WoodshedError(
                        "\(what) refers to instrument \(zone.instrumentIndex), but there are \(font.instruments.count) instruments")
                }
                try checkRanges(zone.keyRange, zone.velocityRange, in: what)
                try checkGenerators(zone.generators, in: what)
                presetGenerators += zone.generators.count + 3
            }
            presetBags += preset.zones.count + 1
            presetGenerators += preset.globalGenerators.count
        }
        // Bag and generator indices are 16-bit words.
        guard max(instrumentBags, instrumentGenerators, presetBags, presetGenerators) < Int(UInt16.max) else {
            throw WoodshedError("SoundFont has more zones or generators than SF2 can index; split it into two banks")
        }
    }

    private func checkRanges(_ keys: ClosedRange<UInt8>?, _ velocities: ClosedRange<UInt8>?, in what: String) throws {
        if let keys, keys.upperBound > 127 {
            throw WoodshedError("\(what) has key range up to \(keys.upperBound); MIDI keys end at 127")
        }
        if let velocities, velocities.upperBound > 127 {
            throw WoodshedError("\(what) has velocity range up to \(velocities.upperBound); MIDI velocities end at 127")
        }
    }

    private func checkGenerators(_ generators: [SoundFontGenerator], in what: String) throws {
        var seen = Set<SoundFontGenerator.Kind>()
        for generator in generators {
            if generator.kind.isStructural {
                throw WoodshedError(
                    "\(what) lists \(generator.kind) as a generator; set the zone's keyRange, velocityRange or index instead")
            }
            if !seen.insert(generator.kind).inserted {
                throw WoodshedError("\(what) sets \(generator.kind) twice in one zone; keep one")
            }
        }
    }
}
