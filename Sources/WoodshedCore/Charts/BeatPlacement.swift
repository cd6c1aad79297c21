/// Where a note falls within its beat — the rhythmic "slot" a drummer feels.
///
/// Progress views group misses by it ("you rush the 16th off-beats"), and `Chart.simplified(level:)`
/// uses it to keep only main beats at the easy levels. The beat is the time signature's beat unit.
public enum BeatPlacement: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The first beat of a measure ("one").
    case downbeat
    /// Any other beat ("two", "three", "four").
    case onBeat = "on-beat"
    /// Halfway through a beat ("and").
    case upbeat
    /// A quarter or three quarters into a beat ("e", "a").
    case sixteenth
    /// A third or two thirds into a beat (also sixths: sextuplets).
    case triplet
    /// Anything finer (32nds, quintuplets, unquantised positions).
    case other

    /// The placement of a point `offset` beats after the start of a measure.
    public init(beatsIntoMeasure offset: ExactFraction) {
        let within = offset.fractionalPart
        if within == .zero {
            self = offset.floor == 0 ? .downbeat : .onBeat
            return
        }
        switch within.denominator {
        case 2: self = .upbeat
        case 4: self = .sixteenth
        case 3, 6: self = .triplet
        default: self = .other
        }
    }

    /// On a beat (the downbeat or any other beat).
    public var isMainBeat: Bool { self == .downbeat || self == .onBeat }

    public var description: String { rawValue }
}
