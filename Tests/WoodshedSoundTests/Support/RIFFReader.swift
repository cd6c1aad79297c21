/// A tiny RIFF reader for tests: walks chunks, checks sizes and padding, reads little-endian fields.
struct RIFFChunk {
    var id: String
    /// For RIFF and LIST chunks, the form/list type.
    var listType: String?
    /// Offset of the chunk body (after id and size) in the file.
    var bodyOffset: Int
    var size: Int
    var children: [RIFFChunk]

    func child(_ id: String, listType: String? = nil) -> RIFFChunk? {
        children.first { $0.id == id && (listType == nil || $0.listType == listType) }
    }
}

struct RIFFFormatError: Error, CustomStringConvertible {
    var description: String
}

struct RIFFReader {
    let bytes: [UInt8]

    func u8(_ offset: Int) -> UInt8 { bytes[offset] }
    func u16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
    func i16(_ offset: Int) -> Int16 { Int16(bitPattern: u16(offset)) }
    func u32(_ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }
    func fourCC(_ offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
    /// A zero-terminated string in a fixed-width field.
    func string(_ offset: Int, width: Int) -> String {
        let field = bytes[offset..<offset + width]
        return String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The top-level chunk, with every nested chunk; throws if a size runs past its parent or
    /// the top-level size does not match the file.
    func root() throws -> RIFFChunk {
        guard bytes.count >= 12 else { throw RIFFFormatError(description: "file shorter than a RIFF header") }
        let chunks = try parseChunks(from: 0, to: bytes.count)
        guard chunks.count == 1, let root = chunks.first else {
            throw RIFFFormatError(description: "expected one top-level chunk, found \(chunks.count)")
        }
        guard root.size + 8 == bytes.count else {
            throw RIFFFormatError(description: "RIFF size \(root.size) + 8 != file size \(bytes.count)")
        }
        return root
    }

    private func parseChunks(from start: Int, to end: Int) throws -> [RIFFChunk] {
        var chunks: [RIFFChunk] = []
        var offset = start
        while offset < end {
            guard offset + 8 <= end else { throw RIFFFormatError(description: "truncated chunk header at \(offset)") }
            let id = fourCC(offset)
            let size = Int(u32(offset + 4))
            let body = offset + 8
            guard body + size <= end else {
                throw RIFFFormatError(description: "chunk '\(id)' at \(offset) (size \(size)) runs past its parent")
            }
            var chunk = RIFFChunk(id: id, listType: nil, bodyOffset: body, size: size, children: [])
            if id == "RIFF" || id == "LIST" {
                chunk.listType = fourCC(body)
                chunk.children = try parseChunks(from: body + 4, to: body + size)
            }
            chunks.append(chunk)
            offset = body + size + (size % 2)
        }
        guard offset == end else { throw RIFFFormatError(description: "chunks overrun their parent's end") }
        return chunks
    }
}
