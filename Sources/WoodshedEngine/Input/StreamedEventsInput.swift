#if canImport(Glibc)
import Glibc
#endif
import WoodshedCore

/// Events read from a pipe as another program writes them (`--input events:-`, `events:/dev/stdin`,
/// or a FIFO): live, so another program can play Woodshed in real time.
///
/// The lines are the events-file format (`MS NOTE VELOCITY`, `MS cc CONTROLLER VALUE`, `#`
/// comments). Like the kernel stamping a MIDI note, each event is stamped with the engine clock when
/// its line is read; the time column is not used live (it says when the event happens in a file
/// replayed offline). The timing thread polls the descriptor and parses in a fixed buffer: no
/// allocation, no lock. A line it cannot read is skipped and counted (`badLines`, with the first
/// one's number); the end of the stream ends the input.
public final class StreamedEventsInput: MIDIInput {
    public let name: String
    private let descriptor: Int32
    private let closesDescriptor: Bool
    private let clock: EngineClock
    private let bytes: UnsafeMutablePointer<UInt8>
    private let capacity = 4096
    /// Bytes of an unfinished line kept from the last read.
    private var kept = 0
    private var ended = false
    private var lineNumber = 0
    /// Lines that were not events, and the number of the first such line.
    public private(set) var badLines = 0
    public private(set) var firstBadLine = 0

    /// - Parameters:
    ///   - descriptor: an open descriptor to read (a pipe, a FIFO, standard input).
    ///   - closesDescriptor: whether `stop()` closes it (a FIFO opened for this input).
    public init(name: String, descriptor: Int32, closesDescriptor: Bool, clock: EngineClock) {
        self.name = name
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
        self.clock = clock
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
    }

    deinit { bytes.deallocate() }

    public var isOffline: Bool { false }
    public func start() throws {}

    public func stop() {
        if closesDescriptor { close(descriptor) }
    }

    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        if ended { return .finished }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let wait = (deadline - clock.now).nanoseconds
        let timeout = Int32(max(0, min(1000, (wait + 999_999) / 1_000_000)))
        guard Glibc.poll(&poller, 1, timeout) > 0 else { return .idle }
        let now = clock.now
        let count = Glibc.read(descriptor, bytes + kept, capacity - kept)
        if count <= 0 {
            if count == 0 || (errno != EAGAIN && errno != EINTR) {
                ended = true
                // A last line without a newline still counts.
                if kept > 0, let event = parse(bytes, count: kept, at: now) {
                    kept = 0
                    buffer[0] = event
                    return .events(1)
                }
                return .finished
            }
            return .idle
        }
        let total = kept + count
        var n = 0
        var lineStart = 0
        for i in 0..<total where bytes[i] == 0x0A {  // newline
            if n < buffer.count, let event = parse(bytes + lineStart, count: i - lineStart, at: now) {
                buffer[n] = event
                n += 1
            }
            lineStart = i + 1
        }
        // Keep the unfinished line; one longer than the buffer is not an event: drop it, counted.
        kept = total - lineStart
        if kept == capacity {
            countBad()
            kept = 0
        } else if kept > 0, lineStart > 0 {
            memmove(bytes, bytes + lineStart, kept)
        }
        return n > 0 ? .events(n) : .idle
    }

    private func countBad() {
        badLines += 1
        if firstBadLine == 0 { firstBadLine = lineNumber }
    }

    /// One line: nil for a blank line or a comment, and for a line that is not an event (counted).
    private func parse(_ line: UnsafeMutablePointer<UInt8>, count: Int, at time: EngineTime) -> MIDIEvent? {
        lineNumber += 1
        var fields: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)  // start offsets
        var lengths: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
        var fieldCount = 0
        var i = 0
        while i < count {
            let c = line[i]
            if c == 0x23 { break }  // '#'
            if c == 0x20 || c == 0x09 || c == 0x0D { i += 1; continue }
            let start = i
            while i < count, line[i] != 0x20, line[i] != 0x09, line[i] != 0x0D, line[i] != 0x23 { i += 1 }
            if fieldCount == 5 { countBad(); return nil }
            switch fieldCount {
            case 0: (fields.0, lengths.0) = (start, i - start)
            case 1: (fields.1, lengths.1) = (start, i - start)
            case 2: (fields.2, lengths.2) = (start, i - start)
            case 3: (fields.3, lengths.3) = (start, i - start)
            default: (fields.4, lengths.4) = (start, i - start)
            }
            fieldCount += 1
        }
        if fieldCount == 0 { return nil }
        // The time column must be a number, as in a file, though the arrival time is what counts live.
        guard Self.isNumber(line + fields.0, count: lengths.0) else { countBad(); return nil }
        if fieldCount == 4, lengths.1 == 2, line[fields.1] | 0x20 == 0x63, line[fields.1 + 1] | 0x20 == 0x63 {  // "cc"
            guard let controller = Self.byte(line + fields.2, count: lengths.2),
                  let value = Self.byte(line + fields.3, count: lengths.3) else { countBad(); return nil }
            return MIDIEvent(time: time, kind: .controlChange, number: controller, value: value)
        }
        guard fieldCount == 3, let note = Self.byte(line + fields.1, count: lengths.1),
              let velocity = Self.byte(line + fields.2, count: lengths.2) else { countBad(); return nil }
        return .noteOn(note, velocity: velocity, at: time)
    }

    /// A whole number 0…127.
    private static func byte(_ text: UnsafeMutablePointer<UInt8>, count: Int) -> UInt8? {
        guard count > 0, count <= 3 else { return nil }
        var value = 0
        for i in 0..<count {
            let digit = Int(text[i]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value <= 127 ? UInt8(value) : nil
    }

    /// A decimal number, optionally signed, with at most one point.
    private static func isNumber(_ text: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        var digits = 0, points = 0
        for i in 0..<count {
            let c = text[i]
            if c >= 0x30, c <= 0x39 { digits += 1 } else if c == 0x2E { points += 1 } else if !(i == 0 && (c == 0x2D || c == 0x2B)) { return false }
        }
        return digits > 0 && points <= 1
    }
}
