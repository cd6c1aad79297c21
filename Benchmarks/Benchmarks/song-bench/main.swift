// song-bench: the song's engine measured (docs/benchmarks.md, "Song audio"). scripts/song-bench runs it.
//
// Usage:
//   song-bench generate FILE SECONDS RATE        write a stereo test song (tones, bass, clicks) in FILE's codec
//   song-bench stretch IN OUT SPEED ENGINE        stream IN at SPEED % through the stretcher into the WAV OUT;
//                                                 prints the wall-clock milliseconds
//   song-bench seek FILE AT_SECONDS SPEED         open FILE and prepare it from AT_SECONDS: milliseconds until
//                                                 the first period is ready to sound
//   song-bench memory FILE SECONDS                stream SECONDS of FILE at 75 %; prints the peak resident KiB
//   song-bench change FILE COUNT                  play FILE live (64-frame periods paced by the wall clock) and
//                                                 change its speed COUNT times, once a second, through 75, 50,
//                                                 100, 150 %, each asked for as soon as possible; prints the
//                                                 median and largest ms until the change is heard, the median
//                                                 and largest ms until its frames were ready, and the underruns
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
import WoodshedSong

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func streamer(_ path: String, from start: Double, seconds: Double, speed: Double, rate: Int, engine: TimeStretcher.Engine, offline: Bool) throws -> SongStreamer {
    let source = try SongSource(stems: [SongSource.Stem(reader: SoundFileReader(path: path))])
    let timeline = SongTimeline(segments: [.init(practiceStart: .zero, audioStart: .seconds(start),
                                                 audioEnd: .seconds(start + seconds), fadesIn: start > 0, speed: speed)])
    return try SongStreamer(source: source, timeline: timeline, outputRate: rate, engine: engine, offline: offline)
}

/// Plays `streamer` to its end as the mixer would, handing each block to `sink`.
func drain(_ streamer: SongStreamer, seconds: Double, sink: (UnsafePointer<Float>, Int) throws -> Void) rethrows {
    let block = 1024
    let left = UnsafeMutablePointer<Float>.allocate(capacity: block), right = UnsafeMutablePointer<Float>.allocate(capacity: block)
    let out = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
    defer { left.deallocate(); right.deallocate(); out.deallocate() }
    let total = Int64(seconds * Double(streamer.outputRate))
    var sample: Int64 = 0
    streamer.start()
    defer { streamer.stop() }
    while sample < total {
        left.update(repeating: 0, count: block)
        right.update(repeating: 0, count: block)
        streamer.playback.render(frames: block, firstSample: sample, origin: streamer.playback.start, gain: 1, left: left, right: right)
        for i in 0..<block { out[2 * i] = left[i]; out[2 * i + 1] = right[i] }
        try sink(out, block)
        sample += Int64(block)
    }
}

func peakResidentKiB() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
}

