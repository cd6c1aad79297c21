import Testing

/// Checks every structural rule of SoundFont 2.01 the writer promises, and returns the decoded
/// records for further assertions (nil, with recorded issues, when the file cannot be read).
@discardableResult
func checkWellFormedSoundFont(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SoundFontRecords? {
    let reader = RIFFReader(bytes: bytes)
    let root: RIFFChunk
    let records: SoundFontRecords
    do {
        root = try reader.root()
        records = try SoundFontRecords(reader, root: root)
    } catch {
        Issue.record("not a readable SF2: \(error)", sourceLocation: sourceLocation)
        return nil
    }
    #expect(root.id == "RIFF" && root.listType == "sfbk", sourceLocation: sourceLocation)
    #expect(root.children.map { $0.listType ?? $0.id } == ["INFO", "sdta", "pdta"], sourceLocation: sourceLocation)

    // INFO: ifil 2.01 first, then isng and INAM; every string chunk zero-terminated and even-sized.
    let info = root.child("LIST", listType: "INFO")
    let infoIDs = info?.children.map(\.id) ?? []
    #expect(Array(infoIDs.prefix(3)) == ["ifil", "isng", "INAM"], sourceLocation: sourceLocation)
    if let ifil = info?.child("ifil") {
        #expect(ifil.size == 4, sourceLocation: sourceLocation)
        #expect(reader.u16(ifil.bodyOffset) == 2 && reader.u16(ifil.bodyOffset + 2) == 1, sourceLocation: sourceLocation)
    }
    for chunk in info?.children ?? [] where chunk.id != "ifil" {
        #expect(chunk.size % 2 == 0, "INFO \(chunk.id) has odd size", sourceLocation: sourceLocation)
        #expect(reader.u8(chunk.bodyOffset + chunk.size - 1) == 0, "INFO \(chunk.id) not zero-terminated",
            sourceLocation: sourceLocation)
    }

    // pdta: all nine chunks, in order, each a whole number of records.
    let pdtaIDs = root.child("LIST", listType: "pdta")?.children.map(\.id) ?? []
    #expect(pdtaIDs == ["phdr", "pbag", "pmod", "pgen", "inst", "ibag", "imod", "igen", "shdr"], sourceLocation: sourceLocation)
    for (id, size) in records.chunkSizes {
        let record = SoundFontRecords.recordSizes[id] ?? 1
        #expect(size % record == 0 && size >= record, "\(id) size \(size) not whole records", sourceLocation: sourceLocation)
    }

    // Terminal records and the index chains they close.
    #expect(records.presets.last?.name == "EOP", sourceLocation: sourceLocation)
    #expect(records.presets.last?.bagIndex == records.presetBags.count - 1, sourceLocation: sourceLocation)
    #expect(records.presetBags.last?.generatorIndex == records.presetGenerators.count - 1, sourceLocation: sourceLocation)
    #expect(records.presetBags.last?.modulatorIndex == records.presetModulatorBytes / 10 - 1, sourceLocation: sourceLocation)
    #expect(records.instruments.last?.name == "EOI", sourceLocation: sourceLocation)
    #expect(records.instruments.last?.bagIndex == records.instrumentBags.count - 1, sourceLocation: sourceLocation)
    #expect(
        records.instrumentBags.last?.generatorIndex == records.instrumentGenerators.count - 1, sourceLocation: sourceLocation)
    #expect(
        records.instrumentBags.last?.modulatorIndex == records.instrumentModulatorBytes / 10 - 1,
        sourceLocation: sourceLocation)
    #expect(records.presetGenerators.last.map { $0.kind == 0 && $0.amount == 0 } == true, sourceLocation: sourceLocation)
    #expect(records.instrumentGenerators.last.map { $0.kind == 0 && $0.amount == 0 } == true, sourceLocation: sourceLocation)
    #expect(records.samples.last?.name == "EOS", sourceLocation: sourceLocation)
    #expect(zip(records.presets, records.presets.dropFirst()).allSatisfy { $0.bagIndex <= $1.bagIndex },
        sourceLocation: sourceLocation)
    #expect(zip(records.instruments, records.instruments.dropFirst()).allSatisfy { $0.bagIndex <= $1.bagIndex },
        sourceLocation: sourceLocation)

    // Zones: key range first, velocity range only after it, instrument/sample last and in range.
    let instrumentCount = records.instruments.count - 1
    let sampleCount = records.samples.count - 1
    for preset in 0..<(records.presets.count - 1) {
        for (z, zone) in records.presetZones(preset).enumerated() {
            checkZoneOrder(zone, terminal: 41, limit: instrumentCount, isFirst: z == 0, sourceLocation: sourceLocation)
        }
    }
    for instrument in 0..<instrumentCount {
        for (z, zone) in records.instrumentZones(instrument).enumerated() {
            checkZoneOrder(zone, terminal: 53, limit: sampleCount, isFirst: z == 0, sourceLocation: sourceLocation)
        }
    }

    // Samples: inside smpl, at least 48 points, 46 zero points after, loops inside the sample.
    var previousEnd = 0
    for sample in records.samples.dropLast() {
        #expect(sample.start >= previousEnd, "\(sample.name) overlaps the previous sample", sourceLocation: sourceLocation)
        #expect(sample.end - sample.start >= 48, "\(sample.name) too short", sourceLocation: sourceLocation)
        #expect(sample.end + 46 <= records.samplePoints, "\(sample.name) runs past smpl", sourceLocation: sourceLocation)
        #expect(sample.start <= sample.loopStart && sample.loopStart <= sample.loopEnd && sample.loopEnd <= sample.end,
            "\(sample.name) loop \(sample.loopStart)..<\(sample.loopEnd) outside \(sample.start)..<\(sample.end)",
            sourceLocation: sourceLocation)
        #expect(sample.type == 1 && sample.link == 0, sourceLocation: sourceLocation)
        #expect((0...127).contains(sample.originalKey), sourceLocation: sourceLocation)
        #expect(sample.sampleRate > 0, sourceLocation: sourceLocation)
        let zeros = (sample.end..<sample.end + 46).allSatisfy { reader.i16(records.sampleDataOffset + 2 * $0) == 0 }
        #expect(zeros, "\(sample.name) not followed by 46 zero points", sourceLocation: sourceLocation)
        previousEnd = sample.end + 46
    }
    return records
}

private func checkZoneOrder(
    _ zone: [SoundFontRecords.Generator], terminal: UInt16, limit: Int, isFirst: Bool, sourceLocation: Testing.SourceLocation
) {
    let kinds = zone.map(\.kind)
    if let key = kinds.firstIndex(of: 43) { #expect(key == 0, "keyRange not first", sourceLocation: sourceLocation) }
    if let velocity = kinds.firstIndex(of: 44) {
        #expect(velocity == 0 || (velocity == 1 && kinds[0] == 43), "velRange misplaced", sourceLocation: sourceLocation)
    }
    if let index = kinds.firstIndex(of: terminal) {
        #expect(index == kinds.count - 1, "instrument/sampleID not last", sourceLocation: sourceLocation)
        #expect(Int(zone[index].amount) < limit, "index \(zone[index].amount) out of range", sourceLocation: sourceLocation)
    } else {
        #expect(isFirst, "a zone without instrument/sampleID that is not the global zone", sourceLocation: sourceLocation)
    }
}
