"""The latency benchmark (run inside the ALSA guest by scripts/latency-bench; not a test).

For each player — `woodshed monitor` and bare `fluidsynth`, with the same soundfont, rate, period
size and period count on the same loopback card — it sends notes into the sequencer through the
VirMIDI port 16:0 and finds each note's onset in a timed capture of the loopback. The players take
turns (woodshed, fluidsynth, fluidsynth, woodshed, …) in one guest, so a slow moment of the
emulated machine does not fall on one player only. With `--song`, a third player takes its turns:
`woodshed play` on a long chart whose song (a 44.1 kHz file, resampled, and stretched to 75 % by
Rubber Band on the song's thread) plays all along, the click off and the song far below the hits
(−60 dB), so what the onset finder hears is the hit feedback with the song's work going on. It prints, per round and pooled: p50/p99/max of
note-in → sound-out, the underruns each player met (counted the same way for both by
`xrun_counter.c`, preloaded into each), the onsets not found, woodshed's own stages (stamp → read →
note-on → written) and the ratio woodshed / fluidsynth. Its defaults are woodshed's own (read from
`woodshed play --help`). The guest is emulated: only ratios measured in one run mean anything;
see docs/alsa-test-bench.md and docs/benchmarks.md.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import alsabench as ab


def product_defaults() -> tuple[int, int]:
    """woodshed's own default period and period count, as its help states them."""
    text = subprocess.run([str(ab.woodshed_binary()), "play", "--help"], capture_output=True, text=True,
                          timeout=120).stdout
    found = [re.search(pattern, text, re.S) for pattern in
             (r"--period <\w+>\s+Frames per audio period.*?\(default (\d+)\)",
              r"--periods <\w+>\s+Periods in the audio buffer.*?\(default (\d+)\)")]
    if not all(found):
        raise SystemExit("latency bench: cannot read woodshed's default period and periods from `woodshed play --help`")
    return int(found[0][1]), int(found[1][1])


def counter_env(path: Path) -> dict:
    """The environment that makes a player count its underruns into `path`."""
    library = os.environ.get("XRUN_COUNTER")
    if not library or not Path(library).exists():
        raise SystemExit("latency bench: XRUN_COUNTER does not name the built xrun counter "
                         "(run the bench through scripts/latency-bench)")
    return {**os.environ, "LD_PRELOAD": library, "XRUN_COUNTER_FILE": str(path)}


class Round:
    def __init__(self, player: str):
        self.player = player
        self.latencies: list[float] = []
        self.missing = 0
        self.xruns = 0
        self.own_xruns = None
        self.stages = None
        self.song_underruns = None


def song_chart(folder: Path, seconds: int) -> Path:
    """A chart of `seconds` at 75 % (one kick a bar) with a quiet 44.1 kHz stereo song all along."""
    import random
    import wave
    rng = random.Random(7)
    song = folder / "quiet.wav"
    with wave.open(str(song), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44100)
        frames = bytearray()
        for _ in range(44100 * seconds):
            v = rng.randint(-33, 33).to_bytes(2, "little", signed=True)  # about −60 dBFS
            frames += v + v
        w.writeframes(bytes(frames))
    measures = int(seconds * 0.75 / 2) + 1
    chart = folder / "song-bench.wchart"
    chart.write_text(f"title: Song bench\nbpm: 120\nbacking: quiet.wav\n\nmeasure x{measures}\nkick   x---\n")
    return chart


