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
            Output.line(JSONLine([("type", "start"), ("input", .string(pair.input)), ("output", .string(pair.output)),
                                  ("bpm", .double(bpm)), ("taps", .int(taps))]).description)
        } else {
            Output.line("calibrating \(pair.description) at \(MetronomeCommand.format(bpm)) BPM: after one bar of count-in, "
                + "tap any pad or key with each click (\(taps) taps) — Ctrl-C to stop")
        }
    }

    func show(_ tap: CalibrationTap, counted: Int) {
        if json {
            Output.line(JSONLine([("type", "tap"), ("n", tap.isCountIn ? .null : .int(counted)), ("of", .int(taps)),
                                  ("beat", .int(tap.beat + 1)), ("offset_ms", .double(tap.offset.milliseconds)),
                                  ("count_in", .bool(tap.isCountIn))]).description)
        } else if tap.isCountIn {
            Output.line("count-in tap (not counted; start with the first beat after the count-in)")
        } else {
            Output.line(String(format: "%2d of %d  %@ ms", counted, taps, CalibrateCommand.signed(tap.offset.milliseconds)))
        }
    }

    func result(_ result: CalibrationResult, stored: Bool, roundTrip: Double?) {
        if json {
            var line = JSONLine([("type", "result"), ("input", .string(pair.input)), ("output", .string(pair.output)),
                                 ("offset_ms", .double(result.offsetMs)), ("spread_ms", .double(result.spreadMs)),
                                 ("taps_used", .int(result.used.count)), ("taps", .int(result.total)),
                                 ("trust", .string(result.trust.rawValue)), ("stored", .bool(stored))])
            if let roundTrip {
                line.add("audio_round_trip_ms", .double(roundTrip))
                line.add("rest_ms", .double(result.offsetMs - roundTrip))
            }
            line.add("dropped", .array(result.dropped.map {
                .object(JSONLine([("beat", .int($0.tap.beat + 1)), ("offset_ms", .double($0.tap.offset.milliseconds)),
                                  ("reason", .string($0.reason.rawValue))]))
            }))
            Output.line(line.description)
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
