/// The `events:FILE` input format: a text file, one MIDI event a line.
///
/// ```
/// # time(ms)  note  velocity      — a note-on (velocity 0 = note-off)
/// 0           36    110
/// 250.5       42    80
/// -500        38    90            # negative: during the count-in
/// 1000        cc 4  127           # control change 4 (hi-hat pedal) = 127
/// ```
/// Times are milliseconds from time zero of whatever is being practised. It exists so that a whole
/// session can be replayed offline, deterministically, in tests and benchmarks.
public enum EventFile {
    /// Parses the text of an events file. `name` is used in error messages (`name:line`).
    /// Events are returned in time order (stable for equal times).
    public static func parse(_ text: String, name: String) throws(ParseError) -> [MIDIEvent] {
        var events: [MIDIEvent] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            let here = SourceLocation(file: name, line: lineNumber)
            guard let ms = Double(fields[0]), ms.isFinite else {
                throw ParseError(here, "expected a time in milliseconds, found \"\(fields[0])\"")
            }
            let time = EngineTime.milliseconds(ms)
            if fields.count >= 2, fields[1].lowercased() == "cc" {
                guard fields.count == 4 else {
                    throw ParseError(here, "expected `MS cc CONTROLLER VALUE`, found \(fields.count) fields")
                }
                let controller = try byte(fields[2], "controller", here)
                let value = try byte(fields[3], "value", here)
                events.append(MIDIEvent(time: time, kind: .controlChange, number: controller, value: value))
            } else {
                guard fields.count == 3 else {
                    throw ParseError(here, "expected `MS NOTE VELOCITY` or `MS cc CONTROLLER VALUE`, found \(fields.count) fields")
                }
                let note = try byte(fields[1], "note", here)
                let velocity = try byte(fields[2], "velocity", here)
                events.append(.noteOn(note, velocity: velocity, at: time))
            }
        }
        // Stable sort by time: files written by hand need not be in order.
        return events.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }

    private static func byte(_ field: Substring, _ what: String, _ here: SourceLocation) throws(ParseError) -> UInt8 {
        guard let value = Int(field), (0...127).contains(value) else {
            throw ParseError(here, "\(what) must be a whole number from 0 to 127, found \"\(field)\"")
        }
        return UInt8(value)
    }

    /// Writes events in the same format (note-ons and control changes), for recorders and tests.
    public static func format(_ events: [MIDIEvent]) -> String {
        var out = ""
        for e in events {
            let ms = e.time.milliseconds
            let t = ms == ms.rounded() ? String(Int64(ms)) : String(ms)
            switch e.kind {
            case .noteOn: out += "\(t) \(e.number) \(e.value)\n"
            case .noteOff: out += "\(t) \(e.number) 0\n"
            case .controlChange: out += "\(t) cc \(e.number) \(e.value)\n"
            }
        }
        return out
    }
}
