import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
import WoodshedSong

/// The song that plays with a chart (a DTX BGM, a `.wchart`'s backing, a song folder's audio):
/// opened and checked before the run, streamed on its own thread during it.
///
/// A song that cannot play — missing, unreadable, a codec libsndfile does not read — is one warning
/// line, and the chart plays without it: the drummer can still practise.
final class ChartSong {
    let streamer: SongStreamer
    /// The file(s), for the display.
    let name: String

    private init(streamer: SongStreamer, name: String) {
        self.streamer = streamer
        self.name = name
    }

    /// Where the song sits on the practice clock under `plan` (nil: the chart has no song).
    static func timeline(file: ChartFile, plan: PracticePlan) -> SongTimeline? {
        guard let backing = file.chart.backingTrack else { return nil }
        return SongTimeline(plan: plan, chart: file.chart, offset: backing.offset)
    }

    /// Opens the chart's song for `plan`, or says in one line (through `warn`) why it cannot play.
    static func open(file: ChartFile, plan: PracticePlan, options: SongOptions, outputRate: Int, offline: Bool,
                     warn: (String) -> Void) -> ChartSong? {
        guard !options.noSong, let backing = file.chart.backingTrack, let timeline = timeline(file: file, plan: plan) else { return nil }
        do {
            let stems = try openStems(file: file, backing: backing, options: options, warn: warn)
            let source = try SongSource(stems: stems)
            let songEnd = backing.offset + .seconds(Double(source.frames) / Double(source.sampleRate))
            let needed = file.chart.measures[plan.measures.upperBound - 1].end
            if songEnd < needed - .milliseconds(500) {
                warn(String(format: "note: %@ ends %.1f s before the last measure played; the rest plays without it",
                            stems.count == 1 ? backing.file : "the song", (needed - songEnd).seconds))
            }
            let streamer = try SongStreamer(source: source, timeline: timeline, outputRate: outputRate,
                                            engine: options.stretch, offline: offline, changesSpeed: !offline)
            let names = stems.filter { $0.length > 0 }.map {
                URL(fileURLWithPath: $0.reader.path).lastPathComponent
                    + ($0.gain == 0 ? " (muted)" : file.isSongFolder && $0.gain < 1 ? " (quiet)" : "") }
            var seen = Set<String>()
            return ChartSong(streamer: streamer, name: names.filter { seen.insert($0).inserted }.joined(separator: ", "))
        } catch let error as UserFacingError {
            warn("warning: \(error.message); playing without the song")
        } catch {
            warn("warning: \(backing.file): \(error); playing without the song")
        }
        return nil
    }

    /// The files that make the song: the backing track, or every stem of a song folder (drum stems
    /// at the `--drum-stem` gain). A stem that cannot play is one warning line; the rest play.
    private static func openStems(file: ChartFile, backing: BackingTrack, options: SongOptions,
                                  warn: (String) -> Void) throws -> [SongSource.Stem] {
        let stems = file.isSongFolder ? SongFolder.stems(in: file.folder) : []
        guard !stems.isEmpty else { return try openTracks(file: file, warn: warn) }
        var opened: [SongSource.Stem] = []
        for stem in stems {
            guard let url = file.stemURL(stem) else {
                warn("warning: \(stem.file) links out of the song's folder; playing without it")
                continue
            }
            do {
                let reader = try SoundFileReader(path: url.path)
                if let first = opened.first, first.reader.sampleRate != reader.sampleRate {
                    warn("warning: \(stem.file) is at \(reader.sampleRate) Hz but \(URL(fileURLWithPath: first.reader.path).lastPathComponent) is at \(first.reader.sampleRate) Hz; playing without it (export the stems at one rate)")
                    continue
                }
                opened.append(SongSource.Stem(reader: reader, gain: stem.isDrums ? options.drumStem.gain : 1))
            } catch let error as UserFacingError {
                warn("warning: \(error.message); playing without this stem")
            }
        }
        guard !opened.isEmpty else { throw WoodshedError("\(file.folder.path): none of the song's stems can be played") }
        return opened
    }

    /// The chart's backing tracks (a DTX chart may place several BGM chips), each from its own
    /// offset after the first; a file placed again before it ended restarts there (DTXMania plays one
    /// copy of a BGM chip at a time). A track after the first that cannot play is one warning line.
    private static func openTracks(file: ChartFile, warn: (String) -> Void) throws -> [SongSource.Stem] {
        let tracks = file.chart.backingTracks
        let first = tracks[0]
        var opened: [(track: BackingTrack, stem: SongSource.Stem)] = []
        for (i, track) in tracks.enumerated() {
            do {
                let reader = try SoundFileReader(path: try file.backingTrackURL(track).path)
                if let head = opened.first, head.stem.reader.sampleRate != reader.sampleRate {
                    throw WoodshedError("\(track.file) is at \(reader.sampleRate) Hz but \(head.track.file) is at \(head.stem.reader.sampleRate) Hz; export the song's files at one rate")
                }
                let start = Int64(((track.offset - first.offset).seconds * Double(reader.sampleRate)).rounded())
                if let previous = opened.lastIndex(where: { $0.track.file == track.file }), opened[previous].stem.end > start {
                    opened[previous].stem.length = max(0, start - opened[previous].stem.start)
                }
                opened.append((track, SongSource.Stem(reader: reader, gain: Float(track.volume ?? 100) / 100, start: start)))
            } catch let error as UserFacingError where i > 0 {
                warn("warning: \(error.message); playing the song without it")
            }
        }
        return opened.map(\.stem)
    }

    /// Plays through `mixer` from now on: starts the song's thread.
    func start(in mixer: Mixer) {
        mixer.song = streamer.playback
        streamer.start()
    }

    /// Stops the song's thread; a failure while streaming (a file cut short on disk) as one line.
    func stop() -> String? {
        streamer.stop()
        if let failure = streamer.failure {
            return "warning: the song stopped early: \((failure as? UserFacingError)?.message ?? "\(failure)")"
        }
        return nil
    }

    /// Times the song was late live (silent for a moment), for the results.
    var underruns: Int { streamer.playback.underruns }
    /// Speed changes made in the song later than asked (the rest of the run moved at the time asked).
    var lateChanges: Int { streamer.lateChanges }
}
