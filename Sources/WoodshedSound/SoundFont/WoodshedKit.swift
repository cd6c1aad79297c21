/// The SoundFont that ships with Woodshed (`soundfonts/woodshed-kit.sf2`), built entirely by
/// this code: a General MIDI drum kit and an electric-piano tone for keyboard feedback.
///
/// Rebuild it with `swift run make-soundfont soundfonts/woodshed-kit.sf2`. Nothing here reads
/// the clock or an unseeded random source, so rebuilding gives the same bytes.
public enum WoodshedKit {
    /// The rate every sample is rendered at.
    public static let sampleRate = 44_100
    /// The drum kit: MIDI bank 128, program 0 (what FluidSynth selects on channel 10).
    public static let drumBank: UInt16 = 128
    public static let drumProgram: UInt16 = 0
    /// The keys: bank 0, program 0.
    public static let keysBank: UInt16 = 0
    public static let keysProgram: UInt16 = 0

    /// Every General MIDI percussion note the kit sounds, ascending.
    public static var drumNotes: [UInt8] { KitDrum.allCases.map(\.note).sorted() }

    /// The keys the electric-piano samples were rendered at; each covers the keys nearest it.
    public static let keysRootKeys: [UInt8] = [24, 36, 48, 60, 72, 84, 96, 108]

    /// The whole bank as a model.
    public static func soundFont() -> SoundFont {
        let rate = Double(sampleRate)
        var samples: [SoundFontSample] = []

        var drumZones: [SoundFontInstrumentZone] = []
        for drum in KitDrum.allCases {
            var generators: [SoundFontGenerator] = []
            if drum.pan != 0 { generators.append(.pan(drum.pan)) }
            if let group = drum.exclusiveClass { generators.append(.exclusiveClass(group)) }
            drumZones.append(
                SoundFontInstrumentZone(keyRange: drum.note...drum.note, generators: generators, sampleIndex: samples.count))
            samples.append(
                SoundFontSample(
                    name: drum.sampleName, data: drum.render(sampleRate: rate).pcm16, sampleRate: sampleRate,
                    originalKey: drum.note))
        }
        let drums = SoundFontInstrument(
            name: "Woodshed Drums",
            globalGenerators: [
                .sampleMode(.oneShot),
                // Drums ring out their sample whatever the note length: a note-off only fades slowly.
                .releaseVolumeEnvelope(seconds: 20),
            ],
            zones: drumZones)

        var keysZones: [SoundFontInstrumentZone] = []
        let roots = keysRootKeys
        for (i, root) in roots.enumerated() {
            let low: UInt8 = i == 0 ? 0 : UInt8((Int(roots[i - 1]) + Int(root)) / 2 + 1)
            let high: UInt8 = i == roots.count - 1 ? 127 : UInt8((Int(root) + Int(roots[i + 1])) / 2)
            keysZones.append(SoundFontInstrumentZone(keyRange: low...high, sampleIndex: samples.count))
            samples.append(KeysTone(rootKey: root, sampleRate: rate).sample())
        }
        let keys = SoundFontInstrument(
            name: "Woodshed Keys",
            globalGenerators: [
                .sampleMode(.loopContinuously),
                .attackVolumeEnvelope(seconds: 0.002),
                .decayVolumeEnvelope(seconds: 9),
                .sustainVolumeEnvelope(decibels: 100),
                .keyToVolumeEnvelopeDecay(30),
                .releaseVolumeEnvelope(seconds: 0.35),
            ],
            zones: keysZones)

        return SoundFont(
            info: SoundFontInfo(
                name: "Woodshed Kit",
                comment: "Synthesized by Woodshed's own code (no recorded samples): "
                    + "GM drum kit on bank 128 program 0, electric piano on bank 0 program 0.",
                software: "Woodshed make-soundfont"),
            samples: samples,
            instruments: [drums, keys],
            presets: [
                SoundFontPreset(
                    name: "Woodshed Drums", bank: drumBank, program: drumProgram,
                    zones: [SoundFontPresetZone(instrumentIndex: 0)]),
                SoundFontPreset(
                    name: "Woodshed Keys", bank: keysBank, program: keysProgram,
                    zones: [SoundFontPresetZone(instrumentIndex: 1)]),
            ])
    }

    /// The SF2 file's bytes.
    public static func fileBytes() throws -> [UInt8] {
        try SoundFontWriter().write(soundFont())
    }
}
