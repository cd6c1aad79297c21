"""5. Timestamps under load: 500 notes scheduled at exact times on a sequencer queue, the other
CPU kept busy; woodshed's recorded times must match the schedule."""

import subprocess
import time

import pytest
from alsa_midi import READ_PORT, NoteOnEvent, RealTime, SequencerClient

import alsabench as ab

pytestmark = [pytest.mark.woodshed, pytest.mark.usefixtures("woodshed_monitor")]

NOTES = 500
GROSS_MS = 5.0  # the guest is emulated: only a gross error (at p99) fails; the figures are printed


def schedule_ms():
    """Irregular gaps (11...79 ms, a fixed pseudo-random walk) so that no constant period hides errors."""
    t, out, x = 0.0, [], 12345
    for _ in range(NOTES):
        out.append(t)
        x = (x * 1103515245 + 12345) % 2**31
        t += 11 + x % 69
    return out


def test_recorded_times_match_a_queue_schedule_under_load(monitors):
    player = SequencerClient("woodshed-test-player")
    port = player.create_port("out", READ_PORT)
    player.set_client_pool_output(NOTES + 100)
    mon = monitors("--map", "gm", "--output", "null", input="alsa:woodshed-test-player")
    busy = subprocess.Popen(["sh", "-c", "while :; do :; done"])
    try:
        q = player.create_queue("woodshed-test-schedule")
        q.start()
        player.drain_output()
        plan = schedule_ms()
        notes = list(ab.GM_DRUM_VOICES)
        for k, at in enumerate(plan):
            start = 1000 + at  # a second of headroom before the first note
            player.event_output(NoteOnEvent(note=notes[k % len(notes)], velocity=100, channel=9,
                                            time=RealTime(start / 1000)), queue=q, port=port)
        player.drain_output()
        events = mon.wait_for(lambda ls: len(e := [o for o in ls if o.get("type") == "event"]) >= NOTES and e,
                              int(plan[-1] / 1000) + 120, f"{NOTES} event lines")
    finally:
        busy.kill()
        busy.wait()
    assert [e["note"] for e in events] == [notes[k % len(notes)] for k in range(NOTES)]
    # Compared after lining the two up on their median difference, so one note the emulated guest
    # delivered late is one error, not a shift of all the others.
    differences = sorted(e["t_ms"] - p for e, p in zip(events, plan))
    line_up = differences[len(differences) // 2]
    errors = [abs(e["t_ms"] - line_up - p) for e, p in zip(events, plan)]
    spread = ab.Spread(errors)
    print(f"timestamp error vs schedule under load: {spread.line('ms')}")
    # The kernel stamps each note as it delivers it from the test's own queue: under load the
    # emulated guest now and then delivers one late (seen: 10.7 ms, once 140 ms, for one note of 500).
    # That is the guest, not the stamp; 99 notes in 100 must be within the gross limit.
    assert ab.percentile(errors, 99) <= GROSS_MS, f"timestamp error p99 {ab.percentile(errors, 99):.3f} ms ({spread.line('ms')})"
    assert mon.stop() == 0, mon.describe()
    player.close()
