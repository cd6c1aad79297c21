import Testing
import WoodshedCore
@testable import WoodshedConfig

@Suite struct MappingPresetTests {
    let library = MappingLibrary(directory: bundledMappings)

    func kit(_ name: String) throws -> DrumKitMap {
        let mapping = try library.load(name)
        #expect(mapping.name == name)
        return try #require(mapping.drumKit)
    }

    func expect(_ map: DrumKitMap, _ table: [DrumVoice: [UInt8]], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (voice, notes) in table {
            #expect(map.notes(for: voice) == notes.sorted(), "\(voice)", sourceLocation: sourceLocation)
        }
        let mapped = Set(map.assignments.map(\.voice))
        #expect(mapped == Set(table.keys), sourceLocation: sourceLocation)
    }

    @Test func listsTheInstrumentMaps() {
        #expect(library.names == ["alesis-nitro", "gm", "piano", "roland-td", "yamaha-dtx"])
    }

    @Test func generalMIDI() throws {
        let map = try kit("gm")
        #expect(map == DrumKitMap.generalMIDI)
        #expect(map.hihatOpenness == .fromNote)
        #expect(map.filter == HitFilterSettings())
        #expect(try library.load("gm").title == "General MIDI")
    }

    @Test func rolandTD17() throws {
        let map = try kit("roland-td")
        expect(map, [
            .kick: [36], .snare: [38], .snareRim: [40], .crossStick: [37],
            .hihat: [42, 22], .hihatOpen: [46, 26], .hihatPedal: [44],
            .tomHigh: [48, 50], .tomLow: [45, 47], .tomFloor: [43, 58],
            .crash: [49, 55], .crashLeft: [57, 52], .ride: [51, 59], .rideBell: [53],
        ])
        #expect(map.hihatOpenness == .fromController(number: 4, closedFrom: 90))
        // CC4 before the note decides: an edge note with the pedal down is a closed hi-hat.
        var filter = HitFilter(map: map)
        filter.controlChange(controller: 4, value: 127)
        #expect(filter.admit(note: 26, velocity: 90, at: .zero) == .accepted(.hihat))
        filter.controlChange(controller: 4, value: 10)
        #expect(filter.admit(note: 22, velocity: 90, at: .milliseconds(500)) == .accepted(.hihatOpen))
    }

    @Test func alesisNitro() throws {
        expect(try kit("alesis-nitro"), [
            .kick: [36], .snare: [38], .snareRim: [40],
            .hihat: [42], .hihatOpen: [46, 23], .hihatPedal: [44],
            .tomHigh: [48, 50], .tomLow: [45, 47], .tomFloor: [43, 58, 41, 39],
            .crash: [49], .crashLeft: [57], .ride: [51], .rideBell: [53], .splash: [21],
        ])
    }

    @Test func yamahaDTX() throws {
        expect(try kit("yamaha-dtx"), [
            .kick: [36], .kickLeft: [35], .snare: [38], .snareRim: [40], .crossStick: [37],
            .hihat: [42, 79], .hihatOpen: [46, 78], .hihatPedal: [44, 83],
            .tomHigh: [48], .tomLow: [47], .tomFloor: [43],
            .crash: [49, 59, 55], .ride: [51, 52], .rideBell: [53],
        ])
    }

    @Test func piano() throws {
        let mapping = try library.load("piano")
        let map = try #require(mapping.pitched)
        #expect(map == PitchedMap())
        #expect(map.pitch(forNote: 60, velocity: 64) == PitchedNote(midiNote: 60))
    }

    @Test func computerKeyboard() throws {
        let map = try library.computerKeyboardMap()
        #expect(map.drumHit(forKey: UInt8(ascii: " ")) == KeyPress(note: 36, velocity: 100))
        #expect(map.drumHit(forKey: UInt8(ascii: "f"))?.note == 38)
        #expect(map.drumHit(forKey: UInt8(ascii: "F")) == KeyPress(note: 38, velocity: 127))
        #expect(map.drumHit(forKey: UInt8(ascii: "k"))?.note == 42)
        #expect(map.piano == PianoKeyLayout.standard)
        // Every drum key plays a voice of the default map.
        for (_, press) in map.drumAssignments {
            #expect(DrumKitMap.generalMIDI.voice(forNote: press.note) != nil)
        }
    }

    @Test func tunings() throws {
        let tunings = try library.tunings()
        #expect(tunings.map(\.name) == ["guitar", "drop-d", "bass", "bass-5", "ukulele"])
        let strings = Dictionary(uniqueKeysWithValues: tunings.map { ($0.name, $0.strings.map(\.note)) })
        #expect(strings["guitar"] == ["E2", "A2", "D3", "G3", "B3", "E4"])
        #expect(strings["drop-d"] == ["D2", "A2", "D3", "G3", "B3", "E4"])
        #expect(strings["bass"] == ["E1", "A1", "D2", "G2"])
        #expect(strings["bass-5"] == ["B0", "E1", "A1", "D2", "G2"])
        #expect(strings["ukulele"] == ["G4", "C4", "E4", "A4"])
        let a2 = tunings[0].strings[1].location
        #expect(a2.line == 6 && a2.column == 18 && a2.file.hasSuffix("mappings/tunings.toml"))
    }

    @Test func unknownNameListsTheValidOnes() {
        #expect(failure { _ = try library.load("rolland") }
            == "unknown map \"rolland\"; valid: alesis-nitro, gm, piano, roland-td, yamaha-dtx (or a path to a .toml file)")
        #expect(failure { _ = try library.load("tunings") }?.hasPrefix("\"tunings\" is not an instrument map") == true)
        #expect(failure { _ = try MappingLibrary(directory: nil).load("gm") }?.contains("WOODSHED_HOME") == true)
    }

    @Test func pathsAreLoadedAsGiven() throws {
        let folder = try temporaryFolder()
        defer { removeFolder(folder) }
        let path = folder + "/my-kit.toml"
        try "kind = \"drums\"\n[notes]\nsnare = 60\n".write(toFile: path, atomically: true, encoding: .utf8)
        let mapping = try library.load(path)
        #expect(mapping.name == "my-kit")
        #expect(mapping.title == "my-kit")
        #expect(mapping.drumKit?.voice(forNote: 60) == .snare)
        #expect(failure { _ = try library.load(folder + "/missing.toml") } == "\(folder)/missing.toml: no such file")
        #expect(failure { _ = try library.load(folder + "/") }?.hasSuffix("is a folder, not a TOML file") == true)
    }
}
