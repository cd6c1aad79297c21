/// A piano laid over a row of computer keys, with two keys that shift it by octaves.
///
/// The default is the usual "a w s e d f t g y h u j k" → C4 … C5 (white keys on the home row,
/// black keys above them), `z` an octave down and `x` an octave up.
public struct PianoKeyLayout: Hashable, Sendable {
    /// What pressing a key means on the piano.
    public enum Action: Hashable, Sendable {
        /// This many semitones above `lowestNote` (before any octave shift).
        case semitone(Int)
        case octaveDown
        case octaveUp
    }

    @usableFromInline internal var actions: [Action?]
    /// The note the first key plays without an octave shift (60 = middle C).
    public var lowestNote: Int
    /// The velocity every piano key sends.
    public var velocity: UInt8
    /// How many octaves the shift keys may move, each way.
    public var maximumOctaveShift: Int

    public init(lowestNote: Int = 60, velocity: UInt8 = 90, maximumOctaveShift: Int = 4) {
        self.actions = [Action?](repeating: nil, count: 128)
        self.lowestNote = lowestNote
        self.velocity = velocity
        self.maximumOctaveShift = maximumOctaveShift
    }

    /// The classic layout described above.
    public static var standard: PianoKeyLayout {
        var layout = PianoKeyLayout()
        for (offset, key) in "awsedftgyhujk".utf8.enumerated() { layout.assign(key: key, to: .semitone(offset)) }
        layout.assign(key: UInt8(ascii: "z"), to: .octaveDown)
        layout.assign(key: UInt8(ascii: "x"), to: .octaveUp)
        return layout
    }

    /// What `key` does, or nil.
    @inlinable public func action(forKey key: UInt8) -> Action? {
        key < 128 ? actions[Int(key)] : nil
    }

    /// Gives `key` (an ASCII byte) a meaning, or none with nil.
    public mutating func assign(key: UInt8, to action: Action?) {
        guard key < 128 else { return }
        actions[Int(key)] = action
    }

    /// The note `key` plays with the piano shifted by `octaveShift` octaves, or nil when the key
    /// is no piano key or the note would leave 0…127.
    @inlinable public func press(key: UInt8, octaveShift: Int) -> KeyPress? {
        guard case .semitone(let semitone)? = action(forKey: key) else { return nil }
        let note = lowestNote + semitone + 12 * octaveShift
        guard (0...127).contains(note) else { return nil }
        return KeyPress(note: UInt8(note), velocity: velocity)
    }
}

/// A piano layout together with its current octave shift: what the key reader keeps.
public struct PianoKeyboard: Hashable, Sendable {
    public var layout: PianoKeyLayout
    /// Octaves up (positive) or down from the layout's own range.
    public private(set) var octaveShift = 0

    public init(layout: PianoKeyLayout) { self.layout = layout }

    /// Handles one key: a piano key returns its note-on, a shift key moves the octave (within the
    /// layout's limit) and returns nil, any other key returns nil.
    public mutating func press(key: UInt8) -> KeyPress? {
        switch layout.action(forKey: key) {
        case .octaveDown?: octaveShift = max(octaveShift - 1, -layout.maximumOctaveShift); return nil
        case .octaveUp?: octaveShift = min(octaveShift + 1, layout.maximumOctaveShift); return nil
        case .semitone?: return layout.press(key: key, octaveShift: octaveShift)
        case nil: return nil
        }
    }
}
