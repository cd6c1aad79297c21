"""The real-time promise on the real path: `woodshed-rt-check` runs monitor and play with the kernel
sequencer as input and the loopback card as output (ALSA reads and writes on the real-time threads),
and its guard counts every allocation, free and lock those threads make after they start."""

import os
import pty
import re
import tempfile
import time
from pathlib import Path

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]

CLEAN = re.compile(r"^real-time check: 2 real-time threads, 0 allocations, 0 frees, 0 locks$")


def verdict(proc: ab.JsonLinesProcess) -> str:
    lines = [l for l in proc.stderr_lines if l.startswith("real-time check:")]
    assert lines, "the guard printed no verdict\n" + proc.describe()
    return lines[-1]


def test_monitor_through_the_sequencer_and_the_sound_card_allocates_and_locks_nothing():
    checker = ab.rt_check_binary()
    mon = ab.JsonLinesProcess([checker, "monitor", "--input", f"alsa:{ab.VIRMIDI_ADDRESS}", "--json", "--map", "gm",
                               "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--soundfont", str(ab.soundfont())])
    mon.wait_for(lambda ls: any(o.get("type") == "source" for o in ls), 120, "the source to be subscribed")
    with ab.VirmidiWriter() as midi:
        for k in range(40):
            midi.note_on((36, 38, 42, 46)[k % 4], 100)
            midi.note_off((36, 38, 42, 46)[k % 4])
    mon.wait_for(lambda ls: len([o for o in ls if o.get("type") == "event"]) >= 40, 60, "40 events")
    assert mon.stop() == 0, mon.describe()
    assert CLEAN.match(verdict(mon)), mon.describe()


def test_play_through_the_sequencer_and_the_sound_card_allocates_and_locks_nothing():
    checker = ab.rt_check_binary()
    workdir = Path(tempfile.mkdtemp())
    chart = workdir / "guard.wchart"
    chart.write_text("title: Guard\nbpm: 120\n\nmeasure\nkick   x-x-\nsnare  -x-x\n")
    env = {**os.environ, "WOODSHED_DATA_DIR": str(workdir), "XDG_CONFIG_HOME": str(workdir / "config")}
    # A terminal on stdin, so the keys that change the speed and the mix while playing are checked too.
    master, slave = pty.openpty()
    try:
        play = ab.JsonLinesProcess([checker, "play", str(chart), "--input", f"alsa:{ab.VIRMIDI_ADDRESS}",
                                    "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--soundfont", str(ab.soundfont()),
                                    "--count-in", "1", "--json"], env=env, stdin=slave)
        start = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 120, "the start line")[0]
        zero = time.monotonic_ns() + int(start["starts_in_ms"] * 1e6)
        os.write(master, b"]s")
        play.wait_for(lambda ls: [o for o in ls if o.get("type") == "speed"] and [o for o in ls if o.get("type") == "mix"],
                      30, "the speed and mix lines")
        with ab.VirmidiWriter() as midi:
            for k in range(4):
                ab.wait_until(zero + k * 476_190_476)  # 105 %
                midi.note_on(36 if k % 2 == 0 else 38, 100)
        play.wait_for(lambda ls: [o for o in ls if o.get("type") == "summary"], 60, "the summary")
        assert play.proc.wait(30) == 0, play.describe()
    finally:
        os.close(master)
        os.close(slave)
    assert CLEAN.match(verdict(play)), play.describe()
