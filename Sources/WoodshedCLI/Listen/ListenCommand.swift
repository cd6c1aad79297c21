import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
import WoodshedSong
import WoodshedStore

/// `woodshed listen`: the practice player for recordings — slowed down with the pitch kept,
/// transposed, looped, with its text in time; remembered per recording.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Practise with a recording: slow it down or transpose it, loop a phrase, read its lyrics in time.",
        discussion: """
            Live through ALSA (--output), steered by keys: \(ListenPlayer.help). Keys may also come on standard \
            input from a script. Offline with --render OUT.wav (what would be heard, as fast as the CPU allows). Each recording \
            remembers where you stopped, its speed, pitch and loop (by its content: a renamed file keeps them). \
            Text beside the audio (same name, .lrc, .srt or .vtt) or given with --text shows in time.
            """
    )

    @Argument(help: "The recording: WAV, FLAC, Ogg Vorbis, Opus, MP3 (what libsndfile reads).")
    var file: String?

    @Option(name: .long, help: ArgumentHelp("Speed, 0.25–3.0 (1 = as recorded; the pitch is kept unless --linked). Default: this recording's last, else 1.", valueName: "X"))
    var speed: Double?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Transpose by semitones, −12 to +12; fractions are cents (-0.25 = 25 cents down).", valueName: "SEMITONES"))
    var pitch: Double?

    @Flag(name: .long, inversion: .prefixedNo, help: "Link speed and pitch as a tape does (faster is higher), instead of keeping the pitch.")
    var linked: Bool?

    @Option(name: .long, help: ArgumentHelp("Start here (seconds, m:ss or h:mm:ss). Default: where you stopped last time.", valueName: "TIME"))
    var start: String?

    @Flag(name: .customLong("from-start"), help: "Start from the beginning, not where you stopped last time.")
    var fromStart = false

    @Option(name: .long, help: ArgumentHelp("Loop from A to B (m:ss-m:ss or seconds), --passes times.", valueName: "A-B"))
    var loop: String?

    @Flag(name: .customLong("no-loop"), help: "Play without the loop this recording remembers.")
    var noLoop = false

    @Option(name: .long, help: "Passes of the loop before stopping (offline), 1–1000.")
    var passes: Int = 2

    @Option(name: .customLong("for"), help: ArgumentHelp("Stop after this much listening time (seconds or m:ss).", valueName: "TIME"))
    var duration: String?

    @Option(name: .long, help: ArgumentHelp("Synced text: LRC, SRT or WebVTT (default: one beside the recording with its name).", valueName: "FILE"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Render what would be heard into this WAV file, offline.", valueName: "FILE"))
    var render: String?

    @Option(name: .long, help: "Seconds ← and → skip back and forward, 1–60.")
    var skip: Int = 10

    @Flag(name: .long, help: "Mark the recording a favorite.")
    var favorite = false

    @Flag(name: .long, help: "List the favorites (title, length, date added, last position, plays) instead of playing.")
    var favorites = false

    @Option(name: .long, help: ArgumentHelp("Order of --favorites.", valueName: "added|title|length|played"))
    var sort: FavoriteOrder = .added

    @Option(name: .long, help: ArgumentHelp("Remove a favorite: its number in --favorites, or its file.", valueName: "N|FILE"))
    var unfavorite: String?

    @Flag(name: .long, help: "Print events as JSON lines (start, text, end).")
    var json = false

    @Option(name: .long, help: ArgumentHelp("The time-stretcher: Rubber Band's finer engine (R3) or its faster one (R2).", valueName: "finer|faster"))
    var stretch: TimeStretcher.Engine = .finer

    @OptionGroup var audio: AudioOptions

    func validate() throws {
        if favorites || unfavorite != nil {
            if render != nil { throw ValidationError("--favorites lists; it plays nothing (leave out --render)") }
            return
        }
        guard file != nil else { throw ValidationError("give a recording to listen to (or --favorites)") }
        if let speed, !ListenSound.speedRange.contains(speed) { throw ValidationError("--speed must be from 0.25 to 3.0") }
        if let pitch, !ListenSound.pitchRange.contains(pitch) { throw ValidationError("--pitch must be from -12 to +12 semitones") }
        guard (1...1000).contains(passes) else { throw ValidationError("--passes must be from 1 to 1000") }
        if let start, MediaTime.parse(start) == nil { throw ValidationError("--start \(start): write seconds (83.5), m:ss (1:23.5) or h:mm:ss") }
        if let duration, MediaTime.parse(duration).map({ $0 > .zero }) != true {
            throw ValidationError("--for \(duration): write a time above zero: seconds (30) or m:ss (1:30)")
        }
        if let loop, Self.loopBounds(loop) == nil { throw ValidationError("--loop \(loop): write A-B, each seconds or m:ss (1:02-1:10.5)") }
        if loop != nil && noLoop { throw ValidationError("--loop and --no-loop: give one") }
        if audio.wav != nil { throw ValidationError("listen writes its WAV with --render FILE") }
        guard (1...60).contains(skip) else { throw ValidationError("--skip must be from 1 to 60 seconds") }
    }

    static func loopBounds(_ text: String) -> (EngineTime, EngineTime)? {
        let parts = text.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let a = MediaTime.parse(String(parts[0])), let b = MediaTime.parse(String(parts[1])) else { return nil }
        return (a, b)
    }

    func run() throws {
        if favorites || unfavorite != nil { return try FavoritesList.run(order: sort, unfavorite: unfavorite, json: json) }
        let path = file ?? ""
        let reader = try SoundFileReader(path: path)
        let id = try RecordingID.of(path: path)
        let store = SettingsStore.open(creating: true)
        let length = EngineTime.seconds(Double(reader.frames) / Double(reader.sampleRate))
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var stored = (try? store?.recording(id: id)) ?? nil
        var recording = stored ?? StoredRecording(id: id, path: path, title: reader.title ?? name, artist: reader.artist,
                                                  lengthMs: length.milliseconds)
        recording.path = path

        let plan = try makePlan(length: length, remembered: stored, store: store)
        let synced = loadText(for: path)
        let timeline = plan.timeline
        let end = timeline.segments.last?.practiceEnd ?? .zero
        if json {
            Output.json(ListenEvent.Start(title: recording.title, artist: recording.artist, lengthMs: length.milliseconds,
                                          startMs: plan.firstMedia.milliseconds, speed: plan.sound.speed, pitch: plan.sound.pitch,
                                          linked: plan.sound.linked, loop: plan.loop.map { [$0.start.milliseconds, $0.end.milliseconds] },
                                          text: synced?.path))
            if let synced, render != nil {  // live, the player says each change as it happens
                for cue in synced.text.cues(along: timeline) {
                    Output.json(ListenEvent.Text(index: cue.index, mediaMs: cue.media.milliseconds, outputMs: cue.output.milliseconds,
                                                 text: cue.index.map { synced.text.segments[$0].text } ?? ""))
                }
            }
        }

        var seconds = 0.0
        var stop: EngineTime
        var sound = plan.sound
        var loopKept = plan.loop
        if render != nil {
            seconds = try renderOffline(reader: reader, timeline: timeline, to: render ?? "")
            // Where the listening stopped: the media time at the timeline's end (nil: the recording's end).
            stop = timeline.segments.last.map { $0.audioEnd } ?? plan.firstMedia
        } else {
            let player = try playLive(reader: reader, plan: plan, text: synced?.text, title: recording.title,
                                      favorite: recording.favoriteAt != nil)
            stop = player.position
            sound = player.state.sound
            loopKept = player.state.loop
            seconds = player.now.seconds
            if player.state.favorite && recording.favoriteAt == nil { recording.favoriteAt = Date() }
        }
        let finished = stop >= length - .milliseconds(1)
        recording.positionMs = finished ? nil : stop.milliseconds
        recording.positionAt = Date()
        recording.speed = sound.speed
        recording.pitch = sound.pitch
        recording.linked = sound.linked
        recording.loopFromMs = loopKept?.start.milliseconds
        recording.loopToMs = loopKept?.end.milliseconds
        recording.plays += 1
        recording.lastPlayedAt = Date()
        if favorite {
            if recording.favoriteAt != nil {
                Output.error("woodshed: \(recording.title) is already a favorite")
            } else {
                recording.favoriteAt = Date()
            }
        }
        do {
            try store?.save(recording)
            stored = recording
        } catch {
            Output.error("woodshed: could not remember where you stopped: \(error)")
        }
        if json {
            Output.json(ListenEvent.End(positionMs: stop.milliseconds, outputMs: render == nil ? seconds * 1000 : end.milliseconds, finished: finished,
                                        favorite: recording.favoriteAt != nil, plays: recording.plays))
        } else {
            var line = "\(recording.title): \(MediaTime.text(plan.firstMedia, tenths: true))–\(MediaTime.text(stop, tenths: true))"
            line += " of \(MediaTime.text(length))\(Self.describe(plan.sound))"
            if let loop = plan.loop { line += ", loop \(MediaTime.text(loop.start, tenths: true))–\(MediaTime.text(loop.end, tenths: true)) ×\(plan.passes)" }
            if let synced { line += ", text \(URL(fileURLWithPath: synced.path).lastPathComponent) (\(synced.text.segments.count) lines)" }
            line += render.map { String(format: " → %@ (%.1f s)", $0, seconds) } ?? String(format: " (%.1f s)", seconds)
            if recording.favoriteAt != nil { line += " ★" }
            Output.line(line)
        }
    }

    /// The speed and pitch as a musician says them: ", 1.5×, +2 st 10 ct, linked" (nothing at 1× untransposed).
    static func describe(_ sound: ListenSound) -> String {
        var parts: [String] = []
        if sound.speed != 1 { parts.append(String(format: "%g×", sound.speed)) }
        if sound.pitch != 0 { parts.append(PitchText.text(sound.pitch)) }
        if sound.linked { parts.append("linked") }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }

    /// The plan from the flags, else what this recording remembers, else the defaults; says when
    /// the remembered place is old.
    private func makePlan(length: EngineTime, remembered: StoredRecording?, store: Store?) throws -> ListenPlan {
        let defaultSpeed = ((try? store?.setting(.listenSpeed)) ?? nil) ?? 1
        let sound = ListenSound(speed: speed ?? remembered?.speed ?? defaultSpeed, pitch: pitch ?? remembered?.pitch ?? 0,
                                linked: linked ?? remembered?.linked ?? false)
        var startTime = EngineTime.zero
        if let start {
            startTime = MediaTime.parse(start) ?? .zero
        } else if !fromStart, let position = remembered?.positionMs {
            startTime = .milliseconds(position)
            if let at = remembered?.positionAt, Date().timeIntervalSince(at) > 7 * 86_400 {
                let days = Int(Date().timeIntervalSince(at) / 86_400)
                Output.error("woodshed: resuming at \(MediaTime.text(startTime)), where you stopped \(days) days ago (--from-start starts over)")
            }
        }
        var listenLoop: ListenLoop?
        if let loop, let (a, b) = Self.loopBounds(loop) {
            listenLoop = try ListenLoop(start: min(a, length), end: min(b, length))
        } else if !noLoop, let a = remembered?.loopFromMs, let b = remembered?.loopToMs {
            listenLoop = try? ListenLoop(start: .milliseconds(a), end: .milliseconds(b))
        }
        if startTime >= length { startTime = .zero }  // left at the very end: from the start
        return ListenPlan(length: length, start: startTime, sound: sound, loop: listenLoop, passes: passes,
                          duration: duration.flatMap(MediaTime.parse))
    }

    /// The synced text: `--text`, else a file beside the recording with its name. A text file that
    /// cannot be read is one line; the audio still plays.
    private func loadText(for audio: String) -> (path: String, text: SyncedText)? {
        var candidates: [String] = []
        if let text { candidates = [text] } else {
            let base = URL(fileURLWithPath: audio).deletingPathExtension().path
            candidates = ["lrc", "srt", "vtt", "LRC", "SRT", "VTT"].map { base + "." + $0 }
                .filter { FileManager.default.fileExists(atPath: $0) }
        }
        guard let path = candidates.first else { return nil }
        do {
            let synced = try SyncedTextReader.read(contentsOf: path)
            for warning in synced.warnings.prefix(5) { Output.error("woodshed: \(warning)") }
            return (path, synced)
        } catch let error as UserFacingError {
            Output.error("woodshed: \(error.message); playing without the text")
        } catch {
            Output.error("woodshed: \(path): \(error); playing without the text")
        }
        return nil
    }

    /// Plays live until `q`, Ctrl-C, or the end of standard input's keys after the recording ended.
    private func playLive(reader: SoundFileReader, plan: ListenPlan, text: SyncedText?, title: String,
                          favorite: Bool) throws -> ListenPlayer {
        var options = try EngineOptions.forAudio(audio)
        options.noFeedback = true
        let clock = MonotonicClock()
        let renderer = try EngineSetup.renderer(options: options, output: EngineSetup.liveOutput(options), clock: clock,
                                                click: nil, origin: .zero, commands: SPSCQueue<MIDIEvent>(minimumCapacity: 16),
                                                needsSynth: false)
        let source = try SongSource(stems: [SongSource.Stem(reader: reader)])
        // Live, a loop repeats until turned off and `--for` stops the player (not the timeline).
        var live = plan
        live.passes = ListenPlayer.livePasses(plan.loop)
        live.duration = nil
        let timeline = live.timeline
        let streamer = try SongStreamer(source: source, timeline: timeline, outputRate: renderer.mixer.format.sampleRate,
                                        engine: stretch, offline: false, changesSpeed: true)
        renderer.mixer.song = streamer.playback
        streamer.start()
        defer { streamer.stop() }
        streamer.waitUntilBuffered(seconds: 2)
        let zero = clock.now + .milliseconds(300)
        let player = ListenPlayer(length: plan.length, skip: .seconds(Double(skip)),
                                  state: ListenPlayer.State(sound: plan.sound, loop: plan.loop, loopOn: plan.loop != nil, favorite: favorite),
                                  timeline: timeline, streamer: streamer, clock: clock, zero: zero, json: json, text: text, title: title)
        let terminal = RawTerminal()
        Terminal.onExit { terminal.restore() }
        defer { terminal.restore() }
        var inputEnded = false
        let report = try EngineRun.live(
            input: SilentInput(clock: clock), mode: IdleMode(), renderer: renderer, clock: clock, zero: zero,
            started: { policy in
                if case .normal(let reason) = policy, !json { Output.error("woodshed: \(RealTimeThread.warning(reason: reason))") }
                terminal.enter()
                if !json { Output.line(ListenPlayer.help) }
            },
            // Keys from a script: once they are all read and the recording has ended (or q), stop.
            shouldStop: {
                player.state.quit || (inputEnded && player.state.paused && player.position >= plan.length)
                    || plan.duration.map { player.now >= $0 } ?? false
            },
            drain: {
                let read = terminal.read(waitingUpTo: 0) { player.key($0) }
                if read == 0 && !RawTerminal.isAvailable && Self.standardInputEnded() { inputEnded = true }
                player.tick()
            })
        if Terminal.isInteractive && !json { Output.status(nil) }
        if let error = report.audioError { Output.error("woodshed: audio stopped: \(error); the position is kept") }
        return player
    }

    /// Whether standard input (not a terminal) has nothing more to give.
    private static func standardInputEnded() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        if descriptor.revents & Int16(POLLHUP) != 0 && descriptor.revents & Int16(POLLIN) == 0 { return true }
        // Readable with nothing to read: the end of a file (/dev/null, a file of keys).
        var waiting: Int32 = 0
        return descriptor.revents & Int16(POLLIN) != 0 && ioctl(STDIN_FILENO, UInt(FIONREAD), &waiting) == 0 && waiting == 0
    }

    /// The recording along `timeline` into a WAV file through the song streamer and the mixer (the
    /// same path as live), offline. Returns the seconds written.
    private func renderOffline(reader: SoundFileReader, timeline: SongTimeline, to wav: String) throws -> Double {
        var options = try EngineOptions.forAudio(audio)
        options.noFeedback = true
        let clock = VirtualClock(start: .zero)
        let renderer = try EngineSetup.renderer(options: options, output: WAVFileOutput(path: wav, format: options.format), clock: clock,
                                                click: nil, origin: .zero, commands: SPSCQueue<MIDIEvent>(minimumCapacity: 16),
                                                needsSynth: false)
        let source = try SongSource(stems: [SongSource.Stem(reader: reader)])
        let streamer = try SongStreamer(source: source, timeline: timeline, outputRate: renderer.mixer.format.sampleRate,
                                        engine: stretch, offline: true)
        renderer.mixer.song = streamer.playback
        streamer.start()
        defer { streamer.stop() }
        let end = timeline.segments.last?.practiceEnd ?? .zero
        try EngineRun.offline(input: RecordedInput(name: "listen", events: []), mode: IdleMode(), renderer: renderer,
                              clock: clock, end: end, tail: .zero, drain: {})
        if let failure = streamer.failure {
            throw WoodshedError("\(reader.path): the recording stopped early: \((failure as? UserFacingError)?.message ?? "\(failure)")")
        }
        return Double(renderer.nextSample) / Double(renderer.mixer.format.sampleRate)
    }
}

