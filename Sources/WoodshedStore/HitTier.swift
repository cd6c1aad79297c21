/// How one drum note or hit was judged. `extra` is a hit with no note to match.
public enum HitTier: String, Hashable, Sendable, Codable, CaseIterable {
    case perfect
    case great
    case good
    case miss
    case extra
}
