/// A sound generator the mixer pulls from: FluidSynth in practice.
///
/// Only the audio thread calls these, so the instrument needs no locking of its own: the timing thread
/// hands note commands over through an `SPSCQueue` and the audio thread applies them between periods.
public protocol SynthInstrument: AnyObject {
    /// Starts a note. `channel` 1–16 (10 = drums).
    func noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    /// Releases a note.
    func noteOff(channel: UInt8, note: UInt8)
    /// Sends a control change (hi-hat pedal, sustain).
    func controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    /// Renders `frames` frames, overwriting `left` and `right`.
    func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>)
}
