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
/// The ring holds a few seconds: memory does not depend on the song's length. When the ring is full
/// the thread waits for room (a short sleep: it is not a real-time thread and nothing waits on it).
public final class SongStreamer: @unchecked Sendable {
    public let playback: SongPlayback
    public let timeline: SongTimeline
    public let outputRate: Int
    /// The stretcher's engine, when the song is stretched.
    private let pipeline: SongPipeline
    private let ring: FrameRing
    /// The crossfade, in output frames.
    private let fade: Int
    private let state = State()
    private let stopping = ManagedAtomic<Bool>(false)
    private let exited = DispatchSemaphore(value: 0)
    private var thread: Thread?
    /// Why the song stopped early (a file that could not be read any further); read after `stop`.
    public private(set) var failure: Error?

    /// - Parameters:
    ///   - ringSeconds: how far ahead the song is prepared.
    ///   - offline: whether the audio side waits for the song (rendering to a file) or never does (live).
    public init(source: SongSource, timeline: SongTimeline, outputRate: Int, engine: TimeStretcher.Engine = .finer,
                ringSeconds: Double = 6, offline: Bool) throws {
        self.timeline = timeline
        self.outputRate = outputRate
        pipeline = try SongPipeline(source: source, speed: timeline.speed, outputRate: outputRate, engine: engine)
        ring = FrameRing(minimumFrames: Int(ringSeconds * Double(outputRate)))
        fade = Int(timeline.crossfade.sampleIndex(atRate: outputRate))
        playback = SongPlayback(ring: ring, start: timeline.start, sampleRate: outputRate, producer: state, waitsForFrames: offline)
    }

    /// What the audio side sees of the song's thread: whether it is done, and a signal per write.
    private final class State: SongProducer, @unchecked Sendable {
        let finished = ManagedAtomic<Bool>(false)
        let progress = DispatchSemaphore(value: 0)
        var isFinished: Bool { finished.load(ordering: .acquiring) }
        func waitForFrames() {
            if isFinished { return }
            progress.wait()
        }
    }

    /// Whether the whole song has been prepared.
    public var isFinished: Bool { state.isFinished }

    /// Starts the song's thread.
    public func start() {
        let thread = Thread { [self] in
            do { try run() } catch is Stopped {} catch { failure = error }
            state.finished.store(true, ordering: .releasing)
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
        let want = min(Int(seconds * Double(outputRate)), ring.capacity)
        while ring.readable < want, !isFinished { state.progress.wait() }
    }

    /// Stops the thread and waits for it (idempotent).
    public func stop() {
        guard thread != nil else { return }
        stopping.store(true, ordering: .relaxed)
        exited.wait()
        thread = nil
    }

    private struct Stopped: Error {}

    // MARK: The song's thread

    private func run() throws {
        let rate = outputRate
        let speed = timeline.speed
        let chunk = 2048
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 2 * chunk)
        defer { out.deallocate() }
        var mix = TimelineMix(capacity: 4 * chunk + 4 * fade + 16)
        defer { mix.deallocate() }
        let segments = timeline.segments
        let sourceRate = pipeline.source.sampleRate
        for (n, segment) in segments.enumerated() {
            let startIndex = Int((segment.practiceStart - playback.start).sampleIndex(atRate: rate)) - fade
            let length = Int(timeline.duration(of: segment).sampleIndex(atRate: rate)) + 2 * fade
            let lead = Int64((Double(fade) * speed * Double(sourceRate) / Double(rate)).rounded())
            try pipeline.begin(at: segment.audioStart.sampleIndex(atRate: sourceRate) - lead)
            // Frames from where the next segment starts may still be added to: keep them back.
            let limit = n + 1 < segments.count
                ? Int((segments[n + 1].practiceStart - playback.start).sampleIndex(atRate: rate)) - fade : Int.max
            var position = 0
            while position < length {
                if stopping.load(ordering: .relaxed) { throw Stopped() }
                let count = min(chunk, length - position)
                try pipeline.produce(into: out, frames: count)
                applyFades(out, frames: count, at: position, length: length, fadesIn: segment.fadesIn)
                try mix.add(out, frames: count, at: startIndex + position) { try commit($0, frames: $1) }
                try mix.commit(upTo: min(startIndex + position + count, limit)) { try commit($0, frames: $1) }
                position += count
            }
        }
        try mix.commit(upTo: Int.max) { try commit($0, frames: $1) }
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

    /// Writes all `frames` into the ring, waiting for room.
    private func commit(_ frames: UnsafePointer<Float>, frames count: Int) throws {
        var done = 0
        while done < count {
            let n = ring.write(frames + 2 * done, frames: count - done)
            done += n
            if n > 0 { state.progress.signal(); continue }
            if stopping.load(ordering: .relaxed) { throw Stopped() }
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

    init(capacity: Int) {
        self.capacity = capacity
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
