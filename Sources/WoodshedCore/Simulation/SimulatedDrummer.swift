/// A drummer made of numbers: plays a list of intended hits with a seeded timing bias and spread,
/// sometimes misses a note, sometimes adds a stray hit. Drives `woodshed demo`, `--input sim`, tests
/// and benchmarks with input that looks like a person's, yet is the same for the same seed.
public struct SimulatedDrummer: Sendable {
    /// Mean timing error in milliseconds (positive = late).
    public var biasMilliseconds: Double
    /// Standard deviation of the timing error in milliseconds.
    public var spreadMilliseconds: Double
    /// Chance (0–1) that an intended hit is not played.
    public var missChance: Double
    /// Chance (0–1) per intended hit of an extra stray hit nearby.
    public var extraChance: Double

    public init(biasMilliseconds: Double = 6, spreadMilliseconds: Double = 14, missChance: Double = 0.03, extraChance: Double = 0.02) {
        self.biasMilliseconds = biasMilliseconds
        self.spreadMilliseconds = spreadMilliseconds
        self.missChance = missChance
        self.extraChance = extraChance
    }

    /// One hit the drummer means to play.
    public struct Hit: Hashable, Sendable {
        public var time: EngineTime
        public var note: UInt8
        public var velocity: UInt8
        public init(time: EngineTime, note: UInt8, velocity: UInt8) {
            self.time = time
            self.note = note
            self.velocity = velocity
        }
    }

    /// The events this drummer plays for `hits`, in time order, for `seed`.
    public func perform(_ hits: [Hit], seed: UInt64) -> [MIDIEvent] {
        var random = SeededRandom(seed: seed)
        var events: [MIDIEvent] = []
        for hit in hits {
            let miss = Double.random(in: 0..<1, using: &random) < missChance
            let offset = random.normal(mean: biasMilliseconds, deviation: spreadMilliseconds)
            let velocityJitter = Int.random(in: -12...12, using: &random)
            if !miss {
                let velocity = UInt8(max(1, min(127, Int(hit.velocity) + velocityJitter)))
                events.append(.noteOn(hit.note, velocity: velocity, at: hit.time + .milliseconds(offset)))
            }
            if Double.random(in: 0..<1, using: &random) < extraChance {
                let stray = hit.time + .milliseconds(Double.random(in: 90...160, using: &random))
                events.append(.noteOn(hit.note, velocity: UInt8.random(in: 30...70, using: &random), at: stray))
            }
        }
        return events.sorted { $0.time < $1.time }
    }

    /// A two-bar-repeating rock groove at `bpm` in 4/4 for `bars` bars: hi-hat eighths, kick on
    /// 1 and 3 (and the "and" of 3), snare on 2 and 4, a crash on the first beat. General MIDI notes.
    public static func rockGroove(bpm: Double, bars: Int) -> [Hit] {
        let beat = 60_000.0 / bpm
        var hits: [Hit] = []
        for bar in 0..<bars {
            for eighth in 0..<8 {
                let t = EngineTime.milliseconds((Double(bar * 8 + eighth)) * beat / 2)
                if bar == 0 && eighth == 0 {
                    hits.append(Hit(time: t, note: 49, velocity: 110))
                } else {
                    hits.append(Hit(time: t, note: 42, velocity: eighth % 2 == 0 ? 90 : 65))
                }
                if eighth == 0 || eighth == 4 || (eighth == 5 && bar % 2 == 1) { hits.append(Hit(time: t, note: 36, velocity: 105)) }
                if eighth == 2 || eighth == 6 { hits.append(Hit(time: t, note: 38, velocity: 112)) }
            }
        }
        return hits
    }
}
