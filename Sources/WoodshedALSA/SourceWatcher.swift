#if canImport(Glibc)
import Glibc
#endif
import CALSA
import WoodshedCore

/// Keeps Woodshed connected to its MIDI sources while they come and go.
///
/// A second client, `woodshed-control`, listens on the System Announce port. When a source
/// disappears (USB unplugged, a program quit) it reports it; when a port appears whose client has the
/// same name — a replugged kit may come back with another client number — it subscribes it to
/// Woodshed's input port again, without a restart. Runs on the display side, never on the timing thread.
public final class SourceWatcher {
    /// What to connect to.
    public enum Selection: Sendable, Equatable {
        /// Every hardware MIDI source, now and when plugged in later (`--input alsa`).
        case allHardware
        /// One source, by address or client-name prefix (`--input alsa:20:0`, `--input alsa:TD-17`).
        case source(String)
    }

    /// Something the display shows as one line.
    public enum Notice: Equatable, Sendable {
        case subscribed(name: String, address: SequencerAddress)
        case lost(name: String, address: SequencerAddress)
        case resubscribed(name: String, address: SequencerAddress)
    }

    private let control: SequencerClient
    private let destination: SequencerAddress
    private let selection: Selection
    /// Sources Woodshed wants: client name → currently connected address (nil while gone).
    private var wanted: [(name: String, port: UInt8, address: SequencerAddress?)] = []

    public init(destination: SequencerAddress, selection: Selection) throws {
        control = try SequencerClient(name: "woodshed-control")
        self.destination = destination
        self.selection = selection
        let port = snd_seq_create_simple_port(control.handle, "announce",
                                              UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_NO_EXPORT),
                                              UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
        try ALSAError.check(port, "cannot create the announce port")
        try ALSAError.check(snd_seq_connect_from(control.handle, port, Int32(SND_SEQ_CLIENT_SYSTEM), Int32(SND_SEQ_PORT_SYSTEM_ANNOUNCE)),
                            "cannot listen to the System Announce port")
    }

    /// Connects the initial sources. Throws when a named source does not exist.
    public func connect() throws -> [Notice] {
        var notices: [Notice] = []
        switch selection {
        case .allHardware:
            for source in control.sources() where source.isHardware {
                try control.subscribe(from: source.address, to: destination)
                wanted.append((source.clientName, source.address.port, source.address))
                notices.append(.subscribed(name: source.clientName, address: source.address))
            }
        case .source(let text):
            let address = try control.parseAddress(text)
            let name = control.clientName(address.client) ?? text
            try control.subscribe(from: address, to: destination)
            wanted.append((name, address.port, address))
            notices.append(.subscribed(name: name, address: address))
        }
        return notices
    }

    /// Reads announcements (non-blocking) and reconnects what came back.
    public func poll() -> [Notice] {
        var notices: [Notice] = []
        while true {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            let status = snd_seq_event_input(control.handle, &event)
            guard status >= 0, let e = event?.pointee else { break }
            let addr = SequencerAddress(client: e.data.addr.client, port: e.data.addr.port)
            switch UInt32(e.type) {
            case SND_SEQ_EVENT_CLIENT_EXIT.rawValue:
                for i in wanted.indices where wanted[i].address?.client == addr.client {
                    notices.append(.lost(name: wanted[i].name, address: wanted[i].address!))
                    wanted[i].address = nil
                }
            case SND_SEQ_EVENT_PORT_EXIT.rawValue:
                for i in wanted.indices where wanted[i].address == addr {
                    notices.append(.lost(name: wanted[i].name, address: addr))
                    wanted[i].address = nil
                }
            case SND_SEQ_EVENT_PORT_START.rawValue, SND_SEQ_EVENT_CLIENT_CHANGE.rawValue, SND_SEQ_EVENT_PORT_CHANGE.rawValue:
                notices += reconnect(client: addr.client)
            default:
                break
            }
        }
        return notices
    }

    /// Subscribes the ports of `client` that Woodshed wants back (or new hardware, for `.allHardware`).
    private func reconnect(client: UInt8) -> [Notice] {
        guard let name = control.clientName(client) else { return [] }
        var notices: [Notice] = []
        let ports = control.sources().filter { $0.address.client == client }
        for source in ports {
            if let i = wanted.firstIndex(where: { $0.name == name && $0.port == source.address.port && $0.address == nil }) {
                if (try? control.subscribe(from: source.address, to: destination)) != nil {
                    wanted[i].address = source.address
                    notices.append(.resubscribed(name: name, address: source.address))
                }
            } else if selection == .allHardware, source.isHardware,
                      !wanted.contains(where: { $0.address == source.address }) {
                if (try? control.subscribe(from: source.address, to: destination)) != nil {
                    wanted.append((name, source.address.port, source.address))
                    notices.append(.subscribed(name: name, address: source.address))
                }
            }
        }
        return notices
    }

    /// All readable sources, for listings.
    public func sources() -> [MIDISource] { control.sources() }
}
