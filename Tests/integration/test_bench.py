"""The bench itself: what the guest provides, proven with alsa-utils and FluidSynth alone.

If these fail, the woodshed tests cannot mean anything; fix scripts/alsa-vm first.
"""

import os
import subprocess
import time
from pathlib import Path

from alsa_midi import READ_PORT, WRITE_PORT, NoteOnEvent, SequencerClient

import alsabench as ab


def test_sequencer_and_virtual_midi_ports_exist():
    assert Path("/dev/snd/seq").exists()
    clients = ab.seq_clients()
    for i in range(4):
        assert clients.get(16 + i) == f"Virtual Raw MIDI 0-{i}", clients
        assert Path(f"/dev/snd/midiC0D{i}").exists()


def test_loopback_card_exists():
    cards = Path("/proc/asound/cards").read_text()
    assert "Loopback" in cards, cards


def test_virmidi_bytes_arrive_in_order_from_client_16():
    client = SequencerClient("bench-listener")
    port = client.create_port("in", WRITE_PORT)
    port.connect_from(ab.VIRMIDI_ADDRESS)
    notes = [36 + (i % 24) for i in range(200)]
    with ab.VirmidiWriter() as midi:
        for n in notes:
            midi.note_on(n, 90)
    got = []
    deadline = time.monotonic() + 60
    while len(got) < len(notes) and time.monotonic() < deadline:
        ev = client.event_input(timeout=1)
        if isinstance(ev, NoteOnEvent):
            assert (ev.source.client_id, ev.source.port_id) == (16, 0)
            got.append(ev.note)
    client.close()
    assert got == notes


def test_loopback_carries_fluidsynth_sound_with_measurable_onsets():
    synth = ab.BareFluidSynth()
    try:
        ab.wait_for_playback()
        cap = ab.Capture().start()
        sent = []
        with ab.VirmidiWriter() as midi:
            t0 = time.monotonic_ns() + 300_000_000
            for k in range(6):
                ab.wait_until(t0 + k * 400_000_000)
                sent.append(midi.note_on(42, 120))
        cap.wait_until_holds(sent[-1] + 350_000_000)
        rec = cap.stop()
    finally:
        synth.stop()
    assert rec.overruns == 0
    lat = ab.find_onsets(rec, sent, max_latency_ms=350)
    print("bare fluidsynth onsets (ms):", lat)
    assert all(x is not None and 0 < x < 350 for x in lat), lat