def play_round(player: str, args, hr) -> Round:
    result = Round(player)
    counted = Path(tempfile.mkdtemp()) / "xruns"
    env = counter_env(counted)
    same = dict(rate=args.rate, period=args.period, periods=args.periods)
    if player == "fluidsynth":
        proc = ab.BareFluidSynth(sf2=args.soundfont, env=env, **same)
    elif player == "song":
        proc = ab.JsonLinesProcess([ab.woodshed_binary(), "play", str(args.song_chart), "--input", f"alsa:{ab.VIRMIDI_ADDRESS}",
                                    "--map", "gm", "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--soundfont", args.soundfont,
                                    "--rate", str(args.rate), "--period", str(args.period), "--periods", str(args.periods),
                                    "--speed", "75", "--stretch", args.song_stretch, "--click", "off", "--count-in", "0",
                                    "--no-store", "--json"],
                                   env={**env, "WOODSHED_DATA_DIR": str(counted.parent)})
        start = proc.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 120, "the start line")[0]
        time.sleep(max(start["starts_in_ms"], 0) / 1000 + 0.5)  # the song is playing
    else:
        proc = ab.start_monitor("--map", "gm", "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--soundfont", args.soundfont,
                                "--rate", str(args.rate), "--period", str(args.period), "--periods", str(args.periods),
                                env=env)
    try:
        ab.wait_for_playback()
        capture = ab.Capture(rate=args.rate, period=args.period if hr else None).start()
        sent = []
        with ab.VirmidiWriter() as midi:
            t0 = time.monotonic_ns() + 300_000_000
            for k in range(args.notes):
                ab.wait_until(t0 + k * args.gap_ms * 1_000_000)
                sent.append(midi.note_on(args.note, 120))
        window = min(args.gap_ms, 250)
        capture.wait_until_holds(sent[-1] + window * 1_000_000)
        rec = capture.stop()
    finally:
        proc.stop()
    if rec.overruns:
        raise RuntimeError(f"{player}: the capture overran; its clock is unusable")
    found = ab.find_onsets(rec, sent, max_latency_ms=window)
    result.latencies = [x for x in found if x is not None]
    result.missing = len(found) - len(result.latencies)
    result.xruns = int(counted.read_text()) if counted.exists() else -1
    if player == "woodshed":
        summary = (proc.of_type("summary") or [{}])[0]
        result.own_xruns = summary.get("xruns")
        result.stages = summary.get("stages_us")
    if player == "song":
        summary = (proc.of_type("summary") or [{}])[0]
        result.own_xruns = summary.get("xruns")
        result.song_underruns = summary.get("song_underruns")
    return result


def spread(values: list[float]) -> str:
    return ab.Spread(values).line("ms") if values else "no onsets found"


