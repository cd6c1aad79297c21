/// Times in a recording as a person writes and reads them: `83.5`, `1:23.5`, `1:02:03`.
public enum MediaTime {
    /// Parses seconds (`83.5`), minutes and seconds (`1:23.5`) or hours, minutes and seconds
    /// (`1:02:03.25`); nil for anything else (negative, seconds or minutes ≥ 60 after the first field).
    public static func parse(_ text: String) -> EngineTime? {
        let fields = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var seconds = 0.0
        for (i, field) in fields.enumerated() {
            let last = i == fields.count - 1
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isNumber || (last && $0 == ".")) }),
                  let value = Double(field), value.isFinite else { return nil }
            if i > 0 && value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        return .seconds(seconds)
    }

    /// `m:ss` (`h:mm:ss` from an hour), tenths when `tenths`; negative times as `-m:ss`.
    public static func text(_ time: EngineTime, tenths: Bool = false) -> String {
        let negative = time < .zero
        let total = abs(time.seconds)
        let steps = tenths ? Int((total * 10).rounded(.down)) : Int(total.rounded(.down))
        let whole = tenths ? steps / 10 : steps
        let h = whole / 3600, m = whole / 60 % 60, s = whole % 60
        var out = negative ? "-" : ""
        out += h > 0 ? "\(h):" + (m < 10 ? "0" : "") + "\(m):" : "\(m):"
        out += (s < 10 ? "0" : "") + "\(s)"
        if tenths { out += ".\(steps % 10)" }
        return out
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return s
    }
}
