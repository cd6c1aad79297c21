import ArgumentParser
import Foundation
import WoodshedCore
import WoodshedEngine
import WoodshedSong

/// The chart's own sounds (DTX chips) for a run: the ones the plan plays, decoded before it starts
/// into a `ChipPlayer`, and the table that gives each hit its chip.
///
/// A chip that cannot play — missing, outside the chart's folder, unreadable — is one warning line
/// naming its file; its notes fall back to the kit's sound, and the chart still plays.
struct ChartChips {
    let player: ChipPlayer
    /// Each hit's chip; nil with `--hit-sound kit` (or no judged note has one): hits play the kit.
    let hitSounds: HitSounds?
    /// The notes played with their chips instead of the kit (for the display).
    let summary: String

    /// The most lines of chips that cannot play before the rest are counted in one more line.
    static let warningLines = 5

    /// Loads the chips `plan` plays (its notes' and its autoplay's), or nil when the chart has none
    /// (or `--hit-sound kit` and nothing to autoplay).
    /// - Parameters:
    ///   - hitSound: what a hit sounds (`chip` plays the chart's sounds, `kit` the soundfont).
    ///   - extraCues: cues beyond the plan's autoplay (a render plays every note's chip).
    static func load(file: ChartFile, plan: PracticePlan, hitSound: HitSoundChoice, outputRate: Int,
                     extraCues: [PracticePlan.SoundCue] = [], warn: (String) -> Void) -> ChartChips? {
        let sounds = file.chart.sounds
        guard !sounds.isEmpty else { return nil }
        var used = Set(plan.autoplay.map(\.sound) + extraCues.map(\.sound))
        if hitSound == .chip { used.formUnion(plan.notes.compactMap(\.sound)) }
        guard !used.isEmpty else { return nil }

        /// A sound decoded at the output's rate, or why it cannot play.
        func decode(_ sound: ChartSound) throws -> [Float] {
            guard let url = file.soundURL(sound) else { throw WoodshedError("'\(sound.file)' is outside the chart's folder; refused") }
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw WoodshedError("\(sound.file) not found in \(file.folder.path)")
            }
            return try SoundDecoder.stereo(path: url.path, rate: outputRate)
        }
        var decoded: [String: [Float]] = [:]  // file → frames: a file several slots name is decoded once
        var failed: [String: String] = [:]  // file → why
        var samples = [ChipPlayer.Sample?](repeating: nil, count: sounds.count)
        for index in used.sorted() {
            let sound = sounds[index]
            guard failed[sound.file] == nil else { continue }
            do {
                let frames = try decoded[sound.file] ?? decode(sound)
                decoded[sound.file] = frames
                let pan = sound.panGains
                samples[index] = ChipPlayer.Sample(stereo: frames, left: pan.left * sound.gain, right: pan.right * sound.gain)
            } catch {
                failed[sound.file] = "chip \(sound.chip): " + ((error as? UserFacingError)?.message ?? "\(sound.file): \(error)")
            }
        }
        let problems = failed.sorted { $0.key < $1.key }
        for (_, why) in problems.prefix(warningLines) {
            warn("warning: \(why); its notes play the kit's sound")
        }
        if problems.count > warningLines {
            warn("warning: \(problems.count - warningLines) more chips cannot play (woodshed chart info \(file.path) lists them); their notes play the kit's sound")
        }
        let player = ChipPlayer(samples: samples, sampleRate: outputRate)
        guard used.contains(where: { player.canPlay($0) }) else { return nil }
        let table = HitSounds(plan: plan, playable: player.canPlay)
        let hitSounds = hitSound == .chip && !table.isEmpty ? table : nil
        player.play(cues: plan.autoplay + extraCues)
        let loaded = Set(used.filter(player.canPlay).map { sounds[$0].file }).count
        return ChartChips(player: player, hitSounds: hitSounds,
                          summary: "\(loaded) sound file\(loaded == 1 ? "" : "s")" + (hitSounds != nil ? ", your hits play them" : ""))
    }

    /// Plays through `mixer`'s chart channel from now on, and gives `mode`'s hits their chips.
    func start(in mixer: Mixer, judging mode: DrumJudgeMode<DrumKitClassifier>? = nil) {
        mixer.chips = player
        if let mode, let hitSounds { mode.playHits(with: hitSounds, into: player.hits) }
    }
}

/// What a drummer's hit sounds: the chart's own chip (DTXMania) or the kit's soundfont.
enum HitSoundChoice: String, CaseIterable, ExpressibleByArgument {
    case chip, kit
}
