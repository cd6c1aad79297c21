import Foundation

/// Turns chart file bytes into text the readers can scan byte by byte.
///
/// DTX files come in Shift_JIS, UTF-8 or UTF-16 with a byte order mark. Every structural character
/// (`#`, `:`, `;`, digits, newline) is ASCII and never appears inside a Shift_JIS double-byte
/// character, so readers scan the raw bytes and only decode the few free-text values.
enum ChartText {
    enum Encoding { case utf8, shiftJIS }

    /// Bytes a reader can scan (UTF-16 converted to UTF-8, any UTF-8 BOM dropped) and the encoding
    /// of their free text.
    static func scannable(_ bytes: [UInt8]) -> (bytes: [UInt8], encoding: Encoding) {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let encoding: String.Encoding = bytes[0] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
            let text = String(data: Data(bytes[2...]), encoding: encoding) ?? ""
            return (Array(text.utf8), .utf8)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return (Array(bytes[3...]), .utf8)
        }
        let isUTF8 = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
        return (bytes, isUTF8 ? .utf8 : .shiftJIS)
    }

    /// Decodes a free-text value (a title, a file name).
    static func decode(_ bytes: ArraySlice<UInt8>, _ encoding: Encoding) -> String {
        switch encoding {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .shiftJIS:
            return String(data: Data(bytes), encoding: .shiftJIS) ?? String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// One line of a byte buffer: its 1-based number and the byte range without the line break.
struct ByteLines: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    var index = 0
    var lineNumber = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> (number: Int, range: Range<Int>)? {
        guard index < bytes.count else { return nil }
        lineNumber += 1
        let start = index
        var end = start
        bytes.withUnsafeBufferPointer { buffer in
            while end < buffer.count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
            index = end
            if index < buffer.count && buffer[index] == 0x0D { index += 1 }
            if index < buffer.count && buffer[index] == 0x0A { index += 1 }
        }
        return (lineNumber, start..<end)
    }
}

extension UInt8 {
    /// The value of a base-36 digit (`0-9`, `A-Z`, `a-z`), or nil.
    @inline(__always) var base36Value: Int? {
        switch self {
        case 0x30...0x39: Int(self - 0x30)
        case 0x41...0x5A: Int(self - 0x41 + 10)
        case 0x61...0x7A: Int(self - 0x61 + 10)
        default: nil
        }
    }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always) var hexValue: Int? {
        guard let v = base36Value, v < 16 else { return nil }
        return v
    }

    @inline(__always) var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 }
}
