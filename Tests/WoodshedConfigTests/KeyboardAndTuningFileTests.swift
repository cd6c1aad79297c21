import Testing
import WoodshedCore
@testable import WoodshedConfig

@Suite struct KeyboardAndTuningFileTests {
    func keyboardError(_ text: String) -> String? {
        failure { _ = try ComputerKeyboardMapReader.parse(text, file: "keyboard.toml") }
    }

    func tuningsError(_ text: String) -> String? {
        failure { _ = try TuningsReader.parse(text, file: "tunings.toml") }
    }

    @Test func keyboardFileForms() throws {
        let map = try ComputerKeyboardMapReader.parse("""
            kind = "keys"
            [drums]
            space = 36
            ";" = { note = 38, velocity = 64 }
            [piano]
            lowest-note = 48
            keys = ["q", "2", "w"]
            octave-up = "+"
            """, file: "k.toml")
        #expect(map.drumHit(forKey: 32) == KeyPress(note: 36, velocity: 100))
        #expect(map.drumHit(forKey: UInt8(ascii: ";")) == KeyPress(note: 38, velocity: 64))
        #expect(map.piano.press(key: UInt8(ascii: "w"), octaveShift: 0) == KeyPress(note: 50, velocity: 90))
        #expect(map.piano.action(forKey: UInt8(ascii: "+")) == .octaveUp)
        #expect(map.piano.action(forKey: UInt8(ascii: "z")) == nil)
    }

    @Test func keyboardFileErrors() {
        #expect(keyboardError("[drums]\nctrl = 36\n")
            == "keyboard.toml:2:1: \"ctrl\" is not a key; use one printable character (\"f\", \"F\", \";\") or space, tab, enter")
        #expect(keyboardError("[drums]\nf = { note = 38, velocity = 0 }\n")
            == "keyboard.toml:2:29: velocity = 0 is out of range; velocities are 1…127")
        #expect(keyboardError("[drums]\nf = { note = 38, velo = 3 }\n")
            == "keyboard.toml:2:18: unknown key \"velo\" in [drums.f]; valid: note, velocity")
        #expect(keyboardError("[piano]\nkeys = [\"a\", \"ä\"]\n")
            == "keyboard.toml:2:14: \"ä\" is not a key; use one printable character (\"f\", \"F\", \";\") or space, tab, enter")
        #expect(keyboardError("[piano]\nkeys = [\"a\", \"s\"]\noctave-up = \"a\"\n")
            == "keyboard.toml:3:13: key \"a\" is used twice in [piano] (also line 2); give each key one job")
        #expect(keyboardError("kind = \"drums\"\n") == "keyboard.toml:1:8: this is the computer-keyboard map; its kind is \"keys\"")
        #expect(keyboardError("[pinao]\n")?.hasPrefix("keyboard.toml:1:2: unknown key \"pinao\" in the top level") == true)
    }

    @Test func tuningsAreReadInFileOrderWithLocations() throws {
        let tunings = try TuningsReader.parse("""
            [open-g]
            strings = ["D2", "G2", "D3", "G3", "B3", "D4"]

            [dadgad]
            name = "DADGAD"
            strings = [
              "D2",
              "A2",
            ]
            """, file: "t.toml")
        #expect(tunings.map(\.name) == ["open-g", "dadgad"])
        #expect(tunings[0].title == "open-g")
        #expect(tunings[1].title == "DADGAD")
        #expect(tunings[1].strings.map(\.note) == ["D2", "A2"])
        #expect(tunings[1].strings[1].location == WoodshedCore.SourceLocation(file: "t.toml", line: 8, column: 3))
        #expect(tunings[1].location == WoodshedCore.SourceLocation(file: "t.toml", line: 4, column: 2))
    }

    @Test func tuningErrors() {
        #expect(tuningsError("[bass]\nstrings = []\n") == "tunings.toml:2:11: tuning \"bass\" needs at least one string")
        #expect(tuningsError("[bass]\nname = \"Bass\"\n") == "tunings.toml:1:2: tuning \"bass\" has no strings; add strings = [\"E2\", \"A2\", …]")
        #expect(tuningsError("[bass]\nstrings = [\"E1\", 33]\n")
            == "tunings.toml:2:18: strings of \"bass\" must be note names in quotes such as \"E2\", not a whole number")
        #expect(tuningsError("[bass]\nstrings = \"E1 A1\"\n") == "tunings.toml:2:11: strings must be a list in [ ], not text")
        #expect(tuningsError("guitar = 1\n")
            == "tunings.toml:1:1: guitar must be a tuning table such as [guitar] with strings = [\"E2\", \"A2\"]")
        #expect(tuningsError("[bass]\nstrings = [\"E1\"]\ntuning = 1\n")
            == "tunings.toml:3:1: unknown key \"tuning\" in [bass]; valid: name, strings")
        #expect(tuningsError("[bass]\nstrings = [\" \"]\n") == "tunings.toml:2:12: empty string name in \"bass\"; write a note such as \"E2\"")
    }
}
