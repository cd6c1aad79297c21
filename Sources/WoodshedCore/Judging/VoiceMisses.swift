/// How often one voice was missed in a session: the line that tells a player which limb to work on.
public struct VoiceMisses: Hashable, Sendable, Codable {
    public var voice: DrumVoice
    /// Notes of this voice that were judged.
    public var notes: Int
    public var misses: Int

    public init(voice: DrumVoice, notes: Int, misses: Int) {
        self.voice = voice
        self.notes = notes
        self.misses = misses
    }

    /// Misses as a percentage of the voice's notes (0 with no notes).
    public var missRate: Double { notes == 0 ? 0 : 100 * Double(misses) / Double(notes) }
}
