import WoodshedCore

/// The chart's own sounds (DTX chips): decoded ahead of the run into memory, then started on their
/// exact sample by the chart (autoplay) or by the player's hits, on the mixer's `chart` channel.
///
/// Chips are one-shots: they play at their own speed at every practice speed (a kick sounds like a
/// kick at 50 %); their start times follow the plan, which has the speed applied. Every buffer is
/// allocated in `init` and `play(cues:)`; `render` only reads and writes them, so it runs on the
/// audio thread. As in DTXMania, one sound rings at most `polyphony` times at once (a fifth hit of
/// a crash chip cuts the oldest of the four), all sounds share a fixed pool of voices, and a closed
/// hi-hat or hi-hat pedal chip chokes the open hi-hats still ringing (a 3 ms fade, so the cut does
/// not click), as a real hi-hat closing does.
public final class ChipPlayer: @unchecked Sendable {
    /// One sound, at the output's rate.
    public struct Sample: Sendable {
        /// Interleaved stereo frames.
        public var stereo: [Float]
        /// The sound's volume and pan as left and right gains.
        public var left: Float
        public var right: Float

        public init(stereo: [Float], left: Float = 1, right: Float = 1) {
            self.stereo = stereo
            self.left = left
            self.right = right
        }
    }

    /// A hit's sound, from the timing thread: starts at the next rendered frame.
    public struct Trigger: Sendable, BitwiseCopyable {
        public var sound: Int32
        public var velocity: UInt8
        public var choke: Choke
        public init(sound: Int32, velocity: UInt8, voice: DrumVoice? = nil) {
            self.sound = sound
            self.velocity = velocity
            choke = Choke(voice)
        }
    }

    /// A chip's part in the hi-hat's choke.
    public enum Choke: UInt8, Sendable, BitwiseCopyable {
        case none
        /// An open hi-hat: rings until a closing chip chokes it.
        case rings
        /// A closed hi-hat or the pedal: chokes the open hi-hats ringing.
        case closes

        public init(_ voice: DrumVoice?) {
            switch voice {
            case .hihatOpen?: self = .rings
            case .hihat?, .hihatPedal?: self = .closes
            default: self = .none
            }
        }
    }

    /// How long a choked hi-hat takes to fall silent.
    public static let chokeFade = EngineTime.milliseconds(3)

    public let sampleRate: Int
    /// Hits to sound, pushed by the timing thread, started by `render`.
    public let hits: SPSCQueue<Trigger>

    private let data: UnsafeMutablePointer<Float>
    /// Per sound: where its frames start in `data` (in floats), how many frames, its gains;
    /// length 0 for a sound that did not load.
    private let starts: UnsafeMutablePointer<Int>
    private let lengths: UnsafeMutablePointer<Int>
    private let gains: UnsafeMutablePointer<Float>  // left, right per sound
    private let soundCount: Int

    private struct Cue: BitwiseCopyable {
        var time: EngineTime
        var sound: Int32
        var choke: Choke
    }
    private var cues: UnsafeMutablePointer<Cue>
    private var cueCount = 0
    private var nextCue = 0

    private struct Voice: BitwiseCopyable {
        var sound: Int32
        /// Frames into the sound; negative: starts that many frames into the block.
        var position: Int
        var gain: Float
        var choke: Choke
        /// Where in the sound a choke's fade begins (`Int.max`: not choked).
        var fadeFrom: Int = .max
    }
    private let voices: UnsafeMutablePointer<Voice>
    private let fadeFrames: Int
    private let voiceCapacity: Int
    private var activeVoices = 0
    public let polyphony: Int
    /// The stereo frames held for all sounds (a file several slots name counts once).
    public let heldFrames: Int

