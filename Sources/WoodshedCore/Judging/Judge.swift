/// Judges drum hits against the notes of a chart: which note each hit was meant for, how close it
/// came, which notes were missed, and — in chart order — the combo and the score.
///
/// The judge runs on the timing thread, so every table is sized in `init` and `hit`, `advance` and
/// `nextFinal` never allocate, lock or print. (It is a value: keep exactly one copy, such as a
/// stored property that is mutated in place; a second copy would make the next mutation copy the
/// tables.)
///
/// The rules:
/// - Δ = (hit time − calibration offset) − note time; positive is late. The windows are real time.
/// - A hit matches the nearest unjudged note of its voice's group with |Δ| within the Good window
///   (on a tie, the earlier note). A hit that matches nothing is an extra: counted, combo unchanged.
///   A hit on a voice that is not judged is ignored.
/// - A note that no hit matched becomes a miss once time (less the offset) passes note + Good.
/// - A judgement is final only when every earlier note (chart order: time, then voice) is final;
///   `nextFinal` hands them out in that order, scored, so a late hit on an early note cannot
///   reorder the combo.
public struct Judge {
    /// What one hit did.
    public enum HitOutcome: Hashable, Sendable, BitwiseCopyable {
        /// It matched a note (the caller's index), Δ from it and the tier earned. The note's scored
        /// `Judgement` comes from `nextFinal` once every earlier note is final.
        case matched(noteIndex: Int32, offset: EngineTime, tier: Tier)
        /// It matched no note of its group within the Good window.
        case extra
        /// Its voice is not being judged (voice isolation): sounded, not counted.
        case ignored
    }

    /// One note and what became of it, in chart order.
    private struct Slot: BitwiseCopyable {
        var time: EngineTime
        var voice: DrumVoice
        var index: Int32
        var state: State
        var tier: Tier
        var velocity: UInt8
        var hitTime: EngineTime
        var offset: EngineTime
    }

    private enum State: UInt8, BitwiseCopyable {
        case open, hit, missed
    }

    public let windows: JudgingWindows
    public let groups: VoiceGroups
    /// The calibration offset subtracted from every hit time unless the hit brings its own (the
    /// input-to-sound latency measured for this input and output).
    public let calibrationOffset: EngineTime

    /// Every note, in chart order.
    private var slots: [Slot]
    /// Positions in `slots`, grouped by voice group (group `g` at `groupStart[g] ..< groupStart[g + 1]`),
    /// in chart order within a group.
    private let byGroup: [Int32]
    private let groupStart: [Int]
    /// Per group: the position in `byGroup` before which every note is final.
    private var groupCursor: [Int]
    /// Per voice (`DrumVoice.index`): its group, or -1 when the voice is not judged.
    private let groupOfVoice: [Int]
    /// Every slot before this is final (hit or missed).
    private var missCursor = 0
    /// Every slot before this has been handed out by `nextFinal`.
    private var scoreCursor = 0

    /// Hits in a row so far, counting the judgements handed out by `nextFinal`.
    public private(set) var combo: Int32 = 0
    /// The longest combo so far.
    public private(set) var maxCombo: Int32 = 0
    /// The score so far, counting the judgements handed out by `nextFinal`.
    public private(set) var score: Int64 = 0
    /// Hits that matched no note so far.
    public private(set) var extraCount = 0

    /// - Parameters:
    ///   - notes: what to play, times already scaled for the practice speed; any order (they are
    ///     judged in chart order: time, then voice).
    ///   - offset: the calibration offset, subtracted from every hit time.
    ///   - voices: the voices being practised (voice isolation), or nil for all. Notes of other
    ///     voices are left out; hits are judged when their group holds a practised voice, else ignored.
    public init(
        notes: [JudgeNote], windows: JudgingWindows = .dtxmania, groups: VoiceGroups = .all,
        offset: EngineTime = .zero, voices: Set<DrumVoice>? = nil
    ) {
        self.windows = windows
        self.groups = groups
        calibrationOffset = offset

        let kept = notes.filter { voices?.contains($0.voice) ?? true }.sorted {
            ($0.time, $0.voice.index, $0.index) < ($1.time, $1.voice.index, $1.index)
        }
        slots = kept.map {
            Slot(time: $0.time, voice: $0.voice, index: $0.index, state: .open, tier: .miss, velocity: 0,
                 hitTime: .zero, offset: .zero)
        }

        let groupCount = groups.count
        groupOfVoice = DrumVoice.allCases.map { voice in
            let judged = voices.map { selected in groups.members(ofGroupWith: voice).contains { selected.contains($0) } } ?? true
            return judged ? groups.group(of: voice) : -1
        }
        var buckets = [[Int32]](repeating: [], count: groupCount)
        for (position, slot) in slots.enumerated() {
            buckets[groups.group(of: slot.voice)].append(Int32(position))
        }
        var starts = [0]
        for bucket in buckets { starts.append(starts[starts.count - 1] + bucket.count) }
        byGroup = buckets.flatMap { $0 }
        groupStart = starts
        groupCursor = Array(starts.dropLast())
    }

