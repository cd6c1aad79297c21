"""2. Hot-plug: the source goes away and comes back; woodshed resubscribes by name within a second."""

import os
import time

import pytest
from alsa_midi import READ_PORT, NoteOnEvent, SequencerClient

import alsabench as ab

pytestmark = [pytest.mark.woodshed, pytest.mark.usefixtures("woodshed_monitor")]

PAD = "woodshed-test-pad"


class Pad:
    """A sequencer client of the test's own that looks like a drum module: one readable port."""

    def __init__(self):
        self.client = SequencerClient(PAD)
        self.port = self.client.create_port("out", READ_PORT)
        self.address = f"{self.client.client_id}:{self.port.port_id}"

    def hit(self, note: int, velocity: int = 100):
        self.client.event_output(NoteOnEvent(note=note, velocity=velocity, channel=9), port=self.port)
        self.client.drain_output()

    def unplug(self):
        self.client.close()


def events_from(mon, address):
    return [e for e in mon.of_type("event") if e.get("source") == address]


def test_source_lost_and_back_is_resubscribed_within_a_second_in_the_same_session(monitors):
    pad = Pad()
    first = pad.address
    mon = monitors("--map", "gm", "--output", "null", input=f"alsa:{PAD}")
    pid = mon.proc.pid
    sub = mon.of_type("source")[0]
    assert sub["name"] == PAD and sub["address"] == first, sub

    for n in (36, 38, 42):
        pad.hit(n)
    mon.wait_for(lambda ls: len(events_from(mon, first)) >= 3, 30, "3 events before the unplug")

    pad.unplug()
    lost = mon.wait_for(lambda ls: [o for o in ls if o.get("event") == "lost"], 10, "a 'lost' line")[0]
    assert lost["name"] == PAD and lost["address"] == first, lost

    # Hold the old client number so the pad comes back under another one, as a replug can.
    blocker = SequencerClient("woodshed-test-blocker")
    ab.wait_for_condition(lambda: "woodshed-test-blocker" in ab.seq_clients().values(), 10, "the blocker client")
    pad = Pad()
    plugged = time.monotonic()
    back = mon.wait_for(lambda ls: [o for o in ls if o.get("event") == "resubscribed"], 10,
                        "a 'resubscribed' line")[0]
    took = time.monotonic() - plugged
    print(f"resubscribed {took * 1000:.0f} ms after the pad came back as {pad.address} (was {first})")
    assert back["name"] == PAD and back["address"] == pad.address, back
    assert pad.address != first
    # The contract is one second; the slack covers the emulated guest's slow pipe and scheduler.
    assert took < 1.5, f"resubscribed only after {took:.2f} s"

    for n in (46, 49, 51):
        pad.hit(n)
    after = mon.wait_for(lambda ls: len(events_from(mon, pad.address)) >= 3 and events_from(mon, pad.address),
                         30, "3 events after the return")
    assert [e["voice"] for e in after] == ["hihat-open", "crash", "ride"]
    assert mon.proc.poll() is None and mon.proc.pid == pid, "the session did not survive"
    assert mon.stop() == 0, mon.describe()
    assert mon.of_type("summary")[0]["events"] == 6
    pad.unplug()
    blocker.close()
