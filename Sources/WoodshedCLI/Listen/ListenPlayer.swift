import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedRubberBand
import WoodshedSndFile
import WoodshedSong

/// `woodshed listen` live: the recording through the sound card (or `--output null`, paced by the
/// clock), steered by keys on the terminal — or on standard input from a script.
///
/// Every key that moves, pauses, retunes or loops the recording becomes one change of the song's
/// timeline at a moment just ahead (`SongStreamer.change(at:)`, the cut the chart's speed keys
/// use): the new timeline is the plan from where the recording is at that moment. Only the main
/// thread touches this object; the audio thread only reads the ring.
final class ListenPlayer {
    struct State {
        var sound: ListenSound
        var loop: ListenLoop?
        var loopOn: Bool
        var paused = false
        /// Where a paused recording stands.
        var pausedAt = EngineTime.zero
        var markers: [EngineTime] = []
        var favorite: Bool
        var quit = false
    }

    static let help = "space play/pause  ←/→ skip  [ ] { } speed  - + _ = pitch  v link  a b l A loop  m ' marker  0-9 jump  f favorite  q quit"

    let length: EngineTime
    let skip: EngineTime
    private(set) var state: State
    private let streamer: SongStreamer
    private let clock: EngineClock
    private let zero: EngineTime
    private let json: Bool
    private let text: SyncedText?
    private let title: String
    private var timeline: SongTimeline
    private var lastChange = EngineTime.seconds(-3600)
    private var escape: [UInt8] = []
    private var activeText: Int?? = .none
    /// Said once: that favorites are kept (`f` twice).
    private var saidFavorite = false

    init(length: EngineTime, skip: EngineTime, state: State, timeline: SongTimeline, streamer: SongStreamer, clock: EngineClock,
         zero: EngineTime, json: Bool, text: SyncedText?, title: String) {
        self.length = length
        self.skip = skip
        self.state = state
        self.timeline = timeline
        self.streamer = streamer
        self.clock = clock
        self.zero = zero
        self.json = json
        self.text = text
        self.title = title
    }

    /// Output time now (since playback started).
    var now: EngineTime { clock.now - zero }

    /// Where the recording is now.
    var position: EngineTime {
        if state.paused { return state.pausedAt }
        return min(max(timeline.mediaTime(at: now) ?? timeline.segments.first?.audioStart ?? .zero, .zero), length)
    }

    /// Called every few milliseconds on the main thread: the end of the recording pauses there, the
    /// text follows, the status line is redrawn.
    func tick() {
        if !state.paused, now >= timeline.end, timeline.end > .zero || timeline.segments.isEmpty {
            state.paused = true
            state.pausedAt = length
            report()
        }
        followText()
        if !json && Terminal.isInteractive { Output.status(statusLine) }
    }

    /// One byte from the keyboard (arrows arrive as ESC [ C / ESC [ D).
    func key(_ byte: UInt8) {
        if !escape.isEmpty || byte == 0x1B {
            escape.append(byte)
            if escape.count == 3 {
                let sequence = escape
                escape = []
                if sequence[1] == UInt8(ascii: "[") && sequence[2] == UInt8(ascii: "C") { seek(to: position + skip) }
                if sequence[1] == UInt8(ascii: "[") && sequence[2] == UInt8(ascii: "D") { seek(to: position - skip) }
            }
            return
        }
        let current = state.sound
        switch Character(UnicodeScalar(byte)) {
        case " ": state.paused ? play(from: state.pausedAt >= length ? .zero : state.pausedAt) : pause()
        case "]": retune(speed: ListenSound.speedSteps.first { $0 > current.speed + 1e-9 } ?? current.speed)
        case "[": retune(speed: ListenSound.speedSteps.last { $0 < current.speed - 1e-9 } ?? current.speed)
        case "}": retune(speed: min(current.speed + 0.05, ListenSound.speedRange.upperBound))
        case "{": retune(speed: max(current.speed - 0.05, ListenSound.speedRange.lowerBound))
        case "+": retune(pitch: min(current.pitch + 1, 12))
        case "-": retune(pitch: max(current.pitch - 1, -12))
        case "=": retune(pitch: min(current.pitch + 0.1, 12))
        case "_": retune(pitch: max(current.pitch - 0.1, -12))
        case "v":
            state.sound.linked.toggle()
            replan()
        case "a", "b": setLoopPoint(isStart: byte == UInt8(ascii: "a"))
        case "l":
            guard state.loop != nil else { return say("no loop yet: set its start with a and its end with b") }
            state.loopOn.toggle()
            replan()
        case "A":
            guard let loop = state.loop else { return say("no loop yet: set its start with a and its end with b") }
            seek(to: loop.start)
        case "m":
            let at = position
            state.markers.append(at)
            state.markers.sort()
            say("marker \(state.markers.count) at \(MediaTime.text(at, tenths: true))")
        case "'":
            guard let first = state.markers.first else { return say("no markers yet: drop one with m") }
            let here = position
            seek(to: state.markers.first { $0 > here + .milliseconds(250) } ?? first)
        case "0"..."9":
            seek(to: .seconds(length.seconds * Double(byte - UInt8(ascii: "0")) / 10))
        case "f":
            if state.favorite { say("\(title) is already a favorite") } else {
                state.favorite = true
                report()
            }
        case "q": state.quit = true
        default: break
        }
    }

