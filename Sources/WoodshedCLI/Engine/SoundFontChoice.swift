import WoodshedConfig

/// `--soundfont PATH`, else the configured one, else a system General MIDI font, else the bundled kit.
enum SoundFontChoice {
    static func path(explicit: String?) throws -> String {
        try SoundfontChooser().choose(explicit: explicit)
    }
}
