// make-examples: writes the example songs in charts/ — a DTX chart with its own sound chips and a
// BGM (charts/chip-groove/) and a Clone Hero style song folder with stems (charts/example-song/).
//
//     swift run make-examples [soundfonts/woodshed-kit.sf2] [charts]
//
// Everything is made by the project: the music is written here, every sound is Woodshed's own
// soundfont played through FluidSynth, and the files are written through libsndfile.
import Foundation
import WoodshedCore
import WoodshedFluidSynth
import WoodshedSndFile

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 2 {
    FileHandle.standardError.write(Data("usage: make-examples [SOUNDFONT.sf2] [CHARTS-FOLDER]\n".utf8))
    exit(arguments.count > 2 ? 64 : 0)
}
let soundFont = arguments.first ?? "soundfonts/woodshed-kit.sf2"
let charts = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "charts")
let rate = 44_100
let bpm = 100.0
let beat = 60 / bpm
let bars = 9

/// One note to render: when (seconds), on which MIDI channel, which key, how hard, how long.
struct Played {
    var time: Double
    var channel: UInt8
    var note: UInt8
    var velocity: UInt8
    var length: Double
}

/// Renders `notes` through the soundfont into interleaved stereo, `seconds` long.
func render(_ notes: [Played], seconds: Double) throws -> [Float] {
    let synth = try FluidSynthInstrument(soundFontPath: soundFont, sampleRate: rate)
    var events: [(frame: Int, on: Bool, note: Played)] = []
    for n in notes {
        events.append((Int((n.time * Double(rate)).rounded()), true, n))
        events.append((Int(((n.time + n.length) * Double(rate)).rounded()), false, n))
    }
    events.sort { $0.frame != $1.frame ? $0.frame < $1.frame : (!$0.on && $1.on) }
    let total = Int(seconds * Double(rate))
    var out = [Float](repeating: 0, count: 2 * total)
    var left = [Float](repeating: 0, count: 512), right = [Float](repeating: 0, count: 512)
    var at = 0, next = 0
    while at < total {
        while next < events.count, events[next].frame <= at {
            let e = events[next].note
            if events[next].on { synth.noteOn(channel: e.channel, note: e.note, velocity: e.velocity) } else { synth.noteOff(channel: e.channel, note: e.note) }
            next += 1
        }
        let until = next < events.count ? min(events[next].frame, total) : total
        let count = min(512, max(until - at, 1), total - at)
        synth.render(frames: count, left: &left, right: &right)
        for i in 0..<count {
            out[2 * (at + i)] = left[i]
            out[2 * (at + i) + 1] = right[i]
        }
        at += count
    }
    return out
}

/// The sound up to where it has died away (below -60 dB for good), at least `minimum` seconds.
func trimmed(_ stereo: [Float], minimum: Double = 0.05) -> [Float] {
    var last = 0
    for i in stride(from: 0, to: stereo.count, by: 2) where abs(stereo[i]) > 0.001 || abs(stereo[i + 1]) > 0.001 { last = i / 2 }
    return Array(stereo.prefix(2 * max(last + 1, Int(minimum * Double(rate)))))
}

func write(_ stereo: [Float], _ codec: AudioFileWriter.Codec, _ url: URL) throws {
    try AudioFileWriter.write(stereo, channels: 2, sampleRate: rate, codec: codec, to: url.path)
    print("wrote \(url.path)")
}

// The music: C – Am – F – G twice round, ending on C, on the soundfont's electric piano.
let chords: [[UInt8]] = [[60, 64, 67], [57, 60, 64], [53, 57, 60], [55, 59, 62]]
let roots: [UInt8] = [36, 33, 41, 43]
var keys: [Played] = []
for bar in 0..<bars {
    let chord = bar == bars - 1 ? chords[0] : chords[bar % 4]
    let root = bar == bars - 1 ? roots[0] : roots[bar % 4]
    let start = Double(bar) * 4 * beat
    if bar == bars - 1 {
        keys += (chord + [root, root + 12]).map { Played(time: start, channel: 1, note: $0, velocity: 90, length: 3 * beat) }
        continue
    }
    // Chords on 1 and the "and" of 2, held; the bass on 1 and 3.
    for (at, length) in [(0.0, 1.5), (1.5, 2.5)] {
        keys += chord.map { Played(time: start + at * beat, channel: 1, note: $0, velocity: 70, length: length * beat - 0.05) }
    }
    keys += [0.0, 2.0].map { Played(time: start + $0 * beat, channel: 1, note: root, velocity: 95, length: 1.8 * beat) }
}

// The drums, on a 16th-note grid: a rock beat, a fill in bar 8, a crash to end.
var drums: [(bar: Int, step: Int, voice: DrumVoice, velocity: UInt8)] = []
for bar in 0..<(bars - 1) {
    if bar == 0 || bar == 4 { drums.append((bar, 0, .crash, 110)) }
    for step in stride(from: 0, to: 16, by: 2) where !(bar == 0 || bar == 4) || step != 0 {
        if bar == bars - 2 && step >= 8 { continue }
        drums.append((bar, step, .hihat, step % 4 == 0 ? 90 : 65))
    }
    drums += [(bar, 0, .kick, 110), (bar, 8, .kick, 100), (bar, 10, .kick, 85)]
    if bar == bars - 2 {
        drums += [(bar, 4, .snare, 110)]
        drums += [8, 9, 10, 11].map { (bar, $0, DrumVoice.snare, UInt8(80 + 5 * ($0 - 8))) }
        drums += [(bar, 12, .tomHigh, 100), (bar, 13, .tomHigh, 95), (bar, 14, .tomFloor, 105), (bar, 15, .tomFloor, 110)]
    } else {
        drums += [(bar, 4, .snare, 110), (bar, 12, .snare, 110)]
    }
}
drums += [(bars - 1, 0, .crash, 120), (bars - 1, 0, .kick, 115)]

