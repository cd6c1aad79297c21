/// Writes a chart as a General MIDI Standard MIDI File (format 1, 960 ticks per quarter).
///
/// Track 0 holds the title, tempo map, time signatures and sections (as markers); track 1 the
/// notes on channel 10 with each voice's `generalMIDINote` and the note's velocity. The backing
/// track and the metadata other than the title have no place in a MIDI file and are not written.
public enum ChartMIDIWriter {
    public static let ticksPerQuarter: Int64 = 960

    public static func write(_ chart: Chart) -> [UInt8] {
        smf(chart).serialized()
    }

    /// The chart as a `StandardMIDIFile` value.
    public static func smf(_ chart: Chart) -> StandardMIDIFile {
        let ppq = ExactFraction(ticksPerQuarter)
        func tick(_ quarter: ExactFraction) -> Int64 { (quarter * ppq + ExactFraction(1, 2)).floor }
        func tick(measure: Int, position: ExactFraction) -> Int64 {
            let m = chart.measures[measure]
            return tick(m.startQuarter + position * m.length)
        }
        let endTick = tick(chart.measures.last.map { $0.startQuarter + $0.length } ?? .zero)

        var conductor: [MIDIFileEvent] = []
        if let title = chart.metadata.title { conductor.append(.text(MIDIFileEvent.trackNameMeta, title, tick: 0)) }
        var previous: TimeSignature? = nil
        for measure in chart.measures {
            let signature = measure.length == measure.signature.measureLength
                ? measure.signature : TimeSignature(fitting: measure.length) ?? measure.signature
            if signature != previous {
                var log2 = 0
                while 1 << log2 < signature.noteValue { log2 += 1 }
                conductor.append(MIDIFileEvent(
                    tick: tick(measure.startQuarter),
                    kind: .meta(type: MIDIFileEvent.timeSignatureMeta, data: [UInt8(min(signature.beats, 255)), UInt8(log2), 24, 8])))
                previous = signature
            }
        }
        for change in chart.tempoChanges { conductor.append(.tempo(bpm: change.bpm, tick: tick(change.quarter))) }
        for section in chart.sections {
            conductor.append(.text(MIDIFileEvent.markerMeta, section.name, tick: tick(measure: section.measureIndex, position: section.position)))
        }
        conductor.append(MIDIFileEvent(tick: endTick, kind: .meta(type: MIDIFileEvent.endOfTrackMeta, data: [])))

        // Notes: a short note (a 64th, less if the same note comes sooner); offs before ons at a tick.
        var placed: [(tick: Int64, note: ChartNote)] = chart.notes.map { (tick(measure: $0.measureIndex, position: $0.position), $0) }
        placed.sort { $0.tick < $1.tick }
        var nextOfPitch: [UInt8: Int64] = [:]
        var drumEvents: [(order: Int, event: MIDIFileEvent)] = []
        for (t, note) in placed.reversed() {
            let pitch = note.voice.generalMIDINote
            let next = nextOfPitch[pitch] ?? Int64.max
            let off = max(t + 1, min(t + ticksPerQuarter / 16, next, endTick))
            nextOfPitch[pitch] = t
            drumEvents.append((1, MIDIFileEvent(tick: t, kind: .channel(status: 0x99, data1: pitch, data2: max(1, min(note.velocity, 127))))))
            drumEvents.append((0, MIDIFileEvent(tick: off, kind: .channel(status: 0x89, data1: pitch, data2: 0))))
        }
        drumEvents.sort { ($0.event.tick, $0.order) < ($1.event.tick, $1.order) }
        var drums: [MIDIFileEvent] = [.text(MIDIFileEvent.trackNameMeta, "Drums", tick: 0)]
        drums += drumEvents.map(\.event)
        drums.append(MIDIFileEvent(tick: max(endTick, drums.last?.tick ?? 0), kind: .meta(type: MIDIFileEvent.endOfTrackMeta, data: [])))

        return StandardMIDIFile(
            format: 1, division: .ticksPerQuarter(Int(ticksPerQuarter)),
            tracks: [MIDITrack(events: conductor.sorted { $0.tick < $1.tick }), MIDITrack(events: drums)])
    }
}
