import Atomics
import WoodshedCore

/// What the audio side needs from whatever fills a song's ring.
public protocol SongProducer: AnyObject, Sendable {
    /// Whether every frame of the song has been written to the ring.
    var isFinished: Bool { get }
    /// Offline only: returns once more frames are in the ring or the producer has finished.
    func waitForFrames()
}

/// The song as the mixer plays it: frames from a `FrameRing`, laid on the practice time base.
///
/// The song's own thread writes the song's *timeline* into the ring: frame `j` sounds at practice
/// time `start + j / rate` (silence where the song is silent, the loop's passes one after the other,
/// speed and sample rate already applied). The audio thread places timeline frame `j` on the stream
/// sample where that practice time is heard — the same rule the click uses — so the song stays on
/// the chart's clock to the sample.
///
/// Live, the audio thread never waits: frames not yet in the ring are silence, counted in
/// `underruns`, and skipped when they arrive so the song stays in time. Offline (`waitsForFrames`),
/// rendering waits for the song's thread, so a render is the same whatever the machine's speed.
///
/// **Changing the song while it plays** (a new speed, a jump) is a *cut*: from timeline frame `F`
/// on, the frames already in the ring are replaced by new ones the song's thread writes after them.
/// Whoever asks posts the cut (`postCut`); the audio thread takes it at its next period if `F` is
/// still ahead of it, or refuses it (the song's thread then asks again, further ahead); it plays up
/// to `F`, then jumps over the old frames to where the song's thread says the new ones begin
/// (`resume`). Nothing is ever overwritten under the audio thread, and it never waits or allocates.
public final class SongPlayback: @unchecked Sendable {
    public let ring: FrameRing
    /// The practice time of timeline frame 0.
    public let start: EngineTime
    public let sampleRate: Int
    private let producer: SongProducer
    /// Offline: the audio side waits for the song's thread (frames not yet written, a change not yet
    /// agreed), so a render is the same whatever the machine's speed.
    public let waitsForFrames: Bool
    private let underrunCount = ManagedAtomic<Int>(0)
    private let missingCount = ManagedAtomic<Int>(0)

    /// Where a cut stands.
    public enum CutState: Int, Sendable {
        /// None asked for (or the last one is done: the audio thread has jumped).
        case none
        /// Asked for; the audio thread has not looked yet.
        case posted
        /// The audio thread will jump at the cut's frame.
        case accepted
        /// The cut's frame had already played; ask again further ahead.
        case refused
    }
    private let cutFrame = ManagedAtomic<Int>(0)
    private let cutStatus = ManagedAtomic<Int>(CutState.none.rawValue)
    /// The ring index where the new frames begin, or −1 until the song's thread says.
    private let resumeIndex = ManagedAtomic<Int>(-1)
    /// The timeline frame the audio thread has reached (published once per period).
    private let reached = ManagedAtomic<Int>(0)
    /// Offline: the frame of a change asked for whose cut is not yet posted; the audio side waits there.
    private let holdFrame = ManagedAtomic<Int>(Int.max)
    /// Audio thread only: ring index − timeline frame, for the frames it is reading now.
    private var shift = 0
    /// Audio thread only: the frame of an accepted cut, or −1.
    private var acceptedCut = -1
    /// Audio thread only: room for a period's frames read ahead of a drift-following resample.
    private let scratchLeft: UnsafeMutablePointer<Float>
    private let scratchRight: UnsafeMutablePointer<Float>
    private static let scratchFrames = 8192
    /// Periods in which the song was resampled a little to follow the device's clock.
    private let followCount = ManagedAtomic<Int>(0)

    public init(ring: FrameRing, start: EngineTime, sampleRate: Int, producer: SongProducer, waitsForFrames: Bool) {
        self.ring = ring
        self.start = start
        self.sampleRate = sampleRate
        self.producer = producer
        self.waitsForFrames = waitsForFrames
        scratchLeft = .allocate(capacity: Self.scratchFrames)
        scratchLeft.initialize(repeating: 0, count: Self.scratchFrames)
        scratchRight = .allocate(capacity: Self.scratchFrames)
        scratchRight.initialize(repeating: 0, count: Self.scratchFrames)
    }

    deinit {
        scratchLeft.deallocate()
        scratchRight.deallocate()
    }

    /// Periods in which the song was resampled to follow the device's clock (live).
    public var followedPeriods: Int { followCount.load(ordering: .relaxed) }