    /// Gives this judge tables of its own, so that its first hit does not copy tables it shares with
    /// another copy (copy-on-write would allocate on the timing thread). Call on the copy that will
    /// judge, before the timing thread starts.
    public mutating func ownState() {
        slots.withUnsafeMutableBufferPointer { _ in }
        groupCursor.withUnsafeMutableBufferPointer { _ in }
    }

    /// How many notes are judged.
    public var noteCount: Int { slots.count }

    /// Every note is final and has been handed out by `nextFinal`.
    public var isComplete: Bool { scoreCursor == slots.count }

    /// Judges a hit of `voice` played at `time` (as stamped). `latency` is the calibration of the
    /// source the hit came from, subtracted here; `calibrationOffset` when not given.
    public mutating func hit(_ voice: DrumVoice, at time: EngineTime, velocity: UInt8, latency: EngineTime? = nil) -> HitOutcome {
        let group = groupOfVoice[voice.index]
        guard group >= 0 else { return .ignored }
        let played = time - (latency ?? calibrationOffset)
        let good = windows.good.nanoseconds
        let end = groupStart[group + 1]

        var position = groupCursor[group]
        while position < end, slots[Int(byGroup[position])].state != .open { position += 1 }
        groupCursor[group] = position

        var best = -1
        var bestDistance = UInt64.max
        while position < end {
            let slot = slots[Int(byGroup[position])]
            let delta = played.nanoseconds &- slot.time.nanoseconds
            if delta < -good { break }  // this note and every later one is too far ahead
            if slot.state == .open, delta <= good, delta.magnitude < bestDistance {
                best = Int(byGroup[position])
                bestDistance = delta.magnitude
            }
            position += 1
        }
        guard best >= 0 else {
            extraCount += 1
            return .extra
        }
        let offset = played - slots[best].time
        let tier = windows.tier(for: offset)
        slots[best].state = .hit
        slots[best].tier = tier
        slots[best].velocity = velocity
        slots[best].hitTime = time
        slots[best].offset = offset
        return .matched(noteIndex: slots[best].index, offset: offset, tier: tier)
    }

    /// The speed changed while playing: every note after the change is due sooner or later (in
    /// place, no allocation: the timing thread calls it). Chart order is kept.
    public mutating func retime(_ change: SpeedChange) {
        for i in slots.indices where slots[i].time > change.at { slots[i].time = change.apply(to: slots[i].time) }
    }

    /// Time has reached `time` (as stamped): every note whose Good window has closed without a hit
    /// is a miss. `latency` is the largest calibration of any source that may still send a hit for
    /// it (`calibrationOffset` when not given).
    public mutating func advance(to time: EngineTime, latency: EngineTime? = nil) {
        let played = time - (latency ?? calibrationOffset)
        let good = windows.good
        while missCursor < slots.count, slots[missCursor].time + good < played {
            if slots[missCursor].state == .open { slots[missCursor].state = .missed }
            missCursor += 1
        }
    }

    /// The next judgement in chart order, scored, or nil while that note is still undecided (or
    /// when every note has been handed out). Call until nil after each `hit` and `advance`.
    public mutating func nextFinal() -> Judgement? {
        guard scoreCursor < slots.count else { return nil }
        let slot = slots[scoreCursor]
        let judgement: Judgement
        switch slot.state {
        case .open:
            return nil
        case .hit:
            combo += 1
            maxCombo = max(maxCombo, combo)
            let points = Scoring.points(for: slot.tier, combo: combo)
            score += Int64(points)
            judgement = Judgement(noteIndex: slot.index, voice: slot.voice, noteTime: slot.time, hitTime: slot.hitTime,
                                  offset: slot.offset, velocity: slot.velocity, tier: slot.tier, combo: combo,
                                  points: points, score: score)
        case .missed:
            combo = 0
            judgement = Judgement(noteIndex: slot.index, voice: slot.voice, noteTime: slot.time, hitTime: nil,
                                  offset: .zero, velocity: 0, tier: .miss, combo: 0, points: 0, score: score)
        }
        scoreCursor += 1
        return judgement
    }

    /// Starts over with every note undecided and the score at zero, keeping the tables: for the
    /// next pass of a loop, without allocating.
    public mutating func reset() {
        for i in slots.indices { slots[i].state = .open }
        for g in groupCursor.indices { groupCursor[g] = groupStart[g] }
        missCursor = 0
        scoreCursor = 0
        combo = 0
        maxCombo = 0
        score = 0
        extraCount = 0
    }
}