def main():
    default_period, default_periods = product_defaults()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, default=120, help="notes a round")
    ap.add_argument("--gap-ms", type=int, default=250, help="time between notes")
    ap.add_argument("--note", type=int, default=42, help="GM drum note (a short sound: closed hi-hat)")
    ap.add_argument("--rate", type=int, default=48000)
    ap.add_argument("--period", type=int, default=default_period, help=f"frames per period (woodshed's default: {default_period})")
    ap.add_argument("--periods", type=int, default=default_periods, help=f"periods (woodshed's default: {default_periods})")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per player, taking turns")
    ap.add_argument("--timer", choices=["hr", "jiffies"], default="hr",
                    help="the loopback card's clock: a high-resolution timer (default) or the kernel's 4 ms jiffies")
    ap.add_argument("--soundfont", default=str(ab.soundfont()))
    ap.add_argument("--song", action="store_true",
                    help="a third player: woodshed play with a song stretched to 75 %% playing (see above)")
    ap.add_argument("--song-stretch", choices=["finer", "faster"], default="finer",
                    help="the song player's stretcher: R3 (finer, woodshed's default) or R2 (faster)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = ap.parse_args()
    if args.song:
        seconds = int(args.notes * args.gap_ms / 1000 / 0.75) + 30
        args.song_chart = song_chart(Path(tempfile.mkdtemp()), seconds)

    defaults = " (woodshed's defaults)" if (args.period, args.periods) == (default_period, default_periods) else ""
    print(f"latency bench: {args.notes} notes a round, every {args.gap_ms} ms, note {args.note}; {args.rate} Hz, "
          f"{args.periods} × {args.period} frames{defaults}; loopback clocked by {args.timer}; {args.soundfont}")
    if ab.missing_feature(["monitor"]):
        raise SystemExit(f"latency bench: {ab.missing_feature(['monitor'])}")

    hr = ab.HighResolutionLoopback() if args.timer == "hr" else None
    rounds: list[Round] = []
    try:
        if hr:
            hr.run_clock(args.rate, args.period)
        order = ["woodshed", "fluidsynth", "song", "song", "fluidsynth", "woodshed"] if args.song \
            else ["woodshed", "fluidsynth", "fluidsynth", "woodshed"]
        players = len(set(order))
        for k in range(players * args.rounds):
            r = play_round(order[k % len(order)], args, hr)
            rounds.append(r)
            own = f" (its own count {r.own_xruns})" if r.own_xruns is not None else ""
            print(f"round {k + 1} {r.player:<10} note-in → onset: {spread(r.latencies)}; "
                  f"{r.xruns} xruns{own}; {r.missing} onsets not found")
    finally:
        if hr:
            hr.restore()

    names = ("woodshed", "fluidsynth", "song") if args.song else ("woodshed", "fluidsynth")
    pooled = {p: [x for r in rounds if r.player == p for x in r.latencies] for p in names}
    xruns = {p: sum(r.xruns for r in rounds if r.player == p) for p in pooled}
    missing = sum(r.missing for r in rounds)
    for player in names:
        print(f"{player:<10} all rounds: {spread(pooled[player])}; {xruns[player]} xruns")
    stage_p50 = {}
    for stage in ("stamp_to_read", "stamp_to_note_on", "stamp_to_written"):
        values = [r.stages[stage]["p50"] for r in rounds if r.stages]
        stage_p50[stage] = statistics.median(values) / 1000 if values else None
    print("woodshed   stages (p50, median of rounds): "
          + ", ".join(f"{name.replace('_', ' ')} {value:.3f} ms" for name, value in stage_p50.items() if value is not None))
    print(f"onsets not found: {missing}")
    if not pooled["woodshed"] or not pooled["fluidsynth"]:
        print("ratio      not computable: no onsets found for one side")
        return 1
    ratio = {p: ab.percentile(pooled["woodshed"], p) / ab.percentile(pooled["fluidsynth"], p) for p in (50, 99)}
    for p in (50, 99):
        print(f"ratio p{p}   woodshed / fluidsynth = {ratio[p]:.3f} (goal ≤ 1.05)")
    song = {}
    if args.song and pooled["song"]:
        song = {p: ab.percentile(pooled["song"], p) / ab.percentile(pooled["fluidsynth"], p) for p in (50, 99)}
        underruns = sum(getattr(r, "song_underruns", 0) or 0 for r in rounds if r.player == "song")
        for p in (50, 99):
            print(f"ratio p{p}   woodshed with the song at 75 % / fluidsynth = {song[p]:.3f} (goal: as without, {ratio[p]:.3f})")
        print(f"song       {xruns['song']} xruns (without the song: {xruns['woodshed']}); {underruns} song underruns")
    if args.json:
        print(json.dumps({
            "period": args.period, "periods": args.periods, "rate": args.rate, "timer": args.timer,
            "rounds_per_player": args.rounds, "notes_per_round": args.notes,
            "p50_ratio": round(ratio[50], 3), "p99_ratio": round(ratio[99], 3),
            "woodshed_p50_ms": round(ab.percentile(pooled["woodshed"], 50), 3),
            "woodshed_p99_ms": round(ab.percentile(pooled["woodshed"], 99), 3),
            "fluidsynth_p50_ms": round(ab.percentile(pooled["fluidsynth"], 50), 3),
            "fluidsynth_p99_ms": round(ab.percentile(pooled["fluidsynth"], 99), 3),
            "woodshed_xruns": xruns["woodshed"], "fluidsynth_xruns": xruns["fluidsynth"],
            "onsets_missing": missing,
            "woodshed_stamp_to_read_p50_ms": stage_p50["stamp_to_read"],
            "woodshed_stamp_to_noteon_p50_ms": stage_p50["stamp_to_note_on"],
            "woodshed_stamp_to_written_p50_ms": stage_p50["stamp_to_written"],
            **({"song_p50_ratio": round(song[50], 3), "song_p99_ratio": round(song[99], 3),
                "song_p50_ms": round(ab.percentile(pooled["song"], 50), 3), "song_xruns": xruns["song"]} if song else {}),
        }, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
