/// Lines shared by the progress views.
public enum ProgressMessages {
    /// Shown by every view when the history is empty.
    public static let noSessionsYet =
        "No practice sessions yet: every session you practise is kept here. Run `woodshed demo` to see Woodshed at work."

    /// A command line argument, quoted for the shell when it needs it.
    public static func shellQuoted(_ argument: String) -> String {
        let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./,:+=@%".contains($0) }
        if safe && !argument.isEmpty { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