/// The JSON lines of `listen --json`.
enum ListenEvent {
    struct Start: Encodable {
        let type = "start"
        var title: String
        var artist: String?
        var lengthMs: Double
        var startMs: Double
        var speed: Double
        var pitch: Double
        var linked: Bool
        var loop: [Double]?
        var text: String?
    }

    /// A change of the active text segment (index nil: none, a gap).
    struct Text: Encodable {
        let type = "text"
        var index: Int?
        var mediaMs: Double
        var outputMs: Double
        var text: String

        enum CodingKeys: String, CodingKey { case type, index, mediaMs, outputMs, text }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encode(index, forKey: .index)  // null in a gap, never left out
            try c.encode(mediaMs, forKey: .mediaMs)
            try c.encode(outputMs, forKey: .outputMs)
            try c.encode(text, forKey: .text)
        }
    }

    /// The player's state after a key (live).
    struct State: Encodable {
        let type = "state"
        var positionMs: Double
        var outputMs: Double
        var speed: Double
        var pitch: Double
        var linked: Bool
        var loop: [Double]?
        var loopOn: Bool
        var paused: Bool
        var favorite: Bool
    }

    /// A line for the player (a key that cannot act now, a marker dropped).
    struct Notice: Encodable {
        let type = "notice"
        var text: String
    }

    struct End: Encodable {
        let type = "end"
        var positionMs: Double
        var outputMs: Double
        var finished: Bool
        var favorite: Bool
        var plays: Int
    }
}

/// A transposition as a musician writes it: "+2 st", "-1 st 50 ct", "+10 ct".
enum PitchText {
    static func text(_ semitones: Double) -> String {
        let totalCents = Int((semitones * 100).rounded())
        let sign = totalCents < 0 ? "-" : "+"
        let st = abs(totalCents) / 100, ct = abs(totalCents) % 100
        if st == 0 { return "\(sign)\(ct) ct" }
        return "\(sign)\(st) st" + (ct == 0 ? "" : " \(ct) ct")
    }
}
