import WoodshedCore
import WoodshedStore

/// The latency offset a judge applies: `--offset MS`, else the calibration stored for this input and
/// output, else none. Offline inputs (files, the simulated drummer) were never delayed by an audio
/// path, so they get no stored offset.
enum CalibrationChoice {
    static func offset(explicit: Double?, engine: EngineOptions, store: Store) throws -> (EngineTime, String) {
        if let explicit { return (.milliseconds(explicit), "--offset") }
        if engine.input.isOffline { return (.zero, "offline input: no calibration applies") }
        let input = engine.input.description
        let output = engine.wav != nil ? "wav" : engine.outputSpec.description
        if let stored = try? store.calibration(input: input, output: output) {
            return (.milliseconds(stored.offsetMs), "calibrated for \(input) → \(output)")
        }
        return (.zero, "not calibrated for \(input) → \(output): run woodshed calibrate")
    }
}
