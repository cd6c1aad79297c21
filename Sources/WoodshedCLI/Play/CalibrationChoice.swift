import WoodshedCore
import WoodshedStore

/// The latency offset a judge applies: `--offset MS`, else the calibration stored for this input and
/// output, else none. Offline inputs (files, the simulated drummer) were never delayed by an audio
/// path, so they get no stored offset.
enum CalibrationChoice {
    static func offset(explicit: Double?, engine: EngineOptions, store: Store) throws -> (EngineTime, String) {
        if let explicit { return (.milliseconds(explicit), "--offset") }
        if engine.input.isOffline { return (.zero, "offline input: no calibration applies") }
        let (input, output) = pair(engine)
        if let stored = try? store.calibration(input: input, output: output) {
            return (.milliseconds(stored.offsetMs), "calibrated for \(input) → \(output)")
        }
        return (.zero, "not calibrated for \(input) → \(output): run woodshed calibrate")
    }

    /// The names a calibration is stored under: the input as given to `--input` (`alsa`,
    /// `alsa:TD-17`, `keys`) and the output (`alsa:default`, `alsa:hw:1,0`, `null`, `wav`).
    static func pair(_ engine: EngineOptions) -> (input: String, output: String) {
        (engine.input.description, engine.wav != nil ? "wav" : engine.outputSpec.description)
    }
}
