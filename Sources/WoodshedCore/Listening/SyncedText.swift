/// Text that goes with a recording, each segment at its time in the recording: lyrics (LRC),
/// subtitles (SRT, WebVTT), a lesson's transcript. The practice player shows the active segment.
public struct SyncedText: Hashable, Sendable {
    /// In time order (equal starts keep the file's order).
    public var segments: [TextSegment]
    public var format: SyncedTextFormat
    /// LRC's `[ti:]` and `[ar:]`.
    public var title: String?
    public var artist: String?
    /// Lines skipped, each "file:line: why" (the rest is used).
    public var warnings: [String]

    public init(segments: [TextSegment], format: SyncedTextFormat, title: String? = nil, artist: String? = nil, warnings: [String] = []) {
        self.segments = segments
        self.format = format
        self.title = title
        self.artist = artist
        self.warnings = warnings
    }

    /// The segment active at media time `t`: the last that has started and not ended (an LRC line
    /// lasts until the next line starts); nil before the first and in a gap between subtitles.
    public func segmentIndex(at t: EngineTime) -> Int? {
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].start <= t { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let index = low - 1
        if let end = segments[index].end, t >= end { return nil }
        return index
    }

    /// The word of `segment` sung at `t` (enhanced LRC): the last whose start has passed.
    public func wordIndex(in segment: Int, at t: EngineTime) -> Int? {
        segments[segment].words.lastIndex { $0.start <= t }
    }
}

/// One line of text and when it shows.
public struct TextSegment: Hashable, Sendable {
    public var start: EngineTime
    /// When it stops showing (SRT, WebVTT); nil: until the next segment (LRC).
    public var end: EngineTime?
    public var text: String
    /// Enhanced LRC's timed words (empty otherwise).
    public var words: [TimedWord]
    /// The line of the file it came from (1-based).
    public var line: Int

    public init(start: EngineTime, end: EngineTime? = nil, text: String, words: [TimedWord] = [], line: Int) {
        self.start = start
        self.end = end
        self.text = text
        self.words = words
        self.line = line
    }
}

/// A word of an enhanced LRC line and when it is sung.
public struct TimedWord: Hashable, Sendable {
    public var start: EngineTime
    public var text: String

    public init(start: EngineTime, text: String) {
        self.start = start
        self.text = text
    }
}

/// The synced-text formats read, by file extension.
public enum SyncedTextFormat: String, CaseIterable, Sendable {
    case lrc, srt, webVTT = "vtt"

    public static func from(pathExtension ext: String) -> SyncedTextFormat? {
        SyncedTextFormat(rawValue: ext.lowercased())
    }
}
