/// Where a session's notes came from. Only a person playing counts toward bests, remembered
/// settings, progress and trends: a simulated drummer (`woodshed demo`, `--input sim`), an events
/// file, a MIDI file or another program feeding a pipe are kept and listed, marked as such, but
/// never shape what Woodshed tells the player about their own playing.
public enum SessionInput: String, Hashable, Sendable, Codable, CaseIterable {
    /// A MIDI instrument through the ALSA sequencer: a kit, a keyboard, a MIDI guitar.
    case midi
    /// The computer keyboard (`--input keys`).
    case keys
    /// A file of events or a MIDI file, replayed (`--input events:FILE`, `--input smf:FILE`).
    case file
    /// Events another program writes into a pipe as they happen (`--input events:-`).
    case pipe
    /// A simulated player (`woodshed demo`, `--input sim`).
    case simulated

    /// Whether a person played it.
    public var isPlayedByPerson: Bool { self == .midi || self == .keys }

    /// The raw values a person plays with, for SQL (`input IN (...)`). Sessions stored before the
    /// input was recorded (NULL) count as played: there is no telling them apart.
    static let playedSQL = "(s.input IS NULL OR s.input IN ('midi', 'keys'))"

    /// How `woodshed history` marks a session nobody played.
    public var historyLabel: String? {
        switch self {
        case .midi, .keys: nil
        case .file: "from a file"
        case .pipe: "from a pipe"
        case .simulated: "simulated"
        }
    }
}
