/// A sequencer port address, `client:port`, as `aconnect -l` shows it.
public struct SequencerAddress: Hashable, Sendable, CustomStringConvertible {
    public var client: UInt8
    public var port: UInt8

    public init(client: UInt8, port: UInt8) {
        self.client = client
        self.port = port
    }

    /// Packed as `MIDIEvent.source` carries it.
    public var packed: UInt16 { UInt16(client) << 8 | UInt16(port) }

    public var description: String { "\(client):\(port)" }
}

/// A readable sequencer port: something that can send Woodshed MIDI.
public struct MIDISource: Hashable, Sendable {
    public var address: SequencerAddress
    public var clientName: String
    public var portName: String
    /// A kernel client: a sound card's MIDI port (USB kit, keyboard), as opposed to a program.
    public var isHardware: Bool
}
