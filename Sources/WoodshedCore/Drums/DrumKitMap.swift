/// Which drum voice each MIDI note of a kit plays, and how to filter the kit's hits.
///
/// Built once when a mapping file is loaded (see `WoodshedConfig`'s `MappingLibrary`), then only read:
/// the note table is a fixed 128-entry array, so the timing thread maps a note with one index and no
/// lookup structure. Hand it to a `HitFilter` to admit hits.
public struct DrumKitMap: Hashable, Sendable {
    @usableFromInline internal var voiceByNote: [DrumVoice?]
    /// Where a hi-hat hit's openness comes from.
    public var hihatOpenness: HiHatOpenness
    /// Minimum velocities, re-trigger windows and crosstalk suppression.
    public var filter: HitFilterSettings

    /// A map with no notes assigned and default filtering.
    public init(hihatOpenness: HiHatOpenness = .fromNote, filter: HitFilterSettings = HitFilterSettings()) {
        self.voiceByNote = [DrumVoice?](repeating: nil, count: 128)
        self.hihatOpenness = hihatOpenness
        self.filter = filter
    }

    /// The voice a note plays, or nil when the kit map leaves it unmapped.
    @inlinable public func voice(forNote note: UInt8) -> DrumVoice? {
        note < 128 ? voiceByNote[Int(note)] : nil
    }

    /// Assigns `note` (0…127; others are ignored) to `voice`, or unmaps it with nil.
    public mutating func assign(note: UInt8, to voice: DrumVoice?) {
        guard note < 128 else { return }
        voiceByNote[Int(note)] = voice
    }

    /// The notes that play `voice`, lowest first (for documentation and diagnostics).
    public func notes(for voice: DrumVoice) -> [UInt8] {
        (0..<128).filter { voiceByNote[$0] == voice }.map { UInt8($0) }
    }

    /// Every mapped note with its voice, lowest note first.
    public var assignments: [(note: UInt8, voice: DrumVoice)] {
        (0..<128).compactMap { note in voiceByNote[note].map { (UInt8(note), $0) } }
    }

    /// The General MIDI percussion map: the fallback when no mapping file can be read, and what
    /// computer-keyboard drums send.
    public static var generalMIDI: DrumKitMap {
        var map = DrumKitMap()
        for voice in DrumVoice.allCases { map.assign(note: voice.generalMIDINote, to: voice) }
        // The General MIDI notes that have no voice of their own go to their nearest drum.
        map.assign(note: 41, to: .tomFloor)  // low floor tom
        map.assign(note: 48, to: .tomHigh)   // hi-mid tom
        map.assign(note: 59, to: .ride)      // ride 2
        return map
    }
}
