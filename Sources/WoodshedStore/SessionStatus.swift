/// Where a session stands. A session is `running` while it is recorded; one the program never got to
/// finish (killed, power lost) is found `running` by the next open and becomes `aborted`, its rows kept.
public enum SessionStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case running
    case finished
    case aborted
}
