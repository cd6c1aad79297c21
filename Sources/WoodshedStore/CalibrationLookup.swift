import WoodshedCore

/// The one place judges get their latency offset from.
///
/// A drum chart or a quiz asks for the offset of the input it listens to heard through the output it
/// plays to, and judges every hit with `LatencyOffset.delta(hit:note:)`: Δ = (hit − offset) − note.
public enum CalibrationLookup {
    /// The stored offset for this (input source, audio output) pair, or zero when there is none or
    /// the store cannot be read (an unreadable store must not stop practice).
    public static func offset(store: Store, input: String, output: String) -> EngineTime {
        latencyOffset(store: store, input: input, output: output).offset
    }

    /// The same, as the value judges apply.
    public static func latencyOffset(store: Store, input: String, output: String) -> LatencyOffset {
        guard let stored = try? store.calibration(input: input, output: output) else { return .none }
        return LatencyOffset(milliseconds: stored.offsetMs)
    }
}
