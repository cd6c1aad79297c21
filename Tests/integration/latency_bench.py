"""The latency benchmark (run inside the ALSA guest by scripts/latency-bench; not a test).

For each player — `woodshed monitor` and bare `fluidsynth`, with the same soundfont, rate, period
size and period count on the same loopback card — it sends notes into the sequencer through the
VirMIDI port 16:0 and finds each note's onset in a timed capture of hw:Loopback,1,0. It prints
p50/p99/max of note-in → sound-out for both and the ratio woodshed / fluidsynth. The guest is
emulated, so only the ratio means anything; see docs/alsa-test-bench.md.
"""

import argparse
import sys
import time

import alsabench as ab


def measure(name, start_player, args):
    """Start a player, play args.notes notes, return the latencies (ms, None for a missed onset)."""
    player = start_player()
    try:
        time.sleep(1.0)
        cap = ab.Capture(rate=args.rate).start()
        time.sleep(0.5)
        sent = []
        with ab.VirmidiWriter() as midi:
            t0 = time.monotonic_ns()
            for k in range(args.notes):
                ab.wait_until(t0 + k * args.gap_ms * 1_000_000)
                sent.append(midi.note_on(args.note, 120))
        time.sleep(0.5)
        rec = cap.stop()
    finally:
        stop = getattr(player, "stop")
        stop()
    if rec.overruns:
        raise RuntimeError(f"{name}: the capture overran; its clock is unusable")
    return ab.find_onsets(rec, sent, max_latency_ms=min(args.gap_ms, 250)), player


def report(name, lat):
    found = [x for x in lat if x is not None]
    print(f"{name:<11} note-in → onset: {ab.Spread(found).line('ms')}, {len(lat) - len(found)} onsets not found")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, default=200)
    ap.add_argument("--gap-ms", type=int, default=250, help="time between notes")
    ap.add_argument("--note", type=int, default=42, help="GM drum note (a short sound: closed hi-hat)")
    ap.add_argument("--rate", type=int, default=48000)
    ap.add_argument("--period", type=int, default=256, help="frames per period")
    ap.add_argument("--periods", type=int, default=3)
    ap.add_argument("--soundfont", default=str(ab.soundfont()))
    args = ap.parse_args()

    print(f"latency bench: {args.notes} notes each, every {args.gap_ms} ms, note {args.note}, "
          f"{args.rate} Hz, {args.periods} x {args.period} frames, {args.soundfont}")
    same = dict(rate=args.rate, period=args.period, periods=args.periods)

    fluid, _ = measure("fluidsynth", lambda: ab.BareFluidSynth(sf2=args.soundfont, **same), args)
    fluid_found = report("fluidsynth", fluid)

    missing = ab.missing_feature(["monitor"])
    if missing:
        print(f"woodshed    not measured: {missing}")
        return 1
    start = lambda: ab.start_monitor("--map", "gm", "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}",
                                     "--soundfont", args.soundfont, "--rate", str(args.rate),
                                     "--period", str(args.period), "--periods", str(args.periods))
    wood, mon = measure("woodshed", start, args)
    wood_found = report("woodshed", wood)
    summary = (mon.of_type("summary") or [{}])[0]
    lat = summary.get("latency_us", {})
    print(f"woodshed    own software latency (kernel stamp → fluid_synth_noteon): "
          f"p50 {lat.get('p50')} µs, p99 {lat.get('p99')} µs, max {lat.get('max')} µs; "
          f"xruns {summary.get('xruns')}, overruns {summary.get('overruns')}")
    if not fluid_found or not wood_found:
        print("ratio       not computable: no onsets found for one side")
        return 1
    for p in (50, 99):
        r = ab.percentile(wood_found, p) / ab.percentile(fluid_found, p)
        print(f"ratio p{p}   woodshed / fluidsynth = {r:.3f} (goal ≤ 1.05)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
