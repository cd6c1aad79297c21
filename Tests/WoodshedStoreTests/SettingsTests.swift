import Foundation
import Testing
@testable import WoodshedStore

@Suite struct SettingsTests {
    @Test func typedSettingsRoundTripAndPersist() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let store = try Store(path: folder.databasePath)
            try store.setSetting(.lastSpeed(chart: "rock"), 75)
            try store.setSetting(.countIn, 2)
            try store.setSetting(.voiceIsolation(chart: "rock"), ["hihat", "snare"])
            try store.setSetting(.volume(.click), 0.6)
            try store.setSetting(.metronomeSound, "woodblock")
            try store.setSetting(.countIn, 1)
        }
        let store = try Store(path: folder.databasePath)
        #expect(try store.setting(.lastSpeed(chart: "rock")) == 75)
        #expect(try store.setting(.lastSpeed(chart: "other")) == nil)
        #expect(try store.setting(.countIn) == 1)
        #expect(try store.setting(.voiceIsolation(chart: "rock")) == ["hihat", "snare"])
        #expect(try store.setting(.volume(.click)) == 0.6)
        #expect(try store.setting(.metronomeSound) == "woodblock")
        try store.setSetting(.metronomeSound, nil)
        #expect(try store.setting(.metronomeSound) == nil)
    }

    @Test func calibrationPerInputAndOutputPair() throws {
        let store = Store()
        try store.saveCalibration(Calibration(inputSource: "TD-17", audioOutput: "hw:1", offsetMs: -20, measuredAt: day(0)))
        try store.saveCalibration(Calibration(inputSource: "TD-17", audioOutput: "hdmi", offsetMs: -60, measuredAt: day(1)))
        try store.saveCalibration(Calibration(inputSource: "TD-17", audioOutput: "hw:1", offsetMs: -18, measuredAt: day(2)))
        #expect(try store.calibration(input: "TD-17", output: "hw:1")?.offsetMs == -18)
        #expect(try store.calibration(input: "TD-17", output: "hw:1")?.measuredAt == day(2))
        #expect(try store.calibration(input: "TD-17", output: "hdmi")?.offsetMs == -60)
        #expect(try store.calibration(input: "Nitro", output: "hw:1") == nil)
        #expect(try store.calibrations().count == 2)
    }
}
