import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WoodshedCLI
import WoodshedCore
import WoodshedStore

/// What a drummer meets in the first week: remembered settings that show and can be cleared, live
/// loops that count when stopped, simulations kept apart from the player's own history, extra hits
/// under their own measure, and choices the parser checks.
@Suite struct PlayTrustTests {
    static let beat = """
    title: Trust Beat
    bpm: 120

    measure
    kick   x-x-
    snare  -x-x
    """

    /// Three measures at 120 BPM, the second a rest: 0–2 s, 2–4 s (nothing to play), 4–6 s.
    static let restBar = """
    title: Rest Bar
    bpm: 120

    measure
    kick   x-x-
    snare  -x-x

    measure
    kick   ----

    measure
    kick   x-x-
    snare  -x-x
    """

    struct Folder {
        var dir: URL
        var env: [String: String] { ["WOODSHED_DATA_DIR": dir.path, "XDG_CONFIG_HOME": dir.path] }
        func write(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        func woodshed(_ arguments: [String]) throws -> WoodshedBinary.Result {
            try WoodshedBinary.run(arguments, environment: env)
        }
    }

    func folder() throws -> Folder { Folder(dir: try WoodshedBinary.temporaryDirectory()) }

    // MARK: Remembered settings

    @Test func aFlagWinsMemoryFillsTheRestAndEachFlagCanClearIt() {
        let remembered = RememberedSettings(speedPercent: 75, voices: [.snare], loop: 9...12)
        typealias Request = RememberedSettings.Request
        // Nothing asked: all three come from memory, and say so.
        let (kept, shown) = RememberedSettings.resolve(Request(), remembered: remembered)
        #expect(kept == remembered && shown == remembered)
        #expect(shown.notice == "remembered for this chart: voices snare, speed 75 %, loop 9-12 — `--fresh` to start clean "
                + "(or --voices all, --speed 100, --loop off)")
        // Each flag resets its own setting and leaves the others remembered.
        let cleared = RememberedSettings.resolve(Request(speedPercent: 100, voices: .all, loop: .off), remembered: remembered)
        #expect(cleared.effective.isEmpty && cleared.fromMemory.isEmpty && cleared.fromMemory.notice == nil)
        let speedOnly = RememberedSettings.resolve(Request(speedPercent: 100), remembered: remembered)
        #expect(speedOnly.effective == RememberedSettings(speedPercent: nil, voices: [.snare], loop: 9...12))
        // --fresh: nothing remembered applies.
        let fresh = RememberedSettings.resolve(Request(fresh: true), remembered: remembered)
        #expect(fresh.effective.isEmpty && fresh.fromMemory.notice == nil)
        let changed = RememberedSettings.resolve(Request(voices: .only([.kick, .hihat]), loop: .measures(1...2)), remembered: remembered)
        #expect(changed.effective == RememberedSettings(speedPercent: 75, voices: [.kick, .hihat], loop: 1...2))
        #expect(changed.fromMemory == RememberedSettings(speedPercent: 75))
    }

    @Test func rememberedSettingsRoundTripThroughTheStoreAndDefaultsAreForgotten() throws {
        let store = Store()
        try RememberedSettings(speedPercent: 60, voices: [.hihat, .snare], loop: 3...4).save(to: store, chart: "c")
        #expect(RememberedSettings.load(from: store, chart: "c") == RememberedSettings(speedPercent: 60, voices: [.hihat, .snare], loop: 3...4))
        try RememberedSettings().save(to: store, chart: "c")
        #expect(RememberedSettings.load(from: store, chart: "c").isEmpty)
        #expect(try store.setting(.lastSpeed(chart: "c")) == nil)
    }

