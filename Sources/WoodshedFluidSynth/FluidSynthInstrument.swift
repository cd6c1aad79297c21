import CFluidSynth
import Synchronization
import WoodshedCore
import WoodshedEngine

/// FluidSynth, rendering into Woodshed's own mixer.
///
/// The synth is created with `synth.threadsafe-api` off: only the audio thread (or the offline driver)
/// touches it — note commands from the timing thread arrive through the renderer's lock-free queue —
/// so FluidSynth's internal mutex is never taken. Reverb and chorus are off by default: feedback for a
/// drummer should be dry and immediate.
public final class FluidSynthInstrument: SynthInstrument {
    private let settings: OpaquePointer
    private let synth: OpaquePointer
    /// The soundfont file in use.
    public let soundFontPath: String
    public let sampleRate: Int

    /// Options a user may want to change.
    public struct Options: Sendable {
        /// 64 voices: plenty for a kit or a keyboard, and note-on cost grows with polyphony (FluidSynth
        /// scans every voice when it starts one): 3.7 µs per note-on at 256, under 1 µs at 64.
        public var polyphony: Int32 = 64
        public var gain: Double = 0.6
        public var reverb = false
        public var chorus = false
        public init() {}
    }

    /// Creates a synth at `sampleRate` and loads the soundfont at `soundFontPath`.
    /// - Throws: `WoodshedError` naming the file when it cannot be loaded.
    public init(soundFontPath: String, sampleRate: Int, options: Options = Options()) throws {
        FluidSynthInstrument.silenceLibraryLog()
        guard let settings = new_fluid_settings() else {
            throw WoodshedError("FluidSynth could not allocate its settings (out of memory?)")
        }
        fluid_settings_setnum(settings, "synth.sample-rate", Double(sampleRate))
        fluid_settings_setint(settings, "synth.threadsafe-api", 0)
        fluid_settings_setint(settings, "synth.polyphony", options.polyphony)
        fluid_settings_setint(settings, "synth.reverb.active", options.reverb ? 1 : 0)
        fluid_settings_setint(settings, "synth.chorus.active", options.chorus ? 1 : 0)
        fluid_settings_setint(settings, "synth.cpu-cores", 1)
        fluid_settings_setnum(settings, "synth.gain", options.gain)
        guard let synth = new_fluid_synth(settings) else {
            delete_fluid_settings(settings)
            throw WoodshedError("FluidSynth could not start a synthesizer at \(sampleRate) Hz")
        }
        if fluid_synth_sfload(synth, soundFontPath, 1) == FLUID_FAILED {
            delete_fluid_synth(synth)
            delete_fluid_settings(settings)
            throw WoodshedError("\(soundFontPath): not a SoundFont FluidSynth can load; "
                                + "give another with --soundfont PATH or install fluid-soundfont-gm")
        }
        self.settings = settings
        self.synth = synth
        self.soundFontPath = soundFontPath
        self.sampleRate = sampleRate
    }

    deinit {
        delete_fluid_synth(synth)
        delete_fluid_settings(settings)
    }

    @inline(__always)
    public func noteOn(channel: UInt8, note: UInt8, velocity: UInt8) {
        fluid_synth_noteon(synth, Int32(channel) - 1, Int32(note), Int32(velocity))
    }

    @inline(__always)
    public func noteOff(channel: UInt8, note: UInt8) {
        fluid_synth_noteoff(synth, Int32(channel) - 1, Int32(note))
    }

    @inline(__always)
    public func controlChange(channel: UInt8, controller: UInt8, value: UInt8) {
        fluid_synth_cc(synth, Int32(channel) - 1, Int32(controller), Int32(value))
    }

    /// Selects a General MIDI program (0-based) on a melodic channel (1–16).
    public func selectProgram(_ program: Int32, channel: UInt8) {
        fluid_synth_program_change(synth, Int32(channel) - 1, program)
    }

    @inline(__always)
    public func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        fluid_synth_write_float(synth, Int32(frames), left, 0, 1, right, 0, 1)
    }

    /// Silences every voice at once.
    public func allNotesOff() {
        fluid_synth_all_sounds_off(synth, -1)
    }

    private static let logSilenced = Atomic<Bool>(false)

    /// FluidSynth prints its own warnings to stderr; Woodshed reports failures itself in one line.
    ///
    /// Debian's FluidSynth also offers each soundfont to libinstpatch (for DLS files), which answers
    /// an SF2 file with a GLib "CRITICAL" about `ipatch_container_init_iter` — noise, not an error,
    /// since the SF2 loader then loads the file. A GLib log handler drops exactly those messages
    /// (from `ipatch_` functions) and passes every other one on to GLib's default handler.
    private static func silenceLibraryLog() {
        guard !logSilenced.exchange(true, ordering: .relaxed) else { return }
        for level in [FLUID_PANIC, FLUID_ERR, FLUID_WARN, FLUID_INFO, FLUID_DBG] {
            fluid_set_log_function(Int32(level.rawValue), nil, nil)
        }
        GLibLog.dropLibInstPatchNoise()
    }
}
