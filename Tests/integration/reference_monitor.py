#!/usr/bin/env python3
"""A stand-in for `woodshed monitor`, written from its contract (docs/alsa-test-bench.md).

It exists only to check the integration tests themselves while the real binary is being written:

    WOODSHED_BIN=Tests/integration/reference_monitor.py scripts/alsa-vm \
        python3 -m pytest -p no:cacheprovider Tests/integration

With `--output alsa:DEVICE` it sounds through a fluidsynth process of its own (so latency-bench
can be checked end to end: expect a ratio a little above 1); `latency_us` is the time from the
kernel stamp to this program passing the note on.
"""

import argparse
import json
import os
import signal
import sys
import time

from pathlib import Path

from alsa_midi import (READ_PORT, SYSTEM_ANNOUNCE, WRITE_PORT, ClientExitEvent, NoteOnEvent, PortExitEvent,
                       PortStartEvent, SequencerClient)

GM = {35: "kick-left", 36: "kick", 37: "cross-stick", 38: "snare", 40: "snare-rim", 42: "hihat",
      44: "hihat-pedal", 46: "hihat-open", 49: "crash", 51: "ride", 53: "ride-bell", 57: "crash-left"}


def emit(obj):
    print(json.dumps(obj), flush=True)


def main():
    ap = argparse.ArgumentParser(prog="woodshed")
    sub = ap.add_subparsers(dest="command", required=True)
    mon = sub.add_parser("monitor")
    mon.add_argument("--input", required=True)
    mon.add_argument("--map", default="gm")
    mon.add_argument("--json", action="store_true")
    for opt in ("--output", "--period", "--periods", "--rate", "--soundfont"):
        mon.add_argument(opt)
    mon.add_argument("--duration", type=float)
    args = ap.parse_args()

    stop = []
    signal.signal(signal.SIGINT, lambda *_: stop.append(1))
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))

    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(70))
        emit({"type": "realtime", "policy": "fifo", "priority": 70})
    except PermissionError:
        warning = "cannot use real-time scheduling (SCHED_FIFO): add yourself to the audio group"
        print(f"woodshed: warning: {warning}", file=sys.stderr, flush=True)
        emit({"type": "realtime", "policy": "other", "warning": warning})

    client = SequencerClient("woodshed")
    queue = client.create_queue("woodshed")
    port = client.create_port("in", WRITE_PORT, timestamping=True, timestamp_real=True,
                              timestamp_queue=queue)
    queue.start()
    client.drain_output()
    port.connect_from(SYSTEM_ANNOUNCE)
    synth = None
    if args.output and args.output.startswith("alsa"):
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import alsabench
        out = client.create_port("out", READ_PORT)
        device = args.output.partition(":")[2] or "default"
        synth = alsabench.BareFluidSynth(
            source=f"{client.client_id}:{out.port_id}", device=device, sf2=args.soundfont,
            rate=int(args.rate or 48000), period=int(args.period or 256), periods=int(args.periods or 2))

    spec = args.input.removeprefix("alsa:")
    name = None
    if spec.replace(":", "").isdigit():
        source = tuple(int(x) for x in spec.split(":"))
    else:
        name = spec
        source = find(client, name)
        if source is None:
            print(f"woodshed: no MIDI source named {name}", file=sys.stderr)
            return 1
    port.connect_from(source)
    label = name or client.get_client_info(source[0]).name
    emit({"type": "source", "event": "subscribed", "name": label, "address": f"{source[0]}:{source[1]}"})

    events, latencies, connected = 0, [], True
    started = time.monotonic()
    while not stop and (args.duration is None or time.monotonic() - started < args.duration):
        ev = client.event_input(timeout=0.1)
        if ev is None:
            continue
        if isinstance(ev, NoteOnEvent) and ev.velocity > 0:
            stamp = ev.time.seconds * 1_000_000_000 + ev.time.nanoseconds
            now = client.get_queue_status(queue.queue_id).real_time
            if synth:
                client.event_output(NoteOnEvent(note=ev.note, velocity=ev.velocity, channel=ev.channel),
                                    port=out)
                client.drain_output()
            latencies.append((now.seconds * 1e9 + now.nanoseconds - stamp) / 1000)
            events += 1
            emit({"type": "event", "t_ms": stamp / 1e6, "stamp_ns": stamp,
                  "source": f"{ev.source.client_id}:{ev.source.port_id}", "channel": ev.channel + 1,
                  "note": ev.note, "velocity": ev.velocity, "voice": GM.get(ev.note)})
        elif isinstance(ev, (ClientExitEvent, PortExitEvent)) and connected and ev.addr.client_id == source[0]:
            connected = False
            emit({"type": "source", "event": "lost", "name": label, "address": f"{source[0]}:{source[1]}"})
        elif isinstance(ev, PortStartEvent) and not connected and name:
            found = find(client, name)
            if found:
                source, connected = found, True
                port.connect_from(source)
                emit({"type": "source", "event": "resubscribed", "name": label,
                      "address": f"{source[0]}:{source[1]}"})
    if synth:
        synth.stop()
    latencies.sort()
    pick = lambda p: round(latencies[min(len(latencies) - 1, int(p * len(latencies)))], 1) if latencies else 0
    emit({"type": "summary", "events": events, "overruns": 0, "lost": 0, "xruns": 0,
          "latency_us": {"p50": pick(0.5), "p99": pick(0.99), "max": pick(1.0)}})
    return 0


def find(client, name):
    for info in client.list_ports(input=True):
        if info.client_name == name:
            return (info.client_id, info.port_id)
    return None


if __name__ == "__main__":
    sys.exit(main())
