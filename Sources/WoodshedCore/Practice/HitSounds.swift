/// Which of the chart's own sounds a drummer's hit plays (DTXMania's hit sound): the chip of the note
/// the hit was judged against; a hit that matched no note (an extra, or a voice not judged) plays
/// the chip of the nearest note of the struck voice in the chart, hit or not. A voice with no
/// playable chip anywhere in the plan has no hit sound: the kit plays it.
///
/// Built before the run; the lookups only read flat tables (binary search, no allocation), so the
/// timing thread calls them.
public struct HitSounds: Sendable {
    /// Per judged note (the plan's note index): its sound, or -1.
    private let ofNote: [Int32]
    /// Every note with a playable sound, grouped by voice (voice `v` at `voiceStart[v] ..<
    /// voiceStart[v + 1]`), in time order within a voice.
    private let times: [Int64]
    private let sounds: [Int32]
    private let voiceStart: [Int]

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
        var times: [Int64] = [], sounds: [Int32] = [], starts = [0]
        for list in byVoice {
            let sorted = list.sorted { $0.time < $1.time }
            times += sorted.map(\.time)
            sounds += sorted.map(\.sound)
            starts.append(times.count)
        }
        self.times = times
        self.sounds = sounds
        voiceStart = starts
    }

    /// Whether any hit can play a chart sound (else every hit is the kit's).
    public var isEmpty: Bool { times.isEmpty }

    /// Whether `voice` has a sound of its own in the chart.
    public func hasSound(for voice: DrumVoice) -> Bool {
        voiceStart[voice.index + 1] > voiceStart[voice.index]
    }

    /// The sound of a hit on `voice` at `time` that matched judged note `note` (nil: it matched
    /// none), or nil when the voice has no sound: play the kit.
    public func sound(for voice: DrumVoice, at time: EngineTime, matched note: Int32?) -> Int32? {
        if let note, note >= 0, Int(note) < ofNote.count, ofNote[Int(note)] >= 0 { return ofNote[Int(note)] }
        let low = voiceStart[voice.index], high = voiceStart[voice.index + 1]
        guard high > low else { return nil }
        // The first note at or after `time`, then the nearer of it and the one before.
        var lo = low, hi = high
        let t = time.nanoseconds
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        if lo == high { return sounds[high - 1] }
        if lo == low { return sounds[low] }
        return t - times[lo - 1] <= times[lo] - t ? sounds[lo - 1] : sounds[lo]
    }
}
