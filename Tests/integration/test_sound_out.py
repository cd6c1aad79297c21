"""3. Sound out: a note played in reaches the Loopback card through ALSA PCM."""

import time

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed, pytest.mark.usefixtures("woodshed_monitor")]


def test_notes_played_in_are_heard_on_the_loopback_capture(monitors):
    mon = monitors("--map", "gm", "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--rate", "48000",
                   "--soundfont", str(ab.soundfont()))
    ab.wait_for_playback()
    cap = ab.Capture(rate=48000).start()
    sent = []
    with ab.VirmidiWriter() as midi:
        t0 = time.monotonic_ns() + 300_000_000
        # The kick goes last: its long tail would mask a soft hi-hat in the window after it.
        for k, note in enumerate((42, 38, 42, 36)):
            ab.wait_until(t0 + k * 500_000_000)
            sent.append(midi.note_on(note, 120))
    cap.wait_until_holds(sent[-1] + 400_000_000)
    rec = cap.stop()
    assert rec.overruns == 0, "the capture overran; its sample clock is unusable"
    onsets = ab.find_onsets(rec, sent, max_latency_ms=400)
    print("onset after note-on (ms):", ["-" if x is None else f"{x:.1f}" for x in onsets])
    assert all(x is not None and 0 < x < 400 for x in onsets), f"no sound found for some notes: {onsets}"
    assert mon.stop() == 0, mon.describe()
    assert len(mon.of_type("event")) == len(sent)
    summary = mon.of_type("summary")[0]
    assert summary["events"] == len(sent) and summary["lost"] == 0 and summary["overruns"] == 0, summary
    # Each note reached the synthesizer, and well within the buffer's own length of its stamp.
    assert 0 < summary["latency_us"]["p50"] < 100_000, summary
