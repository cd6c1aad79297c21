import Foundation

/// How the line-mode views write numbers, dates and durations, in one place so that every view
/// reads the same.
public enum ProgressFormat {
    /// "93.4%".
    public static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }

    /// "2026-11-21 10:02" in local time (or the given time zone).
    public static func dateTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        let c = gregorian(timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }

    /// "2026-11-21" in local time (or the given time zone).
    public static func date(_ date: Date, timeZone: TimeZone = .current) -> String {
        String(dateTime(date, timeZone: timeZone).prefix(10))
    }

    /// "4:07" for minutes and seconds, "1 h 05 min" beyond an hour.
    public static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total >= 3600 { return String(format: "%d h %02d min", total / 3600, (total % 3600) / 60) }
        return String(format: "%d:%02d", total / 60, total % 60)
    }

    /// Signed milliseconds: "+12 ms" (late) or "-8 ms" (early).
    public static func offset(_ ms: Double) -> String {
        ms.rounded() == 0 ? "0 ms" : String(format: "%+.0f ms", ms)
    }

    /// A Gregorian calendar with ISO weeks (Monday first) in the given time zone.
    public static func gregorian(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Parses "2026-11-21" (local midnight) for `--since`; nil when it is not such a date.
    public static func parseDay(_ text: String, timeZone: TimeZone = .current) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        let calendar = gregorian(timeZone)
        let components = DateComponents(year: y, month: m, day: d)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == d
        else { return nil }
        return date
    }
}
