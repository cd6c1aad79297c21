import Atomics
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand

/// The song's own thread: follows a `SongTimeline`, pulls each segment through the `SongPipeline`
/// (decode, stretch, resample), crossfades where a loop's passes meet, and writes the result into the
/// ring the audio thread plays from (`playback`). Everything slow happens here, ahead of time; the
/// audio thread only mixes.
///
/// The ring keeps `ringSeconds` ready ahead of the audio thread: memory does not depend on the song's
/// length. When that much is ready the thread waits for room (a short sleep: it is not a real-time
/// thread and nothing waits on it). The ring holds half as much again, for a change's new frames.
///
/// **Changes while playing** (`change(at:_:)`, `changeSpeed(to:at:)`): the song from a practice time
/// on is replaced — a new speed, a jump. The thread keeps what is already prepared before that
/// time, crossfades the old song out and the new one in there (`SongTimeline.crossfade` each way,
/// as at a loop's seam), and writes the new frames after the old ones; the audio thread jumps over
/// the old frames at the cut (`SongPlayback`). Asked for `changeLead` ahead of what plays (80 ms),
/// a change is heard within 100 ms.
public final class SongStreamer: @unchecked Sendable {
    public let playback: SongPlayback
    public let outputRate: Int
    /// Read → stretch → resample.
    private let pipeline: SongPipeline
    private let ring: FrameRing
    /// The crossfade, in output frames.
    private let fade: Int
    /// How many frames are kept ready ahead of the audio thread.
    private let fill: Int
    private let state = State()
    private let stopping = ManagedAtomic<Bool>(false)
    private let exited = DispatchSemaphore(value: 0)
    private var thread: Thread?
    /// Why the song stopped early (a file that could not be read any further); read after `stop`.
    public private(set) var failure: Error?

    /// A change asked for and not yet taken on by the song's thread.
    private struct Change {
        var time: EngineTime
        /// Posted to the audio thread by whoever asked (else the song's thread posts it).
        var posted: Bool
        var make: @Sendable (SongTimeline, EngineTime) -> SongTimeline
    }
    private let lock = NSLock()
    private var pending: [Change] = []
    private var taking = false
    private var current: SongTimeline

    /// How far ahead of what plays a change is made when asked for "as soon as possible".
    public static let changeLead = EngineTime.milliseconds(80)

    /// - Parameters:
    ///   - ringSeconds: how far ahead the song is prepared.
    ///   - offline: whether the audio side waits for the song (rendering to a file) or never does (live).
    public init(source: SongSource, timeline: SongTimeline, outputRate: Int, engine: TimeStretcher.Engine = .finer,
                ringSeconds: Double = 5, offline: Bool) throws {
        current = timeline
        self.outputRate = outputRate
        pipeline = try SongPipeline(source: source, speed: timeline.speed, outputRate: outputRate, engine: engine)
        fill = Int(ringSeconds * Double(outputRate))
        ring = FrameRing(minimumFrames: fill + fill / 2)
        fade = Int(timeline.crossfade.sampleIndex(atRate: outputRate))
        playback = SongPlayback(ring: ring, start: timeline.start, sampleRate: outputRate, producer: state, waitsForFrames: offline)
    }

    /// What the audio side sees of the song's thread: whether it is done, and a signal per write.
    private final class State: SongProducer, @unchecked Sendable {
        /// Changes asked for so far.
        let asked = ManagedAtomic<Int>(0)
        /// How many changes the song's thread had taken on when it last wrote all of the song, or −1.
        let writtenThrough = ManagedAtomic<Int>(-1)
        /// The thread has ended (stopped, or the song could not be read further).
        let ended = ManagedAtomic<Bool>(false)
        let progress = DispatchSemaphore(value: 0)
        var isFinished: Bool {
            ended.load(ordering: .acquiring) || writtenThrough.load(ordering: .acquiring) == asked.load(ordering: .acquiring)
        }
        func waitForFrames() {
            if isFinished { return }
            progress.wait()
        }
    }

    /// Whether the whole song, with every change asked for, has been prepared.
    public var isFinished: Bool { state.isFinished }

