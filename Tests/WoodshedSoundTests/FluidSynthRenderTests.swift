import Foundation
import Testing
@testable import WoodshedSound

/// Loads the kit into the real FluidSynth (its command-line renderer) and checks it sounds:
/// every drum note, keys across the keyboard, velocity, and the hi-hat choke.
@Suite struct FluidSynthRenderTests {
    static let rate = 48_000
    static let spacing = 1.0

    /// What the test MIDI file plays, and when.
    struct Plan {
        var midi = TestMIDIFile()
        var checks: [(label: String, seconds: Double)] = []
        var time = 0.5
        var kickLoud = 0.0, kickSoft = 0.0, openAlone = 0.0, openChoked = 0.0
    }

    static func plan() -> Plan {
        var plan = Plan()
        for note in WoodshedKit.drumNotes {
            plan.midi.add(at: plan.time, channel: 9, key: note)
            plan.checks.append(("drum \(note)", plan.time))
            plan.time += spacing
        }
        for key: UInt8 in [21, 24, 36, 48, 55, 60, 67, 72, 84, 96, 108, 120] {
            plan.midi.add(at: plan.time, channel: 0, key: key, length: 0.5)
            plan.checks.append(("keys \(key)", plan.time))
            plan.time += spacing
        }
        plan.kickLoud = plan.time
        plan.midi.add(at: plan.time, channel: 9, key: 36, velocity: 127)
        plan.time += spacing
        plan.kickSoft = plan.time
        plan.midi.add(at: plan.time, channel: 9, key: 36, velocity: 30)
        plan.time += spacing
        plan.openAlone = plan.time
        plan.midi.add(at: plan.time, channel: 9, key: 46)
        plan.time += spacing
        plan.openChoked = plan.time
        plan.midi.add(at: plan.time, channel: 9, key: 46)
        plan.midi.add(at: plan.time + 0.1, channel: 9, key: 44)
        plan.time += spacing
        return plan
    }

    @Test func fluidSynthLoadsAndPlaysTheKit() throws {
        let fluidsynth = try #require(
            Self.executable(named: "fluidsynth"),
            "the fluidsynth command is not on PATH; install it (Debian: apt-get install fluidsynth) to run this test")
        #expect(!KitFixture.bytes.isEmpty)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("kit.sf2")
        let midiFile = folder.appendingPathComponent("kit.mid")
        let wav = folder.appendingPathComponent("kit.wav")
        let plan = Self.plan()
        try Data(KitFixture.bytes).write(to: font)
        try Data(plan.midi.bytes).write(to: midiFile)

        let process = Process()
        process.executableURL = fluidsynth
        process.arguments = ["-ni", "-F", wav.path, "-r", "\(Self.rate)", "-R", "0", "-C", "0", font.path, midiFile.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "fluidsynth failed:\n\(log)")
        for line in log.split(separator: "\n") {
            let lower = line.lowercased()
            #expect(!lower.contains("warning") && !lower.contains("error") && !lower.contains("panic"),
                "fluidsynth complained: \(line)")
        }

        let audio = try #require(FileManager.default.contents(atPath: wav.path), "fluidsynth wrote no WAV")
        let signal = try TestWAV(bytes: [UInt8](audio))
        #expect(signal.sampleRate == Self.rate)
        #expect(signal.duration > plan.time - 1)

        #expect(signal.rmsDecibels(from: 0, to: 0.45) < -90, "noise before the first note")
        for check in plan.checks {
            let before = signal.rmsDecibels(from: check.seconds - 0.06, to: check.seconds - 0.005)
            let onset = signal.rmsDecibels(from: check.seconds, to: check.seconds + 0.05)
            #expect(onset > -50, "\(check.label) is silent (\(onset) dB)")
            #expect(onset > before + 3, "\(check.label) does not stand out: \(before) dB before, \(onset) dB at the note")
        }

        let loud = signal.peakDecibels(from: plan.kickLoud, to: plan.kickLoud + 0.1)
        let soft = signal.peakDecibels(from: plan.kickSoft, to: plan.kickSoft + 0.1)
        #expect(loud > soft + 6, "velocity has too little effect: \(loud) vs \(soft) dB")

        let ringing = signal.rmsDecibels(from: plan.openAlone + 0.35, to: plan.openAlone + 0.6)
        let choked = signal.rmsDecibels(from: plan.openChoked + 0.35, to: plan.openChoked + 0.6)
        #expect(choked < ringing - 20, "the pedal hi-hat does not choke the open one: \(ringing) vs \(choked) dB")
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// A 16-bit or float PCM WAV file read into mono points (channels averaged).
struct TestWAV {
    var sampleRate: Int
    var points: [Double]

    init(bytes: [UInt8]) throws {
        let reader = RIFFReader(bytes: bytes)
        let root = try reader.root()
        guard root.listType == "WAVE", let format = root.child("fmt "), let data = root.child("data") else {
            throw RIFFFormatError(description: "not a WAVE file")
        }
        var tag = Int(reader.u16(format.bodyOffset))
        let channels = Int(reader.u16(format.bodyOffset + 2))
        sampleRate = Int(reader.u32(format.bodyOffset + 4))
        let bits = Int(reader.u16(format.bodyOffset + 14))
        if tag == 0xFFFE, format.size >= 26 { tag = Int(reader.u16(format.bodyOffset + 24)) }
        let frameBytes = channels * bits / 8
        let frames = data.size / frameBytes
        points = [Double](repeating: 0, count: frames)
        for frame in 0..<frames {
            var sum = 0.0
            for channel in 0..<channels {
                let offset = data.bodyOffset + frame * frameBytes + channel * bits / 8
                switch (tag, bits) {
                case (1, 16): sum += Double(reader.i16(offset)) / 32768
                case (3, 32): sum += Double(Float(bitPattern: reader.u32(offset)))
                default: throw RIFFFormatError(description: "unsupported WAV format \(tag)/\(bits) bits")
                }
            }
            points[frame] = sum / Double(channels)
        }
    }

    var duration: Double { Double(points.count) / Double(sampleRate) }

    private func range(_ from: Double, _ to: Double) -> Range<Int> {
        let start = max(0, min(points.count, Int(from * Double(sampleRate))))
        let end = max(start, min(points.count, Int(to * Double(sampleRate))))
        return start..<end
    }

    func rmsDecibels(from: Double, to: Double) -> Double {
        let slice = points[range(from, to)]
        guard !slice.isEmpty else { return -200 }
        let mean = slice.reduce(0) { $0 + $1 * $1 } / Double(slice.count)
        return 10 * log10(max(mean, 1e-20))
    }

    func peakDecibels(from: Double, to: Double) -> Double {
        let peak = points[range(from, to)].reduce(0) { max($0, abs($1)) }
        return 20 * log10(max(peak, 1e-10))
    }
}
