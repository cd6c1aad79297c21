import Foundation

/// The one way Woodshed writes JSON: Foundation's `JSONEncoder`, configured once, so every `--json`
/// output, report and export follows the same conventions (docs/json.md):
///
/// - keys are snake_case, derived from the Swift names (`hitMs` → `hit_ms`);
/// - keys are sorted, so output is stable for scripts, tests and diffs;
/// - a value that is not known is `null`, never left out, so each record type always has the same keys;
/// - dates are ISO 8601 with the local offset (`2026-11-23T10:14:59+01:00`);
/// - durations are in seconds unless the key says otherwise (`_ms`, `_us`);
/// - a number that is not finite is written as `null`.
///
/// Streams (`play`, `monitor`, the quizzes, `calibrate`) write one object per line (`line`); reports
/// and single results write one indented document (`document`).
public enum JSONOutput {
    /// `value` as one line of JSON.
    public static func line(_ value: some Encodable) -> String {
        encode(value, pretty: false)
    }

    /// `value` as an indented JSON document.
    public static func document(_ value: some Encodable) -> String {
        encode(value, pretty: true)
    }

    private static func encode(_ value: some Encodable, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            // Only a non-finite number can fail here, and every writer turns those into nil first.
            preconditionFailure("JSON output could not be written: \(error)")
        }
    }

    /// ISO 8601 in the local time zone, with its offset: `2026-11-23T10:14:59+01:00`.
    public static func timestamp(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0, sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    /// A number, or nil (written `null`) when it is not finite.
    public static func finite(_ x: Double?) -> Double? {
        guard let x, x.isFinite else { return nil }
        return x
    }
}

extension KeyedEncodingContainer {
    // Woodshed writes a value that is not known as `null` rather than leaving its key out: these take
    // the place of the standard library's `encodeIfPresent` overloads (which the compiler's synthesized
    // `Encodable` calls for optionals) in every module that imports WoodshedCore. The standard library
    // has one for each primitive type besides the generic one, so each is replaced.

    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    public mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
