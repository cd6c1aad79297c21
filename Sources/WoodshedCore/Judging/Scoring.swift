/// The scoring rules: what a note is worth given its tier and the combo it leaves.
///
/// Points reward a steady run more than a single accurate hit, so the combo multiplier grows in
/// steps as the run gets longer. All arithmetic is in integers so a score is the same everywhere.
public enum Scoring {
    /// Points for a note before the multiplier.
    public static let basePoints: Int32 = 100

    /// The combo multiplier in tenths for the combo after a note: 1–9 → 1.0, 10–24 → 1.5,
    /// 25–49 → 2.0, 50–99 → 2.5, 100 and more → 3.0 (a miss leaves combo 0 and scores nothing).
    @inlinable public static func multiplierInTenths(combo: Int32) -> Int32 {
        switch combo {
        case ..<10: 10
        case ..<25: 15
        case ..<50: 20
        case ..<100: 25
        default: 30
        }
    }

    /// The combo multiplier as a number (1.0, 1.5, 2.0, 2.5, 3.0), for display.
    public static func multiplier(combo: Int32) -> Double { Double(multiplierInTenths(combo: combo)) / 10 }

    /// Points for a note of `tier` that leaves the combo at `combo`:
    /// 100 × (Perfect 1.0, Great 0.8, Good 0.5, Miss 0) × the multiplier. Always a whole number.
    @inlinable public static func points(for tier: Tier, combo: Int32) -> Int32 {
        basePoints * tier.weightInTenths * multiplierInTenths(combo: combo) / 100
    }
}
