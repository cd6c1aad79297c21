/// A moment the active text segment changes while a recording plays: which segment (nil: none, a
/// gap between subtitles), where in the recording, and when in the output.
///
/// Text times are media times, so at 2× the text moves twice as fast; a skip, a seek or a loop's
/// jump back shows the segment active where playback lands at once.
public struct TextCue: Hashable, Sendable {
    /// The segment active from here on (`SyncedText.segments` index), nil for none.
    public var index: Int?
    /// Where in the recording.
    public var media: EngineTime
    /// When, since playback started.
    public var output: EngineTime

    public init(index: Int?, media: EngineTime, output: EngineTime) {
        self.index = index
        self.media = media
        self.output = output
    }
}

extension SyncedText {
    /// Every change of the active segment while `timeline` plays, in output order: at each
    /// segment's start (a jump) the segment active where it lands, then each start and end of text
    /// passed on the way. A cue repeating the segment already active is left out.
    public func cues(along timeline: SongTimeline) -> [TextCue] {
        var boundaries = Set<EngineTime>()
        for segment in segments {
            boundaries.insert(segment.start)
            if let end = segment.end { boundaries.insert(end) }
        }
        let sorted = boundaries.sorted()
        var cues: [TextCue] = []
        var active: Int?? = .none
        func add(_ media: EngineTime, at output: EngineTime) {
            let index = segmentIndex(at: media)
            if case .some(let current) = active, current == index { return }
            active = .some(index)
            cues.append(TextCue(index: index, media: media, output: output))
        }
        for piece in timeline.segments {
            add(piece.audioStart, at: piece.practiceStart)
            for media in sorted where media > piece.audioStart && media < piece.audioEnd {
                add(media, at: piece.practiceStart + .seconds((media - piece.audioStart).seconds / piece.speed))
            }
        }
        return cues
    }
}
