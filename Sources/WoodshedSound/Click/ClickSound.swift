import WoodshedCore

/// The metronome's click sounds. The raw value is the name a player types
/// (`--click woodblock`) or writes in the config file.
public enum ClickSound: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// A short pitched ping, like an electronic metronome.
    case classic
    /// A hollow wooden knock.
    case woodblock
    /// A tight closed hi-hat tick.
    case hihat
    /// A cracking rim click.
    case rimshot
    /// A hard-edged square-wave beep.
    case digital

    /// The sound named `name` (case-insensitive), or an error listing the valid names.
    public init(name: String) throws {
        guard let sound = ClickSound(rawValue: name.lowercased()) else {
            throw WoodshedError("unknown click sound '\(name)'; use one of: \(ClickSound.validNames)")
        }
        self = sound
    }

    /// All valid names, for error messages and help texts.
    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public var description: String { rawValue }
}
