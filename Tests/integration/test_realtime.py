"""4. Real-time: as root the timing thread runs SCHED_FIFO; without permission there is one warning
line and everything still works."""

import os
import resource
import time
from pathlib import Path

import pytest

import alsabench as ab

pytestmark = [pytest.mark.woodshed, pytest.mark.usefixtures("woodshed_monitor")]

NOBODY = 65534
SCHED_FIFO = 1


def thread_policies(pid: int) -> set[int]:
    """The scheduling policy of each of the process's threads (field 41 of /proc/PID/task/*/stat)."""
    out = set()
    for stat in Path(f"/proc/{pid}/task").glob("*/stat"):
        fields = stat.read_text().rsplit(")", 1)[1].split()
        out.add(int(fields[41 - 3]))
    return out


def play_and_count(mon, n=20):
    with ab.VirmidiWriter() as midi:
        for _ in range(n):
            midi.note_on(38, 90)
            time.sleep(0.01)
    return mon.wait_for(lambda ls: len([o for o in ls if o.get("type") == "event"]) >= n, 30,
                        f"{n} events")


def test_as_root_the_timing_thread_is_fifo(monitors):
    mon = monitors("--map", "gm", "--output", "null")
    rt = mon.of_type("realtime")
    assert len(rt) == 1 and rt[0]["policy"] == "fifo", rt
    assert isinstance(rt[0]["priority"], int) and 1 <= rt[0]["priority"] <= 99, rt
    assert SCHED_FIFO in thread_policies(mon.proc.pid), "no thread of the process runs SCHED_FIFO"
    assert not [l for l in mon.stderr_lines if l.startswith("woodshed: warning:")], mon.stderr_lines
    # The real-time threads carry their names (top -H, ps -L, debuggers show them).
    names = {p.read_text().strip() for p in Path(f"/proc/{mon.proc.pid}/task").glob("*/comm")}
    assert {"woodshed-timing", "woodshed-audio"} <= names, names
    play_and_count(mon)


def drop_to_nobody():
    resource.setrlimit(resource.RLIMIT_RTPRIO, (0, 0))
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)  # leaves no capability (CAP_SYS_NICE) behind


def test_without_permission_it_warns_once_and_still_works(monitors):
    # No udev in the guest: let an ordinary user open the sequencer, as the audio group would.
    for dev in Path("/dev/snd").iterdir():
        dev.chmod(0o666)
    Path("/tmp/nobody-home").mkdir(exist_ok=True)
    os.chown("/tmp/nobody-home", NOBODY, NOBODY)
    mon = monitors("--map", "gm", "--output", "null", preexec_fn=drop_to_nobody,
                   env={**os.environ, "HOME": "/tmp/nobody-home"})
    rt = mon.of_type("realtime")
    assert len(rt) == 1 and rt[0]["policy"] == "other" and rt[0].get("warning"), rt
    assert SCHED_FIFO not in thread_policies(mon.proc.pid)
    play_and_count(mon)
    assert mon.stop() == 0, mon.describe()
    assert mon.of_type("summary")[0]["events"] == 20
    # One warning for the whole session (counted once it is over), saying what it means and the fix.
    warnings = [l for l in mon.stderr_lines if l.startswith("woodshed: warning:")]
    assert len(warnings) == 1, mon.stderr_lines
    assert "delay your hits" in warnings[0] and "@audio - rtprio 95" in warnings[0], warnings
