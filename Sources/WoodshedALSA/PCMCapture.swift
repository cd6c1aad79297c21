#if canImport(Glibc)
import Glibc
#endif
import CALSA
import WoodshedCore
import WoodshedEngine

/// Audio in through ALSA PCM, for measuring the output's round trip (`woodshed calibrate
/// --loopback`): a cable, or the snd-aloop card, brings what Woodshed plays back in.
///
/// Opens the device for interleaved capture at the requested rate, preferring 32-bit float and
/// falling back to 16-bit integer, one or two channels (only the first is kept). The stream's
/// trigger timestamp is taken on `CLOCK_MONOTONIC`, so a captured sample's time can be compared
/// with the time a `PCMOutput` sample was played (both `triggerTime`s are on the same clock).
/// Overruns are recovered and counted: a capture that overran has lost samples, so its sample
/// clock cannot be trusted for timing.
public final class PCMCapture {
    public let device: String
    public private(set) var format: AudioFormat
    private var pcm: OpaquePointer?
    private var useFloat = true
    private var channels = 2
    private var floatBuffer: [Float] = []
    private var intBuffer: [Int16] = []
    public private(set) var overruns = 0

    public init(device: String, format: AudioFormat) {
        self.device = device
        self.format = format
    }

    deinit { if let pcm { snd_pcm_close(pcm) } }

    public var name: String { "alsa:\(device)" }

    /// Opens, configures and starts the capture.
    public func start() throws {
        let what = "audio input \"\(device)\""
        let configured = try PCMHardware.open(
            device: device, stream: SND_PCM_STREAM_CAPTURE, format: format, what: what,
            hint: "`arecord -l` lists capture devices; use --capture DEVICE", exactStereo: false)
        let handle = configured.handle
        pcm = handle
        useFloat = configured.useFloat
        channels = configured.channels
        format = configured.format
        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        snd_pcm_sw_params_current(handle, sw)
        PCMTrigger.useMonotonicStamps(handle, sw)
        try ALSAError.check(snd_pcm_sw_params(handle, sw), "\(what): software parameters")
        try ALSAError.check(snd_pcm_prepare(handle), "\(what): prepare")
        try ALSAError.check(snd_pcm_start(handle), "\(what): start")
    }

    /// When the first captured sample was taken, on `CLOCK_MONOTONIC` (nil before `start`).
    public var triggerTime: EngineTime? { pcm.flatMap(PCMTrigger.time) }

    /// Reads the next `frames` frames (blocking) and returns the first channel.
    public func read(frames: Int) throws -> [Float] {
        guard let pcm else { return [] }
        var mono = [Float](repeating: 0, count: frames)
        if floatBuffer.count < frames * channels { floatBuffer = .init(repeating: 0, count: frames * channels) }
        if intBuffer.count < frames * channels { intBuffer = .init(repeating: 0, count: frames * channels) }
        var done = 0
        while done < frames {
            let want = snd_pcm_uframes_t(frames - done)
            let got: snd_pcm_sframes_t = useFloat
                ? floatBuffer.withUnsafeMutableBufferPointer { snd_pcm_readi(pcm, $0.baseAddress, want) }
                : intBuffer.withUnsafeMutableBufferPointer { snd_pcm_readi(pcm, $0.baseAddress, want) }
            if got < 0 {
                overruns += 1
                try ALSAError.check(snd_pcm_recover(pcm, Int32(got), 1), "audio input \"\(device)\" failed")
                continue
            }
            for i in 0..<Int(got) {
                mono[done + i] = useFloat ? floatBuffer[i * channels] : Float(intBuffer[i * channels]) / 32768
            }
            done += Int(got)
        }
        return mono
    }

    public func stop() {
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
        self.pcm = nil
    }
}

/// Trigger timestamps on `CLOCK_MONOTONIC`, shared by capture and playback so their samples can be
/// put on one clock.
enum PCMTrigger {
    static func useMonotonicStamps(_ pcm: OpaquePointer, _ sw: OpaquePointer?) {
        snd_pcm_sw_params_set_tstamp_mode(pcm, sw, SND_PCM_TSTAMP_ENABLE)
        snd_pcm_sw_params_set_tstamp_type(pcm, sw, SND_PCM_TSTAMP_TYPE_MONOTONIC)
    }

    /// The stream's trigger time, or nil when it has not started.
    static func time(_ pcm: OpaquePointer) -> EngineTime? {
        var status: OpaquePointer?
        guard snd_pcm_status_malloc(&status) >= 0, let status else { return nil }
        defer { snd_pcm_status_free(status) }
        guard snd_pcm_status(pcm, status) >= 0 else { return nil }
        var stamp = snd_htimestamp_t()
        snd_pcm_status_get_trigger_htstamp(status, &stamp)
        let ns = Int64(stamp.tv_sec) * 1_000_000_000 + Int64(stamp.tv_nsec)
        return ns == 0 ? nil : EngineTime(nanoseconds: ns)
    }
}