    /// - Parameters:
    ///   - samples: the chart's sounds by index (`Chart.sounds`); nil for one that did not load
    ///     (it stays silent: the caller falls back to the kit for it). Sounds whose frames are one
    ///     array (a file several `#WAV` slots name, decoded once) are held once.
    ///   - voices: how many chips may ring at once in all.
    ///   - polyphony: how many times one sound may ring at once.
    public init(samples: [Sample?], sampleRate: Int, voices: Int = 64, polyphony: Int = 4, hitCapacity: Int = 1024) {
        self.sampleRate = sampleRate
        soundCount = samples.count
        // Where each distinct array of frames goes in `data` (arrays sharing storage are one).
        var offsets: [UInt: Int] = [:]
        var total = 0
        let storage = samples.map { sample in sample?.stereo.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        for (sample, key) in zip(samples, storage) {
            guard let sample, let key, offsets[key] == nil else { continue }
            offsets[key] = total
            total += sample.stereo.count
        }
        data = .allocate(capacity: max(total, 1))
        starts = .allocate(capacity: max(samples.count, 1))
        lengths = .allocate(capacity: max(samples.count, 1))
        gains = .allocate(capacity: max(2 * samples.count, 2))
        var copied = Set<UInt>()
        for (i, sample) in samples.enumerated() {
            starts[i] = storage[i].flatMap { offsets[$0] } ?? 0
            lengths[i] = (sample?.stereo.count ?? 0) / 2
            gains[2 * i] = sample?.left ?? 0
            gains[2 * i + 1] = sample?.right ?? 0
            if let sample, let key = storage[i], copied.insert(key).inserted {
                (data + starts[i]).initialize(from: sample.stereo, count: sample.stereo.count)
            }
        }
        heldFrames = total / 2
        if total == 0 { data.initialize(to: 0) }
        cues = .allocate(capacity: 1)
        voiceCapacity = max(voices, 1)
        self.voices = .allocate(capacity: voiceCapacity)
        self.voices.initialize(repeating: Voice(sound: 0, position: 0, gain: 0, choke: .none), count: voiceCapacity)
        fadeFrames = max(1, Int(Self.chokeFade.sampleIndex(atRate: sampleRate)))
        self.polyphony = max(polyphony, 1)
        hits = SPSCQueue(minimumCapacity: hitCapacity)
    }

    deinit {
        data.deallocate()
        starts.deallocate()
        lengths.deallocate()
        gains.deallocate()
        cues.deallocate()
        voices.deallocate()
    }

    /// Whether sound `index` loaded and can play.
    public func canPlay(_ index: Int) -> Bool {
        index >= 0 && index < soundCount && lengths[index] > 0
    }

    /// What the chart plays by itself (the plan's autoplay). Set before start.
    public func play(cues list: [PracticePlan.SoundCue]) {
        cues.deallocate()
        let playable = list.filter { canPlay($0.sound) }.sorted { $0.time < $1.time }
        cues = .allocate(capacity: max(playable.count, 1))
        for (i, cue) in playable.enumerated() { cues[i] = Cue(time: cue.time, sound: Int32(cue.sound), choke: Choke(cue.voice)) }
        cueCount = playable.count
        nextCue = 0
    }

    /// The speed changed while playing: the cues still to come sit sooner or later (in place,
    /// audio thread). Chips already ringing ring on: they are one-shots.
    public func retime(_ change: SpeedChange) {
        var n = nextCue
        while n < cueCount {
            cues[n].time = change.apply(to: cues[n].time)
            n += 1
        }
    }

    /// Adds `frames` frames of chips, starting at absolute sample `firstSample` of a stream whose
    /// sample 0 is at `origin`, into `left` and `right` (which it adds to). Hits queued since the
    /// last call start at this block's first frame.
    public func render(frames: Int, firstSample: Int64, origin: EngineTime, gain: Float,
                       left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        while let hit = hits.pop() {
            start(sound: Int(hit.sound), gain: Float(hit.velocity) / 127, offset: 0, choke: hit.choke)
        }
        let end = firstSample + Int64(frames)
        while nextCue < cueCount {
            let cue = cues[nextCue]
            let onset = (cue.time - origin).sampleIndex(atRate: sampleRate)
            if onset >= end { break }
            nextCue += 1
            if onset < firstSample { continue }  // already past (the run started later)
            start(sound: Int(cue.sound), gain: 1, offset: Int(onset - firstSample), choke: cue.choke)
        }
        var v = 0
        while v < activeVoices {
            let voice = voices[v]
            let sound = Int(voice.sound)
            let fadeFrom = voice.fadeFrom
            let length = fadeFrom == .max ? lengths[sound] : min(lengths[sound], fadeFrom + fadeFrames)
            let wave = data + starts[sound]
            let l = gains[2 * sound] * voice.gain * gain, r = gains[2 * sound + 1] * voice.gain * gain
            var pos = voice.position
            var frame = 0
            if pos < 0 {
                frame = min(-pos, frames)
                pos += frame
            }
            while frame < frames, pos < length {
                let fade: Float = pos < fadeFrom ? 1 : Float(length - pos) / Float(fadeFrames + 1)
                left[frame] += wave[2 * pos] * l * fade
                right[frame] += wave[2 * pos + 1] * r * fade
                pos += 1
                frame += 1
            }
            if pos >= length {
                activeVoices -= 1
                voices[v] = voices[activeVoices]
            } else {
                voices[v].position = pos
                v += 1
            }
        }
    }

    /// Starts `sound` `offset` frames into the next block: in a free voice, else in place of the
    /// oldest ringing copy of the same sound once it rings `polyphony` times, else of the oldest voice.
    /// A closing hi-hat chokes the open ones that are ringing by then.
    private func start(sound: Int, gain: Float, offset: Int, choke: Choke) {
        guard canPlay(sound) else { return }
        if choke == .closes {
            for v in 0..<activeVoices where voices[v].choke == .rings {
                let at = voices[v].position + offset  // where that hi-hat is when this one starts
                if at >= 0, at < voices[v].fadeFrom { voices[v].fadeFrom = at }
            }
        }
        let voice = Voice(sound: Int32(sound), position: -offset, gain: gain, choke: choke)
        var copies = 0, oldestCopy = -1, oldest = -1
        for v in 0..<activeVoices {
            if oldest < 0 || voices[v].position > voices[oldest].position { oldest = v }
            if voices[v].sound == Int32(sound) {
                copies += 1
                if oldestCopy < 0 || voices[v].position > voices[oldestCopy].position { oldestCopy = v }
            }
        }
        if copies >= polyphony {
            voices[oldestCopy] = voice
        } else if activeVoices < voiceCapacity {
            voices[activeVoices] = voice
            activeVoices += 1
        } else {
            voices[oldest] = voice
        }
    }
}