    /// Periods in which song frames were due but not yet in the ring (live only).
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }
    /// Frames that sounded as silence because they were late.
    public var missingFrames: Int { missingCount.load(ordering: .relaxed) }

    /// The timeline frame the audio thread had reached at its last period.
    public var position: Int { reached.load(ordering: .acquiring) }

    // MARK: Cuts (the song's thread and whoever changes the song)

    /// Asks the audio thread to replace the song from timeline frame `frame` on.
    public func postCut(at frame: Int) {
        resumeIndex.store(-1, ordering: .relaxed)
        cutFrame.store(frame, ordering: .relaxed)
        cutStatus.store(CutState.posted.rawValue, ordering: .releasing)
    }

    /// Where the last cut asked for stands.
    public var cutState: CutState { CutState(rawValue: cutStatus.load(ordering: .acquiring)) ?? .none }

    /// Offline, the audio side goes no further than timeline frame `frame` until a cut is posted
    /// there (`Int.max`: no hold): a change that has to wait for another is still made where asked.
    /// Live it changes nothing (the audio thread never waits).
    public func hold(at frame: Int) {
        holdFrame.store(frame, ordering: .releasing)
    }

    /// The song's thread: the new frames begin at ring index `index` (what it had written when it
    /// took the cut on).
    public func resume(atRingIndex index: Int) {
        resumeIndex.store(index, ordering: .releasing)
    }

    // MARK: The audio thread

    /// Adds the song's `frames` frames that start at stream sample `firstSample` (sample 0 heard at
    /// practice time `origin`), scaled by `gain`, into `left` and `right`. Audio thread.
    @inline(__always)
    public func render(frames: Int, firstSample: Int64, origin: EngineTime, gain: Float,
                       left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let startSample = (start - origin).sampleIndex(atRate: sampleRate)
        let index = Int(firstSample - startSample)  // the timeline frame due at `firstSample`
        takeOrRefuseCut(due: index)
        defer { reached.store(max(ring.consumed - shift, 0), ordering: .releasing) }
        if index + frames <= 0 { return }  // the song's timeline has not begun
        if index >= 0, follow(due: index, frames: frames, gain: gain, left: left, right: right) { return }
        var done = max(-index, 0)
        while done < frames {
            let position = ring.consumed - shift
            if acceptedCut >= 0, position == acceptedCut {
                // At the cut: over the old frames to the new ones.
                let resume = resumeIndex.load(ordering: .acquiring)
                if resume >= 0 {
                    ring.skip(max(resume - ring.consumed, 0))  // all written: `resume` was the ring's end
                    shift = resume - acceptedCut
                    acceptedCut = -1
                    cutStatus.store(CutState.none.rawValue, ordering: .releasing)
                    continue
                }
            } else {
                // Up to the cut, if one is coming.
                var limit = acceptedCut >= 0 ? acceptedCut - position : Int.max
                if waitsForFrames { limit = min(limit, holdFrame.load(ordering: .acquiring) - position) }
                let due = index + done
                if position < due {
                    // Frames due before now that were never read (late ones after an underrun): skip.
                    if ring.skip(min(due - position, limit)) > 0 { continue }
                } else if ring.read(adding: left + done, right + done, frames: min(frames - done, limit), gain: gain) > 0 {
                    done = ring.consumed - shift - index
                    continue
                }
            }
            // Nothing to read.
            if acceptedCut < 0, producer.isFinished, ring.readable == 0 { return }  // the song is over
            if waitsForFrames {
                producer.waitForFrames()
                takeOrRefuseCut(due: index + done)  // one may have been posted while waiting
                continue
            }
            noteUnderrun(missing: frames - done)
            return
        }
    }

    /// Follows a device that plays slower or faster than its nominal rate (`OutputClock`): when the
    /// song is ahead of what is due (2 frames or more) or a little behind (2 up to `frames / 4`), this
    /// period plays `frames` ± up to `frames / 8` song frames, resampled (linear interpolation) to
    /// `frames`: a pitch change of at most 12 % for one period (a real card needs one frame in
    /// hundreds of periods; an emulated one a few frames every period), and no frame is dropped or
    /// repeated. Far behind, the usual skip catches up; at a cut, the usual path plays.
    /// Returns whether it played the period.
    @inline(__always)
    private func follow(due index: Int, frames: Int, gain: Float,
                        left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) -> Bool {
        let position = ring.consumed - shift
        let ahead = position - index
        let most = max(frames / 8, 1)
        guard frames >= 16, ahead >= 2 || (ahead <= -2 && ahead >= -frames / 4) else { return false }
        let count = frames - min(max(ahead, -most), most)
        guard count <= Self.scratchFrames, ring.readable >= count,
              acceptedCut < 0 || acceptedCut >= position + count else { return false }
        scratchLeft.update(repeating: 0, count: count)
        scratchRight.update(repeating: 0, count: count)
        _ = ring.read(adding: scratchLeft, scratchRight, frames: count, gain: 1)
        let step = Double(count - 1) / Double(frames - 1)
        for k in 0..<frames {
            let x = Double(k) * step
            let i = min(Int(x), count - 1)
            let j = min(i + 1, count - 1)
            let f = Float(x - Double(i))
            left[k] += (scratchLeft[i] + (scratchLeft[j] - scratchLeft[i]) * f) * gain
            right[k] += (scratchRight[i] + (scratchRight[j] - scratchRight[i]) * f) * gain
        }
        followCount.wrappingIncrement(ordering: .relaxed)
        return true
    }

    /// Takes a posted cut if its frame is still ahead (not before what is due now), else refuses it.
    @inline(__always)
    private func takeOrRefuseCut(due index: Int) {
        guard cutStatus.load(ordering: .acquiring) == CutState.posted.rawValue else { return }
        let frame = cutFrame.load(ordering: .relaxed)
        if frame >= max(ring.consumed - shift, index) {
            acceptedCut = frame
            cutStatus.store(CutState.accepted.rawValue, ordering: .releasing)
        } else {
            cutStatus.store(CutState.refused.rawValue, ordering: .releasing)
        }
    }

    @inline(__always)
    private func noteUnderrun(missing: Int) {
        underrunCount.wrappingIncrement(ordering: .relaxed)
        missingCount.wrappingIncrement(by: missing, ordering: .relaxed)
    }
}
