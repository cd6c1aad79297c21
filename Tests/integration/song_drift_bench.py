"""The song against the clock, live (run inside the ALSA guest by scripts/song-drift-bench; not a test).

`woodshed play` plays a long chart whose song — a 44.1 kHz file with a click on every second,
resampled to the card's rate and stretched by Rubber Band (75 % unless told) — is the only sound
(the metronome off), through the loopback card clocked by a high-resolution timer at the player's
period. A capture of the loopback finds each of the song's clicks and compares it with the moment
the chart's clock says it is due (time zero — `play`'s start line — plus the click's practice time,
on the monotonic clock the judge uses; capture frames are timed by the capture's own timestamps).
Printed: the offset in the first and in the last minute (medians) and their difference — the
drift —, the spread, the xruns and song underruns `play` counted, and the card's own pace against
the monotonic clock, which the output follows through its timestamps (`OutputClock`). The offset
itself includes the output's latency and where Rubber Band puts an onset: only its change over the
run is the figure. See docs/benchmarks.md.
"""

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
import wave
from pathlib import Path

import alsabench as ab


def song_chart(folder: Path, audio_seconds: int) -> Path:
    """A 60 BPM chart as long as the song, the song a click (a 1 kHz burst) on every second."""
    rate = 44100
    burst = [int(16000 * math.cos(2 * math.pi * 1000 * i / rate) * math.exp(-i / rate / 0.008)) for i in range(rate // 25)]
    frames = bytearray(4 * rate * audio_seconds)
    for second in range(1, audio_seconds):
        for i, v in enumerate(burst):
            b = v.to_bytes(2, "little", signed=True)
            at = 4 * (second * rate + i)
            frames[at:at + 4] = b + b
    with wave.open(str(folder / "clicks.wav"), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))
    chart = folder / "drift.wchart"
    chart.write_text(f"title: Drift\nbpm: 60\nbacking: clicks.wav\n\nmeasure x{audio_seconds // 4 + 1}\nkick   x---\n")
    return chart


def onset(rec: ab.Recording, due: int, window: int) -> int | None:
    """The index of the first sample reaching a fifth of the peak within ±window samples of `due`."""
    lo, hi = max(due - window, 0), min(due + window, len(rec.samples))
    samples = rec.samples[lo:hi]
    if not samples:
        return None
    peak = max(max(samples), -min(samples))
    if peak < 1000:
        return None
    threshold = peak // 5
    for i, x in enumerate(samples):
        if abs(x) >= threshold:
            return lo + i
    return None


def measure(minutes: float, speed_percent: int, rate: int = 48000, period: int = 64, periods: int = 3,
            soundfont: str | None = None) -> dict:
    """Plays the song of clicks live for `minutes` and finds each click against the monotonic clock.

    Returns `offsets` (a list of (practice seconds, offset ms or None)), the `summary` play printed,
    the capture (`recording`) and the card's pace (`card_rate`, frames per monotonic second)."""
    speed = speed_percent / 100
    seconds = minutes * 60
    folder = Path(tempfile.mkdtemp())
    chart = song_chart(folder, int(seconds * speed) + 8)
    hr = ab.HighResolutionLoopback()
    try:
        hr.run_clock(rate, period)
        play = ab.JsonLinesProcess([ab.woodshed_binary(), "play", str(chart), "--input", f"alsa:{ab.VIRMIDI_ADDRESS}",
                                    "--map", "gm", "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}",
                                    "--soundfont", soundfont or str(ab.soundfont()),
                                    "--rate", str(rate), "--period", str(period), "--periods", str(periods),
                                    "--speed", str(speed_percent), "--click", "off", "--count-in", "0", "--no-store", "--json"],
                                   env={**os.environ, "WOODSHED_DATA_DIR": str(folder)})
        start = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 300, "the start line")[0]
        zero = time.monotonic_ns() + int(start["starts_in_ms"] * 1e6)
        capture = ab.Capture(rate=rate, period=period).start()
        end = zero + int(seconds * 1e9)
        capture.wait_until_holds(end, timeout=seconds + 120)
        rec = capture.stop()
        play.stop()
    finally:
        hr.restore()

    summary = (play.of_type("summary") or [{}])[0]
    # Each click against the chart's clock: the capture's frame at the monotonic moment the click is
    # due (time zero plus its practice time), through the capture's timestamps — so a card whose
    # clock runs off the monotonic one does not hide (or make) a drift.
    window = int(0.15 * rate)
    found = []
    for k in range(1, int(seconds * speed)):
        due = rec.index_at(zero + int(k / speed * 1e9))
        if due + window > len(rec.samples):
            break
        at = onset(rec, due, window)
        found.append((k / speed, None if at is None else (at - due) / rate * 1000))
    card_rate = None
    if len(rec.anchors) >= 2:
        (f0, t0), (f1, t1) = rec.anchors[0], rec.anchors[-1]
        card_rate = (f1 - f0) / ((t1 - t0) / 1e9)
    return {"offsets": found, "summary": summary, "recording": rec, "card_rate": card_rate}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5)
    ap.add_argument("--speed", type=int, default=75, help="percent")
    ap.add_argument("--rate", type=int, default=48000)
    ap.add_argument("--period", type=int, default=64)
    ap.add_argument("--periods", type=int, default=3)
    ap.add_argument("--soundfont", default=str(ab.soundfont()))
    ap.add_argument("--verbose", action="store_true", help="print every click's offset")
    ap.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = ap.parse_args()
    seconds = args.minutes * 60
    print(f"song drift bench: {args.minutes:g} minutes at {args.speed} %, {args.periods} × {args.period} frames at {args.rate} Hz")
    result = measure(args.minutes, args.speed, args.rate, args.period, args.periods, args.soundfont)
    found, summary, rec = result["offsets"], result["summary"], result["recording"]
    offsets = [(t, o) for t, o in found if o is not None]
    if args.verbose:
        print("offsets (ms): " + " ".join("-" if o is None else f"{o:.1f}" for _, o in found))
    first = [o for t, o in offsets if t < 60]
    last = [o for t, o in offsets if t >= seconds - 60]
    if not first or not last:
        print(f"not enough clicks found ({len(offsets)} of {len(found)}: {len(first)} in the first minute, "
              f"{len(last)} in the last); play counted {summary.get('xruns')} xruns, "
              f"{summary.get('song_underruns')} song underruns")
        return 1
    drift = statistics.median(last) - statistics.median(first)
    spread = max(o for _, o in offsets) - min(o for _, o in offsets)
    missing = len(found) - len(offsets)
    print(f"clicks found {len(offsets)} of {len(found)}; offset first minute {statistics.median(first):.2f} ms, "
          f"last minute {statistics.median(last):.2f} ms: drift {drift:+.2f} ms over {args.minutes:g} min; "
          f"spread {spread:.2f} ms; capture overruns {rec.overruns}")
    print(f"play counted {summary.get('xruns')} xruns, {summary.get('song_underruns')} song underruns")
    if result["card_rate"]:
        print(f"the loopback card ran at {result['card_rate']:.1f} frames per second of the monotonic clock "
              f"({(result['card_rate'] / args.rate - 1) * 100:+.3f} %); the output follows it by its timestamps")
    if args.json:
        print(json.dumps({"minutes": args.minutes, "speed": args.speed, "period": args.period, "periods": args.periods,
                          "drift_ms": round(drift, 3), "spread_ms": round(spread, 3), "clicks": len(offsets),
                          "missing": missing, "xruns": summary.get("xruns"), "song_underruns": summary.get("song_underruns")},
                         sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
