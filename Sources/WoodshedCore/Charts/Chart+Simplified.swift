extension Chart {
    /// The levels `simplified(level:)` understands, easiest first.
    public static let simplificationLevels = 1...5

    /// An easier version of this chart for learning it step by step. Measures, tempo and sections
    /// stay; only notes are dropped:
    /// 1. kick and snare on the main beats only;
    /// 2. adds the hi-hat / ride pattern (on the beats);
    /// 3. adds toms and cymbals (on the beats);
    /// 4. adds off-beat notes (8th "ands", 16ths, triplets), still without ghost notes;
    /// 5. the full chart.
    /// Levels outside 1...5 are clamped.
    public func simplified(level: Int) -> Chart {
        let level = min(max(level, 1), 5)
        guard level < 5 else { return self }
        var copy = self
        copy.notes = notes.filter { Chart.keeps($0, atLevel: level) }
        return copy
    }

    /// Whether `simplified(level:)` keeps `note`.
    public static func keeps(_ note: ChartNote, atLevel level: Int) -> Bool {
        let level = min(max(level, 1), 5)
        if level == 5 { return true }
        if note.dynamic == .ghost { return false }
        if level == 4 { return true }
        guard note.placement.isMainBeat else { return false }
        return note.voice.simplificationLevel <= level
    }
}

extension DrumVoice {
    /// The simplification level at which this voice first appears (1 kick/snare, 2 time-keeping, 3 the rest).
    var simplificationLevel: Int {
        switch self {
        case .kick, .kickLeft, .snare, .snareRim, .crossStick: 1
        case .hihat, .hihatOpen, .hihatPedal, .ride, .rideBell: 2
        case .tomHigh, .tomMid, .tomLow, .tomFloor, .crash, .crashLeft, .splash, .china: 3
        }
    }
}
