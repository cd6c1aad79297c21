import WoodshedCore

/// Reads `mappings/keyboard.toml`: the `[drums]` keys and the `[piano]` row.
public enum ComputerKeyboardMapReader {
    public static func parse(_ text: String, file: String) throws(ParseError) -> ComputerKeyboardMap {
        try read(TOMLDocument.parse(text, file: file))
    }

    /// Named keys; every other key is one printable ASCII character.
    static let namedKeys: [String: UInt8] = ["space": 32, "tab": 9, "enter": 13]

    static func keyByte(_ name: String) -> UInt8? {
        if let named = namedKeys[name] { return named }
        let scalars = Array(name.unicodeScalars)
        guard scalars.count == 1, let byte = UInt8(exactly: scalars[0].value), (33...126).contains(byte) else { return nil }
        return byte
    }

    static func keyError(_ node: TOMLNode, _ name: String) -> ParseError {
        node.valueError("\"\(name)\" is not a key; use one printable character (\"f\", \"F\", \";\") or space, tab, enter")
    }

    static func read(_ root: TOMLNode) throws(ParseError) -> ComputerKeyboardMap {
        try root.rejectUnknownKeys(["kind", "drums", "piano"])
        if let kind = root["kind"], try kind.string() != "keys" {
            throw kind.valueError("this is the computer-keyboard map; its kind is \"keys\"")
        }
        var map = ComputerKeyboardMap(piano: PianoKeyLayout())
        var seen: [UInt8: SourceLocation] = [:]
        func claim(_ byte: UInt8, _ node: TOMLNode, _ name: String, at location: SourceLocation) throws(ParseError) {
            if let earlier = seen[byte] {
                throw ParseError(location, "key \"\(name)\" is used twice (also line \(earlier.line)); give each key one job")
            }
            seen[byte] = location
        }
        if let drums = root["drums"] {
            for entry in try drums.entries() {
                guard let byte = keyByte(entry.key) else {
                    throw entry.keyError("\"\(entry.key)\" is not a key; use one printable character (\"f\", \"F\", \";\") or space, tab, enter")
                }
                try claim(byte, entry, entry.key, at: entry.keyLocation)
                let press: KeyPress
                switch entry.value {
                case .integer:
                    press = KeyPress(note: UInt8(try entry.integer(in: 0...127, "MIDI notes are")), velocity: 100)
                case .table:
                    try entry.rejectUnknownKeys(["note", "velocity"])
                    guard let note = entry["note"] else { throw entry.valueError("key \"\(entry.key)\" needs a note, e.g. { note = 38, velocity = 100 }") }
                    let velocity = try entry["velocity"]?.integer(in: 1...127, "velocities are") ?? 100
                    press = KeyPress(note: UInt8(try note.integer(in: 0...127, "MIDI notes are")), velocity: UInt8(velocity))
                default:
                    throw entry.valueError("key \"\(entry.key)\" must be a note number or { note = 38, velocity = 100 }, not \(entry.typeDescription)")
                }
                map.assignDrum(key: byte, to: press)
            }
        }
        if let piano = root["piano"] {
            try piano.rejectUnknownKeys(["lowest-note", "velocity", "keys", "octave-down", "octave-up", "max-octave-shift"])
            var layout = PianoKeyLayout()
            if let v = piano["lowest-note"] { layout.lowestNote = try v.integer(in: 0...127, "MIDI notes are") }
            if let v = piano["velocity"] { layout.velocity = UInt8(try v.integer(in: 1...127, "velocities are")) }
            if let v = piano["max-octave-shift"] { layout.maximumOctaveShift = try v.integer(in: 0...10, "use") }
            var pianoSeen: [UInt8: SourceLocation] = [:]
            func assign(_ node: TOMLNode, _ action: PianoKeyLayout.Action) throws(ParseError) {
                let name = try node.string()
                guard let byte = keyByte(name) else { throw keyError(node, name) }
                if let earlier = pianoSeen[byte] {
                    throw node.valueError("key \"\(name)\" is used twice in [piano] (also line \(earlier.line)); give each key one job")
                }
                pianoSeen[byte] = node.valueLocation
                layout.assign(key: byte, to: action)
            }
            if let keys = piano["keys"] {
                for (offset, node) in try keys.elements().enumerated() { try assign(node, .semitone(offset)) }
            }
            if let v = piano["octave-down"] { try assign(v, .octaveDown) }
            if let v = piano["octave-up"] { try assign(v, .octaveUp) }
            map.piano = layout
        }
        return map
    }
}