    /// On the computer keyboard (a person playing): `--voices snare` is remembered and shown next
    /// time, and `--voices all` clears it.
    @Test(.timeLimit(.minutes(2))) func aPersonsSettingsAreRememberedShownAndCleared() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("beat.wchart", Self.beat)
        func playOnKeys(_ extra: [String]) throws -> String {
            let session = try TerminalSession(["play", chart, "--input", "keys", "--output", "null", "--no-feedback",
                                               "--count-in", "0"] + extra, environment: f.env)
            session.waitFor("starts in")
            session.type([0x1B])  // Escape: the player is done
            let (status, text) = session.finish()
            #expect(status == 0, "\(text)")
            return text
        }
        let first = try playOnKeys(["--voices", "snare", "--speed", "80"])
        #expect(!first.contains("remembered"), "\(first)")
        let second = try playOnKeys([])
        #expect(second.contains("remembered for this chart: voices snare, speed 80 %"), "\(second)")
        #expect(second.contains("judging snare") && second.contains("at 80 %"), "\(second)")
        let third = try playOnKeys(["--voices", "all"])
        #expect(third.contains("remembered for this chart: speed 80 %"), "\(third)")
        #expect(!third.contains("judging snare"), "\(third)")
        let fourth = try playOnKeys(["--fresh"])
        #expect(!fourth.contains("remembered"), "\(fourth)")
        #expect(fourth.contains("at 100 %"), "\(fourth)")
    }

    @Test func aReplayedFileNeitherUsesNorSetsRememberedSettings() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("beat.wchart", Self.beat)
        let hits = try f.write("hits.txt", "0 36 100\n")
        let slow = try f.woodshed(["play", chart, "--input", "events:\(hits)", "--speed", "75", "--no-feedback", "--json"])
        #expect(slow.status == 0, "\(slow.stderr)")
        let again = try f.woodshed(["play", chart, "--input", "events:\(hits)", "--no-feedback", "--json"])
        let summary = try #require(again.lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(summary["speed"] as? Int == 100)
    }

    // MARK: Live loops

    /// A loop played live until Ctrl-C: the complete passes count, the session is finished (so it
    /// can set a best), the partial pass is not scored.
    @Test(.timeLimit(.minutes(1))) func ctrlCAfterCompletePassesEndsALiveLoopNormally() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("beat.wchart", Self.beat)
        let process = Process()
        process.executableURL = WoodshedBinary.url
        process.arguments = ["play", chart, "--input", "events:-", "--output", "null", "--no-feedback", "--loop", "1-1",
                             "--count-in", "0", "--json"]
        process.environment = ProcessInfo.processInfo.environment.merging(f.env) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input  // held open and silent: every note becomes a miss as time passes
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the second pass is judged to its last note (4 notes a pass), then stop.
        var text = ""
        while text.components(separatedBy: "\"pass\":2").count - 1 < 4 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGINT)  // Ctrl-C
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 0)
        let lines = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let summary = try #require(lines.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["passes"] as? Int == 2)
        #expect(summary["notes"] as? Int == 8)
        let history = try f.woodshed(["history", "--json"])
        #expect(history.stdout.contains(#""status" : "finished""#), "\(history.stdout)")
        #expect(!history.stdout.contains("aborted"))
    }

    // MARK: Simulations

    @Test func aDemoIsKeptAsSimulatedAndNeverCountedAsYourPlaying() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let demo = try f.woodshed(["demo", "--output", "null"])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(!demo.stdout.contains("First score"), "\(demo.stdout)")
        #expect(demo.stdout.contains("simulated"), "\(demo.stdout)")
        let history = try f.woodshed(["history"])
        #expect(history.stdout.contains("(simulated)"), "\(history.stdout)")
        let stats = try f.woodshed(["stats", "--json"])
        #expect(stats.stdout.contains(#""sessions" : 0"#), "\(stats.stdout)")
        let problems = try f.woodshed(["problems", "--json"])
        #expect(problems.stdout.contains(#""sessions_considered" : 0"#), "\(problems.stdout)")
    }

    @Test func noStoreKeepsNothing() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let demo = try f.woodshed(["demo", "--no-store", "--json"])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.contains(#""session":null"#))
        let history = try f.woodshed(["history", "--json"])
        #expect(!history.stdout.contains("\"id\""), "\(history.stdout)")
    }

    // MARK: The display

    /// Ahead of the beat (the default): each measure's tab is shown a measure before it starts, and
    /// after it the tab as played — each note's judgement on its step, the stray hit where it fell.
    @Test func eachMeasureIsShownAheadAndThenAsPlayed() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("ahead.wchart", Self.restBar)
        // Measure 1 on time except the last snare (60 ms late); a stray hi-hat at 2.7 s (measure 2,
        // 0.7 s in: step 6 of 16); measure 3 all missed.
        let hits = try f.write("hits.txt", "0 36 100\n500 38 100\n1000 36 100\n1560 38 100\n2700 42 80\n")
        let run = try f.woodshed(["play", chart, "--input", "events:\(hits)", "--no-feedback", "--count-in", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.lines
        func index(_ text: String) -> Int? { lines.firstIndex { $0.hasPrefix(text) } }
        // Measures 1 and 2 are shown at once (the first one, and one ahead), measure 3 when 2 starts
        // — before measure 1's judged version, which waits for its last note's window.
        let shown = (1...3).map { index("    m \($0)") }
        let played = (1...3).map { index("    m \($0) played") }
        #expect(shown.allSatisfy { $0 != nil } && played.allSatisfy { $0 != nil }, "\(run.stdout)")
        #expect(shown[0]! < shown[1]! && shown[1]! < played[0]! && shown[2]! < played[1]!, "\(run.stdout)")
        #expect(lines[shown[0]! + 1] == "    1e&a2e&a3e&a4e&a")
        #expect(lines[shown[0]! + 2] == "SD |----o-------o---|")
        #expect(lines[shown[0]! + 3] == "BD |o-------o-------|")
        // As played (a pipe: the notes, and the plain marks in a row under each line): perfect,
        // perfect, and the late snare (60 ms: great, late: >).
        #expect(lines[played[0]!] == "    m 1 played: 3 perfect, 1 near, 0 missed  | combo 4  score 380", "\(run.stdout)")
        #expect(Array(lines[(played[0]! + 1)...(played[0]! + 4)]) == [
            "SD |----o-------o---|", "   |    ●       >   |", "BD |o-------o-------|", "   |●       ●       |"], "\(run.stdout)")
        #expect(lines[played[1]!] == "    m 2 played: no notes to play, 1 extra", "\(run.stdout)")
        #expect(Array(lines[(played[1]! + 1)...(played[1]! + 2)]) == ["HH |----------------|", "   |      +         |"], "\(run.stdout)")
        #expect(Array(lines[(played[2]! + 1)...(played[2]! + 4)]) == [
            "SD |----o-------o---|", "   |    x       x   |", "BD |o-------o-------|", "   |x       x       |"], "\(run.stdout)")
    }

    /// Voices not judged (played for the drummer) are marked in the tab; a loop says its pass, and a
    /// slower speed the tempo heard.
    @Test func theTabAheadMarksAutoplayedVoicesThePassAndTheSpeed() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("auto.wchart", Self.restBar)
        let hits = try f.write("hits.txt", "0 38 100\n")
        let run = try f.woodshed(["play", chart, "--input", "events:\(hits)", "--no-feedback", "--voices", "snare",
                                  "--loop", "1", "--passes", "2", "--speed", "50", "--count-in", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.contains("    m 1  4/4  120 BPM  pass 1 (loop 1-1)  at 50 %: 60 BPM"), "\(run.stdout)")
        #expect(run.lines.contains("    m 1  4/4  120 BPM  pass 2 (loop 1-1)  at 50 %: 60 BPM"), "\(run.stdout)")
        #expect(run.lines.contains("BD |o-------o-------|  (auto)"), "\(run.stdout)")
        #expect(run.lines.contains("SD |----o-------o---|"), "\(run.stdout)")
    }

    @Test func anExtraHitInAMeasureWithNothingToPlayIsShownUnderThatMeasure() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("rest.wchart", Self.restBar)
        // Every note played on time, and one stray hi-hat in the rest bar (at 2.7 s).
        let hits = try f.write("hits.txt", "0 36 100\n500 38 100\n1000 36 100\n1500 38 100\n2700 42 80\n"
                                 + "4000 36 100\n4500 38 100\n5000 36 100\n5500 38 100\n")
        let run = try f.woodshed(["play", chart, "--input", "events:\(hits)", "--no-feedback", "--look-ahead", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        let measures = run.lines.filter { $0.hasPrefix("m ") }
        #expect(measures.count == 3, "\(run.stdout)")
        #expect(measures.first { $0.hasPrefix("m   2") }?.contains("(no notes to play)  +1") == true, "\(run.stdout)")
        #expect(measures.first { $0.hasPrefix("m   3") }?.contains("+1") == false, "\(run.stdout)")
    }

    /// A chattering pad: every extra hit counts in the results, but a measure keeps at most 64 of
    /// them per voice as rows in the history.
    @Test func aFloodOfExtraHitsIsCountedButStoredOnlyUpToTheLimit() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        // At 60 BPM: a kick at 0 s, a rest bar from 4 s to 8 s, a kick at 8 s.
        let chart = try f.write("slow.wchart", "title: Slow\nbpm: 60\n\nmeasure\nkick x---\n\nmeasure\nkick ----\n\nmeasure\nkick x---\n")
        // Both kicks on time; in the rest bar 100 hi-hats (35 ms apart, past the 30 ms double-trigger
        // filter) and 3 crashes.
        var hits = "0 36 100\n"
        hits += (0..<100).map { "\(4000 + 35 * $0) 42 80\n" }.joined()
        hits += "7600 49 90\n7700 49 90\n7800 49 90\n8000 36 100\n"
        let run = try f.woodshed(["play", chart, "--input", "events:\(try f.write("hits.txt", hits))", "--no-feedback", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(run.lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(summary["extra"] as? Int == 103)
        let store = try Store(path: f.dir.appendingPathComponent("woodshed.sqlite").path)
        let extras = try store.drumEvents(sessionID: 1).filter { $0.tier == .extra }
        #expect(extras.filter { $0.voice == .hihat }.count == 64)
        #expect(extras.filter { $0.voice == .crash }.count == 3)
        #expect(extras.allSatisfy { $0.measure == 2 })
        #expect(try store.session(id: 1)?.drums?.extra == 103)
    }

    // MARK: Choices the parser checks and lists

    @Test func clickAndPresetAreCheckedAndListed() throws {
        let f = try folder()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let chart = try f.write("beat.wchart", Self.beat)
        let click = try f.woodshed(["play", chart, "--input", "sim", "--click", "loud"])
        #expect(click.status == 64)
        #expect(click.stderr.contains("'on', 'off'") && click.stderr.contains("'count-in'"), "\(click.stderr)")
        let preset = try f.woodshed(["play", chart, "--input", "sim", "--preset", "arms"])
        #expect(preset.status == 64)
        #expect(preset.stderr.contains("'hands'") && preset.stderr.contains("'feet'"), "\(preset.stderr)")
        let help = try f.woodshed(["play", "--help"])
        #expect(help.stdout.contains("values: on, off, count-in"), "\(help.stdout)")
        #expect(help.stdout.contains("values: hands, feet, all"), "\(help.stdout)")
    }

    /// The audio options are one group: each command that makes sound explains them the same way.
    @Test func everyCommandThatMakesSoundSharesTheAudioOptions() throws {
        func optionHelp(_ command: [String]) throws -> [String] {
            let help = try WoodshedBinary.run(command + ["--help"]).stdout
            return help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { ["--output", "--wav", "--rate", "--period ", "--periods"].contains(where: $0.hasPrefix) }
        }
        let play = try optionHelp(["play"])
        #expect(play.count == 5, "\(play)")
        for command in [["metronome"], ["demo"], ["render"], ["monitor"], ["calibrate"], ["quiz", "scale"]] {
            #expect(try optionHelp(command) == play, "\(command)")
        }
    }

    @Test func theHelpSaysWhatWindowsAndGroupsMeanForThePlayer() throws {
        let help = try WoodshedBinary.run(["play", "--help"]).stdout
        #expect(help.contains("How far from the note a hit may land"), "\(help)")
        #expect(help.contains("strictly as written"), "\(help)")
    }
}
