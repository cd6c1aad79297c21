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
///
/// A change is made at the time asked for unless the machine cannot keep up: the audio thread takes
/// one cut at a time, so a change asked while another is under way waits for it (changes still
/// waiting when one is taken are made with it, in one cut), and one whose time has played by then
/// is made where the song is and counted in `lateChanges`. The old song is always written past the
/// cut before the new one begins (silence past the song's end), so a cut never lands on frames that
/// were never written.
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
        /// Its cut has been posted to the audio thread (by whoever asked, or by the song's thread).
        var posted: Bool
        var make: @Sendable (SongTimeline, EngineTime) -> SongTimeline
    }
    private let late = ManagedAtomic<Int>(0)
    private let lock = NSLock()
    private var pending: [Change] = []
    private var taking = false
    private var current: SongTimeline

    /// How far ahead of what plays a change is made when asked for "as soon as possible".
    public static let changeLead = EngineTime.milliseconds(80)

    /// - Parameters:
    ///   - ringSeconds: how far ahead the song is prepared.
    ///   - offline: whether the audio side waits for the song (rendering to a file) or never does (live).
    ///   - changesSpeed: whether the speed may change while playing: the stretcher is then made now,
    ///     not inside a change's lead.
    public init(source: SongSource, timeline: SongTimeline, outputRate: Int, engine: TimeStretcher.Engine = .finer,
                ringSeconds: Double = 5, offline: Bool, changesSpeed: Bool = false) throws {
        current = timeline
        self.outputRate = outputRate
        let first = timeline.segments.first
        pipeline = try SongPipeline(source: source, speed: timeline.speed, pitch: first?.pitch ?? 0, varispeed: first?.varispeed ?? false,
                                    outputRate: outputRate, engine: engine, changesSpeed: changesSpeed)
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

    /// Changes made later than asked for: the machine did not keep up (see the type's notes).
    public var lateChanges: Int { late.load(ordering: .relaxed) }

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

    /// Replaces the song from practice time `time` on by what `make` returns, given the timeline as
    /// it is then and the time the change is made at; only its segments from that time on are used
    /// (`SongTimeline.segments(from:)`). Changes are taken on in the order asked.
    ///
    /// Returns the time the change is made at: `time`, unless that has already played (then where
    /// the song is), or the machine does not keep up (`lateChanges`). Live, ask for `earliestChange`
    /// or later. Offline, a change is made exactly at `time`: the audio side waits for it there.
    @discardableResult
    public func change(at time: EngineTime, _ make: @escaping @Sendable (SongTimeline, EngineTime) -> SongTimeline) -> EngineTime {
        let played = practiceTime(ofFrame: playback.position + fade)
        if time < played { late.wrappingIncrement(ordering: .relaxed) }
        let time = max(time, played)
        lock.withLock {
            // With nothing else under way the cut is posted at once, so a change asked ahead of the
            // audio thread is made exactly where asked; else it waits, and offline the audio side
            // waits for it at its time.
            let post = pending.isEmpty && !taking && playback.cutState == .none
            if post {
                playback.postCut(at: frameIndex(of: time) - fade)
            } else if pending.isEmpty {
                playback.hold(at: frameIndex(of: time) - fade)
            }
            pending.append(Change(time: time, posted: post, make: make))
            state.asked.wrappingIncrement(ordering: .releasing)
        }
        state.progress.signal()
        return time
    }

    /// The song's speed changes at `time` (pitch kept): see `SongTimeline.changingSpeed`. Returns the
    /// time it changes at, as `change(at:_:)`.
    @discardableResult
    public func changeSpeed(to speed: Double, at time: EngineTime) -> EngineTime {
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
                // All written: done until a change is asked for. Past the song's end the old song is
                // silence: written up to the change's crossfade like any other old frames.
                state.writtenThrough.store(taken, ordering: .releasing)
                state.progress.signal()
                var agreed: EngineTime?
                while agreed == nil {
                    if stopping.load(ordering: .relaxed) { throw Stopped() }
                    agreed = agree()
                    if agreed == nil { usleep(1_000) }
                }
                try writeSilence(throughFrame: frameIndex(of: agreed!) + fade)
            }
            // The cut is agreed and the old song written past its crossfade: take the change, and
            // any asked for since (made with it, in the one cut).
            let changes = lock.withLock {
                taking = true
                let all = pending
                pending.removeAll()
                playback.hold(at: Int.max)
                return all
            }
            let time = changes[0].time
            let frame = frameIndex(of: time) - fade
            var newTimeline = timeline
            for change in changes {
                if change.time < time { late.wrappingIncrement(ordering: .relaxed) }
                newTimeline = change.make(newTimeline, max(change.time, time))
            }
            cut = Cut(time: time, frame: frame, old: oldFrames(from: frame))
            let resume = ring.written
            shift = resume - frame
            jumpTo = resume
            playback.resume(atRingIndex: resume)
            taken += changes.count
            timeline = newTimeline
            lock.withLock {
                current = newTimeline
                taking = false
            }
        }
    }

    /// Agrees the first waiting change's cut with the audio thread, one step: posts it when no
    /// other cut is under way, asks again further ahead when it was refused. Returns the change's
    /// time once the audio thread has accepted its cut.
    private func agree() -> EngineTime? {
        lock.withLock {
            guard let next = pending.first else { return nil }
            switch playback.cutState {
            case .accepted where next.posted:
                return next.time
            case .none where !next.posted, .refused where next.posted:
                // Offline the audio side waits at the hold, so "soonest" needs no lead.
                let soonest = playback.waitsForFrames ? practiceTime(ofFrame: playback.position + fade) : earliestChange
                let time = max(next.time, soonest)
                if time > next.time { late.wrappingIncrement(ordering: .relaxed) }
                pending[0].time = time
                pending[0].posted = true
                playback.postCut(at: frameIndex(of: time) - fade)
                // Offline, the audio side now waits at this cut; at the next waiting change after it.
                playback.hold(at: pending.count > 1 ? frameIndex(of: pending[1].time) - fade : Int.max)
                state.progress.signal()
                return nil
            default:
                // Posted and not yet looked at, or another cut's jump still to come.
                return nil
            }
        }
    }

    /// Writes silence (the old song past its end) until the ring holds timeline frame `frame`.
    private func writeSilence(throughFrame frame: Int) throws {
        let chunk = 1024
        let zeros = [Float](repeating: 0, count: 2 * chunk)
        do {
            while ring.written - shift < frame {
                try zeros.withUnsafeBufferPointer { try commit($0.baseAddress!, frames: min(chunk, frame - (ring.written - shift))) }
            }
        } catch is Interrupted {
            // Written far enough for the agreed cut: what this was for.
        }
    }

    private func pause() throws {
        if stopping.load(ordering: .relaxed) { throw Stopped() }
        usleep(500)
    }

    /// The old song's frames across a cut at `frame` (as in the ring, written that far before any
    /// change is taken): kept whole up to the change's time, then faded out — the other half of the
    /// crossfade the new song's fade-in makes.
    private func oldFrames(from frame: Int) -> [Float] {
        let count = 2 * fade
        var old = [Float](repeating: 0, count: 2 * count)
        let first = frame + shift
        precondition(ring.written - first >= count, "a cut past what the song's thread has written")
        old.withUnsafeMutableBufferPointer { ring.copy(from: first, frames: count, into: $0.baseAddress!) }
        for k in fade..<count {
            let gain = Float(cos(Double.pi / 2 * (Double(k - fade) + 0.5) / Double(fade)))
            old[2 * k] *= gain
            old[2 * k + 1] *= gain
        }
        return old
    }

    /// Writes `timeline` into the ring: all of it, or from a cut on (its segments from the cut's
    /// time on, over the old song's faded frames). Returns false when all is written,
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
            let segments = cut.map { timeline.segments(from: $0.time) } ?? timeline.segments
            let sourceRate = pipeline.source.sampleRate
            for (n, segment) in segments.enumerated() {
                let startIndex = frameIndex(of: segment.practiceStart) - fade
                let length = Int(segment.duration.sampleIndex(atRate: rate)) + 2 * fade
                let lead = Int64((Double(fade) * segment.speed * Double(sourceRate) / Double(rate)).rounded())
                try pipeline.begin(at: segment.audioStart.sampleIndex(atRate: sourceRate) - lead, speed: segment.speed,
                                   pitch: segment.pitch, varispeed: segment.varispeed)
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

    /// Throws `Stopped` when stopping; agrees a waiting change's cut (`agree`), and throws
    /// `Interrupted` once it is agreed and the song is written past its crossfade (the old frames
    /// it fades out are in the ring).
    private func checkForChange() throws {
        if stopping.load(ordering: .relaxed) { throw Stopped() }
        guard let time = agree() else { return }
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
