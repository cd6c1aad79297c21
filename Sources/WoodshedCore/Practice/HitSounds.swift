/// Which of the chart's own sounds a drummer's hit plays (DTXMania's hit sound): the chip of the note
/// the hit was judged against; a hit that matched no note (an extra, or a voice not judged) plays
/// the voice's empty-hit chip in force (DTX B1–BE), else the nearest chip of the struck voice in
/// the chart, hit or not, hidden chips (31–3C) included. A voice with no playable chip anywhere in
/// the plan has no hit sound: the kit plays it.
///
/// Built before the run; the lookups only read flat tables (binary search, no allocation), so the
/// timing thread calls them.
public struct HitSounds: Sendable {
    /// Per judged note (the plan's note index): its sound, or -1.
    private let ofNote: [Int32]
    /// Every note with a playable sound, grouped by voice (voice `v` at `voiceStart[v] ..<
    /// voiceStart[v + 1]`), in time order within a voice.
    private var times: [Int64]
    private let sounds: [Int32]
    private let voiceStart: [Int]
    /// The empty-hit chips, grouped by voice the same way.
    private var emptyTimes: [Int64]
    private let emptySounds: [Int32]
    private let emptyStart: [Int]

    /// - Parameters:
    ///   - plan: the run's plan (judged notes by index; judged and autoplayed notes both count as
    ///     the chart's notes for the nearest chip).
    ///   - playable: whether a sound loaded and can play.
    public init(plan: PracticePlan, playable: (Int) -> Bool) {
        ofNote = plan.notes.map { note in note.sound.map { playable($0) ? Int32($0) : -1 } ?? -1 }
        var byVoice = [[(time: Int64, sound: Int32)]](repeating: [], count: DrumVoice.allCases.count)
        for note in plan.notes {
            if let sound = note.sound, playable(sound) { byVoice[note.voice.index].append((note.time.nanoseconds, Int32(sound))) }
        }
        // The notes played for the drummer (voices left out, notes an easier level drops) are the
        // chart's notes too.
        for cue in plan.autoplay {
            if let voice = cue.voice, playable(cue.sound) { byVoice[voice.index].append((cue.time.nanoseconds, Int32(cue.sound))) }
        }
        var emptyByVoice = [[(time: Int64, sound: Int32)]](repeating: [], count: DrumVoice.allCases.count)
        for lane in plan.laneSounds where playable(lane.sound) {
            switch lane.kind {
            case .hidden: byVoice[lane.voice.index].append((lane.time.nanoseconds, Int32(lane.sound)))
            case .emptyHit: emptyByVoice[lane.voice.index].append((lane.time.nanoseconds, Int32(lane.sound)))
            }
        }
        (times, sounds, voiceStart) = Self.grouped(byVoice)
        (emptyTimes, emptySounds, emptyStart) = Self.grouped(emptyByVoice)
    }

    /// Flat tables: every voice's entries in time order, voice `v` at `starts[v] ..< starts[v + 1]`.
    private static func grouped(_ byVoice: [[(time: Int64, sound: Int32)]]) -> ([Int64], [Int32], [Int]) {
        var times: [Int64] = [], sounds: [Int32] = [], starts = [0]
        for list in byVoice {
            let sorted = list.sorted { $0.time < $1.time }
            times += sorted.map(\.time)
            sounds += sorted.map(\.sound)
            starts.append(times.count)
        }
        return (times, sounds, starts)
    }

    /// Gives this copy tables of its own, so `retime` on the timing thread never copies them. Call
    /// on the copy that will be used, before the timing thread starts.
    public mutating func ownState() {
        times.withUnsafeMutableBufferPointer { _ in }
        emptyTimes.withUnsafeMutableBufferPointer { _ in }
    }

    /// The speed changed while playing: the chips after the change sit sooner or later (in place;
    /// each voice's times stay in order).
    public mutating func retime(_ change: SpeedChange) {
        for i in times.indices where times[i] > change.at.nanoseconds {
            times[i] = change.apply(to: EngineTime(nanoseconds: times[i])).nanoseconds
        }
        for i in emptyTimes.indices where emptyTimes[i] > change.at.nanoseconds {
            emptyTimes[i] = change.apply(to: EngineTime(nanoseconds: emptyTimes[i])).nanoseconds
        }
    }

    /// Whether any hit can play a chart sound (else every hit is the kit's).
    public var isEmpty: Bool { times.isEmpty && emptyTimes.isEmpty }

    /// Whether `voice` has a sound of its own in the chart.
    public func hasSound(for voice: DrumVoice) -> Bool {
        voiceStart[voice.index + 1] > voiceStart[voice.index] || emptyStart[voice.index + 1] > emptyStart[voice.index]
    }

    /// The sound of a hit on `voice` at `time` that matched judged note `note` (nil: it matched
    /// none), or nil when the voice has no sound: play the kit.
    public func sound(for voice: DrumVoice, at time: EngineTime, matched note: Int32?) -> Int32? {
        if let note, note >= 0, Int(note) < ofNote.count, ofNote[Int(note)] >= 0 { return ofNote[Int(note)] }
        let t = time.nanoseconds
        // The empty-hit chip set last at or before the hit.
        let emptyLow = emptyStart[voice.index]
        let emptyEnd = Self.firstIndex(in: emptyTimes, emptyLow..<emptyStart[voice.index + 1]) { $0 > t }
        if emptyEnd > emptyLow { return emptySounds[emptyEnd - 1] }
        let low = voiceStart[voice.index], high = voiceStart[voice.index + 1]
        guard high > low else { return nil }
        // The first note at or after `time`, then the nearer of it and the one before.
        let lo = Self.firstIndex(in: times, low..<high) { $0 >= t }
        if lo == high { return sounds[high - 1] }
        if lo == low { return sounds[low] }
        return t - times[lo - 1] <= times[lo] - t ? sounds[lo - 1] : sounds[lo]
    }

    /// The first index in `range` whose time satisfies `isAfter` (times ascending), or the range's end.
    @inline(__always)
    private static func firstIndex(in times: [Int64], _ range: Range<Int>, where isAfter: (Int64) -> Bool) -> Int {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAfter(times[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
