import Foundation
import WoodshedCore

/// Prints a tap calibration: a line per tap while it runs, then the result, human or JSON.
final class CalibrationDisplay {
    let json: Bool
    let taps: Int
    var pair: CalibrationPair

    init(json: Bool, taps: Int, pair: CalibrationPair) {
        self.json = json
        self.taps = taps
        self.pair = pair
    }

    func intro(bpm: Double, input: String) {
        if json {
            Output.json(CalibrationStartRecord(input: pair.input, output: pair.output, bpm: bpm, taps: taps))
        } else {
            Output.line("calibrating \(pair.description) at \(MetronomeCommand.format(bpm)) BPM: after one bar of count-in, "
                + "tap any pad or key with each click (\(taps) taps) — Ctrl-C to stop")
        }
    }

    func show(_ tap: CalibrationTap, counted: Int) {
        if json {
            Output.json(TapRecord(n: tap.isCountIn ? nil : counted, of: taps, beat: tap.beat + 1,
                                  offsetMs: tap.offset.milliseconds, countIn: tap.isCountIn))
        } else if tap.isCountIn {
            Output.line("count-in tap (not counted; start with the first beat after the count-in)")
        } else {
            Output.line(String(format: "%2d of %d  %@ ms", counted, taps, CalibrateCommand.signed(tap.offset.milliseconds)))
        }
    }

    func result(_ result: CalibrationResult, stored: Bool, roundTrip: Double?) {
        if json {
            Output.json(CalibrationResultRecord(
                input: pair.input, output: pair.output, offsetMs: result.offsetMs, spreadMs: result.spreadMs,
                tapsUsed: result.used.count, taps: result.total, trust: result.trust.rawValue, stored: stored,
                audioRoundTripMs: roundTrip, restMs: roundTrip.map { result.offsetMs - $0 },
                dropped: result.dropped.map { .init(beat: $0.tap.beat + 1, offsetMs: $0.tap.offset.milliseconds, reason: $0.reason.rawValue) }))
            return
        }
        for drop in result.dropped {
            Output.line("dropped: beat \(drop.tap.beat + 1), \(CalibrateCommand.signed(drop.tap.offset.milliseconds)) ms — \(drop.reason.explanation)")
        }
        let direction = result.offsetMs >= 0 ? "taps arrive late" : "taps arrive early"
        Output.line(String(format: "offset %@ ms (%@), spread %.1f ms, %d of %d taps used: %@",
                           CalibrateCommand.signed(result.offsetMs), direction, result.spreadMs,
                           result.used.count, result.total, result.trust.advice))
        if let roundTrip {
            Output.line("of which \(CalibrateCommand.signed(roundTrip)) ms is the audio round trip (measured with --loopback), "
                + "\(CalibrateCommand.signed(result.offsetMs - roundTrip)) ms the pad, the MIDI path and the player")
        }
        if stored { Output.line("stored for \(pair.description); every judge applies it") }
    }
}

// MARK: `calibrate --json`, one object per line

struct CalibrationStartRecord: Encodable {
    let type = "start"
    var input: String
    var output: String
    var bpm: Double
    var taps: Int
}

/// One tap: its number (null during the count-in), its beat and how far from it.
struct TapRecord: Encodable {
    let type = "tap"
    var n: Int?
    var of: Int
    var beat: Int
    var offsetMs: Double
    var countIn: Bool
}

/// The last line: the offset, how far to trust it, and the taps left out.
struct CalibrationResultRecord: Encodable {
    struct Dropped: Encodable {
        var beat: Int
        var offsetMs: Double
        var reason: String
    }
    let type = "result"
    var input: String
    var output: String
    var offsetMs: Double
    var spreadMs: Double
    var tapsUsed: Int
    var taps: Int
    var trust: String
    var stored: Bool
    var audioRoundTripMs: Double?
    var restMs: Double?
    var dropped: [Dropped]
}

/// `calibrate --show --json`: one stored offset.
struct StoredCalibrationRecord: Encodable {
    let type = "calibration"
    var input: String
    var output: String
    var offsetMs: Double
    var measuredAt: Date
}

/// `calibrate --loopback --json`: the audio round trip.
struct LoopbackRecord: Encodable {
    let type = "loopback"
    var output: String
    var capture: String
    var roundTripMs: Double
    var spreadMs: Double
    var minMs: Double
    var maxMs: Double
    var clicks: Int
    var found: Int
}
