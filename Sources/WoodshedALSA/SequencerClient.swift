#if canImport(Glibc)
import Glibc
#endif
import CALSA
import WoodshedCore

/// One ALSA sequencer client: the handle, with alsa-lib's return codes turned into Swift errors.
///
/// Woodshed opens two: `woodshed` (the input port, read only by the timing thread) and
/// `woodshed-control` (subscriptions and the System Announce port, used by the display side), so the
/// timing thread's handle is never shared between threads.
public final class SequencerClient {
    let handle: OpaquePointer
    public let id: UInt8

    /// Opens the sequencer. Where `/dev/snd/seq` is missing, the error says what to do.
    public init(name: String, nonBlocking: Bool = true) throws {
        woodshed_silence_alsa_errors()
        var seq: OpaquePointer?
        let status = snd_seq_open(&seq, "default", Int32(SND_SEQ_OPEN_DUPLEX), nonBlocking ? Int32(SND_SEQ_NONBLOCK) : 0)
        guard status >= 0, let seq else {
            throw SequencerClient.openError(status)
        }
        handle = seq
        snd_seq_set_client_name(seq, name)
        id = UInt8(truncatingIfNeeded: snd_seq_client_id(seq))
    }

    deinit { snd_seq_close(handle) }

    /// The names of Woodshed's own clients, never offered as sources.
    static let ownNames: Set<String> = ["woodshed", "woodshed-control", "woodshed-devices"]

    static func openError(_ status: Int32) -> WoodshedError {
        if access("/dev/snd/seq", F_OK) != 0 {
            return WoodshedError("no ALSA sequencer: /dev/snd/seq is missing; load it with `sudo modprobe snd-seq`, "
                                 + "or practise without MIDI hardware using --input keys or --input events:FILE")
        }
        return WoodshedError("cannot open the ALSA sequencer: \(String(cString: snd_strerror(status))); "
                             + "check the permissions of /dev/snd/seq (group 'audio')")
    }

    /// Every readable, subscribable port except Woodshed's own and the System client's.
    public func sources() -> [MIDISource] {
        var result: [MIDISource] = []
        var client: OpaquePointer?
        var port: OpaquePointer?
        snd_seq_client_info_malloc(&client)
        snd_seq_port_info_malloc(&port)
        defer {
            snd_seq_client_info_free(client)
            snd_seq_port_info_free(port)
        }
        snd_seq_client_info_set_client(client, -1)
        while snd_seq_query_next_client(handle, client) >= 0 {
            let clientID = snd_seq_client_info_get_client(client)
            if clientID == SND_SEQ_CLIENT_SYSTEM { continue }
            let clientName = String(cString: snd_seq_client_info_get_name(client))
            if SequencerClient.ownNames.contains(clientName) { continue }
            let kernel = snd_seq_client_info_get_type(client) == SND_SEQ_KERNEL_CLIENT
            snd_seq_port_info_set_client(port, clientID)
            snd_seq_port_info_set_port(port, -1)
            while snd_seq_query_next_port(handle, port) >= 0 {
                let caps = snd_seq_port_info_get_capability(port)
                let wanted = UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ)
                guard caps & wanted == wanted, caps & UInt32(SND_SEQ_PORT_CAP_NO_EXPORT) == 0 else { continue }
                let address = SequencerAddress(client: UInt8(clientID), port: UInt8(snd_seq_port_info_get_port(port)))
                result.append(MIDISource(address: address, clientName: clientName,
                                         portName: String(cString: snd_seq_port_info_get_name(port)),
                                         isHardware: kernel && clientID != 14))
            }
        }
        return result
    }

    /// The name of client `client`, or nil if it is gone.
    public func clientName(_ client: UInt8) -> String? {
        var info: OpaquePointer?
        snd_seq_client_info_malloc(&info)
        defer { snd_seq_client_info_free(info) }
        guard snd_seq_get_any_client_info(handle, Int32(client), info) >= 0 else { return nil }
        return String(cString: snd_seq_client_info_get_name(info))
    }

    /// Resolves `20:0`, `20.0`, `20` or a client-name prefix (`TD-17`), as `snd_seq_parse_address` does.
    public func parseAddress(_ text: String) throws -> SequencerAddress {
        var addr = snd_seq_addr_t()
        let status = snd_seq_parse_address(handle, &addr, text)
        guard status >= 0 else {
            throw WoodshedError("no MIDI source matches \"\(text)\"; `woodshed devices` lists them")
        }
        return SequencerAddress(client: addr.client, port: addr.port)
    }

    /// Connects `source` to `destination` (like `aconnect`).
    public func subscribe(from source: SequencerAddress, to destination: SequencerAddress) throws {
        var sub: OpaquePointer?
        snd_seq_port_subscribe_malloc(&sub)
        defer { snd_seq_port_subscribe_free(sub) }
        var sender = snd_seq_addr_t(client: source.client, port: source.port)
        var dest = snd_seq_addr_t(client: destination.client, port: destination.port)
        snd_seq_port_subscribe_set_sender(sub, &sender)
        snd_seq_port_subscribe_set_dest(sub, &dest)
        let status = snd_seq_subscribe_port(handle, sub)
        if status < 0, status != -EBUSY {  // EBUSY: already connected
            throw ALSAError("cannot connect \(source) to Woodshed", code: status)
        }
    }

    /// Waits up to `timeoutMilliseconds` for input on this client.
    func poll(timeoutMilliseconds: Int32, descriptors: UnsafeMutablePointer<pollfd>, count: Int32) -> Bool {
        Glibc.poll(descriptors, nfds_t(count), timeoutMilliseconds) > 0
    }
}
