import WoodshedCore

/// Reads the text of a mapping file (`kind = "drums"` or `kind = "pitched"`).
///
/// The format is described in docs/mappings.md. Every mistake is a `ParseError` at the offending
/// key or value.
public enum MappingFileReader {
    /// Parses a mapping file. `file` names it in messages; `name` is the `--map` name.
    public static func parse(_ text: String, file: String, name: String) throws(ParseError) -> Mapping {
        try read(TOMLDocument.parse(text, file: file), file: file, name: name)
    }

    static let kinds = ["drums", "pitched"]

    static func read(_ root: TOMLNode, file: String, name: String) throws(ParseError) -> Mapping {
        guard let kindNode = root["kind"] else {
            throw ParseError(SourceLocation(file: file, line: 1, column: 1),
                             "missing kind; add kind = \"drums\" or kind = \"pitched\" at the top")
        }
        let kind = try kindNode.string()
        let title = try root["name"]?.nonEmptyString() ?? name
        switch kind {
        case "drums":
            try root.rejectUnknownKeys(["kind", "name", "description", "notes", "hihat", "filter"])
            return Mapping(name: name, title: title, file: file, instrument: .drums(try readDrums(root, file: file)))
        case "pitched":
            try root.rejectUnknownKeys(["kind", "name", "description", "transpose", "lowest-note", "highest-note", "min-velocity"])
            return Mapping(name: name, title: title, file: file, instrument: .pitched(try readPitched(root)))
        default:
            throw kindNode.valueError("unknown kind \"\(kind)\"; valid: \(kinds.joined(separator: ", "))")
        }
    }

    // MARK: Drums

    static let filterKeys = ["min-velocity", "retrigger-ms", "crosstalk-window-ms", "crosstalk-percent", "pedal-stomp-ms"]
    static let padKeys = ["min-velocity", "retrigger-ms", "crosstalk"]
    static let hihatKeys = ["openness", "controller", "closed-from"]

    static func voice(named node: TOMLNode) throws(ParseError) -> DrumVoice {
        guard let voice = DrumVoice(rawValue: node.key) else {
            throw node.keyError("unknown voice \"\(node.key)\"; valid: \(DrumVoice.validNames)")
        }
        return voice
    }

    static func readDrums(_ root: TOMLNode, file: String) throws(ParseError) -> DrumKitMap {
        var map = DrumKitMap()
        guard let notes = root["notes"] else {
            throw ParseError(SourceLocation(file: file, line: 1, column: 1),
                             "missing [notes]; add a [notes] table such as: snare = [38, 40]")
        }
        var assignedAt: [UInt8: (DrumVoice, SourceLocation)] = [:]
        for entry in try notes.entries() {
            let voice = try voice(named: entry)
            let noteNodes: [TOMLNode]
            if case .array(let elements) = entry.value { noteNodes = elements } else { noteNodes = [entry] }
            for node in noteNodes {
                guard case .integer(let number) = node.value else {
                    throw node.valueError("\(voice) needs MIDI note numbers, e.g. \(voice) = [\(voice.generalMIDINote)], not \(node.typeDescription)")
                }
                guard (0...127).contains(number) else {
                    throw node.valueError("note \(number) is out of range; MIDI notes are 0…127")
                }
                let note = UInt8(number)
                if let (other, location) = assignedAt[note] {
                    throw node.valueError("note \(note) is already \(other) (line \(location.line)); a note plays one voice")
                }
                assignedAt[note] = (voice, node.valueLocation)
                map.assign(note: note, to: voice)
            }
        }
        if let hihat = root["hihat"] { map.hihatOpenness = try readHiHat(hihat) }
        if let filter = root["filter"] { map.filter = try readFilter(filter) }
        return map
    }

    static func readHiHat(_ node: TOMLNode) throws(ParseError) -> HiHatOpenness {
        try node.rejectUnknownKeys(hihatKeys)
        let controller = try node["controller"]?.integer(in: 0...127, "controller numbers are") ?? Int(HiHatOpenness.footController)
        let closedFrom = try node["closed-from"]?.integer(in: 0...127, "controller values are") ?? Int(HiHatOpenness.defaultClosedFrom)
        guard let openness = node["openness"] else { return .fromNote }
        switch try openness.string() {
        case "note": return .fromNote
        case "controller": return .fromController(number: UInt8(controller), closedFrom: UInt8(closedFrom))
        case let other: throw openness.valueError("unknown openness \"\(other)\"; valid: note, controller")
        }
    }

    static func readFilter(_ node: TOMLNode) throws(ParseError) -> HitFilterSettings {
        var settings = HitFilterSettings()
        var allPads = DrumPadSettings()
        var voiceTables: [(DrumVoice, TOMLNode)] = []
        for entry in try node.entries() {
            switch entry.key {
            case "min-velocity": allPads.minimumVelocity = UInt8(try entry.integer(in: 1...127, "velocities are"))
            case "retrigger-ms": allPads.retriggerWindow = try entry.milliseconds(in: 0...500)
            case "crosstalk-window-ms": settings.crosstalkWindow = try entry.milliseconds(in: 0...100)
            case "crosstalk-percent": settings.crosstalkPercent = try entry.integer(in: 0...100, "use a percentage")
            case "pedal-stomp-ms": settings.pedalStompWindow = try entry.milliseconds(in: 0...200)
            default:
                guard case .table = entry.value else {
                    throw entry.keyError("unknown key \"\(entry.key)\" in [filter]; valid: \(filterKeys.joined(separator: ", ")), or a voice table such as [filter.snare]")
                }
                voiceTables.append((try voice(named: entry), entry))
            }
        }
        for voice in DrumVoice.allCases {
            settings[voice].minimumVelocity = allPads.minimumVelocity
            settings[voice].retriggerWindow = allPads.retriggerWindow
        }
        for (voice, table) in voiceTables {
            try table.rejectUnknownKeys(padKeys)
            var pad = settings[voice]
            if let v = table["min-velocity"] { pad.minimumVelocity = UInt8(try v.integer(in: 1...127, "velocities are")) }
            if let v = table["retrigger-ms"] { pad.retriggerWindow = try v.milliseconds(in: 0...500) }
            if let v = table["crosstalk"] { pad.suppressesCrosstalk = try v.bool() }
            settings[voice] = pad
        }
        return settings
    }

    // MARK: Pitched

    static func readPitched(_ root: TOMLNode) throws(ParseError) -> PitchedMap {
        var map = PitchedMap()
        if let v = root["transpose"] { map.transpose = try v.integer(in: -48...48, "semitones are") }
        if let v = root["lowest-note"] { map.lowestNote = UInt8(try v.integer(in: 0...127, "MIDI notes are")) }
        if let v = root["highest-note"] { map.highestNote = UInt8(try v.integer(in: 0...127, "MIDI notes are")) }
        if let v = root["min-velocity"] { map.minimumVelocity = UInt8(try v.integer(in: 1...127, "velocities are")) }
        if map.lowestNote > map.highestNote, let v = root["highest-note"] {
            throw v.valueError("highest-note \(map.highestNote) is below lowest-note \(map.lowestNote)")
        }
        return map
    }
}
