/// Which computer key plays which note, for practising without MIDI gear (`--input keys`).
///
/// Keys are single bytes as a terminal in raw mode delivers them (printable ASCII, space, tab,
/// return). Loaded from `mappings/keyboard.toml`; both tables are 128-entry arrays built once.
public struct ComputerKeyboardMap: Hashable, Sendable {
    @usableFromInline internal var drumKeys: [KeyPress?]
    /// The piano-row layout.
    public var piano: PianoKeyLayout

    public init(piano: PianoKeyLayout = PianoKeyLayout()) {
        self.drumKeys = [KeyPress?](repeating: nil, count: 128)
        self.piano = piano
    }

    /// The drum note a key plays (General MIDI percussion), or nil.
    @inlinable public func drumHit(forKey key: UInt8) -> KeyPress? {
        key < 128 ? drumKeys[Int(key)] : nil
    }

    /// Makes `key` (an ASCII byte) play `press` on the drums, or nothing with nil.
    public mutating func assignDrum(key: UInt8, to press: KeyPress?) {
        guard key < 128 else { return }
        drumKeys[Int(key)] = press
    }

    /// Every drum key with its note, in key order.
    public var drumAssignments: [(key: UInt8, press: KeyPress)] {
        (0..<128).compactMap { key in drumKeys[key].map { (UInt8(key), $0) } }
    }
}
