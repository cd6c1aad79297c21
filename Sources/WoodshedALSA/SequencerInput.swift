#if canImport(Glibc)
import Glibc
#endif
import CALSA
import WoodshedCore
import WoodshedEngine

/// Live MIDI input from the ALSA sequencer, stamped by the kernel on arrival.
///
/// Creates the `woodshed` client with one input port whose events the kernel timestamps in real
/// time on Woodshed's own queue (port timestamping on a started queue). The engine judges by that
/// stamp, never by when the timing thread woke up. Only the timing thread calls `read`; it polls
/// the client's descriptors, so waiting costs nothing and needs no lock.
public final class SequencerInput: MIDIInput {
    public let client: SequencerClient
    public let port: SequencerAddress
    public let queue: Int32
    /// The clock on this input's queue time base: use it for everything in a live session.
    public private(set) var clock: SequencerClock!
    public let name: String

    private let descriptors: UnsafeMutablePointer<pollfd>
    private let descriptorCount: Int32
    private var overrunCount = 0

    /// Opens the client, creates the timestamping port and starts the queue.
    public init(name: String = "alsa") throws {
        self.name = name
        client = try SequencerClient(name: "woodshed")
        let seq = client.handle
        queue = try ALSAError.check(snd_seq_alloc_named_queue(seq, "woodshed"), "cannot allocate a sequencer queue")

        var info: OpaquePointer?
        snd_seq_port_info_malloc(&info)
        defer { snd_seq_port_info_free(info) }
        snd_seq_port_info_set_name(info, "input")
        snd_seq_port_info_set_capability(info, UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE))
        snd_seq_port_info_set_type(info, UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION))
        snd_seq_port_info_set_timestamping(info, 1)
        snd_seq_port_info_set_timestamp_real(info, 1)
        snd_seq_port_info_set_timestamp_queue(info, queue)
        try ALSAError.check(snd_seq_create_port(seq, info), "cannot create Woodshed's input port")
        port = SequencerAddress(client: client.id, port: UInt8(snd_seq_port_info_get_port(info)))

        // A roomy kernel-side FIFO: a burst from a kit should never overrun while the thread sleeps.
        snd_seq_set_client_pool_input(seq, 2000)
        snd_seq_set_input_buffer_size(seq, 64 * 1024)

        descriptorCount = snd_seq_poll_descriptors_count(seq, Int16(POLLIN))
        descriptors = .allocate(capacity: Int(max(descriptorCount, 1)))
        snd_seq_poll_descriptors(seq, descriptors, UInt32(descriptorCount), Int16(POLLIN))
    }

    deinit { descriptors.deallocate() }

    public var isOffline: Bool { false }

    /// Starts the queue; from here on events carry stamps and `clock` runs.
    public func start() throws {
        guard clock == nil else { return }
        let seq = client.handle
        try ALSAError.check(snd_seq_control_queue(seq, queue, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil), "cannot start the sequencer queue")
        snd_seq_drain_output(seq)
        clock = try SequencerClock(client: client, queue: queue)
    }

    public func stop() {
        snd_seq_control_queue(client.handle, queue, Int32(SND_SEQ_EVENT_STOP.rawValue), 0, nil)
        snd_seq_drain_output(client.handle)
    }

    public var overruns: Int { overrunCount }

    public func read(into buffer: UnsafeMutableBufferPointer<MIDIEvent>, until deadline: EngineTime) -> InputRead {
        var n = drain(into: buffer)
        if n > 0 { return .events(n) }
        let wait = (deadline - clock.now).nanoseconds
        let timeout = Int32(max(0, min(1000, (wait + 999_999) / 1_000_000)))
        if Glibc.poll(descriptors, nfds_t(descriptorCount), timeout) > 0 {
            n = drain(into: buffer)
        }
        return n > 0 ? .events(n) : .idle
    }

    /// Reads every event waiting in alsa-lib's buffer (non-blocking), converting the ones Woodshed uses.
    private func drain(into buffer: UnsafeMutableBufferPointer<MIDIEvent>) -> Int {
        var n = 0
        while n < buffer.count {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            let status = snd_seq_event_input(client.handle, &event)
            if status == -EAGAIN || status == -EWOULDBLOCK { break }
            if status == -ENOSPC {  // the kernel FIFO overflowed: events were lost
                overrunCount += 1
                continue
            }
            guard status >= 0, let e = event?.pointee else { break }
            if let converted = SequencerInput.convert(e) {
                buffer[n] = converted
                n += 1
            }
        }
        return n
    }

    @inline(__always)
    static func convert(_ e: snd_seq_event_t) -> MIDIEvent? {
        let time = EngineTime(nanoseconds: Int64(e.time.time.tv_sec) * 1_000_000_000 + Int64(e.time.time.tv_nsec))
        let source = UInt16(e.source.client) << 8 | UInt16(e.source.port)
        switch UInt32(e.type) {
        case SND_SEQ_EVENT_NOTEON.rawValue:
            let note = e.data.note
            return .noteOn(note.note, velocity: note.velocity, at: time, channel: note.channel &+ 1, source: source)
        case SND_SEQ_EVENT_NOTEOFF.rawValue:
            let note = e.data.note
            return MIDIEvent(time: time, kind: .noteOff, channel: note.channel &+ 1, number: note.note, value: 0, source: source)
        case SND_SEQ_EVENT_CONTROLLER.rawValue:
            let control = e.data.control
            return MIDIEvent(time: time, kind: .controlChange, channel: control.channel &+ 1,
                             number: UInt8(truncatingIfNeeded: control.param),
                             value: UInt8(truncatingIfNeeded: max(0, min(127, control.value))), source: source)
        default:
            // Active sensing, clock, sysex and the rest are not notes: ignored.
            return nil
        }
    }
}
