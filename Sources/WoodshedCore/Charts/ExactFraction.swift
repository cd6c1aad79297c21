/// An exact rational number, always in lowest terms with a positive denominator.
///
/// Chart positions are fractions (the 3rd of 12 triplet slots, the 7th of 16 sixteenths), and a
/// floating-point position would drift and misclassify a triplet as "other". Keeping them exact
/// lets readers and writers round-trip every grid position and lets the placement of a note within
/// its beat be decided by its denominator.
public struct ExactFraction: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public private(set) var numerator: Int64
    public private(set) var denominator: Int64

    public static let zero = ExactFraction(0)
    public static let one = ExactFraction(1)

    /// A whole number.
    public init(_ whole: Int64) {
        numerator = whole
        denominator = 1
    }

    public init(integerLiteral value: Int64) { self.init(value) }

    /// `numerator / denominator`, reduced. A zero denominator is treated as 1 (callers validate input first).
    public init(_ numerator: Int64, _ denominator: Int64) {
        var n = numerator, d = denominator == 0 ? 1 : denominator
        if d < 0 { n = -n; d = -d }
        let g = ExactFraction.gcd(n, d)
        self.numerator = n / g
        self.denominator = d / g
    }

    /// The closest fraction with a denominator of at most `maxDenominator` (continued fractions),
    /// for values that arrive as floating point (a DTX bar length written with many digits).
    public init(approximating value: Double, maxDenominator: Int64 = 1_000_000) {
        guard value.isFinite else { self.init(0); return }
        let sign: Int64 = value < 0 ? -1 : 1
        var x = abs(value)
        var (h0, h1): (Int64, Int64) = (0, 1)
        var (k0, k1): (Int64, Int64) = (1, 0)
        for _ in 0..<64 {
            guard x < 9.0e15 else { break }
            let a = Int64(x.rounded(.down))
            let (h2, k2) = (a &* h1 &+ h0, a &* k1 &+ k0)
            if k2 > maxDenominator || k2 <= 0 { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let rest = x - Double(a)
            if rest < 1e-12 { break }
            x = 1 / rest
        }
        if k1 == 0 { self.init(sign * Int64(abs(value).rounded()), 1) } else { self.init(sign * h1, k1) }
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var x = a.magnitude, y = b.magnitude
        while y != 0 { (x, y) = (y, x % y) }
        return x == 0 ? 1 : Int64(x)
    }

    /// The least common multiple of two positive integers (for grid resolutions).
    public static func lcm(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow ? Int64.max : product
    }

    public var doubleValue: Double { Double(numerator) / Double(denominator) }
    public var isWhole: Bool { denominator == 1 }
    /// The whole part, rounded towards minus infinity.
    public var floor: Int64 {
        numerator >= 0 ? numerator / denominator : -((-numerator + denominator - 1) / denominator)
    }
    /// The part after the whole part, in 0..<1.
    public var fractionalPart: ExactFraction { self - ExactFraction(floor) }

    /// Combines two fractions exactly; if the result would not fit in 64 bits it is approximated
    /// (only absurd inputs get there).
    private static func combine(_ a: ExactFraction, _ b: ExactFraction, _ sign: Int64) -> ExactFraction {
        let g = gcd(a.denominator, b.denominator)
        let (l, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator / g)
        let (r, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator / g)
        let (n, o3) = l.addingReportingOverflow(sign * r)
        let (d, o4) = (a.denominator / g).multipliedReportingOverflow(by: b.denominator)
        if o1 || o2 || o3 || o4 {
            return ExactFraction(approximating: a.doubleValue + Double(sign) * b.doubleValue)
        }
        return ExactFraction(n, d)
    }

    public static func + (a: ExactFraction, b: ExactFraction) -> ExactFraction { combine(a, b, 1) }
    public static func - (a: ExactFraction, b: ExactFraction) -> ExactFraction { combine(a, b, -1) }
    public static func += (a: inout ExactFraction, b: ExactFraction) { a = a + b }

    public static func * (a: ExactFraction, b: ExactFraction) -> ExactFraction {
        let g1 = gcd(a.numerator, b.denominator), g2 = gcd(b.numerator, a.denominator)
        let (n, o1) = (a.numerator / g1).multipliedReportingOverflow(by: b.numerator / g2)
        let (d, o2) = (a.denominator / g2).multipliedReportingOverflow(by: b.denominator / g1)
        if o1 || o2 { return ExactFraction(approximating: a.doubleValue * b.doubleValue) }
        return ExactFraction(n, d)
    }

    /// Division; dividing by zero gives zero (callers never divide by a zero length).
    public static func / (a: ExactFraction, b: ExactFraction) -> ExactFraction {
        guard b.numerator != 0 else { return .zero }
        return a * ExactFraction(b.denominator, b.numerator)
    }

    public static func < (a: ExactFraction, b: ExactFraction) -> Bool {
        let (l, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
        let (r, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
        if o1 || o2 { return a.doubleValue < b.doubleValue }
        return l < r
    }

    /// `n/d`, or just `n` for whole numbers.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    /// Parses `3`, `-2`, `3/4`, `0.875` or `2+1/3` exactly; nil if it is none of these.
    public init?(parsing text: Substring) {
        let t = text.trimmingASCIIWhitespace
        if t.isEmpty { return nil }
        if let plus = t.firstIndex(of: "+"), plus != t.startIndex {
            guard let whole = ExactFraction(parsing: t[..<plus]),
                  let rest = ExactFraction(parsing: t[t.index(after: plus)...]) else { return nil }
            self = whole + rest
            return
        }
        if let slash = t.firstIndex(of: "/") {
            guard let n = Int64(t[..<slash]), let d = Int64(t[t.index(after: slash)...]), d > 0 else { return nil }
            self.init(n, d)
            return
        }
        var negative = false
        var digits = t[...]
        if digits.first == "-" { negative = true; digits = digits.dropFirst() }
        var whole: Int64 = 0, fraction: Int64 = 0, scale: Int64 = 1
        var seenPoint = false, seenDigit = false
        for ch in digits.utf8 {
            if ch == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
            } else if ch >= 48 && ch <= 57 {
                seenDigit = true
                if seenPoint {
                    if scale < 1_000_000_000 { fraction = fraction * 10 + Int64(ch - 48); scale *= 10 }
                } else {
                    guard whole < 100_000_000_000 else { return nil }
                    whole = whole * 10 + Int64(ch - 48)
                }
            } else {
                return nil
            }
        }
        guard seenDigit else { return nil }
        let value = ExactFraction(whole * scale + fraction, scale)
        self = negative ? ExactFraction(-value.numerator, value.denominator) : value
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (and CR).
    var trimmingASCIIWhitespace: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return s
    }
}
