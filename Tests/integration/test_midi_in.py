"""1. MIDI in: bytes written to a VirMIDI port reach `woodshed monitor`, mapped, stamped, exact."""

import time
import warnings

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed, pytest.mark.usefixtures("woodshed_monitor")]

BURST = 1000


def test_a_burst_of_1000_notes_arrives_complete_in_order_mapped_and_stamped(monitors, tmp_path):
    mon = monitors("--map", "gm", "--output", "null")
    notes = list(ab.GM_DRUM_VOICES)
    sent = [(notes[k % len(notes)], 1 + (k * 37) % 127) for k in range(BURST)]
    with ab.SequencerWitness(tmp=tmp_path) as witness, ab.VirmidiWriter() as midi:
        t0 = time.monotonic_ns()
        for k, (note, velocity) in enumerate(sent):
            # 2 ms apart: a fast drummer's pace, well inside what the emulated guest keeps up with.
            ab.wait_until(t0 + k * 2_000_000)
            midi.note_on(note, velocity)
        mon.wait_for(lambda ls: len([o for o in ls if o.get("type") == "event"]) >= BURST, 180, f"{BURST} event lines")
        delivered = witness.note_ons(BURST)
    assert mon.stop() == 0, mon.describe()  # counted after the end: nothing extra can still arrive
    events = mon.of_type("event")
    assert len(events) == BURST, f"{len(events)} events for {BURST} notes sent"
    # Woodshed must pass on exactly what the kernel delivered (read by aseqdump beside it) ...
    assert [(e["channel"], e["note"], e["velocity"]) for e in events] == delivered, "notes out of order or altered"
    # ... and the kernel must have delivered what was sent. Once in CI one note-on of a burst came out
    # of monitor altered (note 0, velocity = the note sent); the witness tells whether the emulated
    # guest's kernel did that (both readers see it: reported, not blamed on Woodshed) or Woodshed did.
    altered = [k for k, (d, s) in enumerate(zip(delivered, sent)) if d[1:] != s]
    assert len(altered) <= BURST // 100, f"the guest's kernel altered {len(altered)} of {BURST} notes: {altered[:10]}"
    if altered:
        warnings.warn(f"the guest's kernel altered note-ons {altered} (both aseqdump and Woodshed saw it)")
    events = [e for k, e in enumerate(events) if k not in altered]
    for e in events:
        assert e["voice"] == ab.GM_DRUM_VOICES[e["note"]], e
        assert e["channel"] == 10 and e["source"] == ab.VIRMIDI_ADDRESS, e
        assert isinstance(e["stamp_ns"], int) and e["stamp_ns"] >= 0, e
        assert abs(e["t_ms"] - e["stamp_ns"] / 1e6) < 0.001, e
    stamps = [e["stamp_ns"] for e in events]
    # The kernel interpolates queue time between timer ticks, then advances it by the nominal tick
    # when a tick fires: a late tick makes the next stamp step back by its lateness. The emulated
    # guest's ticks are late by up to ~2 ms (seen: 0.12 and 1.68 ms), so only a gross step fails.
    back = max((a - b for a, b in zip(stamps, stamps[1:])), default=0)
    assert back < 5_000_000, f"kernel timestamps go backwards by {back / 1e6:.3f} ms"
    span_ms = (stamps[-1] - stamps[0]) / 1e6
    assert span_ms >= (BURST - 1) * 2 * 0.9, f"stamps span {span_ms:.1f} ms for a {2 * (BURST - 1)} ms burst"

    summary = mon.of_type("summary")
    assert len(summary) == 1, mon.describe()
    assert summary[0]["events"] == BURST and summary[0]["overruns"] == 0 and summary[0]["lost"] == 0, summary