    /// The song's timeline, with the changes taken on so far.
    public var timeline: SongTimeline { lock.withLock { current } }

    /// Starts the song's thread.
    public func start() {
        let thread = Thread { [self] in
            do { try run() } catch is Stopped {} catch { failure = error }
            state.ended.store(true, ordering: .releasing)
            state.progress.signal()
            exited.signal()
        }
        thread.name = "woodshed-song"
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    /// Live, before time zero: waits until `seconds` of the song are ready (or all of it), so the
    /// stretcher's first work never races the count-in.
    public func waitUntilBuffered(seconds: Double) {
        let want = min(Int(seconds * Double(outputRate)), fill)
        while ring.readable < want, !isFinished { state.progress.wait() }
    }

    /// Stops the thread and waits for it (idempotent).
    public func stop() {
        guard thread != nil else { return }
        stopping.store(true, ordering: .relaxed)
        exited.wait()
        thread = nil
    }

    // MARK: Changes

    /// The earliest practice time a change can be made at now: `changeLead` after what the audio
    /// thread is playing.
    public var earliestChange: EngineTime {
        practiceTime(ofFrame: playback.position + fade) + Self.changeLead
    }

    /// Replaces the song from practice time `time` on by what `make` returns (given the timeline as
    /// it is then, and the time the change is made at): `time`, or later if the audio thread has
    /// already played past it when it hears of it. Changes are taken on in the order asked. Offline,
    /// asked between two periods, a change is made exactly at `time` (or where the audio thread is).
    public func change(at time: EngineTime, _ make: @escaping @Sendable (SongTimeline, EngineTime) -> SongTimeline) {
        // Never before what has played (live, ask for `earliestChange` or later: a change nearer
        // than that may be heard late).
        let time = max(time, practiceTime(ofFrame: playback.position + fade))
        lock.withLock {
            // With nothing else under way the cut is posted at once, so an offline run asking
            // between two periods gets its change exactly where it asked.
            let post = pending.isEmpty && !taking && playback.cutState == .none
            if post { playback.postCut(at: frameIndex(of: time) - fade) }
            pending.append(Change(time: time, posted: post, make: make))
            state.asked.wrappingIncrement(ordering: .releasing)
        }
        state.progress.signal()
    }

    /// The song's speed changes at `time` (pitch kept): see `SongTimeline.changingSpeed`.
    public func changeSpeed(to speed: Double, at time: EngineTime) {
        change(at: time) { $0.changingSpeed(to: speed, at: $1) }
    }

    private func frameIndex(of time: EngineTime) -> Int { Int((time - playback.start).sampleIndex(atRate: outputRate)) }
    private func practiceTime(ofFrame frame: Int) -> EngineTime { playback.start + .seconds(Double(frame) / Double(outputRate)) }

    private struct Stopped: Error {}
    /// A change is waiting and the song is prepared past its crossfade.
    private struct Interrupted: Error {}

    // MARK: The song's thread

    /// Where a change's new frames begin: the practice time, its first frame (the crossfade's start),
    /// and the old song's frames there, faded out.
    private struct Cut {
        var time: EngineTime
        var frame: Int
        var old: [Float]
    }

    /// Ring index − timeline frame for what this thread writes now.
    private var shift = 0
    /// The ring index of the last cut's new frames: until the audio thread jumps there, the frames
    /// ready ahead are counted from it (indices only grow, so afterwards `consumed` is larger).
    private var jumpTo = 0

    private func run() throws {
        var timeline = current
        var cut: Cut?
        var taken = 0
        while true {
            if try !write(timeline, from: cut) {
                // All written: done until a change is asked for.
                state.writtenThrough.store(taken, ordering: .releasing)
                state.progress.signal()
                while lock.withLock({ pending.isEmpty }) {
                    if stopping.load(ordering: .relaxed) { throw Stopped() }
                    usleep(2_000)
                }
            }
            var change = lock.withLock {
                taking = true
                return pending.removeFirst()
            }
            // Agree on the cut's frame with the audio thread.
            if !change.posted {
                while playback.cutState != .none { try pause() }
                change.time = max(change.time, earliestChange)
                playback.postCut(at: frameIndex(of: change.time) - fade)
                state.progress.signal()
            }
            while true {
                let decided = playback.cutState
                if decided == .accepted { break }
                if decided == .refused {
                    change.time = earliestChange
                    playback.postCut(at: frameIndex(of: change.time) - fade)
                    state.progress.signal()
                }
                try pause()
            }
            let frame = frameIndex(of: change.time) - fade
            let newTimeline = change.make(timeline, change.time)
            cut = Cut(time: change.time, frame: frame, old: oldFrames(from: frame))
            let resume = ring.written
            shift = resume - frame
            jumpTo = resume
            playback.resume(atRingIndex: resume)
            taken += 1
            timeline = newTimeline
            lock.withLock {
                current = newTimeline
                taking = false
            }
        }
    }

    private func pause() throws {
        if stopping.load(ordering: .relaxed) { throw Stopped() }
        usleep(500)
    }

    /// The old song's frames across a cut at `frame` (as in the ring; silence past what was
    /// written): kept whole up to the change's time, then faded out — the other half of the
    /// crossfade the new song's fade-in makes.
    private func oldFrames(from frame: Int) -> [Float] {
        let count = 2 * fade
        var old = [Float](repeating: 0, count: 2 * count)
        let first = frame + shift
        let available = max(0, min(count, ring.written - first))
        if available > 0 {
            old.withUnsafeMutableBufferPointer { ring.copy(from: first, frames: available, into: $0.baseAddress!) }
        }
        for k in fade..<count {
            let gain = Float(cos(Double.pi / 2 * (Double(k - fade) + 0.5) / Double(fade)))
            old[2 * k] *= gain
            old[2 * k + 1] *= gain
        }
        return old
    }

    /// Writes `timeline` into the ring: all of it, or from a cut on (its segments that start at or
    /// after the cut's time, over the old song's faded frames). Returns false when all is written,
    /// true when a change is waiting.
    private func write(_ timeline: SongTimeline, from cut: Cut?) throws -> Bool {
        let rate = outputRate
        let chunk = 2048
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 2 * chunk)
        defer { out.deallocate() }
        var mix = TimelineMix(capacity: 4 * chunk + 4 * fade + 16, base: cut?.frame ?? 0)
        defer { mix.deallocate() }
        do {
            if let cut {
                try cut.old.withUnsafeBufferPointer { try mix.add($0.baseAddress!, frames: 2 * fade, at: cut.frame) { try commit($0, frames: $1) } }
            }
            let segments = timeline.segments.filter { cut == nil || $0.practiceStart >= cut!.time }
            let sourceRate = pipeline.source.sampleRate
            for (n, segment) in segments.enumerated() {
                let startIndex = frameIndex(of: segment.practiceStart) - fade
                let length = Int(segment.duration.sampleIndex(atRate: rate)) + 2 * fade
                let lead = Int64((Double(fade) * segment.speed * Double(sourceRate) / Double(rate)).rounded())
                try pipeline.begin(at: segment.audioStart.sampleIndex(atRate: sourceRate) - lead, speed: segment.speed)
                // Frames from where the next segment starts may still be added to: keep them back.
                let limit = n + 1 < segments.count ? frameIndex(of: segments[n + 1].practiceStart) - fade : Int.max
                var position = 0
                while position < length {
                    try checkForChange()
                    let count = min(chunk, length - position)
                    try pipeline.produce(into: out, frames: count)
                    applyFades(out, frames: count, at: position, length: length, fadesIn: segment.fadesIn)
                    try mix.add(out, frames: count, at: startIndex + position) { try commit($0, frames: $1) }
                    try mix.commit(upTo: min(startIndex + position + count, limit)) { try commit($0, frames: $1) }
                    position += count
                }
            }
            try mix.commit(upTo: Int.max) { try commit($0, frames: $1) }
        } catch is Interrupted {
            return true
        }
        return false
    }

