import WoodshedCore

/// Where rendered audio goes: an ALSA PCM device, a WAV file, or nowhere.
///
/// One small interface per driver, FluidSynth-style. Live outputs pace the render loop by blocking
/// in `write`; file and null outputs return at once so offline runs go as fast as the CPU allows.
public protocol AudioOutput: AnyObject {
    /// A description for the display ("alsa:default", "wav:out/demo.wav", "null").
    var name: String { get }
    /// The format actually in use (a device may adjust the requested period size).
    var format: AudioFormat { get }
    /// Whether `write` blocks in real time (a device) or not (a file).
    var isRealTime: Bool { get }
    /// Opens the device or file. May allocate and throw.
    func start() throws
    /// Writes one period (`format.periodFrames` frames) of interleaved stereo samples. Live outputs
    /// recover from underruns themselves and count them in `xruns`.
    func write(_ interleaved: UnsafeBufferPointer<Float>) throws
    /// Flushes and closes.
    func stop() throws
    /// Underruns recovered from so far.
    var xruns: Int { get }
    /// Time from a `write` returning to its first sample being heard (the device buffer).
    var latency: EngineTime { get }
    /// How many frames later than at its nominal rate stream frame `frame` is heard, as measured
    /// (`OutputClock`): a device's own clock, and the time its dropouts lost. Audio thread. Outputs
    /// without a clock of their own (files, null) say 0: their frames are the time base.
    func framesLate(atFrame frame: Int64) -> Double
}

extension AudioOutput {
    public var xruns: Int { 0 }
    public var latency: EngineTime { .zero }
    public func framesLate(atFrame frame: Int64) -> Double { 0 }
}

/// Discards audio (`--output null`): for runs where only the judging matters.
public final class NullOutput: AudioOutput {
    public let format: AudioFormat
    public init(format: AudioFormat) { self.format = format }
    public var name: String { "null" }
    public var isRealTime: Bool { false }
    public func start() throws {}
    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws {}
    public func stop() throws {}
}

/// Keeps everything written in memory; for tests and for measuring renders.
public final class MemoryOutput: AudioOutput {
    public let format: AudioFormat
    public private(set) var samples: [Float] = []
    public init(format: AudioFormat) { self.format = format }
    public var name: String { "memory" }
    public var isRealTime: Bool { false }
    public func start() throws {}
    public func write(_ interleaved: UnsafeBufferPointer<Float>) throws { samples.append(contentsOf: interleaved) }
    public func stop() throws {}
}
