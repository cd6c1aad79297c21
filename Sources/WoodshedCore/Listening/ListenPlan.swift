import Foundation

/// What the practice player plays, laid out on the output's clock before it starts: from where in
/// the recording, how fast, how high, which loop and how many passes of it, for how long.
///
/// Media time is seconds into the recording; output time is seconds since playback started (at
/// 2× speed a minute of the recording takes 30 s of output). The plan becomes a `SongTimeline`, the
/// same thing the chart's song streams from, so the player and a chart's song share one streamer,
/// one stretcher and one clock.
public struct ListenPlan: Hashable, Sendable {
    /// The recording's length.
    public var length: EngineTime
    /// Where playback starts in the recording (clamped into it).
    public var start: EngineTime
    public var sound: ListenSound
    /// A stretch to repeat: playback goes on from `start` to the loop's end (from the loop's start if
    /// `start` lies outside it), then jumps back, `passes` passes in all.
    public var loop: ListenLoop?
    public var passes: Int
    /// Stop after this much output time (nil: at the recording's end or the loop's last pass).
    public var duration: EngineTime?

    public init(length: EngineTime, start: EngineTime = .zero, sound: ListenSound = ListenSound(), loop: ListenLoop? = nil,
                passes: Int = 2, duration: EngineTime? = nil) {
        self.length = length
        self.start = start
        self.sound = sound
        self.loop = loop
        self.passes = passes
        self.duration = duration
    }

    /// Where the first pass starts: `start` inside the recording, and inside the loop when there is one.
    public var firstMedia: EngineTime {
        let clamped = min(max(start, .zero), length)
        guard let loop else { return clamped }
        return clamped >= loop.start && clamped < loop.end ? clamped : loop.start
    }

    /// The plan as the song streamer's timeline, its first frame at output time `at`.
    public func timeline(at time: EngineTime) -> SongTimeline {
        var shifted = timeline
        for i in shifted.segments.indices { shifted.segments[i].practiceStart = shifted.segments[i].practiceStart + time }
        return shifted
    }

    /// The plan as the song streamer's timeline (output time 0 = the first frame played).
    public var timeline: SongTimeline {
        var pieces: [(from: EngineTime, to: EngineTime)] = []
        if let loop {
            pieces.append((firstMedia, loop.end))
            for _ in 1..<max(passes, 1) { pieces.append((loop.start, loop.end)) }
        } else if firstMedia < length {
            pieces.append((firstMedia, length))
        }
        var segments: [SongTimeline.Segment] = []
        var at = EngineTime.zero
        for piece in pieces {
            var segment = SongTimeline.Segment(practiceStart: at, audioStart: piece.from, audioEnd: piece.to,
                                               fadesIn: piece.from > .zero, speed: sound.speed,
                                               pitch: sound.pitch, varispeed: sound.linked)
            if let duration, segment.practiceEnd > duration {
                guard duration > at else { break }
                segment.audioEnd = segment.audioStart + .seconds((duration - at).seconds * sound.speed)
            }
            segments.append(segment)
            at = segment.practiceEnd
        }
        return SongTimeline(segments: segments)
    }
}

/// How the recording sounds: its speed, its transposition, and whether the two are linked.
public struct ListenSound: Hashable, Sendable {
    /// 1 = as recorded.
    public var speed: Double
    /// Semitones; fractions are cents (−0.1 = 10 cents down).
    public var pitch: Double
    /// A tape's varispeed: faster is higher (no time-stretch). False: the pitch is kept.
    public var linked: Bool

    public init(speed: Double = 1, pitch: Double = 0, linked: Bool = false) {
        self.speed = speed
        self.pitch = pitch
        self.linked = linked
    }

    /// The speeds a player offers: the fine range and the steps `[` `]` move through.
    public static let speedRange = 0.25...3.0
    public static let speedSteps = [0.5, 0.75, 1.0, 1.25, 1.5, 2.0]
    /// The transposition range in semitones.
    public static let pitchRange = -12.0...12.0

    /// How much higher everything sounds, in semitones: the transposition, plus the speed's own
    /// when linked (2× = +12).
    public var heardPitch: Double {
        linked ? pitch + 12 * log2(speed) : pitch
    }
}

/// A stretch of the recording played over and over.
public struct ListenLoop: Hashable, Sendable {
    public var start: EngineTime
    public var end: EngineTime

    /// - Throws: when the end is not after the start.
    public init(start: EngineTime, end: EngineTime) throws {
        guard end > start else {
            throw WoodshedError("a loop must end after it starts (\(MediaTime.text(start))–\(MediaTime.text(end))); give --loop A-B with A before B")
        }
        self.start = start
        self.end = end
    }
}

extension SongTimeline {
    /// Where in the recording playback is at output time `time`: inside a segment, its place; after
    /// one ends and before the next starts, that segment's end; before the first, nil.
    public func mediaTime(at time: EngineTime) -> EngineTime? {
        guard let segment = segments.last(where: { $0.practiceStart <= time }) else { return nil }
        if time >= segment.practiceEnd { return segment.audioEnd }
        return segment.audioStart + .seconds((time - segment.practiceStart).seconds * segment.speed)
    }

    /// When the last segment ends (zero without segments).
    public var end: EngineTime { segments.last?.practiceEnd ?? .zero }
}
