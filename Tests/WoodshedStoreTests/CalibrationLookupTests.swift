import Testing
import WoodshedCore
import WoodshedStore

@Suite struct CalibrationLookupTests {
    @Test func theOffsetOfThePairOrZero() throws {
        let store = Store()
        #expect(CalibrationLookup.offset(store: store, input: "TD-17", output: "alsa:default") == .zero)
        try store.saveCalibration(Calibration(inputSource: "TD-17", audioOutput: "alsa:default", offsetMs: 23.5))
        try store.saveCalibration(Calibration(inputSource: "TD-17", audioOutput: "alsa:bluetooth", offsetMs: 180))
        #expect(CalibrationLookup.offset(store: store, input: "TD-17", output: "alsa:default") == .milliseconds(23.5))
        #expect(CalibrationLookup.offset(store: store, input: "TD-17", output: "alsa:bluetooth") == .milliseconds(180))
        #expect(CalibrationLookup.offset(store: store, input: "keys", output: "alsa:default") == .zero)
    }

    /// Δ = (hit − offset) − note: a hit 23.5 ms late through this pair is judged on time.
    @Test func judgesApplyTheLookedUpOffset() throws {
        let store = Store()
        try store.saveCalibration(Calibration(inputSource: "TD-17", audioOutput: "alsa:default", offsetMs: 23.5))
        let offset = CalibrationLookup.latencyOffset(store: store, input: "TD-17", output: "alsa:default")
        #expect(offset.delta(hit: .milliseconds(2023.5), note: .milliseconds(2000)) == .zero)
        #expect(offset.delta(hit: .milliseconds(2000), note: .milliseconds(2000)) == .milliseconds(-23.5))
    }

    @Test func removingForgetsOnlyThatPair() throws {
        let store = Store()
        try store.saveCalibration(Calibration(inputSource: "a", audioOutput: "x", offsetMs: 1))
        try store.saveCalibration(Calibration(inputSource: "a", audioOutput: "y", offsetMs: 2))
        #expect(try store.removeCalibration(input: "a", output: "x"))
        #expect(try store.removeCalibration(input: "a", output: "x") == false)
        #expect(try store.calibrations().map(\.audioOutput) == ["y"])
    }
}
