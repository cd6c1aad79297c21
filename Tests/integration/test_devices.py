"""`woodshed devices` on a machine with ALSA: the MIDI sources and audio outputs it offers."""

import json
import subprocess

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]


def test_devices_lists_the_virtual_midi_ports_and_the_loopback_card():
    done = subprocess.run([str(ab.woodshed_binary()), "devices", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    sources = {s["address"]: s for s in found["midi_sources"]}
    assert sources[ab.VIRMIDI_ADDRESS]["client"] == "Virtual Raw MIDI 0-0", found
    assert sources[ab.VIRMIDI_ADDRESS]["hardware"] is True
    assert any("Loopback" in o["name"] or "Loopback" in o["description"] for o in found["audio_outputs"]), found
    text = subprocess.run([str(ab.woodshed_binary()), "devices"], capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "Virtual Raw MIDI 0-0" in text.stdout, text.stdout
