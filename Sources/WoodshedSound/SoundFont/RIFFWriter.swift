/// Appends little-endian RIFF data: four-character codes, integers and size-prefixed chunks.
///
/// Chunk sizes are patched in after the chunk body is written, and every chunk is padded to an
/// even length as RIFF requires (the pad byte is not counted in the size).
struct RIFFWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func fourCC(_ code: String) {
        let utf8 = Array(code.utf8)
        precondition(utf8.count == 4, "a RIFF code has four ASCII characters")
        bytes.append(contentsOf: utf8)
    }

    mutating func uint8(_ value: UInt8) { bytes.append(value) }

    mutating func int8(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }

    mutating func uint16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func int16(_ value: Int16) { uint16(UInt16(bitPattern: value)) }

    mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    /// A fixed-width, zero-filled ASCII field (names in `phdr`, `inst`, `shdr`).
    mutating func fixedString(_ text: String, width: Int) {
        let ascii = RIFFWriter.ascii(text).prefix(width - 1)
        bytes.append(contentsOf: ascii)
        bytes.append(contentsOf: repeatElement(0, count: width - ascii.count))
    }

    /// `ckID ckSize body [pad]`.
    mutating func chunk(_ id: String, _ body: (inout RIFFWriter) -> Void) {
        fourCC(id)
        let sizeOffset = bytes.count
        uint32(0)
        let start = bytes.count
        body(&self)
        let size = bytes.count - start
        patchUInt32(UInt32(size), at: sizeOffset)
        if size % 2 == 1 { bytes.append(0) }
    }

    /// A chunk holding a zero-terminated string, padded to an even length (INFO sub-chunks).
    mutating func stringChunk(_ id: String, _ text: String) {
        chunk(id) { writer in
            var ascii = RIFFWriter.ascii(text).prefix(255)
            ascii.append(0)
            if ascii.count % 2 == 1 { ascii.append(0) }
            writer.bytes.append(contentsOf: ascii)
        }
    }

    /// `LIST size type chunks…`, or `RIFF size form chunks…` with `id: "RIFF"`.
    mutating func list(_ id: String = "LIST", type: String, _ body: (inout RIFFWriter) -> Void) {
        chunk(id) { writer in
            writer.fourCC(type)
            body(&writer)
        }
    }

    mutating func append(contentsOf other: [UInt8]) { bytes.append(contentsOf: other) }

    private mutating func patchUInt32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 {
            bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt32(8 * i))
        }
    }

    /// Printable ASCII only; anything else becomes "?".
    static func ascii(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { scalar in
            (0x20...0x7E).contains(scalar.value) ? UInt8(scalar.value) : UInt8(ascii: "?")
        }
    }
}
