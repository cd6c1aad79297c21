import Foundation
import WoodshedCore

/// Everything `woodshed play` (and `woodshed demo`) was asked for, after defaults.
struct PlaySettings {
    var chartPath: String
    var practice: PracticeOptions
    var windows: JudgingWindows
    var groups: VoiceGroups
    var click: ClickMode
    /// Calibration offset in force (positive = hits arrive late).
    var offset: EngineTime
    var offsetSource: String
    /// Whether `offset` was given (`--offset`); otherwise the stored calibration for the input/output
    /// pair applies, looked up once the input is open.
    var explicitOffset: Bool
    var json: Bool
    /// Live only: play a simulated player in real time (`woodshed demo --realtime`).
    var realtimeSimulation: UInt64?

    enum ClickMode: String, CaseIterable {
        case on, off
        case countIn = "count-in"
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
