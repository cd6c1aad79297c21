/// A row of block characters showing how a series moves: ▁ for its lowest value, █ for its highest.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, scaled between the series' minimum and maximum (a flat series is a
    /// flat middle line).
    public static func render(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        guard high > low else { return String(repeating: blocks[3], count: values.count) }
        return String(values.map { value in
            let level = Int(((value - low) / (high - low) * Double(blocks.count - 1)).rounded())
            return blocks[min(max(level, 0), blocks.count - 1)]
        })
    }
}
