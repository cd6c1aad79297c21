#!/usr/bin/env python3
"""Writes the small MIDI test fixtures with mido, an independent MIDI implementation, and next to
each one the oracle mido computes: every note-on with its time in milliseconds through the tempo
map. The Swift tests read both and compare. Run from the repository root:

    pip install mido && python3 scripts/make-midi-fixtures.py
"""
import json
import os

import mido

OUT = os.path.join("Tests", "WoodshedCoreTests", "MIDIFile", "Fixtures")


def save(mid, name):
    path = os.path.join(OUT, name)
    mid.save(path)
    # The oracle: mido's own playback times (tempo map honoured), note-ons with velocity > 0.
    back = mido.MidiFile(path)
    notes, now = [], 0.0
    for msg in back:  # merged tracks, msg.time in seconds since the previous message
        now += msg.time
        if msg.type == "note_on" and msg.velocity > 0:
            notes.append({"time_ms": round(now * 1000, 6), "channel": msg.channel,
                          "note": msg.note, "velocity": msg.velocity})
    with open(path.replace(".mid", ".expected.json"), "w") as f:
        json.dump({"format": back.type, "ticks_per_beat": back.ticks_per_beat, "note_ons": notes}, f, indent=1)


def gm_format0():
    """Format 0, 480 ticks/quarter, tempo 120 → 90 at measure 2 → 150 mid-measure; running status
    (consecutive channel-10 note-ons), a sysex, a text event, a piano note and a clap."""
    mid = mido.MidiFile(type=0, ticks_per_beat=480)
    t = mido.MidiTrack()
    mid.tracks.append(t)
    t.append(mido.MetaMessage("track_name", name="Format Zero Groove", time=0))
    t.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(120), time=0))
    t.append(mido.MetaMessage("time_signature", numerator=4, denominator=4, time=0))
    t.append(mido.Message("sysex", data=[0x7E, 0x7F, 0x09, 0x01], time=0))
    t.append(mido.MetaMessage("text", text="a text event", time=0))
    events = []  # (absolute tick, message)
    for beat in range(8):
        tick = beat * 480
        events.append((tick, mido.Message("note_on", channel=9, note=42, velocity=90)))
        events.append((tick, mido.Message("note_on", channel=9, note=36 if beat % 2 == 0 else 38,
                                          velocity=120 if beat % 2 else 100)))
        events.append((tick + 240, mido.Message("note_on", channel=9, note=42, velocity=30)))
        events.append((tick + 60, mido.Message("note_on", channel=9, note=42, velocity=0)))
    events.append((480, mido.Message("note_on", channel=0, note=60, velocity=80)))
    events.append((960, mido.Message("note_on", channel=0, note=60, velocity=0)))
    events.append((1440, mido.Message("note_on", channel=9, note=39, velocity=100)))
    events.append((1920, mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(90))))
    events.append((2400, mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(150))))
    events.sort(key=lambda e: e[0])
    last = 0
    for tick, msg in events:
        t.append(msg.copy(time=tick - last))
        last = tick
    t.append(mido.MetaMessage("end_of_track", time=3840 - last))
    save(mid, "gm-format0.mid")


def gm_format1():
    """Format 1, 96 ticks/quarter: conductor track with 3/4 then 6/8 from measure 3, tempo 100,
    a marker; a drum track with triplets."""
    mid = mido.MidiFile(type=1, ticks_per_beat=96)
    conductor = mido.MidiTrack()
    conductor.append(mido.MetaMessage("track_name", name="Waltz And Jig", time=0))
    conductor.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(100), time=0))
    conductor.append(mido.MetaMessage("time_signature", numerator=3, denominator=4, time=0))
    conductor.append(mido.MetaMessage("marker", text="Waltz", time=0))
    conductor.append(mido.MetaMessage("time_signature", numerator=6, denominator=8, time=2 * 288))
    conductor.append(mido.MetaMessage("marker", text="Jig", time=0))
    mid.tracks.append(conductor)
    drums = mido.MidiTrack()
    drums.append(mido.MetaMessage("track_name", name="Drums", time=0))
    events = []
    for m in range(2):  # 3/4: kick on 1, snare triplets on beat 2, ride on 3
        base = m * 288
        events.append((base, 36, 100))
        for k in range(3):
            events.append((base + 96 + k * 32, 38, 80))
        events.append((base + 192, 51, 100))
    for m in range(2):  # 6/8: kick 1 and 4, snare 4, hi-hat eighths
        base = 576 + m * 288
        for e in range(6):
            events.append((base + e * 48, 42, 90))
        events.append((base, 36, 100))
        events.append((base + 144, 38, 110))
    msgs = []
    for tick, note, vel in events:
        msgs.append((tick, 1, note, mido.Message("note_on", channel=9, note=note, velocity=vel)))
        msgs.append((tick + 10, 0, note, mido.Message("note_off", channel=9, note=note, velocity=0)))
    msgs.sort(key=lambda m: m[:3])
    last = 0
    for tick, _, _, msg in msgs:
        drums.append(msg.copy(time=tick - last))
        last = tick
    drums.append(mido.MetaMessage("end_of_track", time=1152 - last))
    mid.tracks.append(drums)
    save(mid, "gm-format1.mid")