    /// Throws `Stopped` when stopping, `Interrupted` when a change is waiting and the song is
    /// written past the change's crossfade (the old frames it fades out are in the ring).
    private func checkForChange() throws {
        if stopping.load(ordering: .relaxed) { throw Stopped() }
        guard let next = lock.withLock({ pending.first }) else { return }
        let time = next.posted ? next.time : max(next.time, earliestChange)
        if ring.written - shift >= frameIndex(of: time) + fade { throw Interrupted() }
    }

    /// Equal-power fades: in over the crossfade before a segment's start (a loop's start, so its
    /// downbeat sounds whole), out over the crossfade after its end.
    private func applyFades(_ frames: UnsafeMutablePointer<Float>, frames count: Int, at position: Int, length: Int, fadesIn: Bool) {
        let width = fade
        guard width > 0 else { return }
        for i in 0..<count {
            let k = position + i
            var gain: Float = 1
            if fadesIn, k < width { gain *= Float(sin(Double.pi / 2 * (Double(k) + 0.5) / Double(width))) }
            if k >= length - width { gain *= Float(cos(Double.pi / 2 * (Double(k - (length - width)) + 0.5) / Double(width))) }
            if gain != 1 {
                frames[2 * i] *= gain
                frames[2 * i + 1] *= gain
            }
        }
    }

