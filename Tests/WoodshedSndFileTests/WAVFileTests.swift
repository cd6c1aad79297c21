import Foundation
import Testing
import WoodshedCore
import WoodshedEngine
@testable import WoodshedSndFile

@Suite struct WAVFileTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-\(getpid())-\(name)").path
    }

    @Test func writesAndReadsBackExactFloats() throws {
        let path = temporaryPath("float.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let format = AudioFormat(sampleRate: 44_100, periodFrames: 4, periods: 2)
        let output = WAVFileOutput(path: path, format: format, sampleFormat: .float32)
        try output.start()
        let period: [Float] = [0.5, -0.5, 0.25, -0.25, 0, 0, 1, -1]
        try period.withUnsafeBufferPointer { try output.write($0) }
        try period.withUnsafeBufferPointer { try output.write($0) }
        try output.stop()
        let file = try AudioFile(contentsOf: path)
        #expect(file.sampleRate == 44_100)
        #expect(file.channels == 2)
        #expect(file.samples == period + period)
        #expect(file.channel(0) == [0.5, 0.25, 0, 1, 0.5, 0.25, 0, 1])
    }

    @Test func unwritablePathIsOneClearError() {
        let output = WAVFileOutput(path: "/nonexistent-folder/x.wav", format: AudioFormat())
        #expect(throws: WoodshedError.self) { try output.start() }
        #expect(throws: WoodshedError.self) { try AudioFile(contentsOf: "/nonexistent-folder/x.wav") }
    }
}
