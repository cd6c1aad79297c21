"""Calibration follows the instrument each hit came from: two sources connected at once, each judged
with its own offset (not one offset for "alsa" when several are connected)."""

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]

CHART = "title: Two Pads\nbpm: 120\n\nmeasure x2\nkick   x-x-\nsnare  -x-x\n"
LATE_MS = 60


def test_each_instrument_is_judged_with_its_own_calibration():
    workdir = Path(tempfile.mkdtemp())
    chart = workdir / "two.wchart"
    chart.write_text(CHART)
    env = {**os.environ, "WOODSHED_DATA_DIR": str(workdir)}
    # The pad on VirMIDI 16:0 is 60 ms late (stored as its calibration); 17:0 has none.
    done = subprocess.run([str(ab.woodshed_binary()), "calibrate", "--input", "alsa:16:0", "--output", "null",
                           "--set", str(LATE_MS)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    play = ab.JsonLinesProcess([ab.woodshed_binary(), "play", str(chart), "--input", "alsa", "--output", "null",
                                "--count-in", "1", "--json"], env=env)
    start = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 120, "the start line")[0]
    zero = time.monotonic_ns() + int(start["starts_in_ms"] * 1e6)
    with ab.VirmidiWriter("/dev/snd/midiC0D0") as late, ab.VirmidiWriter("/dev/snd/midiC0D1") as on_time:
        for k in range(8):
            if k % 2 == 0:
                ab.wait_until(zero + (k * 500 + LATE_MS) * 1_000_000)
                late.note_on(36, 100)   # kick from the late pad
            else:
                ab.wait_until(zero + k * 500 * 1_000_000)
                on_time.note_on(38, 100)  # snare from the other
    summary = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "summary"], 60, "the summary")[0]
    assert play.proc.wait(30) == 0, play.describe()
    notes = play.of_type("note")
    assert all(n["tier"] != "miss" for n in notes), notes
    kick = statistics.mean(n["offset_ms"] for n in notes if n["voice"] == "kick")
    snare = statistics.mean(n["offset_ms"] for n in notes if n["voice"] == "snare")
    print(f"mean offset after correction: kick {kick:.1f} ms, snare {snare:.1f} ms")
    # Each corrected by its own source: the 60 ms is gone from the kicks only (the guest adds jitter).
    assert abs(kick - snare) < LATE_MS / 2, (kick, snare)
    offsets = {o["input"]: o["offset_ms"] for o in summary["offsets"]}
    assert offsets.get("Virtual Raw MIDI 0-0") == LATE_MS and offsets.get("Virtual Raw MIDI 0-1") == 0, offsets