let args = CommandLine.arguments
do {
    switch args.count > 1 ? args[1] : "" {
    case "generate" where args.count == 5:
        let (path, seconds, rate) = (args[2], Double(args[3])!, Int(args[4])!)
        let frames = Int(seconds * Double(rate))
        var samples = [Float](repeating: 0, count: 2 * frames)
        var noise: UInt32 = 1
        for i in 0..<frames {
            let t = Double(i) / Double(rate)
            let beat = t.truncatingRemainder(dividingBy: 0.5)
            noise = noise &* 1_664_525 &+ 1_013_904_223
            let hat = beat < 0.03 ? (Double(noise >> 8) / Double(1 << 24) - 0.5) * 0.4 * exp(-beat / 0.008) : 0
            let bass = 0.25 * sin(2 * .pi * (55 + 27.5 * Double(Int(t / 2) % 4)) * t)
            let chord = 0.1 * (sin(2 * .pi * 261.63 * t) + sin(2 * .pi * 329.63 * t) + sin(2 * .pi * 392.0 * t))
            samples[2 * i] = Float(bass + chord * 0.8 + hat)
            samples[2 * i + 1] = Float(bass + chord * 1.2 + hat)
        }
        let codec = AudioFileWriter.Codec(rawValue: (path as NSString).pathExtension.lowercased()) ?? .wav
        try AudioFileWriter.write(samples, channels: 2, sampleRate: rate, codec: codec, to: path)
    case "stretch" where args.count == 6:
        let (input, output, speed) = (args[2], args[3], Double(args[4])! / 100)
        let engine = TimeStretcher.Engine(rawValue: args[5])!
        let info = try AudioFileInfo(path: input)
        let start = now()
        let s = try streamer(input, from: 0, seconds: info.seconds, speed: speed, rate: info.sampleRate, engine: engine, offline: true)
        let wav = WAVFileOutput(path: output, format: AudioFormat(sampleRate: info.sampleRate, periodFrames: 1024))
        try wav.start()
        try drain(s, seconds: info.seconds / speed) { try wav.write(UnsafeBufferPointer(start: $0, count: 2 * $1)) }
        try wav.stop()
        print(String(format: "%.1f", Double(now() - start) / 1e6))
    case "seek" where args.count == 5:
        let (path, at, speed) = (args[2], Double(args[3])!, Double(args[4])! / 100)
        let start = now()
        let s = try streamer(path, from: at, seconds: 60, speed: speed, rate: 48_000, engine: .finer, offline: false)
        s.start()
        while s.playback.ring.readable < 64 { usleep(100) }
        let ms = Double(now() - start) / 1e6
        s.stop()
        print(String(format: "%.1f", ms))
    case "memory" where args.count == 4:
        let (path, seconds) = (args[2], Double(args[3])!)
        let s = try streamer(path, from: 0, seconds: seconds, speed: 0.75, rate: 48_000, engine: .finer, offline: true)
        var peak: Float = 0
        drain(s, seconds: seconds / 0.75) { block, n in for i in 0..<(2 * n) { peak = max(peak, abs(block[i])) } }
        print(peakResidentKiB(), peak > 0 ? "" : "(silent!)")
    case "change" where args.count == 4:
        let (path, count) = (args[2], Int(args[3])!)
        let rate = 48_000, period = 64
        let s = try streamer(path, from: 0, seconds: Double(count + 3), speed: 1, rate: rate, engine: .finer, offline: false)
        s.start()
        s.waitUntilBuffered(seconds: 2)
        let left = UnsafeMutablePointer<Float>.allocate(capacity: period), right = UnsafeMutablePointer<Float>.allocate(capacity: period)
        defer { left.deallocate(); right.deallocate() }
        let speeds = [0.75, 0.5, 1, 1.5]
        var heard: [Double] = [], ready: [Double] = []
        var sample: Int64 = 0, asked = 0, pending: (at: UInt64, changes: Int)?
        let origin = now()
        while asked < count || pending != nil {
            // The audio thread's period, on the wall clock.
            let due = origin + UInt64(Double(sample) / Double(rate) * 1e9)
            while now() < due {}
            s.playback.render(frames: period, firstSample: sample, origin: s.playback.start, gain: 1, left: left, right: right)
            sample += Int64(period)
            if let p = pending, s.timeline.segments.count > p.changes {
                ready.append(Double(now() - p.at) / 1e6)
                pending = nil
            }
            if pending == nil, asked < count, sample >= Int64(rate) * Int64(asked + 1) {
                let playing = s.playback.start + .seconds(Double(sample) / Double(rate))
                let time = s.earliestChange
                heard.append((time - playing).milliseconds)
                pending = (now(), s.timeline.segments.count)
                s.changeSpeed(to: speeds[asked % speeds.count], at: time)
                asked += 1
            }
        }
        s.stop()
        func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
        print(String(format: "%.1f %.1f %.1f %.1f %d", median(heard), heard.max()!, median(ready), ready.max()!, s.playback.underruns))
    default:
        FileHandle.standardError.write(Data("usage: see the comment at the top of song-bench/main.swift\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("song-bench: \(error)\n".utf8))
    exit(1)
}
