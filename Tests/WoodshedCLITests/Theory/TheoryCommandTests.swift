import Foundation
import Testing
import WoodshedCore
@testable import WoodshedCLI

/// Parses a command line the way `woodshed` does and returns what the theory command prints.
private func output(_ arguments: [String]) throws -> String {
    guard let command = try Woodshed.parseAsRoot(arguments) as? any TheoryOutputCommand else {
        throw WoodshedError("not a theory command: \(arguments)")
    }
    return try command.output()
}

@Suite struct TheoryCommandTests {
    @Test func scaleText() throws {
        #expect(try output(["theory", "scale", "F#", "ionian"]) == "F# Ionian (major): F# G# A# B C# D# E#\nSteps: W-W-H-W-W-W-H")
        #expect(try output(["theory", "scale", "C#/Db", "Mixolydian"]) == "Db Mixolydian: Db Eb F Gb Ab Bb Cb\nSteps: W-W-H-W-W-H-W")
    }

    @Test func scaleJSON() throws {
        #expect(try output(["theory", "scale", "F#", "major", "--json"])
            == #"{"mode":"ionian","notes":["F#","G#","A#","B","C#","D#","E#"],"pattern":"W-W-H-W-W-W-H","root":"F#"}"#)
        #expect(try output(["theory", "scale", "61", "minor", "--json"])
            == #"{"mode":"aeolian","notes":["C#","D#","E","F#","G#","A","B"],"pattern":"W-H-W-W-H-W-W","root":"C#"}"#)
    }

    @Test func intervalTextAndJSON() throws {
        #expect(try output(["theory", "interval", "C4", "m9"]) == "C4 up Minor 9th (m9) = Db5 (13 semitones, MIDI 73)")
        #expect(try output(["theory", "interval", "C4", "m9", "--json"])
            == #"{"direction":"up","from":"C4","interval":"m9","midi":73,"name":"Minor 9th","semitones":13,"to":"Db5"}"#)
        #expect(try output(["theory", "interval", "C4", "m3", "--down"]) == "C4 down Minor 3rd (m3) = A3 (3 semitones, MIDI 57)")
        #expect(try output(["theory", "interval", "c", "minor 6th"]) == "C up Minor 6th (m6) = Ab (8 semitones)")
        #expect(try output(["theory", "interval", "C", "A4", "--json"])
            == #"{"direction":"up","from":"C","interval":"A4","midi":null,"name":"Augmented 4th","semitones":6,"to":"F#"}"#)
        #expect(try output(["theory", "interval", "C4", "A1"]) == "C4 up Augmented Unison (A1) = C#4 (1 semitone, MIDI 61)")
    }

    @Test func fretsJSONListsEveryPosition() throws {
        #expect(try output(["theory", "frets", "E4", "--json"]) == #"{"note":"E4","positions":[{"fret":0,"string":1},"#
            + #"{"fret":5,"string":2},{"fret":9,"string":3},{"fret":14,"string":4},{"fret":19,"string":5},"#
            + #"{"fret":24,"string":6}],"tuning":"guitar"}"#)
        #expect(try output(["theory", "frets", "D2", "--tuning", "drop-d", "--json"])
            == #"{"note":"D2","positions":[{"fret":0,"string":6}],"tuning":"drop-d"}"#)
    }

    @Test func fretsTextHasListAndDiagram() throws {
        let lines = try output(["theory", "frets", "B0", "--tuning", "bass-5"]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "B0 on bass-5 (B0 E1 A1 D2 G2):")
        #expect(lines[1] == "string 5 fret 0")
        #expect(lines[3].hasPrefix("      0    1   2"))
        #expect(lines[8].hasPrefix("5 B0  o ||---|"))
        let missing = try output(["theory", "frets", "C1", "--tuning", "bass"])
        #expect(missing.hasPrefix("C1 is not on bass (E1 A1 D2 G2) between frets 0 and 24."))
    }

    @Test func staffDrawsARisingScale() throws {
        let lines = try output(["theory", "staff", "A", "B", "C", "D", "E", "F", "G", "A"]).split(separator: "\n")
        #expect(lines.first == "Bass clef")
        #expect(lines.last == "       A2    B2    C3    D3    E3    F3    G3    A3")
        let treble = try output(["theory", "staff", "--clef", "treble", "C4", "Fx5"]).split(separator: "\n")
        #expect(treble.first == "Treble clef")
        #expect(treble[1] == "------------xo----")  // F##5 sits on F5's line, the top one
    }

    @Test func badInputIsOneUserFacingLine() {
        let cases: [([String], String)] = [
            (["theory", "scale", "H", "major"], "unknown root 'H'"),
            (["theory", "scale", "C", "blues"], "unknown mode 'blues'; choose one of: ionian, major,"),
            (["theory", "interval", "C4", "P3"], "unknown interval 'P3'; choose one of: m2 M2"),
            (["theory", "interval", "X4", "P5"], "unknown note 'X4'"),
            (["theory", "frets", "E4", "--tuning", "banjo"], "unknown tuning 'banjo'; choose one of: guitar, drop-d, bass, bass-5, ukulele"),
            (["theory", "staff", "--clef", "alto", "C4"], "unknown clef 'alto'; choose one of: bass, treble"),
            (["theory", "scale", "B##", "lydian"], "B## Lydian (degree 2) would need C###, beyond a double sharp; use Db Lydian"),
        ]
        for (arguments, start) in cases {
            do {
                let text = try output(arguments)
                Issue.record("expected an error for \(arguments), got \(text)")
            } catch let error as UserFacingError {
                #expect(error.message.hasPrefix(start), "\(arguments)")
                #expect(!error.message.contains("\n"))
            } catch {
                Issue.record("not a UserFacingError: \(error)")
            }
        }
    }

    /// The built `woodshed` binary, next to the test bundle in the build directory.
    static let binary: URL? = {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
        for start in candidates {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<3 {
                let candidate = directory.appendingPathComponent("woodshed")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }()

    private func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test func binaryPrintsAndFailsCleanly() throws {
        let binary = try #require(Self.binary, "the woodshed binary is built alongside the tests; run `swift build`")
        let good = try run(binary, ["theory", "interval", "C4", "d5", "--json"])
        #expect(good.status == 0)
        #expect(good.out == #"{"direction":"up","from":"C4","interval":"d5","midi":66,"name":"Diminished 5th","semitones":6,"to":"Gb4"}"# + "\n")
        let bad = try run(binary, ["theory", "scale", "C", "bluesy"])
        #expect(bad.status == 1)
        #expect(bad.out.isEmpty)
        #expect(bad.err.hasPrefix("woodshed: unknown mode 'bluesy'; choose one of:"))
        #expect(bad.err.filter { $0 == "\n" }.count == 1)
    }
}
