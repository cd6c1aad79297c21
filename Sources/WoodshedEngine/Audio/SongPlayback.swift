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
public final class SongPlayback: @unchecked Sendable {
    public let ring: FrameRing
    /// The practice time of timeline frame 0.
    public let start: EngineTime
    public let sampleRate: Int
    private let producer: SongProducer
    private let waitsForFrames: Bool
    private let underrunCount = ManagedAtomic<Int>(0)
    private let missingCount = ManagedAtomic<Int>(0)

    public init(ring: FrameRing, start: EngineTime, sampleRate: Int, producer: SongProducer, waitsForFrames: Bool) {
        self.ring = ring
        self.start = start
        self.sampleRate = sampleRate
        self.producer = producer
        self.waitsForFrames = waitsForFrames
    }

    /// Periods in which song frames were due but not yet in the ring (live only).
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }
    /// Frames that sounded as silence because they were late.
    public var missingFrames: Int { missingCount.load(ordering: .relaxed) }

    /// Adds the song's `frames` frames that start at stream sample `firstSample` (sample 0 heard at
    /// practice time `origin`), scaled by `gain`, into `left` and `right`. Audio thread.
    @inline(__always)
    public func render(frames: Int, firstSample: Int64, origin: EngineTime, gain: Float,
                       left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let startSample = (start - origin).sampleIndex(atRate: sampleRate)
        var index = Int(firstSample - startSample)  // the timeline frame due at `firstSample`
        var done = 0
        if index + frames <= 0 { return }  // the song's timeline has not begun
        if index < 0 {
            done = -index
            index = 0
        }
        // Frames due before this block that were never read (late ones after an underrun): skip.
        var behind = index - ring.consumed
        while behind > 0 {
            let skipped = ring.skip(behind)
            behind -= skipped
            if skipped == 0 {
                if producer.isFinished, ring.readable == 0 { return }
                if waitsForFrames { producer.waitForFrames(); continue }
                noteUnderrun(missing: frames - done)
                return
            }
        }
        while done < frames {
            let n = ring.read(adding: left + done, right + done, frames: frames - done, gain: gain)
            done += n
            if done == frames || n > 0 { continue }
            if producer.isFinished, ring.readable == 0 { return }  // the song is over
            if waitsForFrames {
                producer.waitForFrames()
                continue
            }
            noteUnderrun(missing: frames - done)
            return
        }
    }

    @inline(__always)
    private func noteUnderrun(missing: Int) {
        underrunCount.wrappingIncrement(ordering: .relaxed)
        missingCount.wrappingIncrement(by: missing, ordering: .relaxed)
    }
}
