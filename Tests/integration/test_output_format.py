"""A sound card that settles on another rate and sample format than asked: Woodshed adapts (the
click keeps its tempo) instead of playing at the wrong speed or writing past its buffers."""

import statistics
import time

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]


def click_onsets(samples, rate, gap_s=0.25, level=2000):
    """Sample indices where a click starts: the first loud sample after at least gap_s of quiet."""
    onsets, quiet_until = [], -1
    for i, x in enumerate(samples):
        if abs(x) >= level:
            if i > quiet_until:
                onsets.append(i)
            quiet_until = i + int(gap_s * rate)
    return onsets


def test_a_device_held_at_44100_hz_16_bit_plays_the_click_at_its_tempo():
    # The capture side opened first at 44.1 kHz, 16-bit: snd-aloop holds the playback side to that.
    cap = ab.Capture(device="hw:Loopback,1,0", rate=44100)
    metro = ab.JsonLinesProcess([ab.woodshed_binary(), "metronome", "--bpm", "120", "--bars", "3",
                                 "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}", "--rate", "48000", "--period", "512", "--periods", "4"])
    try:
        ab.wait_for_playback()
        cap.start()
        assert metro.proc.wait(60) == 0, metro.describe()
        rec = cap.stop()
    finally:
        metro.stop()
    assert rec.overruns == 0
    onsets = click_onsets(rec.samples, 44100)
    intervals = [b - a for a, b in zip(onsets, onsets[1:])]
    print(f"{len(onsets)} clicks, intervals (samples at 44.1 kHz): {intervals}")
    assert len(intervals) >= 6, onsets
    # 120 BPM is 22050 samples at 44.1 kHz; rendered for 48 kHz it would be 24000 (8.8 % slow).
    assert abs(statistics.median(intervals) - 22050) < 150, intervals
