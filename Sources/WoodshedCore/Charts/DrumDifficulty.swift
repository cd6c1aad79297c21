/// The four difficulties a Clone Hero / Rock Band drum chart is written in.
///
/// A `.chart` file holds each one as its own section (`[ExpertDrums]` … `[EasyDrums]`); the easier
/// ones are reductions a charter made by hand, so a player learning a song can pick one instead of
/// Woodshed's own `--level` simplification.
public enum DrumDifficulty: String, CaseIterable, Hashable, Sendable {
    case expert
    case hard
    case medium
    case easy

    /// The `.chart` section holding this difficulty's drums.
    public var chartSectionName: String {
        switch self {
        case .expert: "ExpertDrums"
        case .hard: "HardDrums"
        case .medium: "MediumDrums"
        case .easy: "EasyDrums"
        }
    }

    /// The difficulty whose drums `.chart` section is `name`, or nil for any other section.
    init?(chartSectionName name: some StringProtocol) {
        guard let match = DrumDifficulty.allCases.first(where: { $0.chartSectionName == name }) else { return nil }
        self = match
    }
}
