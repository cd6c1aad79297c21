/// The note numbers of a `.chart` drum track and how they map to Woodshed's voices.
///
/// A Clone Hero drum track is written in pad colours, not drums: `N 0` kick, 1 red, 2 yellow,
/// 3 blue, 4 green (orange on a 5-lane kit), 5 green of a 5-lane kit, 32 the Expert+ second-pedal
/// kick. Other note numbers modify the gem of their colour at the same tick: 34–38 accent it,
/// 40–44 make it a ghost note, 66/67/68 turn yellow/blue/green from a tom into a cymbal.
enum CloneHeroDrumLane {
    static let kick = 0
    static let red = 1
    static let yellow = 2
    static let blue = 3
    static let green = 4
    static let fiveLaneGreen = 5
    static let doubleKick = 32

    /// The pad colours (lanes 0–5 and the double kick) that are notes, not modifiers.
    static func isNote(_ n: Int) -> Bool { (0...5).contains(n) || n == doubleKick }

    /// The lane an accent (34–38), ghost (40–44) or cymbal (66–68) marker belongs to, or nil.
    static func markedLane(ofMarker n: Int) -> Int? {
        switch n {
        case 34...38: n - 33
        case 40...44: n - 39
        case 66...68: n - 64
        default: nil
        }
    }

    static func accentMarker(of lane: Int) -> Int { lane + 33 }
    static func ghostMarker(of lane: Int) -> Int { lane + 39 }
    static func cymbalMarker(of lane: Int) -> Int { lane + 64 }

    /// How the colours are laid out on the kit the chart was written for.
    enum Layout: Sendable {
        /// Four pads and the cymbal markers (Rock Band "pro drums"): a yellow, blue or green gem is a
        /// tom unless its marker says cymbal; red is always the snare.
        case fourLane
        /// Guitar Hero's kit: red, blue and green pads, yellow and orange cymbals (no markers).
        case fiveLane
    }

    /// The voice of a gem. Cymbal markers make yellow the hi-hat, blue the ride and green the crash,
    /// the cymbals a pro-drums player reaches for in that position; unmarked they are the high, low
    /// and floor toms. On a 5-lane kit yellow is the hi-hat, blue the low tom, orange the crash and
    /// green the floor tom, as the format's own 5-lane → pro conversion has it. The voices are the
    /// ones the MIDI reader gives the same gems (`PART DRUMS` 97–100, 95 and the tom markers), so
    /// one song reads the same from `notes.mid` and `notes.chart`; the Expert+ second-pedal kick is
    /// the kick (a double pedal strikes the one kick pad).
    static func voice(ofLane lane: Int, cymbal: Bool, layout: Layout) -> DrumVoice? {
        switch (lane, layout) {
        case (kick, _): .kick
        case (doubleKick, _): .kick
        case (red, _): .snare
        case (yellow, .fourLane): cymbal ? .hihat : .tomHigh
        case (blue, .fourLane): cymbal ? .ride : .tomLow
        case (green, .fourLane): cymbal ? .crash : .tomFloor
        case (yellow, .fiveLane): .hihat
        case (blue, .fiveLane): .tomLow
        case (green, .fiveLane): .crash
        case (fiveLaneGreen, _): .tomFloor
        default: nil
        }
    }
}
