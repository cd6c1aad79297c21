"""Calibration against real ALSA: the loopback round trip through snd-aloop, and a tap-along
stopped half-way (Ctrl-C) that stores nothing."""

import json
import os
import subprocess
import tempfile
import time

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed]


@pytest.fixture
def calibrate():
    missing = ab.missing_feature(["calibrate"])
    if missing:
        pytest.fail(missing, pytrace=False)


@pytest.fixture
def sandbox():
    """A data and config folder of the test's own: the store starts empty."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, WOODSHED_DATA_DIR=d, XDG_CONFIG_HOME=d, NO_COLOR="1")
        yield env


def shown(env) -> list[dict]:
    done = subprocess.run([str(ab.woodshed_binary()), "calibrate", "--show", "--json"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def test_loopback_measures_the_round_trip_through_the_loopback_card(calibrate, sandbox):
    done = subprocess.run(
        [str(ab.woodshed_binary()), "calibrate", "--loopback", "--output", f"alsa:{ab.LOOPBACK_PLAYBACK}",
         "--capture", ab.LOOPBACK_CAPTURE, "--taps", "12", "--rate", "48000", "--period", "256", "--periods", "3",
         "--json"],
        env=sandbox, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"stdout: {done.stdout}\nstderr: {done.stderr}"
    result = json.loads(done.stdout.splitlines()[-1])
    print("loopback:", result)
    assert result["type"] == "loopback"
    assert result["found"] >= 10, result
    # The figure itself depends on the emulated guest; it must be a plausible delay, and the clicks
    # must agree with each other (the card moves data on 4 ms jiffies, the guest adds jitter).
    assert -1 < result["round_trip_ms"] < 200, result
    assert result["spread_ms"] < 20, result
    stored = [c for c in shown(sandbox) if c["input"] == "loopback"]
    assert stored and stored[0]["output"] == f"alsa:{ab.LOOPBACK_PLAYBACK}"
    assert abs(stored[0]["offset_ms"] - result["round_trip_ms"]) < 0.001


def test_ctrl_c_half_way_stores_nothing(calibrate, sandbox):
    proc = ab.JsonLinesProcess([ab.woodshed_binary(), "calibrate", "--input", f"alsa:{ab.VIRMIDI_ADDRESS}",
                                "--output", "null", "--taps", "16", "--json"], env=sandbox)
    proc.wait_for(lambda ls: any(o.get("type") == "start" for o in ls), 120, "the calibration to start")
    with ab.VirmidiWriter() as midi:
        # Tap until three count: any taps during the count-in are shown as such and not counted.
        deadline = time.monotonic() + 60
        while sum(o.get("type") == "tap" and not o.get("count_in") for o in proc.of_type("tap")) < 3:
            assert time.monotonic() < deadline, proc.describe()
            midi.note_on(38, 100)
            ab.wait_until(time.monotonic_ns() + 500_000_000)
    status = proc.stop()
    assert status != 0, proc.describe()
    assert any("nothing stored" in line for line in proc.stderr_lines), proc.describe()
    assert any(line.startswith("woodshed: stopped after") for line in proc.stderr_lines), proc.describe()
    assert shown(sandbox) == []


def test_no_such_input_is_one_clear_line(calibrate, sandbox):
    done = subprocess.run([str(ab.woodshed_binary()), "calibrate", "--input", "alsa:No Such Pad", "--output", "null"],
                          env=sandbox, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("woodshed: "), done.stderr
    assert shown(sandbox) == []
