import WoodshedConfig
import WoodshedCore

/// The tunings a player can name with `--tuning`: those in `mappings/tunings.toml` (spelled and
/// checked here, a bad note named by file:line:column), else the built-in ones.
enum TuningChoice {
    static func all() throws -> [Tuning] {
        let definitions = try MappingLibrary().tunings()
        guard !definitions.isEmpty else { return Tuning.builtIn }
        return try definitions.map { definition in
            let strings = try definition.strings.map { string in
                guard let pitch = try? SpelledPitch(parsing: string.note) else {
                    throw ParseError(string.location, "\"\(string.note)\" is not a note with an octave (like E2 or F#3)")
                }
                return pitch
            }
            return Tuning(name: definition.name, strings: strings)
        }
    }

    static func named(_ name: String) throws -> Tuning {
        try Tuning.named(name, in: all())
    }
}
