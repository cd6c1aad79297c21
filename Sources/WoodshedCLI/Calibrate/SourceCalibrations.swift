import WoodshedALSA
import WoodshedCore
import WoodshedEngine
import WoodshedStore

/// The latency calibration of every source a session listens to, kept in step as sources come and go.
///
/// A calibration belongs to a source (the kit, by its ALSA client name) heard through an output. When
/// a source is subscribed — at start, or plugged in later — its stored calibration is looked up and
/// announced to the timing thread through `latencies`, keyed by the client the source's hits come
/// from. `--offset` overrides every calibration. Files, the computer keyboard and simulated players
/// have one latency for the whole session (their own calibration, or none).
final class SourceCalibrations {
    /// What the judges read on the timing thread.
    let latencies: InputLatencies
    private let store: Store?
    private let output: String
    private let explicit: EngineTime?
    /// Names of the sources seen so far, by client, for naming a calibration's source.
    private(set) var names: [UInt8: String] = [:]

    /// - Parameters:
    ///   - explicit: `--offset`, applied to every source instead of its calibration.
    ///   - simulated: a simulated player has no latency to correct.
    init(setup: EngineSetup, store: Store?, explicit: EngineTime?, simulated: Bool = false) {
        self.store = store
        self.explicit = explicit
        output = CalibrationPair(options: setup.options).output
        let whole: EngineTime
        if let explicit {
            whole = explicit
        } else if simulated {
            whole = .zero
        } else if case .alsa = setup.options.input {
            whole = .zero  // each source brings its own below
        } else {
            let pair = CalibrationPair(options: setup.options)
            whole = store.map { pair.offset(in: $0).offset } ?? .zero
        }
        latencies = InputLatencies(fallback: whole)
        for notice in setup.initialNotices { _ = update(for: notice) }
    }

    /// What a source connected is corrected by.
    enum Applied: Equatable {
        case calibrated(EngineTime)
        case notCalibrated
        /// `--offset` applies instead.
        case overridden
    }

    /// Follows a source watcher notice: a source (re)subscribed gets its calibration. Returns the
    /// calibration now in force for it, or nil for a notice that changes nothing.
    @discardableResult
    func update(for notice: SourceWatcher.Notice) -> Applied? {
        switch notice {
        case .subscribed(let name, let address), .resubscribed(let name, let address):
            names[address.client] = name
            guard explicit == nil else { return .overridden }
            let stored = store.flatMap { try? $0.calibration(input: name, output: output) }
            let offset = stored.map { EngineTime.milliseconds($0.offsetMs) } ?? .zero
            latencies.set(offset, client: address.client)
            return stored == nil ? .notCalibrated : .calibrated(offset)
        case .lost:
            return nil
        }
    }

    /// The offset each input was judged with, in milliseconds, by input name (for `--json`).
    func applied(setup: EngineSetup) -> [(String, Double)] {
        if let explicit { return [("all", explicit.milliseconds)] }
        guard case .alsa = setup.options.input else {
            let pair = CalibrationPair(options: setup.options)
            if case .sim = setup.options.input { return [(pair.input, 0)] }
            return [(pair.input, store.map { pair.offset(in: $0).milliseconds } ?? 0)]
        }
        return names.sorted { $0.key < $1.key }.map { _, name in
            (name, store.flatMap { try? $0.calibration(input: name, output: output) }?.offsetMs ?? 0)
        }
    }

    /// How the session's offsets read on its first lines: "+12.0 ms (calibrated for TD-17 → alsa:default)".
    func summary(setup: EngineSetup) -> String {
        if let explicit { return "\(PlaySession.format(explicit)) (--offset, for every input)" }
        if case .sim = setup.options.input { return "+0.0 ms (a simulated player has no latency)" }
        guard case .alsa = setup.options.input else {
            let pair = CalibrationPair(options: setup.options)
            guard let store else { return "+0.0 ms" }
            let offset = pair.offset(in: store)
            return (try? store.calibration(input: pair.input, output: pair.output)) == nil
                ? "+0.0 ms (not calibrated for \(pair.description): run woodshed calibrate)"
                : "\(PlaySession.format(offset.offset)) (calibrated for \(pair.description))"
        }
        let parts = names.sorted { $0.key < $1.key }.map { client, name -> String in
            let calibrated = store.flatMap { try? $0.calibration(input: name, output: output) }
            return calibrated.map { "\(name) \(PlaySession.format(.milliseconds($0.offsetMs)))" }
                ?? "\(name) not calibrated (run woodshed calibrate)"
        }
        return parts.isEmpty ? "none yet (calibrated per input as each is connected)" : parts.joined(separator: ", ") + " → \(output)"
    }
}
