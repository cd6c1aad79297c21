import ArgumentParser
import Foundation
import WoodshedCore

/// Everything `woodshed play` (and `woodshed demo`) was asked for, before the remembered settings
/// and the calibration are known.
struct PlaySettings {
    var chartPath: String
    /// Speed, voices and loop as asked for; the remembered ones fill in what was not.
    var request: RememberedSettings.Request
    var passes: Int?
    var countInBars: Int
    var countInEachPass: Bool
    var level: Int
    var windows: JudgingWindows
    var groups: VoiceGroups
    var click: ClickChoice
    /// `--offset`: one latency for every input instead of each input's calibration.
    var offset: EngineTime?
    var json: Bool
    /// Whether the run goes into the practice history (`--no-store` says no).
    var keepsHistory = true
    /// Live only: play a simulated player in real time (`woodshed demo --realtime`).
    var realtimeSimulation: UInt64?
    /// How the chart's song plays.
    var song = SongOptions()
    /// The channels' volumes asked for.
    var mix = MixOptions()
    /// How many measures ahead each measure's tab is shown (0: a line per measure after it).
    var lookAhead = 1

    /// `--voices hihat,snare` or `--voices all`.
    static func voiceRequest(_ text: String) throws -> RememberedSettings.VoiceRequest {
        text.trimmingCharacters(in: .whitespaces).lowercased() == "all" ? .all : .only(try voices(text))
    }

    /// `--ungroup hihat,crash`: the groups to judge voice by voice.
    static func groups(ungrouping text: String?) throws -> VoiceGroups {
        var groups = VoiceGroups.all
        guard let text else { return groups }
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch name {
            case "hihat": groups.hihat = false
            case "kick": groups.kick = false
            case "crash": groups.crash = false
            case "ride": groups.ride = false
            case "snare": groups.snare = false
            case "all": groups = .none
            default: throw WoodshedError("--ungroup \(name): not a voice group; valid: hihat, kick, crash, ride, snare, all")
            }
        }
        return groups
    }

    /// `--voices hihat,snare`.
    static func voices(_ text: String) throws -> Set<DrumVoice> {
        var result = Set<DrumVoice>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let voice = DrumVoice(rawValue: name) else {
                throw WoodshedError("--voices \(name): not a drum voice; valid: \(DrumVoice.validNames)")
            }
            result.insert(voice)
        }
        return result
    }
}

/// `--click`: the metronome during a chart.
enum ClickChoice: String, CaseIterable, ExpressibleByArgument {
    /// Every beat.
    case on
    /// Silent.
    case off
    /// Only the count-in, then the music alone.
    case countIn = "count-in"

    /// The beats of `plan` this choice clicks on.
    func beats(of plan: PracticePlan) -> [Beat] {
        switch self {
        case .on: plan.beats
        case .countIn: plan.countInBeats
        case .off: []
        }
    }
}

/// `--preset`: a ready-made set of voices to practise.
enum VoicePreset: String, CaseIterable, ExpressibleByArgument {
    /// Everything played with the hands (cymbals, snare, toms).
    case hands
    /// Kick(s) and the hi-hat pedal.
    case feet
    /// Every voice: clears a remembered `--voices`.
    case all

    var request: RememberedSettings.VoiceRequest {
        switch self {
        case .all: .all
        case .hands, .feet: .only(PracticeOptions.voicePreset(rawValue) ?? [])
        }
    }
}
