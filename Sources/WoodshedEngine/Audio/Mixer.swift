import Atomics
import WoodshedCore

/// Sums the engine's sound sources into one stereo stream: FluidSynth (the kit), the click, the
/// song (`SongPlayback`) and the chart's own sounds (`ChipPlayer`), each through its channel's
/// volume, then the master volume.
///
/// All buffers are allocated in `init`; `render` only reads and writes them, so it runs on the audio
/// thread. The gains are atomics the audio thread reads once per period: a level set from any
/// thread while playing (a key pressed during `play`) is heard from the next period on.
public final class Mixer {
    public let format: AudioFormat
    public let instrument: SynthInstrument?
    public let clicks: ClickTrack?
    /// The song (backing audio, stems, chips already mixed), if the chart has one. Set before start.
    public var song: SongPlayback?
    /// The chart's chips (autoplay and hit sounds), if it has any. Set before start.
    public var chips: ChipPlayer?
    /// Sample 0 of the stream is heard at this time on the engine clock.
    public var origin: EngineTime
    /// Changes of speed while playing, from the thread that owns the run: applied to the click and
    /// the chart's sounds at the start of the next period.
    public let speedChanges = SPSCQueue<SpeedChange>(minimumCapacity: 16)

    private var levels: [ChannelLevel]
    /// Each channel's linear gain as `Float` bits, in `MixerChannel` order; written by `setLevel`,
    /// read by the audio thread.
    private let gains: [ManagedAtomic<UInt32>]
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    private let click: UnsafeMutablePointer<Float>
    private let songLeft: UnsafeMutablePointer<Float>
    private let songRight: UnsafeMutablePointer<Float>
    private let capacity: Int

    public init(format: AudioFormat, instrument: SynthInstrument?, clicks: ClickTrack?, origin: EngineTime = .zero) {
        self.format = format
        self.instrument = instrument
        self.clicks = clicks
        self.origin = origin
        levels = Array(repeating: ChannelLevel(), count: MixerChannel.allCases.count)
        gains = MixerChannel.allCases.map { _ in ManagedAtomic(Float(1).bitPattern) }
        capacity = max(format.periodFrames, 4096)
        // Written once here, so the audio thread's first period does not page-fault them in.
        left = .allocate(capacity: capacity)
        left.initialize(repeating: 0, count: capacity)
        right = .allocate(capacity: capacity)
        right.initialize(repeating: 0, count: capacity)
        click = .allocate(capacity: capacity)
        click.initialize(repeating: 0, count: capacity)
        songLeft = .allocate(capacity: capacity)
        songLeft.initialize(repeating: 0, count: capacity)
        songRight = .allocate(capacity: capacity)
        songRight.initialize(repeating: 0, count: capacity)
    }

    deinit {
        left.deallocate()
        right.deallocate()
        click.deallocate()
        songLeft.deallocate()
        songRight.deallocate()
    }

    private func index(_ channel: MixerChannel) -> Int { MixerChannel.allCases.firstIndex(of: channel)! }

    /// Sets a channel's volume and mute; heard from the next period. Safe while the audio thread
    /// plays; call it from one thread at a time (the one that owns the run).
    public func setLevel(_ level: ChannelLevel, for channel: MixerChannel) {
        levels[index(channel)] = level
        gains[index(channel)].store(level.linearGain.bitPattern, ordering: .relaxed)
    }

    public func level(of channel: MixerChannel) -> ChannelLevel { levels[index(channel)] }

    /// The most frames one `render` call may produce.
    public var maximumFrames: Int { capacity }

    /// Renders `frames` frames (≤ `maximumFrames`) heard from sample `firstSample` on the chart's
    /// time base (heard at `origin + firstSample / rate`: the stream's own sample, moved by how late
    /// the device plays), overwriting `interleaved` (2 × frames floats). Clips softly at ±1.
    public func render(frames: Int, firstSample: Int64, into interleaved: UnsafeMutablePointer<Float>) {
        // In `MixerChannel` order: master, song, chart, kit, click.
        let master = gain(0), backing = gain(1), chart = gain(2), feedback = gain(3), metronome = gain(4)
        while let change = speedChanges.pop() {
            clicks?.retime(change)
            chips?.retime(change)
        }
        if let instrument {
            instrument.render(frames: frames, left: left, right: right)
        } else {
            left.update(repeating: 0, count: frames)
            right.update(repeating: 0, count: frames)
        }
        click.update(repeating: 0, count: frames)
        clicks?.render(frames: frames, firstSample: firstSample, origin: origin, gain: metronome, into: click)
        if song != nil || chips != nil {
            songLeft.update(repeating: 0, count: frames)
            songRight.update(repeating: 0, count: frames)
            song?.render(frames: frames, firstSample: firstSample, origin: origin, gain: backing, left: songLeft, right: songRight)
            chips?.render(frames: frames, firstSample: firstSample, origin: origin, gain: chart, left: songLeft, right: songRight)
            for i in 0..<frames {
                let c = click[i]
                interleaved[2 * i] = Mixer.limit((left[i] * feedback + songLeft[i] + c) * master)
                interleaved[2 * i + 1] = Mixer.limit((right[i] * feedback + songRight[i] + c) * master)
            }
        } else {
            for i in 0..<frames {
                let c = click[i]
                interleaved[2 * i] = Mixer.limit((left[i] * feedback + c) * master)
                interleaved[2 * i + 1] = Mixer.limit((right[i] * feedback + c) * master)
            }
        }
    }

    @inline(__always)
    private func gain(_ index: Int) -> Float { Float(bitPattern: gains[index].load(ordering: .relaxed)) }

    /// Hard limit to ±1 so a pile-up of hits never wraps in 16-bit outputs.
    @inline(__always)
    static func limit(_ x: Float) -> Float { min(1, max(-1, x)) }
}
