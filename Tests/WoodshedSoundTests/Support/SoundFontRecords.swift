/// The pdta records of an SF2 file, decoded for assertions.
struct SoundFontRecords {
    struct PresetHeader { var name: String; var program, bank, bagIndex: Int }
    struct Bag { var generatorIndex, modulatorIndex: Int }
    struct Generator { var kind: UInt16; var amount: UInt16 }
    struct InstrumentHeader { var name: String; var bagIndex: Int }
    struct SampleHeader {
        var name: String
        var start, end, loopStart, loopEnd, sampleRate: Int
        var originalKey: Int; var correction: Int; var link: Int; var type: Int
    }

    var presets: [PresetHeader] = []
    var presetBags: [Bag] = []
    var presetModulatorBytes = 0
    var presetGenerators: [Generator] = []
    var instruments: [InstrumentHeader] = []
    var instrumentBags: [Bag] = []
    var instrumentModulatorBytes = 0
    var instrumentGenerators: [Generator] = []
    var samples: [SampleHeader] = []
    /// Size of `smpl` in sample points.
    var samplePoints = 0
    /// Offset of the first byte of `smpl`'s body.
    var sampleDataOffset = 0
    var chunkSizes: [String: Int] = [:]

    /// Fixed record sizes of SoundFont 2.01.
    static let recordSizes: [String: Int] = [
        "phdr": 38, "pbag": 4, "pmod": 10, "pgen": 4, "inst": 22, "ibag": 4, "imod": 10, "igen": 4, "shdr": 46,
    ]

    init(_ reader: RIFFReader, root: RIFFChunk) throws {
        guard let pdta = root.child("LIST", listType: "pdta"),
            let sdta = root.child("LIST", listType: "sdta"), let smpl = sdta.child("smpl")
        else { throw RIFFFormatError(description: "missing pdta or sdta/smpl") }
        samplePoints = smpl.size / 2
        sampleDataOffset = smpl.bodyOffset
        for chunk in pdta.children { chunkSizes[chunk.id] = chunk.size }
        func records(_ id: String) throws -> [Int] {
            guard let chunk = pdta.child(id), let size = Self.recordSizes[id] else {
                throw RIFFFormatError(description: "missing pdta chunk \(id)")
            }
            return stride(from: chunk.bodyOffset, to: chunk.bodyOffset + chunk.size, by: size).map { $0 }
        }
        let r = reader
        presets = try records("phdr").map {
            PresetHeader(name: r.string($0, width: 20), program: Int(r.u16($0 + 20)), bank: Int(r.u16($0 + 22)),
                bagIndex: Int(r.u16($0 + 24)))
        }
        presetBags = try records("pbag").map { Bag(generatorIndex: Int(r.u16($0)), modulatorIndex: Int(r.u16($0 + 2))) }
        presetModulatorBytes = pdta.child("pmod")?.size ?? 0
        presetGenerators = try records("pgen").map { Generator(kind: r.u16($0), amount: r.u16($0 + 2)) }
        instruments = try records("inst").map { InstrumentHeader(name: r.string($0, width: 20), bagIndex: Int(r.u16($0 + 20))) }
        instrumentBags = try records("ibag").map { Bag(generatorIndex: Int(r.u16($0)), modulatorIndex: Int(r.u16($0 + 2))) }
        instrumentModulatorBytes = pdta.child("imod")?.size ?? 0
        instrumentGenerators = try records("igen").map { Generator(kind: r.u16($0), amount: r.u16($0 + 2)) }
        samples = try records("shdr").map {
            SampleHeader(
                name: r.string($0, width: 20), start: Int(r.u32($0 + 20)), end: Int(r.u32($0 + 24)),
                loopStart: Int(r.u32($0 + 28)), loopEnd: Int(r.u32($0 + 32)), sampleRate: Int(r.u32($0 + 36)),
                originalKey: Int(r.u8($0 + 40)), correction: Int(Int8(bitPattern: r.u8($0 + 41))),
                link: Int(r.u16($0 + 42)), type: Int(r.u16($0 + 44)))
        }
    }

    /// The generator lists of each zone of instrument `index` (global zone included).
    func instrumentZones(_ index: Int) -> [[Generator]] {
        let bags = instrumentBags[instruments[index].bagIndex..<instruments[index + 1].bagIndex]
        return bags.indices.map { i in
            Array(instrumentGenerators[instrumentBags[i].generatorIndex..<instrumentBags[i + 1].generatorIndex])
        }
    }

    /// The generator lists of each zone of preset `index`.
    func presetZones(_ index: Int) -> [[Generator]] {
        let bags = presetBags[presets[index].bagIndex..<presets[index + 1].bagIndex]
        return bags.indices.map { i in
            Array(presetGenerators[presetBags[i].generatorIndex..<presetBags[i + 1].generatorIndex])
        }
    }
}
