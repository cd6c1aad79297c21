"""`woodshed play` live: notes written to a VirMIDI port at the chart's times are judged by their
kernel stamps, scored and stored, while the click plays through ALSA PCM."""

import os
import pty
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]

CHART = """title: Live Test
bpm: 120

measure x2
kick   x-x-
snare  -x-x
"""
# Eight notes, 500 ms apart from time zero: kick 36 on 0, 1000, …; snare 38 on 500, 1500, …
NOTES = [(36 if k % 2 == 0 else 38, k * 500) for k in range(8)]


def start_play(name: str, *extra: str, stdin=subprocess.DEVNULL) -> ab.JsonLinesProcess:
    """`woodshed play` on CHART (written to a fresh folder that also holds its data and config) from
    the VirMIDI port to the loopback card, 3 × 256 frames, one bar of count-in."""
    workdir = Path(tempfile.mkdtemp())
    chart = workdir / name
    chart.write_text(CHART)
    env = {**os.environ, "WOODSHED_DATA_DIR": str(workdir), "XDG_CONFIG_HOME": str(workdir / "config")}
    return ab.JsonLinesProcess([ab.woodshed_binary(), "play", str(chart), "--input", f"alsa:{ab.VIRMIDI_ADDRESS}",
                                "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--period", "256", "--periods", "3",
                                "--soundfont", str(ab.soundfont()), "--count-in", "1", "--json", *extra],
                               env=env, stdin=stdin)


def test_notes_played_live_are_judged_by_their_stamps():
    play = start_play("live.wchart")
    start = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 120, "the start line")[0]
    zero = time.monotonic_ns() + int(start["starts_in_ms"] * 1e6)
    with ab.VirmidiWriter() as midi:
        for note, at_ms in NOTES:
            ab.wait_until(zero + at_ms * 1_000_000)
            midi.note_on(note, 100)
    summary = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "summary"], 60, "the summary")[0]
    assert play.proc.wait(30) == 0, play.describe()
    notes = play.of_type("note")
    assert len(notes) == 8, play.describe()
    assert [n["voice"] for n in notes] == ["kick", "snare"] * 4
    # Every hit found its note: the stamps line up with the chart within the Good window (±84 ms).
    # The start line is read through a pipe in an emulated guest, so the absolute offset is loose;
    # the spread between hits is what the stamps must keep tight.
    assert all(n["tier"] != "miss" for n in notes), notes
    offsets = [n["offset_ms"] for n in notes]
    assert max(offsets) - min(offsets) < 40, offsets
    assert summary["notes"] == 8 and summary["hits"] == 8 and summary["miss"] == 0, summary
    assert summary["session"] is not None


def test_mix_keys_pressed_while_playing_change_the_level():
    """A terminal on stdin: `s` turns the song down 10 %, `S` up again, `k` the kit down; each is
    one JSON line as the run goes on."""
    master, slave = pty.openpty()
    try:
        play = start_play("keys.wchart", "--volume", "song=50,kit=80", stdin=slave)
        play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 120, "the start line")
        for key in b"sSk":
            os.write(master, bytes([key]))
            play.wait_for(lambda ls, n=len(play.of_type("mix")) + 1: len([o for o in ls if o.get("type") == "mix"]) >= n or None,
                          30, f"the mix line for {chr(key)}")
        assert play.proc.wait(60) == 0, play.describe()
    finally:
        os.close(master)
        os.close(slave)
    mixes = [(m["channel"], m["volume"], m["muted"]) for m in play.of_type("mix")]
    assert mixes == [("song", 40, False), ("song", 50, False), ("kit", 70, False)], mixes


def test_the_speed_keys_move_the_rest_of_the_chart_and_its_judging():
    """`[` while playing: 5 % slower from just ahead on. The notes after the change are expected at
    their new times, so a drummer who follows the slower click is judged on time."""
    master, slave = pty.openpty()
    try:
        play = start_play("slower.wchart", stdin=slave)
        start = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "start"], 120, "the start line")[0]
        zero = time.monotonic_ns() + int(start["starts_in_ms"] * 1e6)
        os.write(master, b"[")
        change = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "speed"], 30, "the speed line")[0]
        assert change["speed"] == 95, change
        at = change["at_ms"]
        with ab.VirmidiWriter() as midi:
            for note, at_ms in NOTES:
                moved = at_ms if at_ms <= at else at + (at_ms - at) / 0.95
                ab.wait_until(zero + int(moved * 1_000_000))
                midi.note_on(note, 100)
        summary = play.wait_for(lambda ls: [o for o in ls if o.get("type") == "summary"], 60, "the summary")[0]
        assert play.proc.wait(30) == 0, play.describe()
    finally:
        os.close(master)
        os.close(slave)
    notes = play.of_type("note")
    assert summary["hits"] == 8 and summary["miss"] == 0, (summary, notes)
    offsets = [n["offset_ms"] for n in notes]
    assert max(offsets) - min(offsets) < 40, offsets
    # Played at the old times, the last notes would be about 300 ms early: misses and extras.
    # The speed the drummer ended at is the one the chart starts at next time.
    workdir = Path(play.args[2]).parent
    with sqlite3.connect(workdir / "woodshed.sqlite") as db:
        remembered = db.execute("SELECT value FROM setting WHERE key LIKE 'chart.%.speed'").fetchall()
    assert [float(v) for (v,) in remembered] == [95.0], remembered
