import Foundation
import Testing
import WoodshedSndFile

@Suite("woodshed quiz: events files, right and wrong answers, the store, bad input")
struct QuizCommandTests {
    /// A history folder and an events file of its own for each test.
    func prepare(_ events: String) throws -> (dir: URL, events: String, env: [String: String]) {
        let dir = try WoodshedBinary.temporaryDirectory()
        let file = dir.appendingPathComponent("answers.txt")
        try events.write(to: file, atomically: true, encoding: .utf8)
        return (dir, file.path, ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.path])
    }

    @Test func intervalQuizJSONRightAndWrong() throws {
        let (dir, events, env) = try prepare("# one note a line\n1500 72 100\n4000 71 100\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try WoodshedBinary.run(
            ["quiz", "interval", "--root", "E3", "--set", "m6", "--count", "2", "--input", "events:\(events)", "--json", "--no-feedback"],
            environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        // docs/json.md: snake_case keys, sorted; a value that does not apply is null.
        #expect(result.lines == [
            #"{"degree":null,"expected":"C4","index":1,"interval":"m6","mode":null,"name":"Minor 6th","root":"E3","semitones":8,"type":"question"}"#,
            #"{"correct":true,"index":1,"note":72,"played":"C5","response_ms":1500,"type":"answer"}"#,
            #"{"degree":null,"expected":"C4","index":2,"interval":"m6","mode":null,"name":"Minor 6th","root":"E3","semitones":8,"type":"question"}"#,
            #"{"correct":false,"index":2,"note":71,"played":"B4","response_ms":1500,"type":"answer"}"#,
            #"{"correct":1,"duration_seconds":4,"error_rate":50,"errors":1,"kind":"interval","lost":0,"mean_response_ms":1500,"per":[{"correct":1,"errors":1,"label":"m6","wrong_notes":["B4"]}],"questions":2,"stopped":false,"type":"summary"}"#,
        ])

        // The answers are kept, marked as played from a file: listed, but not counted as the player's own.
        let history = try WoodshedBinary.run(["history"], environment: env)
        #expect(history.stdout.contains("interval") && history.stdout.contains("(from a file)"), "\(history.stdout)")
        let stats = try WoodshedBinary.run(["stats", "--json"], environment: env)
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains(#""sessions" : 0"#) && !stats.stdout.contains("m6"), "\(stats.stdout)")
    }

    @Test func intervalQuizOctaveExactAndTheSameKeyForA4AndD5() throws {
        let (dir, events, env) = try prepare("1000 66 90\n3000 54 90\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try WoodshedBinary.run(
            ["quiz", "interval", "--root", "C4", "--set", "A4,d5", "--count", "2", "--seed", "4", "--octave-exact",
             "--input", "events:\(events)", "--json", "--no-feedback"], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        let answers = result.lines.filter { $0.contains(#""type":"answer""#) }
        #expect(answers.count == 2)
        #expect(answers[0].contains(#""correct":true"#))
        #expect(answers[1].contains(#""correct":false"#))
        // Seed 4 asks both: A4 above C4 is F#4, d5 is Gb4.
        let questions = result.lines.filter { $0.contains(#""type":"question""#) }
        #expect(questions.count == 2)
        let expected = questions.compactMap { $0.firstMatch(of: /"expected":"([^"]*)"/).map { String($0.1) } }
        #expect(expected.sorted() == ["F#4", "Gb4"])
    }

    @Test func scaleQuizTextWithRetryStaffAndStopKey() throws {
        let (dir, events, env) = try prepare("1000 50 100\n1500 52 100\n2000 55 100\n2500 53 100\n3000 21 100\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try WoodshedBinary.run(
            ["quiz", "scale", "--root", "D", "--mode", "dorian", "--input", "events:\(events)", "--no-feedback"], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("D Dorian, steps W-H-W-W-W-H-W"))
        #expect(out.contains("  D3  right, degree 1  (1.00 s)"))
        #expect(out.contains("  G3  wrong for degree 3; try again  (0.50 s)"))
        #expect(out.contains("  F3  right, degree 3  (1.00 s)"))
        #expect(out.contains("    -F:----------------o----\n"), "\(out)")  // F3 on the F line, the third note drawn
        #expect(out.contains("Stopped."))
        #expect(out.contains("Results: 3 correct, 1 error (25.0% error rate), 3.0 s, mean response 0.75 s"))
        #expect(out.contains("  3    1 right, 1 wrong  played instead: G3"))

        let history = try WoodshedBinary.run(["history"], environment: env)
        #expect(history.stdout.contains("D dorian") && history.stdout.contains("(from a file)"), "\(history.stdout)")
    }

    @Test func scaleQuizIsDeterministicWithASeedAndWritesTheMix() throws {
        let (dir, events, env) = try prepare("500 60 100\n1000 62 100\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("quiz.wav").path
        let args = ["quiz", "scale", "--seed", "42", "--input", "events:\(events)", "--json"]
        let first = try WoodshedBinary.run(args + ["--wav", wav], environment: env)
        let second = try WoodshedBinary.run(args + ["--no-feedback"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.lines.first?.contains(#""degree":1"#) == true)
        // The mix: the played notes at 500 and 1000 ms sounded, rendered to the last event plus the
        // offline run's 500 ms tail, 1.5 s at 48 kHz (whole 64-frame periods: 72 000 frames exactly).
        let audio = try AudioFile(contentsOf: wav)
        #expect(audio.sampleRate == 48_000 && audio.channels == 2)
        #expect(audio.frames == 72_000)
        #expect(audio.samples.contains { abs($0) > 0.05 })
    }

    /// Runs `woodshed` with `input` on standard input; the JSON lines it printed.
    func runTyping(_ arguments: [String], input: String) throws -> (status: Int32, lines: [String]) {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = WoodshedBinary.url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.path]) { $1 }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = Pipe()
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func answeringByName() throws {
        let (status, lines) = try runTyping(["quiz", "interval", "--root", "C3", "--set", "A4", "--count", "3", "--name", "--json"],
                                            input: "augmented 4th\nd5\n")
        #expect(status == 0)
        let answers = lines.filter { $0.contains(#""type":"answer""#) }
        #expect(answers.count == 2)
        #expect(answers[0].contains(#""correct":true"#) && answers[0].contains(#""played":"A4""#))
        // Shown on a staff, the spelling decides: F#3 is not a diminished 5th above C3.
        #expect(answers[1].contains(#""correct":false"#) && answers[1].contains(#""played":"d5""#))
        #expect(lines.last?.contains(#""stopped":true"#) == true)
    }

    @Test func answeringByNameByEar() throws {
        let (status, lines) = try runTyping(
            ["quiz", "interval", "--root", "C3", "--set", "A4", "--count", "2", "--name", "--ear", "--output", "null", "--json"],
            input: "d5\nP5\n")
        #expect(status == 0)
        let answers = lines.filter { $0.contains(#""type":"answer""#) }
        // Heard, A4 and d5 are the same sound: either name is right.
        #expect(answers.map { $0.contains(#""correct":true"#) } == [true, false])
        #expect(lines.last?.contains(#""correct":1,"#) == true && lines.last?.contains(#""questions":2,"#) == true)
    }

    @Test(arguments: [
        (["quiz", "scale", "--mode", "blues"], "woodshed: unknown mode 'blues'; choose one of: ionian, major, dorian"),
        (["quiz", "scale", "--root", "H"], "woodshed: unknown root 'H'"),
        (["quiz", "interval", "--root", "H2"], "woodshed: unknown note 'H2'"),
        (["quiz", "interval", "--set", "m3,x9"], "woodshed: unknown interval 'x9'; choose one of: m2 M2 m3"),
        (["quiz", "interval", "--clef", "alto"], "woodshed: unknown clef 'alto'; choose one of: bass, treble"),
        (["quiz", "interval", "--map", "gm"], "woodshed: --map gm is a drum kit map; a quiz needs a pitched map such as piano"),
    ])
    func badInputIsOneLine(arguments: [String], message: String) throws {
        let (dir, events, env) = try prepare("1000 60 100\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try WoodshedBinary.run(arguments + ["--input", "events:\(events)", "--no-feedback"], environment: env)
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

/// The quiz's running clock: in place on a terminal, absent in a pipe.
@Suite struct QuizClockTests {
    @Test func theClockIsRewrittenInPlaceOnATerminalAndAbsentInAPipe() throws {
        let dir = try WoodshedBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]
        let args = ["quiz", "interval", "--count", "1", "--seed", "1", "--input", "events:-", "--output", "null", "--no-feedback"]
        // Live until a second of the clock has been shown, then the input ends (and the quiz).
        let terminal = try WoodshedBinary.runInTerminal(args, environment: env, closingInputWhenShown: "[  1 s]")
        #expect(terminal.status == 0, "\(terminal.output.debugDescription)")
        #expect(terminal.output.contains("\r\u{1B}[K[  0 s]"), "\(terminal.output.debugDescription)")
        #expect(terminal.output.contains("\r\u{1B}[K[  1 s]"), "\(terminal.output.debugDescription)")
        // Never a line of its own, and gone before the results.
        #expect(!terminal.output.contains("[  1 s]\r\n"), "\(terminal.output.debugDescription)")
        #expect(terminal.output.contains("\r\u{1B}[KResults:"), "\(terminal.output.debugDescription)")
    }
}
