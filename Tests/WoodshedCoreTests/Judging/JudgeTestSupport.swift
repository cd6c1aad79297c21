@testable import WoodshedCore

/// Milliseconds as engine time, for hand-computed cases.
func ms(_ value: Double) -> EngineTime { .milliseconds(value) }

/// Notes from (milliseconds, voice) pairs, indexed in the given order.
func judgeNotes(_ list: [(Double, DrumVoice)]) -> [JudgeNote] {
    list.enumerated().map { JudgeNote(time: ms($1.0), voice: $1.1, index: Int32($0)) }
}

extension Judge {
    /// Every judgement that is final now.
    mutating func finals() -> [Judgement] {
        var out: [Judgement] = []
        while let j = nextFinal() { out.append(j) }
        return out
    }
}
