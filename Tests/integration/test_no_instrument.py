"""No kit, no word? With nothing plugged in, `--input alsa` says so in one line and waits; the session
starts when an instrument appears, and says that too."""

import os
import tempfile
import time
from pathlib import Path

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]

CHART = "title: Waiting\nbpm: 120\n\nmeasure\nkick   x-x-\nsnare  -x-x\n"


def chart_with_its_own_history() -> tuple[Path, dict]:
    """The chart in a fresh folder, and an environment that keeps the history there."""
    workdir = Path(tempfile.mkdtemp())
    chart = workdir / "wait.wchart"
    chart.write_text(CHART)
    return chart, {**os.environ, "WOODSHED_DATA_DIR": str(workdir)}


def stderr_says(proc: ab.JsonLinesProcess, text: str) -> bool:
    return any(text in line for line in proc.stderr_lines)


def test_play_with_nothing_plugged_in_says_so_and_starts_when_a_kit_appears():
    chart, env = chart_with_its_own_history()
    ab.unload_virmidi()
    play = None
    try:
        play = ab.JsonLinesProcess([ab.woodshed_binary(), "play", str(chart), "--input", "alsa", "--output", "null",
                                    "--count-in", "0", "--json"], env=env)
        ab.wait_for_condition(lambda: stderr_says(play, "no MIDI instrument is connected"), 120, "the waiting line")
        assert [l for l in play.stderr_lines if "no MIDI instrument" in l][0].count("\n") == 0
        assert stderr_says(play, "woodshed devices"), play.describe()
        assert not play.of_type("start"), "it started without an instrument\n" + play.describe()
        assert play.proc.poll() is None, "it gave up instead of waiting\n" + play.describe()

        ab.load_virmidi()  # the kit is plugged in
        start = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 60, "the session to start")[0]
        zero = time.monotonic_ns() + int(start["starts_in_ms"] * 1e6)
        with ab.VirmidiWriter() as midi:
            for k in range(4):
                ab.wait_until(zero + k * 500_000_000)
                midi.note_on(36 if k % 2 == 0 else 38, 100)
        summary = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "summary"], 60, "the summary")[0]
        assert play.proc.wait(30) == 0, play.describe()
        assert summary["hits"] == 4, summary
    finally:
        if play:
            play.stop()
        ab.load_virmidi()


def test_ctrl_c_while_waiting_stores_nothing_and_says_so():
    chart, env = chart_with_its_own_history()
    ab.unload_virmidi()
    try:
        play = ab.JsonLinesProcess([ab.woodshed_binary(), "play", str(chart), "--input", "alsa", "--output", "null"], env=env)
        ab.wait_for_condition(lambda: stderr_says(play, "no MIDI instrument is connected"), 120, "the waiting line")
        status = play.stop()
        assert status == 1, play.describe()
        assert stderr_says(play, "stopped before any MIDI instrument was connected; nothing stored"), play.describe()
    finally:
        ab.load_virmidi()


def test_monitor_with_nothing_plugged_in_says_so_and_listens_when_one_appears():
    ab.unload_virmidi()
    mon = None
    try:
        mon = ab.JsonLinesProcess([ab.woodshed_binary(), "monitor", "--input", "alsa", "--output", "null", "--json"])
        ab.wait_for_condition(lambda: stderr_says(mon, "no MIDI instrument is connected"), 120, "the waiting line")
        ab.load_virmidi()
        mon.wait_for(lambda ls: [o for o in ls if o.get("type") == "source" and o.get("event") == "subscribed"],
                     30, "a source subscribed")
        with ab.VirmidiWriter() as midi:
            midi.note_on(38, 100)
        mon.wait_for(lambda ls: [o for o in ls if o.get("type") == "event"], 30, "the note")
        assert mon.stop() == 0, mon.describe()
    finally:
        if mon:
            mon.stop()
        ab.load_virmidi()
