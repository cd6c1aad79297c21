import WoodshedALSA
import WoodshedCore
import WoodshedStore

/// The (input source, audio output) pair a latency offset belongs to, named the way the player
/// knows them: a drummer who switches from the interface to Bluetooth headphones changes the
/// output, and gets that pair's offset.
///
/// Every playing command names its pair with `CalibrationPair(setup:)` and asks the store with
/// `offset(in:)`, so the calibration and the judges always agree on the names.
struct CalibrationPair: Hashable {
    /// The input: the ALSA client name of the one source listened to ("TD-17"), "alsa" when several
    /// are, "keys", "events" or "smf".
    var input: String
    /// The output: "alsa:DEVICE", "wav" or "null".
    var output: String

    init(input: String, output: String) {
        self.input = input
        self.output = output
    }

    /// The pair of a running setup: the sources actually subscribed name the input.
    init(setup: EngineSetup) {
        self.init(options: setup.options, subscribed: setup.initialNotices.compactMap {
            if case .subscribed(let name, _) = $0 { return name }
            return nil
        })
    }

    /// The pair named from the options alone (and the sources subscribed, when known).
    init(options: EngineOptions, subscribed: [String] = []) {
        switch options.input {
        case .alsa(let source):
            let names = Array(Set(subscribed))
            input = names.count == 1 ? names[0] : (source ?? "alsa")
        case .keys: input = "keys"
        case .events: input = "events"
        case .smf: input = "smf"
        case .sim: input = "sim"
        }
        if options.wav != nil {
            output = "wav"
        } else if options.input.isOffline {
            output = "null"
        } else {
            output = options.outputSpec.description
        }
    }

    /// The offset every judge applies for this pair (zero when it was never calibrated).
    func offset(in store: Store) -> LatencyOffset {
        CalibrationLookup.latencyOffset(store: store, input: input, output: output)
    }

    /// The pair under which a loopback round trip of this output is kept.
    var loopback: CalibrationPair { CalibrationPair(input: Self.loopbackInput, output: output) }

    static let loopbackInput = "loopback"

    var description: String { "\(input) → \(output)" }
}
