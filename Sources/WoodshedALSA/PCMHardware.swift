import CALSA
import WoodshedCore
import WoodshedEngine

/// Opening a PCM and setting its hardware parameters, shared by playback and capture: interleaved
/// access, 32-bit float (else 16-bit), the channels, and the nearest rate, period size and period
/// count the device allows. Errors name the device and the parameter.
enum PCMHardware {
    struct Configured {
        var handle: OpaquePointer
        var format: AudioFormat
        var useFloat: Bool
        var channels: Int
    }

    /// - Parameters:
    ///   - what: the device as the errors name it ("audio output \"hw:1\"").
    ///   - exactStereo: playback needs two channels; capture takes the nearest count.
    static func open(device: String, stream: snd_pcm_stream_t, format: AudioFormat, what: String, hint: String,
                     exactStereo: Bool) throws -> Configured {
        woodshed_silence_alsa_errors()
        var opened: OpaquePointer?
        let status = snd_pcm_open(&opened, device, stream, 0)
        guard status >= 0, let handle = opened else { throw ALSAError("cannot open \(what)", code: status, hint: hint) }
        do {
            var hw: OpaquePointer?
            snd_pcm_hw_params_malloc(&hw)
            defer { snd_pcm_hw_params_free(hw) }
            try ALSAError.check(snd_pcm_hw_params_any(handle, hw), "\(what): no configuration")
            try ALSAError.check(snd_pcm_hw_params_set_access(handle, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "\(what): interleaved access")
            var useFloat = true
            if snd_pcm_hw_params_set_format(handle, hw, SND_PCM_FORMAT_FLOAT_LE) < 0 {
                useFloat = false
                try ALSAError.check(snd_pcm_hw_params_set_format(handle, hw, SND_PCM_FORMAT_S16_LE), "\(what): neither float nor 16-bit samples")
            }
            var channels: UInt32 = 2
            if exactStereo {
                try ALSAError.check(snd_pcm_hw_params_set_channels(handle, hw, 2), "\(what): stereo")
            } else {
                try ALSAError.check(snd_pcm_hw_params_set_channels_near(handle, hw, &channels), "\(what): channels")
            }
            var rate = UInt32(format.sampleRate)
            try ALSAError.check(snd_pcm_hw_params_set_rate_near(handle, hw, &rate, nil), "\(what): sample rate \(format.sampleRate)")
            var period = snd_pcm_uframes_t(format.periodFrames)
            try ALSAError.check(snd_pcm_hw_params_set_period_size_near(handle, hw, &period, nil), "\(what): period size")
            var periods = UInt32(format.periods)
            try ALSAError.check(snd_pcm_hw_params_set_periods_near(handle, hw, &periods, nil), "\(what): period count")
            try ALSAError.check(snd_pcm_hw_params(handle, hw),
                                "\(what): cannot apply \(format.sampleRate) Hz, \(format.periodFrames)×\(format.periods) frames",
                                hint: "try another --period/--periods/--rate")
            return Configured(handle: handle, format: AudioFormat(sampleRate: Int(rate), periodFrames: Int(period), periods: Int(periods)),
                              useFloat: useFloat, channels: Int(channels))
        } catch {
            snd_pcm_close(handle)
            throw error
        }
    }
}
