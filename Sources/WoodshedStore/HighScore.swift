import Foundation
import WoodshedCore  // its encodeIfPresent: JSON writes unknown values as null (JSONOutput)

/// The best results on one chart, over finished sessions.
public struct ChartBest: Hashable, Sendable, Codable {
    public var chartID: String
    public var chartTitle: String?
    public var chartPath: String?
    public var sessions: Int
    public var bestScore: Int?
    public var bestAccuracy: Double?
    public var latestAccuracy: Double?
    public var latestScore: Int?
    public var latestAt: Date?
}

/// Whether a just-finished session beat its chart's previous bests, shown after the session.
public struct HighScoreCheck: Hashable, Sendable, Codable {
    public var chartTitle: String
    public var score: Int
    public var accuracy: Double
    /// The bests before this session, nil when this is the first finished session on the chart.
    public var previousBestScore: Int?
    public var previousBestAccuracy: Double?

    public var isNewBestScore: Bool { previousBestScore.map { score > $0 } ?? true }
    public var isNewBestAccuracy: Bool { previousBestAccuracy.map { accuracy > $0 } ?? true }
    public var isFirst: Bool { previousBestScore == nil && previousBestAccuracy == nil }

    /// One line for the end-of-session display, or nil when no best was beaten.
    public var message: String? {
        if isFirst { return "First score on \(chartTitle): \(score), accuracy \(ProgressFormat.percent(accuracy))." }
        var parts: [String] = []
        if isNewBestScore, let previousBestScore { parts.append("score \(score) (was \(previousBestScore))") }
        if isNewBestAccuracy, let previousBestAccuracy {
            parts.append("accuracy \(ProgressFormat.percent(accuracy)) (was \(ProgressFormat.percent(previousBestAccuracy)))")
        }
        return parts.isEmpty ? nil : "New best on \(chartTitle): " + parts.joined(separator: ", ") + "!"
    }
}