    private func retune(speed: Double? = nil, pitch: Double? = nil) {
        var sound = state.sound
        if let speed { sound.speed = (speed * 100).rounded() / 100 }
        if let pitch { sound.pitch = (pitch * 100).rounded() / 100 }
        guard sound != state.sound else { return }
        state.sound = sound
        replan()
    }

    private func setLoopPoint(isStart: Bool) {
        let here = position
        let start = isStart ? here : state.loop?.start ?? .zero
        let end = isStart ? (state.loop?.end ?? length) : here
        guard let loop = try? ListenLoop(start: start, end: end) else {
            return say("the loop's end must come after its start (\(MediaTime.text(start, tenths: true)))")
        }
        state.loop = loop
        state.loopOn = true
        replan()
    }

    /// Jumps to `media`: before the start → the start; past the end → the end, paused.
    func seek(to media: EngineTime) {
        if media >= length {
            pause(at: length)
            return
        }
        if state.paused {
            state.pausedAt = max(media, .zero)
            report()
        } else {
            play(from: max(media, .zero))
        }
    }

    private func pause(at media: EngineTime? = nil) {
        let at = changeTime()
        let where_ = media ?? (timeline.mediaTime(at: at) ?? .zero)
        change(at: at, to: SongTimeline(segments: []))
        state.paused = true
        state.pausedAt = min(where_, length)
        report()
    }

    private func play(from media: EngineTime) {
        state.paused = false
        let at = changeTime()
        change(at: at, to: plan(from: media).timeline(at: at))
        report()
    }

    /// The same place, heard anew (speed, pitch, link or loop changed).
    private func replan() {
        guard !state.paused else { return report() }
        let at = changeTime()
        let media = timeline.mediaTime(at: at) ?? .zero
        change(at: at, to: plan(from: media).timeline(at: at))
        report()
    }

    func plan(from media: EngineTime) -> ListenPlan {
        let loop = state.loopOn ? state.loop : nil
        return ListenPlan(length: length, start: media, sound: state.sound, loop: loop, passes: Self.livePasses(loop))
    }

    /// Live, a loop repeats until it is turned off: enough passes for hours.
    static func livePasses(_ loop: ListenLoop?) -> Int {
        loop.map { max(2, min(5_000, Int(3 * 3_600 / max(($0.end - $0.start).seconds, 0.1)))) } ?? 1
    }

    /// The soonest moment a change can be made: 100 ms ahead, after the song's earliest, 100 ms
    /// after the last change (the song takes one at a time).
    private func changeTime() -> EngineTime {
        max(now + .milliseconds(100), streamer.earliestChange, lastChange + .milliseconds(100))
    }

    private func change(at time: EngineTime, to new: SongTimeline) {
        _ = streamer.change(at: time) { _, _ in new }
        timeline = new
        lastChange = time
        activeText = .none  // shown again where playback lands
    }

    private func followText() {
        guard let text else { return }
        let index = text.segmentIndex(at: position)
        if case .some(let shown) = activeText, shown == index { return }
        activeText = .some(index)
        let words = index.map { text.segments[$0].text } ?? ""
        if json {
            Output.json(ListenEvent.Text(index: index, mediaMs: position.milliseconds, outputMs: now.milliseconds, text: words))
        } else if index != nil {
            // The active line: inverse and bold on a terminal, a `>` marker in a pipe or with NO_COLOR.
            Output.line(Terminal.useColour ? "\u{1B}[1;7m\(words)\u{1B}[0m" : "> \(words)")
        }
    }

    /// The state after a change: a JSON line, or a short line of text.
    private func report() {
        if json {
            Output.json(ListenEvent.State(positionMs: position.milliseconds, outputMs: now.milliseconds, speed: state.sound.speed,
                                          pitch: state.sound.pitch, linked: state.sound.linked,
                                          loop: state.loop.map { [$0.start.milliseconds, $0.end.milliseconds] },
                                          loopOn: state.loopOn, paused: state.paused, favorite: state.favorite))
        } else if !Terminal.isInteractive {
            Output.line(statusLine)
        }
    }

    private func say(_ line: String) {
        json ? Output.json(ListenEvent.Notice(text: line)) : Output.line(line)
    }

    /// title  1:23 / 4:56  −3:33  1.25×  +2 st  loop 1:00–1:10  ★  (paused)
    var statusLine: String {
        let at = position
        var parts = [title, "\(MediaTime.text(at)) / \(MediaTime.text(length))", "-" + MediaTime.text(length - at),
                     String(format: "%g×", state.sound.speed)]
        if state.sound.pitch != 0 { parts.append(PitchText.text(state.sound.pitch)) }
        if state.sound.linked { parts.append("linked") }
        if let loop = state.loop {
            parts.append("loop \(MediaTime.text(loop.start, tenths: true))–\(MediaTime.text(loop.end, tenths: true))\(state.loopOn ? "" : " (off)")")
        }
        if state.favorite { parts.append("★") }
        if state.paused { parts.append(at >= length ? "(at the end)" : "(paused)") }
        return parts.joined(separator: "  ")
    }
}
