import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedSndFile
import WoodshedSound

/// `woodshed metronome --preview`: each built-in click sound, its accent then its normal click,
/// named as it plays, so a drummer can choose one (`metronome --sound NAME`).
///
/// The clicks are laid out ahead as sounds on the one clock (a `ChipPlayer` at the click's volume)
/// and play live, or render offline to `--wav`.
struct ClickPreview {
    var options: EngineOptions
    var wav: String?

    /// Each sound's accent at `spacing × k`, its normal click half a second later.
    static let spacing = EngineTime.milliseconds(1200)
    static let normalAfter = EngineTime.milliseconds(500)

    /// Where sound `k`'s accent plays, from `start`.
    static func accent(_ k: Int, from start: EngineTime = .zero) -> EngineTime {
        start + EngineTime(nanoseconds: spacing.nanoseconds * Int64(k))
    }

    func run() throws {
        let sounds = ClickSound.allCases
        let lead = EngineTime.milliseconds(100)
        if let wav {
            let clock = VirtualClock()
            let renderer = try EngineSetup.renderer(options: options, output: WAVFileOutput(path: wav, format: options.format), clock: clock,
                                                    click: nil, origin: .zero, commands: SPSCQueue(minimumCapacity: 2), needsSynth: false)
            try prepare(renderer.mixer, start: .zero)
            let end = Self.accent(sounds.count)
            try EngineRun.offline(input: SilentInput(clock: clock), mode: IdleMode(), renderer: renderer, clock: clock,
                                  end: end, tail: .zero, drain: {})
            for (k, sound) in sounds.enumerated() {
                Output.line(String(format: "%@: accent at %.1f s, click at %.1f s", sound.rawValue,
                                   Self.accent(k).seconds, (Self.accent(k) + Self.normalAfter).seconds))
            }
            Output.line("→ \(wav); choose one with woodshed metronome --sound NAME")
            return
        }
        let clock = MonotonicClock()
        let renderer = try EngineSetup.renderer(options: options, output: EngineSetup.liveOutput(options), clock: clock, click: nil, origin: .zero,
                                                commands: SPSCQueue(minimumCapacity: 2), needsSynth: false)
        let start = clock.now + lead
        try prepare(renderer.mixer, start: start)
        let end = Self.accent(sounds.count, from: start)
        var shown = 0
        let report = try EngineRun.live(
            input: SilentInput(clock: clock), mode: IdleMode(finishTime: end), renderer: renderer, clock: clock, zero: .zero,
            started: { if case .normal(let reason) = $0 { Output.error("woodshed: \(RealTimeThread.warning(reason: reason))") } },
            shouldStop: { false },
            drain: {
                while shown < sounds.count, clock.now >= Self.accent(shown, from: start) {
                    Output.line("\(sounds[shown].rawValue): accent, click")
                    shown += 1
                }
            })
        if let error = report.audioError { throw WoodshedError("audio stopped: \(error)") }
        Output.line("choose one with woodshed metronome --sound NAME (or your own: --sound FILE.wav)")
    }

    /// Every sound's accent and normal click as sounds placed on the clock from `start`, at the
    /// click channel's volume.
    private func prepare(_ mixer: Mixer, start: EngineTime) throws {
        let synthesizer = ClickSynthesizer(sampleRate: mixer.format.sampleRate)
        var samples: [ChipPlayer.Sample?] = []
        var cues: [PracticePlan.SoundCue] = []
        for (k, sound) in ClickSound.allCases.enumerated() {
            for accent in [true, false] {
                let mono = synthesizer.render(sound, accent: accent)
                cues.append(PracticePlan.SoundCue(time: Self.accent(k, from: start) + (accent ? .zero : Self.normalAfter),
                                                  sound: samples.count, voice: nil))
                samples.append(ChipPlayer.Sample(stereo: mono.flatMap { [$0, $0] }))
            }
        }
        let player = ChipPlayer(samples: samples, sampleRate: mixer.format.sampleRate)
        player.play(cues: cues)
        mixer.chips = player
        mixer.setLevel(mixer.level(of: .click), for: .chart)  // the preview is the click's
    }
}
