// store-bench: how fast the practice history writes a session and computes the views.
//
// Usage: store-bench [--keep FOLDER]
//   Prints wall-clock figures (median of several runs) for:
//   - recording one 10,000-event drum session (start, record, finish: one batched write);
//   - `stats`, `problems` and `history` over 1,000 sessions holding 1,000,000 events.
//   With --keep, the large history is written to FOLDER/woodshed.sqlite and kept, so the views can
//   be tried on it: WOODSHED_DATA_DIR=FOLDER woodshed stats
import Foundation
import WoodshedCore
import WoodshedStore

/// CPU time used by the whole process (all threads, so the recorder's writer counts too).
func processCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Wall-clock and process CPU milliseconds of one run of `body`.
struct Run { var wall: Double; var cpu: Double }

func measure(_ body: () throws -> Void) rethrows -> Run {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpu = processCPUNanoseconds()
    try body()
    return Run(
        wall: Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000,
        cpu: Double(processCPUNanoseconds() - cpu) / 1_000_000)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func report(_ name: String, _ runs: [Run], target: Double) {
    let wall = median(runs.map(\.wall))
    let label = name + String(repeating: " ", count: max(0, 46 - name.count))
    print(label + String(format: " wall median %7.1f ms (min %.1f)  cpu median %7.1f ms  %d runs; target < %.0f ms: %@",
        wall, runs.map(\.wall).min() ?? 0, median(runs.map(\.cpu)), runs.count, target,
        (wall < target ? "ok" : "SLOW") as NSString))
}

let voices: [DrumVoice] = [.kick, .snare, .hihat, .hihat, .kick, .hihatOpen, .crash, .tomHigh]
let positions: [RhythmicPosition] = [.downbeat, .sixteenth, .upbeat, .sixteenth, .beat, .sixteenth, .upbeat, .sixteenth]

/// A plausible drum event: 16ths at 120 BPM, one note in ten missed, one hit in fifty extra.
func event(_ i: Int, seed: Int) -> DrumEvent {
    let measure = i / 16 + 1
    let expected = EngineTime.milliseconds(Double(i) * 125)
    let jitter = Double((i &* 7919 &+ seed &* 104_729) % 61) - 30
    if i % 50 == 49 { return DrumEvent(voice: .crash, expected: nil, played: expected + .milliseconds(40), tier: .extra, velocity: 30) }
    let missed = (i &+ seed) % 10 == 0
    let tier: HitTier = missed ? .miss : abs(jitter) < 15 ? .perfect : abs(jitter) < 25 ? .great : .good
    return DrumEvent(
        voice: voices[i % voices.count], measure: measure, beat: Double(i % 16) / 4 + 1, position: positions[i % 8],
        expected: expected, played: missed ? nil : expected + .milliseconds(jitter), tier: tier,
        velocity: missed ? nil : 60 + i % 60)
}

func plan(_ n: Int) -> SessionPlan {
    SessionPlan(
        kind: .drums, startedAt: Date(timeIntervalSince1970: 1_780_000_000 + Double(n) * 7200),
        chartID: "chart-\(n % 12)", chartTitle: "Chart \(n % 12)", chartPath: "songs/chart-\(n % 12).dtx",
        speed: [70, 80, 90, 100][n % 4])
}

func results(_ n: Int) -> DrumResults {
    let accuracy = 70 + Double((n &* 37) % 29)
    return DrumResults(
        notes: 900, hits: 810, perfect: 500, great: 200, good: 110, miss: 90, extra: 20, accuracy: accuracy,
        hitRate: 90, score: Int(accuracy * 1000), maxCombo: 120, meanOffsetMs: 3, sdOffsetMs: 17)
}

var keep: String?
if let i = CommandLine.arguments.firstIndex(of: "--keep"), i + 1 < CommandLine.arguments.count {
    keep = CommandLine.arguments[i + 1]
}

let scratch = NSTemporaryDirectory() + "store-bench-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: scratch) }

do {
    print("store-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores")
    // 1. One 10,000-event session.
    let small = try Store(path: scratch + "/small/woodshed.sqlite")
    let events = (0..<10_000).map { event($0, seed: 1) }
    var insertRuns: [Run] = []
    for n in 0..<7 {
        insertRuns.append(try measure {
            let recorder = try small.startSession(plan(n))
            for e in events { recorder.record(e) }
            let outcome = recorder.finish(drums: results(n))
            if let warning = outcome.warning { throw WoodshedError(warning) }
        })
    }
    report("record + finish a 10,000-event session", insertRuns, target: 50)

    // 2. 1,000 sessions, 1,000,000 events.
    let bigPath = (keep ?? scratch + "/big") + "/woodshed.sqlite"
    try? FileManager.default.removeItem(atPath: bigPath)
    let big = try Store(path: bigPath)
    let fill = try measure {
        for n in 0..<1000 {
            let recorder = try big.startSession(plan(n))
            for i in 0..<1000 { recorder.record(event(i, seed: n)) }
            recorder.finish(drums: results(n), duration: .seconds(240))
        }
    }
    print(String(format: "(filled 1,000 sessions / 1,000,000 events in %.1f s)", fill.wall / 1000))
    let reopened = try Store(path: bigPath)
    report("stats over 1,000 sessions / 1,000,000 events", try (0..<5).map { _ in
        try measure { _ = try StatsReport(store: reopened).lines() }
    }, target: 200)
    report("problems (last 10 sessions)", try (0..<5).map { _ in
        try measure { _ = try ProblemsReport(store: reopened).lines() }
    }, target: 200)
    report("history (1,000 lines)", try (0..<5).map { _ in
        try measure { _ = try HistoryReport(store: reopened, filter: SessionFilter()).lines() }
    }, target: 200)
    if let keep { print("kept: WOODSHED_DATA_DIR=\(keep) woodshed stats") }
} catch let error as UserFacingError {
    FileHandle.standardError.write(Data("store-bench: \(error.message)\n".utf8))
    exit(1)
}
