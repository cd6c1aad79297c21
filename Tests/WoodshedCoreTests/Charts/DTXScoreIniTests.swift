import Foundation
import Testing
import WoodshedCore

/// DTXMania's per-song BGM adjustment, read from the `.score.ini` it keeps beside a chart.
struct DTXScoreIniTests {
    @Test func theFileSectionsBGMAdjustInMilliseconds() throws {
        let text = "[File]\r\nTitle=Song\r\nBGMAdjust=-25\r\n\r\n[HiScore.Drums]\r\nBGMAdjust=999\r\n"
        #expect(try DTXScoreIni.bgmAdjust(in: text, file: "a.dtx.score.ini") == .milliseconds(-25))
        #expect(try DTXScoreIni.bgmAdjust(in: "[File]\nTitle=x\n", file: "a.dtx.score.ini") == nil)
        #expect(try DTXScoreIni.bgmAdjust(in: "[HiScore.Drums]\nBGMAdjust=40\n", file: "a.dtx.score.ini") == nil)
    }

    @Test func aValueThatIsNotAWholeNumberNamesTheFileAndLine() {
        #expect {
            try DTXScoreIni.bgmAdjust(in: "[File]\nTitle=x\nBGMAdjust=ten\n", file: "a.dtx.score.ini")
        } throws: { error in
            let message = (error as? UserFacingError)?.message ?? ""
            return message.hasPrefix("a.dtx.score.ini:3: BGMAdjust 'ten'") && message.contains("fix or delete the line")
        }
    }

    /// Loaded with the chart: the song and the sound effects move by the adjustment, the notes do not.
    @Test func loadingADTXChartAppliesItsScoreIni() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-scoreini-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let chart = folder.appendingPathComponent("song.dtx").path
        // 120 BPM: measure 2 (DTX 001) starts at 2 s. BGM at measure 1's start, a sound effect (61) at measure 2.
        try "#BPM: 120\n#WAV01: bgm.ogg\n#WAV02: fx.wav\n#00001: 01\n#00161: 02\n#00113: 0101\n".write(toFile: chart, atomically: true, encoding: .utf8)
        let plain = try ChartFile.load(chart)
        #expect(plain.bgmAdjust == .zero)
        try "[File]\nBGMAdjust=40\n".write(toFile: chart + ".score.ini", atomically: true, encoding: .utf8)
        let adjusted = try ChartFile.load(chart)
        #expect(adjusted.bgmAdjust == .milliseconds(40))
        #expect(adjusted.chart.backingTrack?.offset == .milliseconds(40))
        #expect(adjusted.chart.soundCues.map(\.time) == [.milliseconds(2_040)])
        #expect(adjusted.chart.notes.map(\.time) == plain.chart.notes.map(\.time))
        #expect(adjusted.warnings.isEmpty)
        // A value that cannot be read: one warning, the chart as it is.
        try "[File]\nBGMAdjust=soon\n".write(toFile: chart + ".score.ini", atomically: true, encoding: .utf8)
        let unreadable = try ChartFile.load(chart)
        #expect(unreadable.chart == plain.chart)
        #expect(unreadable.warnings == ["\(chart).score.ini:2: BGMAdjust 'soon' is not a whole number of milliseconds (-60000 to 60000); fix or delete the line (the song plays unadjusted)"])
    }
}
