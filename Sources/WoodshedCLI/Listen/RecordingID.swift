import Foundation
import WoodshedCore

/// A recording's identity by its content, so that a renamed or moved file keeps its place,
/// settings and favorite mark: FNV-1a (64 bits) over the file's size, its first MiB and its last
/// MiB — quick on an hour-long file, and two different recordings agreeing on all three is not a
/// case a musician meets.
enum RecordingID {
    static let window = 1 << 20

    /// - Throws: when the file cannot be read.
    static func of(path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw WoodshedError("\(path): cannot read the file; check the path")
        }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        var hash = FNV1a()
        hash.add(String(size).utf8)
        try handle.seek(toOffset: 0)
        hash.add(handle.readData(ofLength: window))
        if size > UInt64(window) {
            try handle.seek(toOffset: max(UInt64(window), size - UInt64(window)))
            hash.add(handle.readData(ofLength: window))
        }
        return String(format: "%016llx", hash.value)
    }

    private struct FNV1a {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
    }
}
