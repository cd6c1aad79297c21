import Foundation
import Testing
import WoodshedCore
@testable import WoodshedEngine

@Suite struct EngineRunTests {
    struct EveryNoteIsSnare: EventClassifier {
        mutating func classify(_ event: MIDIEvent) -> NoteMeaning { event.kind == .noteOn ? .drum(.snare) : .other }
    }

    @Test func offlineRunIsDeterministicAndInOrder() throws {
        let events = (0..<100).map { MIDIEvent.noteOn(38, velocity: UInt8(1 + $0), at: .milliseconds(Double($0) * 12.5 - 100)) }
        let clock = VirtualClock(start: .milliseconds(-100))
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 256)
        let mode = MonitorMode(classifier: EveryNoteIsSnare(), synth: synth)
        let output = MemoryOutput(format: AudioFormat())
        let renderer = AudioRenderer(mixer: Mixer(format: AudioFormat(), instrument: ConstantSynth(), clicks: nil, origin: .milliseconds(-100)),
                                     output: output, commands: synth, clock: clock)
        var records: [MonitorRecord] = []
        try EngineRun.offline(input: RecordedInput(name: "test", events: events), mode: mode, renderer: renderer, clock: clock) {
            while let r = mode.results.pop() { records.append(r) }
        }
        // The virtual clock ends on the last event, at 99 × 12.5 − 100 = 1137.5 ms.
        #expect(clock.now == .milliseconds(1137.5))
        #expect(records.count == 100)
        #expect(records.map(\.event.value) == (1...100).map(UInt8.init))
        // Each event keeps its own time: -100, -87.5, -75, … ms, every 12.5 ms.
        #expect(records.map(\.event.time) == (0..<100).map { EngineTime(nanoseconds: -100_000_000 + Int64($0) * 12_500_000) })
        #expect(records.allSatisfy { $0.meaning == .drum(.snare) })
    }

    @Test func eventFileParsesNotesControlsAndNegativeTimes() throws {
        let events = try EventFile.parse("""
        # a groove
        500 38 100
        -250.5 36 90   # count-in hit
        750 cc 4 127
        1000 42 0
        """, name: "g.txt")
        #expect(events.map(\.time) == [.milliseconds(-250.5), .milliseconds(500), .milliseconds(750), .milliseconds(1000)])
        #expect(events[2].kind == .controlChange && events[2].number == 4 && events[2].value == 127)
        #expect(events[3].kind == .noteOff)
        #expect(EventFile.format(events).contains("750 cc 4 127"))
    }

    @Test func eventFileErrorsNameFileAndLine() {
        #expect(throws: ParseError(SourceLocation(file: "g.txt", line: 2), "note must be a whole number from 0 to 127, found \"300\"")) {
            try EventFile.parse("0 36 100\n10 300 100\n", name: "g.txt")
        }
        #expect(throws: ParseError.self) { try EventFile.parse("abc 36 100", name: "g.txt") }
        #expect(throws: ParseError.self) { try EventFile.parse("0 cc 4", name: "g.txt") }
    }

    @Test func simulatedDrummerIsSeeded() {
        let hits = SimulatedDrummer.rockGroove(bpm: 100, bars: 4)
        let drummer = SimulatedDrummer()
        // Golden values, taken once from this code: seed 7's first hits (crash and kick on beat 1, the
        // hi-hats and the snare after), the same on every machine. They change when SeededRandom or the
        // drummer's draws change; re-pin only if that change is meant.
        let played = drummer.perform(hits, seed: 7).prefix(6)
        #expect(played.map(\.time.nanoseconds) == [16_902_969, 19_205_201, 301_172_177, 604_177_473, 607_564_981, 909_352_303])
        #expect(played.map(\.number) == [49, 36, 42, 42, 38, 42])
        #expect(played.map(\.value) == [119, 115, 54, 92, 111, 73])
        #expect(drummer.perform(hits, seed: 7) != drummer.perform(hits, seed: 8))
        let exact = SimulatedDrummer(biasMilliseconds: 0, spreadMilliseconds: 0, missChance: 0, extraChance: 0)
        #expect(exact.perform(hits, seed: 1).map(\.time) == hits.map(\.time).sorted())
    }
}

@Suite struct LiveRunTests {
    /// Two threads and the caller, for real: the timing thread says the chart is over through an
    /// atomic flag (run this under ThreadSanitizer: `scripts/test` does), and the run ends itself.
    @Test(.timeLimit(.minutes(1))) func aLiveRunEndsWhenTheModeIsDoneAndSaysSo() throws {
        let clock = MonotonicClock()
        let notes = [JudgeNote(time: .milliseconds(20), voice: .snare, index: 0), JudgeNote(time: .milliseconds(60), voice: .kick, index: 1)]
        let synth = SPSCQueue<MIDIEvent>(minimumCapacity: 64)
        let mode = DrumJudgeMode(classifier: DrumKitClassifier(map: .generalMIDI), judge: Judge(notes: notes), synth: synth)
        let zero = clock.now + .milliseconds(20)
        let input = ScheduledInput(clock: clock, events: [.noteOn(38, velocity: 100, at: .milliseconds(22))], zero: zero)
        let output = NullOutput(format: AudioFormat(sampleRate: 48_000, periodFrames: 64, periods: 3))
        let renderer = AudioRenderer(mixer: Mixer(format: output.format, instrument: ConstantSynth(), clicks: nil),
                                     output: output, commands: synth, clock: clock)
        var records: [DrumPlayRecord] = []
        let report = try EngineRun.live(input: input, mode: mode, renderer: renderer, clock: clock, zero: zero,
                                        shouldStop: { false }, drain: { while let r = mode.results.pop() { records.append(r) } })
        #expect(report.modeFinished)
        #expect(!report.inputFinished)
        let tiers = records.compactMap { if case .judged(let j) = $0 { j.tier } else { nil } }
        #expect(tiers == [.perfect, .miss])
    }

    /// A mode whose "finished" is plain state the timing thread writes, like every real mode's: the
    /// caller must learn of it only through the run's own flag. (Under ThreadSanitizer this test
    /// fails if `EngineRun.live` ever reads `isFinished` from the calling thread.)
    final class DoneAfter: PracticeMode {
        let time: EngineTime
        var done = false
        init(_ time: EngineTime) { self.time = time }
        func handle(_ event: MIDIEvent) {}
        func advance(to now: EngineTime) { if now >= time { done = true } }
        var isFinished: Bool { done }
    }

    @Test(.timeLimit(.minutes(1))) func whetherTheModeIsDoneReachesTheCallerOnlyThroughTheRun() throws {
        let clock = MonotonicClock()
        let mode = DoneAfter(.milliseconds(40))
        let report = try EngineRun.live(input: SilentInput(clock: clock), mode: mode, renderer: nil, clock: clock,
                                        zero: clock.now, shouldStop: { false }, drain: {})
        #expect(report.modeFinished)
    }
}


@Suite struct ArchitectureDocTests {
    /// docs/architecture.md tells how long the timing thread waits for input; it must say what the code does.
    @Test func theDocumentedInputDeadlineIsTheOneInTheCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let match = try #require(doc.firstMatch(of: /poll with a (\d+) ms deadline/))
        #expect(EngineTime.milliseconds(Double(match.1)!) == EngineRun.inputSlice)
    }
}