    /// Writes all `frames` into the ring, waiting while `fill` frames are ready ahead of the audio
    /// thread (counted from where it will jump to, while a cut's jump is still to come).
    private func commit(_ frames: UnsafePointer<Float>, frames count: Int) throws {
        var done = 0
        while done < count {
            let from = max(ring.consumed, jumpTo)
            let room = min(fill - (ring.written - from), count - done)
            let n = room > 0 ? ring.write(frames + 2 * done, frames: room) : 0
            done += n
            if n > 0 { state.progress.signal(); continue }
            try checkForChange()
            usleep(2_000)
        }
    }
}

/// The frames not yet handed to the ring, where overlapping segments (a crossfade) are summed.
struct TimelineMix {
    private let buffer: UnsafeMutablePointer<Float>
    private let capacity: Int
    /// The timeline index of `buffer`'s first frame (= frames committed so far).
    private(set) var base = 0
    /// Frames held, from `base`.
    private(set) var count = 0

    /// - Parameter base: the timeline index of the first frame it will hand on.
    init(capacity: Int, base: Int = 0) {
        self.capacity = capacity
        self.base = base
        buffer = .allocate(capacity: 2 * capacity)
        buffer.initialize(repeating: 0, count: 2 * capacity)
    }

    func deallocate() { buffer.deallocate() }

    /// Adds `frames` frames that belong at timeline index `index` (≥ `base`).
    mutating func add(_ frames: UnsafePointer<Float>, frames n: Int, at index: Int,
                      commit: (UnsafePointer<Float>, Int) throws -> Void) throws {
        precondition(index >= base, "a segment reaches back into frames already played")
        // Make room: everything before `index` is final once it is not needed here.
        if index + n - base > capacity { try self.commit(upTo: index, commit) }
        precondition(index + n - base <= capacity, "song mix window too small")
        let offset = index - base
        if offset + n > count {
            (buffer + 2 * count).update(repeating: 0, count: 2 * (offset + n - count))
            count = offset + n
        }
        let target = buffer + 2 * offset
        for i in 0..<(2 * n) { target[i] += frames[i] }
    }

    /// Hands the frames before `index` (silence where nothing was added) to `commit`.
    mutating func commit(upTo index: Int, _ commit: (UnsafePointer<Float>, Int) throws -> Void) throws {
        let end = index == Int.max ? base + count : index
        guard end > base else { return }
        if end > base + count {
            // A gap with no song (count-ins between passes): silence, in pieces.
            try commit(UnsafePointer(buffer), count)
            base += count
            count = 0
            buffer.update(repeating: 0, count: 2 * capacity)
            while base < end {
                let n = min(capacity, end - base)
                try commit(UnsafePointer(buffer), n)
                base += n
            }
            return
        }
        let n = end - base
        try commit(UnsafePointer(buffer), n)
        (buffer).update(from: buffer + 2 * n, count: 2 * (count - n))
        count -= n
        base = end
    }
}
