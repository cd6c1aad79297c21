#if canImport(Glibc)
import Glibc
#endif
import WoodshedCore
import WoodshedEngine

/// `--input events:-`, `events:/dev/stdin` and FIFOs: events another program writes as they
/// happen, read live (a regular file is replayed offline instead).
enum EventStream {
    /// Whether `path` names a stream rather than a file: `-`, a pipe, a FIFO, a socket or a
    /// character device (a terminal).
    static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || type == S_IFCHR
    }

    static func open(_ path: String, clock: EngineClock) throws -> StreamedEventsInput {
        if path == "-" || path == "/dev/stdin" {
            return StreamedEventsInput(name: "events:\(path)", descriptor: STDIN_FILENO, closesDescriptor: false, clock: clock)
        }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait here for its writer.
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw WoodshedError("\(path): cannot open it to read events (\(String(cString: strerror(errno)))); check the path")
        }
        return StreamedEventsInput(name: "events:\(path)", descriptor: descriptor, closesDescriptor: true, clock: clock)
    }
}
