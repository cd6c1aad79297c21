import Foundation
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// What a session sets out to practise and with which settings: everything known when it starts.
///
/// Drum modes fill the chart fields, quizzes the quiz fields; the rest is optional because not every
/// mode has a speed or a loop. `chartPath` lets `woodshed problems` print a command to run again.
public struct SessionPlan: Hashable, Sendable, Codable {
    public var kind: SessionKind
    public var startedAt: Date
    /// A stable id for the chart (for example a content hash or the file name), used for high scores.
    public var chartID: String?
    public var chartTitle: String?
    /// The chart file as the player named it, for recommendations (`woodshed play <path> …`).
    public var chartPath: String?
    /// Quiz root as a spelled note ("Eb4") or pitch class ("Eb").
    public var quizRoot: String?
    /// Quiz mode ("dorian", "ascending"...).
    public var quizMode: String?
    /// Quiz set ("thirds", "m2,M2,m3"...).
    public var quizSet: String?
    /// Playback speed in percent of the chart's tempo (100 = as written).
    public var speed: Double?
    /// The looped measures, 1-based and inclusive.
    public var loop: ClosedRange<Int>?
    /// Difficulty level or part ("expert", "3"...).
    public var level: String?
    /// The voices being practised (names as typed on the command line), nil for all.
    public var voices: [String]?
    /// The latency offset applied to input, in milliseconds.
    public var offsetMs: Double?
    /// Where the notes came from; only a person's playing counts toward bests and progress. Nil for
    /// sessions stored before it was recorded (counted as played).
    public var input: SessionInput?

    public init(
        kind: SessionKind, startedAt: Date = Date(),
        chartID: String? = nil, chartTitle: String? = nil, chartPath: String? = nil,
        quizRoot: String? = nil, quizMode: String? = nil, quizSet: String? = nil,
        speed: Double? = nil, loop: ClosedRange<Int>? = nil, level: String? = nil,
        voices: [String]? = nil, offsetMs: Double? = nil, input: SessionInput? = nil
    ) {
        self.kind = kind
        self.startedAt = startedAt
        self.chartID = chartID
        self.chartTitle = chartTitle
        self.chartPath = chartPath
        self.quizRoot = quizRoot
        self.quizMode = quizMode
        self.quizSet = quizSet
        self.speed = speed
        self.loop = loop
        self.level = level
        self.voices = voices
        self.offsetMs = offsetMs
        self.input = input
    }

    /// Whether a person played it (or it was stored before that was recorded).
    public var isPlayedByPerson: Bool { input?.isPlayedByPerson ?? true }

    /// A short name for what was practised: the chart title, else quiz root and mode, else the kind.
    public var subject: String {
        if let chartTitle, !chartTitle.isEmpty { return chartTitle }
        if let chartID, !chartID.isEmpty { return chartID }
        let quiz = [quizRoot, quizMode, quizSet].compactMap { $0 }.joined(separator: " ")
        return quiz.isEmpty ? kind.rawValue : quiz
    }
}