def rock_band():
    """A Rock Band / Clone Hero chart: PART DRUMS with expert gems, tom markers 110 and 112,
    dynamics enabled, lower-difficulty notes; an EVENTS track with sections."""
    mid = mido.MidiFile(type=1, ticks_per_beat=480)
    conductor = mido.MidiTrack()
    conductor.append(mido.MetaMessage("track_name", name="Tom Marker Test", time=0))
    conductor.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(120), time=0))
    conductor.append(mido.MetaMessage("time_signature", numerator=4, denominator=4, time=0))
    mid.tracks.append(conductor)
    drums = mido.MidiTrack()
    drums.append(mido.MetaMessage("track_name", name="PART DRUMS", time=0))
    drums.append(mido.MetaMessage("text", text="[ENABLE_CHART_DYNAMICS]", time=0))
    ev = []  # (tick, note, velocity, length)
    for beat in range(4):  # measure 1: yellow cymbal eighths (hi-hat), kick 1/3, snare 2/4
        ev.append((beat * 480, 98, 1 if beat == 3 else 100, 60))
        ev.append((beat * 480 + 240, 98, 100, 60))
        ev.append((beat * 480, 96 if beat % 2 == 0 else 97, 127 if beat == 1 else 100, 60))
        ev.append((beat * 480, 60 if beat % 2 == 0 else 61, 100, 60))  # easy notes: ignored
    base = 1920  # measure 2: yellow under tom marker 110 (high tom), green with and without 112
    ev.append((base, 110, 100, 480))
    ev.append((base, 98, 100, 60))
    ev.append((base + 240, 98, 100, 60))
    ev.append((base + 480, 98, 100, 60))  # marker released at base+480: a cymbal again
    ev.append((base + 960, 112, 100, 240))
    ev.append((base + 960, 100, 100, 60))  # floor tom
    ev.append((base + 1440, 100, 100, 60))  # crash
    ev.append((base + 1440, 95, 100, 60))  # expert+ double kick
    ev.append((base + 1440, 99, 100, 60))  # blue cymbal: ride
    msgs = []
    for tick, note, vel, length in ev:
        msgs.append((tick, 1, mido.Message("note_on", channel=0, note=note, velocity=vel)))
        msgs.append((tick + length, 0, mido.Message("note_off", channel=0, note=note, velocity=0)))
    msgs.sort(key=lambda m: (m[0], m[1]))
    last = 0
    for tick, _, msg in msgs:
        drums.append(msg.copy(time=tick - last))
        last = tick
    drums.append(mido.MetaMessage("end_of_track", time=3840 - last))
    mid.tracks.append(drums)
    events = mido.MidiTrack()
    events.append(mido.MetaMessage("track_name", name="EVENTS", time=0))
    events.append(mido.MetaMessage("text", text="[section Intro]", time=0))
    events.append(mido.MetaMessage("text", text="[prc_tom_groove]", time=1920))
    events.append(mido.MetaMessage("text", text="[end]", time=1920))
    mid.tracks.append(events)
    save(mid, "rb-drums.mid")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    gm_format0()
    gm_format1()
    rock_band()
    print("wrote fixtures to", OUT)
