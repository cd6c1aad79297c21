#if canImport(Glibc)
import Glibc
#endif

/// Which pages of a block of memory are in RAM now (`mincore`): how the tests see that a buffer was
/// pre-faulted, rather than left for a real-time thread to fault in on first use.
enum PageResidency {
    /// The fraction (0…1) of the pages spanning `start ..< start + bytes` that are resident.
    static func residentFraction(_ start: UnsafeRawPointer, bytes: Int) -> Double {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = Int(bitPattern: start) / page * page
        let end = Int(bitPattern: start) + bytes
        let pages = (end - first + page - 1) / page
        var vector = [UInt8](repeating: 0, count: pages)
        let status = mincore(UnsafeMutableRawPointer(bitPattern: first), end - first, &vector)
        precondition(status == 0, "mincore failed: \(errno)")
        return Double(vector.filter { $0 & 1 == 1 }.count) / Double(pages)
    }
}
