/// What went wrong in a live run, in a player's words, with what to do: notes lost before Woodshed
/// could read them, results it could not keep up with, audio dropouts. Said by `monitor` and `play`.
enum LiveTrouble {
    static func lines(overruns: Int, lost: Int, xruns: Int, songUnderruns: Int = 0, songLateChanges: Int = 0) -> [String] {
        var lines: [String] = []
        if overruns > 0 {
            lines.append("  \(overruns) time\(overruns == 1 ? "" : "s") notes were lost before Woodshed could read them (the computer "
                         + "was too busy): close other programs, or allow real-time priority (see README)")
        }
        if lost > 0 {
            lines.append("  \(lost) note\(lost == 1 ? " was" : "s were") not shown or not sounded because Woodshed fell behind; "
                         + "your timing was still measured")
        }
        if xruns > 0 {
            lines.append("  \(xruns) audio dropout\(xruns == 1 ? "" : "s") (a click or a gap in the sound): try a larger --period, "
                         + "e.g. --period 128")
        }
        if songUnderruns > 0 {
            lines.append("  \(songUnderruns) time\(songUnderruns == 1 ? "" : "s") the song was not ready in time and fell silent for a moment: "
                         + "try --stretch faster, a speed nearer 100 %, or close other programs")
        }
        if songLateChanges > 0 {
            lines.append("  \(songLateChanges) speed change\(songLateChanges == 1 ? " was" : "s were") made in the song later than in the click "
                         + "(the song was not ready): until the next change the song sat off the click; try --stretch faster")
        }
        return lines
    }
}
