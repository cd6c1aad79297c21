/// How hard a note is meant to be played, as notated (not as a raw velocity).
public enum NoteDynamic: String, Hashable, Sendable, Codable, CaseIterable {
    case normal
    /// Played louder than the notes around it (`X` in the native format).
    case accent
    /// A quiet note between the main strokes (`o` in the native format).
    case ghost

    /// The MIDI velocity a chart uses for this dynamic when the source gives none.
    public var defaultVelocity: UInt8 {
        switch self {
        case .normal: 100
        case .accent: 127
        case .ghost: 40
        }
    }

    /// The dynamic a raw velocity most likely meant: ≥ 115 accent, ≤ 50 ghost.
    public init(velocity: UInt8) {
        if velocity >= 115 { self = .accent } else if velocity <= 50 { self = .ghost } else { self = .normal }
    }
}