let seconds = Double(bars) * 4 * beat + 2.5
do {
    let song = try render(keys, seconds: seconds)

    // --- A Clone Hero style song folder: song.ini, notes.mid, song.ogg, drums.ogg. ---
    let folder = charts.appendingPathComponent("example-song")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var builder = ChartBuilder(metadata: ChartMetadata(title: "Four Chords", artist: "Woodshed", genre: "Pop Rock",
                                                     comment: "Made by the Woodshed project", difficulty: 2))
    for _ in 0..<bars { _ = builder.appendMeasure() }
    builder.setTempo(bpm, measureIndex: 0)
    for d in drums { builder.addNote(d.voice, measureIndex: d.bar, position: ExactFraction(Int64(d.step), 16), velocity: d.velocity) }
    let chart = builder.build()
    try Data(ChartMIDIWriter.write(chart)).write(to: folder.appendingPathComponent("notes.mid"))
    try """
    [song]
    name = Four Chords
    artist = Woodshed
    charter = Woodshed
    genre = Pop Rock
    year = 2026
    diff_drums = 2
    delay = 0

    """.write(to: folder.appendingPathComponent("song.ini"), atomically: true, encoding: .utf8)
    let drumStem = try render(chart.notes.map { Played(time: $0.time.seconds, channel: 10, note: $0.voice.generalMIDINote,
                                                         velocity: $0.velocity, length: 0.1) }, seconds: seconds)
    try write(song, .ogg, folder.appendingPathComponent("song.ogg"))
    try write(drumStem, .ogg, folder.appendingPathComponent("drums.ogg"))

    // --- A DTX chart with its own chips and a BGM: charts/chip-groove/. ---
    let dtxFolder = charts.appendingPathComponent("chip-groove")
    try FileManager.default.createDirectory(at: dtxFolder, withIntermediateDirectories: true)
    let chips: [(chip: String, file: String, voice: DrumVoice?, note: UInt8, channel: String)] = [
        ("01", "kick.wav", .kick, 36, "13"), ("02", "snare.wav", .snare, 38, "12"), ("03", "hihat.wav", .hihat, 42, "11"),
        ("04", "crash.wav", .crash, 49, "16"), ("05", "tom-high.wav", .tomHigh, 48, "14"), ("06", "tom-floor.wav", .tomFloor, 41, "17"),
    ]
    for c in chips {
        try write(trimmed(try render([Played(time: 0, channel: 10, note: c.note, velocity: 110, length: 0.1)], seconds: 2)),
                  .wav, dtxFolder.appendingPathComponent(c.file))
    }
    // The sound effect: a high bell-like chord on the last bar, a chip the chart plays by itself.
    try write(trimmed(try render([84, 88, 91].map { Played(time: 0, channel: 1, note: $0, velocity: 80, length: 1.5) }, seconds: 3)),
              .wav, dtxFolder.appendingPathComponent("bell.wav"))
    try write(song, .ogg, dtxFolder.appendingPathComponent("bgm.ogg"))
    var dtx = """
    ; Made by the Woodshed project: every sound is Woodshed's own soundfont.
    #TITLE: Chip Groove
    #ARTIST: Woodshed
    #GENRE: Pop Rock
    #COMMENT: A DTX chart with its own sounds (chips) and a BGM
    #DLEVEL: 25
    #BPM: \(Int(bpm))
    #WAV0Z: bgm.ogg
    #VOLUME0Z: 90
    #WAV07: bell.wav
    #VOLUME07: 60
    #PAN07: 30

    """
    for c in chips { dtx += "#WAV\(c.chip): \(c.file)\n" }
    dtx += "#VOLUME03: 75\n#PAN03: -20\n#PAN05: -30\n#PAN06: 30\n\n#00001: 0Z\n"
    for bar in 0..<bars {
        for c in chips {
            let steps = drums.filter { $0.bar == bar && $0.voice == c.voice }.map(\.step)
            guard !steps.isEmpty else { continue }
            let data = (0..<16).map { steps.contains($0) ? c.chip : "00" }.joined()
            dtx += "#\(DTXWriterLabel.measure(bar))\(c.channel): \(data)\n"
        }
    }
    dtx += "#\(DTXWriterLabel.measure(bars - 1))61: 07\n"
    try dtx.write(to: dtxFolder.appendingPathComponent("chip-groove.dtx"), atomically: true, encoding: .utf8)
    print("wrote \(dtxFolder.appendingPathComponent("chip-groove.dtx").path)")
} catch let error as UserFacingError {
    FileHandle.standardError.write(Data("make-examples: \(error.message)\n".utf8))
    exit(1)
}

/// DTX measure labels: three characters, the first base 36.
enum DTXWriterLabel {
    static func measure(_ m: Int) -> String { String(format: "%03d", m) }
}
