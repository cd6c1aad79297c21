import Testing
import WoodshedCore
@testable import WoodshedConfig

@Suite struct MappingFileErrorTests {
    /// What an "unknown voice" message lists: every voice name, in DrumVoice's order.
    static let validVoices = "kick, kick-left, snare, snare-rim, cross-stick, hihat, hihat-open, hihat-pedal, "
        + "tom-high, tom-mid, tom-low, tom-floor, crash, crash-left, ride, ride-bell, splash, china"

    func error(_ text: String) -> String? {
        failure { _ = try MappingFileReader.parse(text, file: "mappings/x.toml", name: "x") }
    }

    @Test func unknownVoiceNamesItsLineAndColumn() {
        let text = """
            kind = "drums"
            [notes]
            kick = 36
            snar = 38
            """
        #expect(error(text) == "mappings/x.toml:4:1: unknown voice \"snar\"; valid: \(Self.validVoices)")
    }

    @Test func noteOutOfRange() {
        #expect(error("kind = \"drums\"\n[notes]\nsnare = [38, 130]\n")
            == "mappings/x.toml:3:14: note 130 is out of range; MIDI notes are 0…127")
        #expect(error("kind = \"drums\"\n[notes]\n  kick = -1\n")
            == "mappings/x.toml:3:10: note -1 is out of range; MIDI notes are 0…127")
    }

    @Test func noteGivenTwice() {
        #expect(error("kind = \"drums\"\n[notes]\nsnare = 38\nsnare-rim = [40, 38]\n")
            == "mappings/x.toml:4:18: note 38 is already snare (line 3); a note plays one voice")
    }

    @Test func wrongTypes() {
        #expect(error("kind = \"drums\"\n[notes]\nsnare = \"38\"\n")
            == "mappings/x.toml:3:9: snare needs MIDI note numbers, e.g. snare = [38], not text")
        #expect(error("kind = \"drums\"\n[notes]\n[filter]\nretrigger-ms = \"long\"\n")
            == "mappings/x.toml:4:16: retrigger-ms must be a number, not text")
    }

    @Test func syntaxErrorsCarryTOMLKitsPosition() throws {
        let message = try #require(error("kind = \"drums\"\n[notes]\nsnare = [38\n"))
        #expect(message.hasPrefix("mappings/x.toml:"))
        #expect(message.contains("not valid TOML"))
        let exact = try #require(error("kind = \"drums\"\nkick 36\n"))
        #expect(exact.hasPrefix("mappings/x.toml:2:"))
    }

    @Test func missingOrUnknownKind() {
        #expect(error("[notes]\nkick = 36\n") == "mappings/x.toml:1:1: missing kind; add kind = \"drums\" or kind = \"pitched\" at the top")
        #expect(error("kind = \"guitar\"\n") == "mappings/x.toml:1:8: unknown kind \"guitar\"; valid: drums, pitched")
        #expect(error("kind = \"drums\"\n") == "mappings/x.toml:1:1: missing [notes]; add a [notes] table such as: snare = [38, 40]")
    }

    @Test func unknownKeys() {
        #expect(error("kind = \"drums\"\nnotse = 1\n[notes]\n")
            == "mappings/x.toml:2:1: unknown key \"notse\" in the top level; valid: kind, name, description, notes, hihat, filter")
        #expect(error("kind = \"drums\"\n[notes]\n[hihat]\nopeness = \"note\"\n")
            == "mappings/x.toml:4:1: unknown key \"openess\" in [hihat]; valid: openness, controller, closed-from")
        #expect(error("kind = \"drums\"\n[notes]\n[filter]\nretriger-ms = 3\n")?
            .hasPrefix("mappings/x.toml:4:1: unknown key \"retriger-ms\" in [filter]; valid: min-velocity, retrigger-ms,") == true)
        #expect(error("kind = \"drums\"\n[notes]\n[filter.snar]\nmin-velocity = 3\n")
            == "mappings/x.toml:3:9: unknown voice \"snar\"; valid: \(Self.validVoices)")
        #expect(error("kind = \"drums\"\n[notes]\n[filter.snare]\nmin-velocty = 3\n")
            == "mappings/x.toml:4:1: unknown key \"min-velocty\" in [filter.snare]; valid: min-velocity, retrigger-ms, crosstalk")
        #expect(error("kind = \"pitched\"\ntranspose = 2\nrange = 3\n")?.hasPrefix("mappings/x.toml:3:1: unknown key \"range\"") == true)
    }

    @Test func valuesOutOfRange() {
        #expect(error("kind = \"drums\"\n[notes]\n[filter]\nmin-velocity = 0\n")
            == "mappings/x.toml:4:16: min-velocity = 0 is out of range; velocities are 1…127")
        #expect(error("kind = \"drums\"\n[notes]\n[hihat]\nopenness = \"pedal\"\n")
            == "mappings/x.toml:4:12: unknown openness \"pedal\"; valid: note, controller")
        #expect(error("kind = \"pitched\"\nlowest-note = 60\nhighest-note = 50\n")
            == "mappings/x.toml:3:16: highest-note 50 is below lowest-note 60")
        #expect(error("kind = \"pitched\"\ntranspose = 49\n")
            == "mappings/x.toml:2:13: transpose = 49 is out of range; semitones are -48…48")
    }

    @Test func filterSettingsAreRead() throws {
        let text = """
            kind = "drums"
            name = "My kit"
            [notes]
            kick = 36
            snare = [38, 40]
            hihat-pedal = 44
            [hihat]
            openness = "controller"
            controller = 11
            closed-from = 100
            [filter]
            min-velocity = 3
            retrigger-ms = 25.5
            crosstalk-window-ms = 8
            crosstalk-percent = 40
            pedal-stomp-ms = 0
            [filter.snare]
            min-velocity = 12
            retrigger-ms = 20
            [filter.kick]
            crosstalk = false
            """
        let mapping = try MappingFileReader.parse(text, file: "k.toml", name: "k")
        #expect(mapping.title == "My kit")
        let map = try #require(mapping.drumKit)
        #expect(map.notes(for: .snare) == [38, 40])
        #expect(map.hihatOpenness == .fromController(number: 11, closedFrom: 100))
        #expect(map.filter[.snare] == DrumPadSettings(minimumVelocity: 12, retriggerWindow: .milliseconds(20)))
        #expect(map.filter[.tomHigh] == DrumPadSettings(minimumVelocity: 3, retriggerWindow: .milliseconds(25.5)))
        #expect(map.filter[.kick].suppressesCrosstalk == false)
        #expect(map.filter[.hihatPedal].suppressesCrosstalk == false)
        #expect(map.filter.crosstalkWindow == .milliseconds(8))
        #expect(map.filter.crosstalkPercent == 40)
        #expect(map.filter.pedalStompWindow == .zero)
    }

    @Test func inlineTablesAndQuotedKeysAreLocated() {
        // The scanner follows inline tables and quoted keys, so errors inside them are placed too.
        #expect(error("kind = \"drums\"\nnotes = { kick = 36, \"snar\" = 38 }\n")
            == "mappings/x.toml:2:22: unknown voice \"snar\"; valid: \(Self.validVoices)")
        #expect(error("kind = \"drums\" # a comment with [brackets] and \"quotes\"\n\n[notes]\n# snar = 1\nsnare = [\n  38,\n  # 400\n  400,\n]\n")
            == "mappings/x.toml:8:3: note 400 is out of range; MIDI notes are 0…127")
    }
}
