"""Helpers shared by the integration tests and scripts/latency-bench.

Everything here runs inside the ALSA guest of scripts/alsa-vm: a real sequencer, virtual MIDI
ports (bytes written to /dev/snd/midiC0D0 arrive as events from sequencer client 16:0) and a
loopback card (what is played to hw:Loopback,0,N can be captured from hw:Loopback,1,N).

Times are CLOCK_MONOTONIC nanoseconds (time.monotonic_ns()) unless a name says otherwise; the
capture maps sample indices onto that clock through ALSA's trigger timestamp.
"""

from __future__ import annotations

import array
import ctypes
import json
import os
import re
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]

#: The General MIDI percussion notes every drum map must agree on (channel 10).
GM_DRUM_VOICES = {36: "kick", 38: "snare", 42: "hihat", 46: "hihat-open", 49: "crash", 51: "ride"}

#: The virtual MIDI port whose bytes the sequencer delivers as events from this address.
VIRMIDI_DEVICE = "/dev/snd/midiC0D0"
VIRMIDI_ADDRESS = "16:0"
LOOPBACK_PLAYBACK = "hw:Loopback,0,0"
LOOPBACK_CAPTURE = "plughw:Loopback,1,0"


# --- What is under test ---------------------------------------------------------------------------

def woodshed_binary() -> Path:
    """The woodshed executable: $WOODSHED_BIN, else the release build of this checkout (what users
    run; `scripts/setup` builds it)."""
    return Path(os.environ.get("WOODSHED_BIN") or CHECKOUT / ".build" / "release" / "woodshed")


def rt_check_binary() -> Path:
    """woodshed-rt-check (the real-time guard): $WOODSHED_RT_CHECK, else this checkout's release build."""
    path = Path(os.environ.get("WOODSHED_RT_CHECK") or CHECKOUT / ".build" / "release" / "woodshed-rt-check")
    if not path.exists():
        raise AssertionError(f"{path} does not exist (build it: swift build -c release --product woodshed-rt-check)")
    return path


def soundfont() -> Path:
    """$WOODSHED_SOUNDFONT, else the project's bundled kit, else Debian's TimGM6mb."""
    if os.environ.get("WOODSHED_SOUNDFONT"):
        return Path(os.environ["WOODSHED_SOUNDFONT"])
    bundled = CHECKOUT / "soundfonts" / "woodshed-kit.sf2"
    return bundled if bundled.exists() else Path("/usr/share/sounds/sf2/TimGM6mb.sf2")


def missing_feature(args: list[str]) -> str | None:
    """Why `woodshed ARGS --help` cannot run yet, or None when the subcommand exists."""
    exe = woodshed_binary()
    if not exe.exists():
        return f"{exe} does not exist (build it: swift build -c release --product woodshed)"
    done = subprocess.run([str(exe), *args, "--help"], capture_output=True, text=True, timeout=120)
    # ArgumentParser answers --help even after an unknown word, so look for the command's own usage.
    command = "woodshed " + " ".join(args)
    if done.returncode != 0 or f"usage: {command}" not in done.stdout.lower():
        return f"`{command}` is not implemented yet (its --help shows no `USAGE: {command}`)"
    return None


# --- Processes that print one JSON object per line -------------------------------------------------

_open: list = []  # processes and captures not yet stopped


def close_everything():
    """Stop every process and capture a test left running (a failed assertion skips its own cleanup),
    so that the next test finds the devices free."""
    while _open:
        _open[-1].stop()


class JsonLinesProcess:
    """A child process whose stdout carries JSON lines, read on a thread as they come.

    `lines` keeps every parsed object in order; non-JSON stdout lines are kept in `noise` so a
    test can show them. stderr is collected whole.
    """

    def __init__(self, args: list[str], *, env: dict | None = None, preexec_fn=None, stdin=subprocess.DEVNULL):
        self.args = [str(a) for a in args]
        _open.append(self)
        self.proc = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=stdin, text=True, bufsize=1, env=env,
                                     preexec_fn=preexec_fn)
        self.lines: list[dict] = []
        self.noise: list[str] = []
        self.stderr_lines: list[str] = []
        self._changed = threading.Condition()
        self._threads = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for t in self._threads:
            t.start()

    def _read_stdout(self):
        for raw in self.proc.stdout:
            raw = raw.strip()
            if not raw:
                continue
            with self._changed:
                try:
                    obj = json.loads(raw)
                    (self.lines if isinstance(obj, dict) else self.noise).append(obj)
                except ValueError:
                    self.noise.append(raw)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def _read_stderr(self):
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.rstrip("\n"))

    def of_type(self, kind: str) -> list[dict]:
        with self._changed:
            return [o for o in self.lines if o.get("type") == kind]

    def wait_for(self, predicate, timeout: float, what: str):
        """Wait until predicate(lines) is truthy; return its value, or fail naming `what`."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                value = predicate(self.lines)
                if value:
                    return value
                left = deadline - time.monotonic()
                if self.proc.poll() is not None and not self._threads[0].is_alive():
                    raise AssertionError(f"the process exited (status {self.proc.returncode}) "
                                         f"while waiting for {what}\n" + self.describe())
                if left <= 0:
                    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}\n"
                                         + self.describe())
                self._changed.wait(min(left, 0.5))

    def stop(self, timeout: float = 60) -> int:
        """SIGINT, then wait for exit (SIGKILL after `timeout`); returns the exit status."""
        if self in _open:
            _open.remove(self)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for t in self._threads:
            t.join(10)
        return self.proc.returncode

    def describe(self) -> str:
        tail = lambda xs: "\n    ".join(str(x) for x in xs[-8:]) or "(none)"
        return (f"  command: {' '.join(self.args)}\n  exit: {self.proc.poll()}\n"
                f"  last JSON lines:\n    {tail(self.lines)}\n"
                f"  other stdout:\n    {tail(self.noise)}\n  stderr:\n    {tail(self.stderr_lines)}")


def start_monitor(*extra: str, input: str = f"alsa:{VIRMIDI_ADDRESS}", env: dict | None = None,
                  preexec_fn=None, ready_timeout: float = 120) -> JsonLinesProcess:
    """Start `woodshed monitor --json` and wait until it reports that its source is subscribed."""
    mon = JsonLinesProcess([woodshed_binary(), "monitor", "--input", input, "--json", *extra],
                           env=env, preexec_fn=preexec_fn)
    mon.wait_for(lambda ls: any(o.get("type") == "source" and o.get("event") == "subscribed"
                                for o in ls), ready_timeout, "the source to be subscribed")
    return mon


# --- Putting MIDI in -------------------------------------------------------------------------------

class VirmidiWriter:
    """Raw MIDI bytes into a VirMIDI device; the sequencer delivers them from its client."""

    def __init__(self, device: str = VIRMIDI_DEVICE):
        self.fd = os.open(device, os.O_WRONLY)

    def note_on(self, note: int, velocity: int = 100, channel: int = 10) -> int:
        """Send a note-on (channel 1...16) and return the monotonic time just before the write."""
        msg = bytes([0x90 | (channel - 1), note & 0x7F, velocity & 0x7F])
        t = time.monotonic_ns()
        os.write(self.fd, msg)
        return t

    def note_off(self, note: int, channel: int = 10):
        os.write(self.fd, bytes([0x80 | (channel - 1), note & 0x7F, 0]))

    def close(self):
        os.close(self.fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SequencerWitness:
    """`aseqdump` (alsa-utils) subscribed to a port: the note-ons the kernel delivered, as an
    independent program read them. A test compares Woodshed with this, not only with what it
    sent, so an event the emulated guest's kernel alters on the way is not blamed on Woodshed."""

    NOTE_ON = re.compile(r"Note on\s+(\d+), note (\d+), velocity (\d+)")

    def __init__(self, port: str = VIRMIDI_ADDRESS, tmp: Path | None = None):
        folder = tmp or Path(os.environ.get("TMPDIR", "/tmp"))
        self.out = folder / f"aseqdump-{os.getpid()}-{id(self)}.txt"
        self._file = open(self.out, "w")
        # Line-buffered, into a file: a pipe left unread would stall it and overflow its queue.
        self.proc = subprocess.Popen(["stdbuf", "-oL", "aseqdump", "-p", port], stdout=self._file,
                                     stderr=subprocess.STDOUT)
        wait_for_condition(lambda: "Waiting for data" in self.out.read_text() or self.proc.poll() is not None,
                           30, "aseqdump subscribed")
        if self.proc.poll() is not None:
            raise AssertionError(f"aseqdump -p {port} ended: {self.out.read_text()}")

    def note_ons(self, count: int, timeout: float = 180) -> list[tuple[int, int, int]]:
        """Wait for `count` note-ons, stop, and return every one as (channel 1...16, note, velocity)."""
        wait_for_condition(lambda: len(self.NOTE_ON.findall(self.out.read_text())) >= count, timeout,
                           f"{count} note-ons in aseqdump")
        self.close()
        return [(int(c) + 1, int(n), int(v)) for c, n, v in self.NOTE_ON.findall(self.out.read_text())]

    def close(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(10)
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def wait_until(deadline_ns: int):
    """Sleep until a monotonic deadline (a short spin at the end keeps it within ~0.1 ms)."""
    while True:
        left = deadline_ns - time.monotonic_ns()
        if left <= 0:
            return
        time.sleep(left / 1e9 - 0.0005 if left > 1_000_000 else 0)


def wait_for_condition(predicate, timeout: float, what: str, poll: float = 0.02):
    """Poll `predicate` until it is truthy; return its value, or fail naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")
        time.sleep(poll)


def playback_running(card: str = "Loopback", device: int = 0, subdevice: int = 0) -> bool:
    """Whether the card's playback substream is RUNNING (its /proc status)."""
    status = Path(f"/proc/asound/{card}/pcm{device}p/sub{subdevice}/status")
    try:
        return "state: RUNNING" in status.read_text()
    except OSError:
        return False


def wait_for_playback(timeout: float = 60, **where):
    """Wait until a player's stream on the loopback card is running: what it plays is captured from then on."""
    wait_for_condition(lambda: playback_running(**where), timeout, "the loopback playback to run")


#: Where the VM bench leaves the guest kernel's modules (scripts/alsa-vm copies them there).
GUEST_MODULES = Path("/tmp/.alsa-vm-modules")


def virmidi_loaded() -> bool:
    return any(name.startswith("Virtual Raw MIDI") for name in seq_clients().values())


def unload_virmidi():
    """Unplug every virtual MIDI port (the snd-virmidi card goes away)."""
    subprocess.run(["rmmod", "snd_virmidi"], check=True, capture_output=True)
    wait_for_condition(lambda: not virmidi_loaded(), 10, "the virtual MIDI clients to go")


def load_virmidi():
    """Plug them back in: clients 16..19 and /dev/snd/midiC0D0..3 again."""
    if virmidi_loaded():
        return
    module = GUEST_MODULES / "snd-virmidi.ko"
    subprocess.run(["insmod", str(module)], check=True, capture_output=True)
    wait_for_condition(lambda: virmidi_loaded() and Path(VIRMIDI_DEVICE).exists(), 10, "the virtual MIDI clients")


class HighResolutionLoopback:
    """The loopback card clocked by a high-resolution timer instead of the kernel's 4 ms jiffies.

    snd-aloop moves data on jiffies by default (HZ=250 in Debian's kernel): a buffer of 3 × 64
    frames (4 ms) is emptied in one jump at every tick, so every player underruns all the time and
    the bench would measure the card, not the player. Loaded with `timer_source=Dummy`, it moves
    one period at each period of the snd-dummy card instead, which runs on an hrtimer; a stream
    kept playing to the dummy card (`aplay` from /dev/zero) with the same period sets the pace.
    The loopback's period must then equal that clock's; the capture is opened with the same period.
    Only the latency bench uses this (its own guest): `restore()` puts the jiffies card back.
    """

    def __init__(self):
        subprocess.run(["rmmod", "snd_aloop"], check=True, capture_output=True)
        for module in ("snd-dummy.ko", "snd-aloop.ko"):
            args = ["insmod", str(GUEST_MODULES / module)] + (["timer_source=Dummy"] if module == "snd-aloop.ko" else [])
            subprocess.run(args, check=True, capture_output=True)
        wait_for_condition(lambda: Path("/proc/asound/Loopback").exists() and Path("/proc/asound/Dummy").exists(),
                           10, "the loopback and dummy cards")
        self.clock = None

    def run_clock(self, rate: int, period: int):
        """Keep the dummy card playing silence with `period`-frame periods (one loopback period each)."""
        self.stop_clock()
        self.clock = subprocess.Popen(["aplay", "-q", "-D", "hw:Dummy,0,0", "-t", "raw", "-f", "S16_LE", "-c", "2",
                                       "-r", str(rate), f"--period-size={period}", f"--buffer-size={period * 32}",
                                       "/dev/zero"], stderr=subprocess.DEVNULL)
        wait_for_condition(lambda: playback_running("Dummy"), 30, "the dummy card's clock stream")

    def stop_clock(self):
        if self.clock:
            self.clock.terminate()
            self.clock.wait(10)
            self.clock = None

    def restore(self):
        self.stop_clock()
        subprocess.run(["rmmod", "snd_aloop"], capture_output=True)
        subprocess.run(["rmmod", "snd_dummy"], capture_output=True)
        subprocess.run(["insmod", str(GUEST_MODULES / "snd-aloop.ko")], check=True, capture_output=True)


def seq_clients() -> dict[int, str]:
    """Sequencer client numbers and names, from /proc/asound/seq/clients."""
    text = Path("/proc/asound/seq/clients").read_text()
    return {int(m[1]): m[2] for m in re.finditer(r'^Client +(\d+) : "(.*)"', text, re.M)}


# --- Capturing sound out ---------------------------------------------------------------------------

class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


_SND_PCM_STREAM_CAPTURE = 1
_SND_PCM_FORMAT_S16_LE = 2
_SND_PCM_ACCESS_RW_INTERLEAVED = 3
_SND_PCM_TSTAMP_ENABLE = 1
_SND_PCM_TSTAMP_TYPE_MONOTONIC = 1


@dataclass
class Recording:
    """Mono samples (left channel) and when each was taken.

    Times come from the card: `anchors` pairs a capture position (frames) with the monotonic time
    the card reached it (ALSA's status timestamp), read after every read (every ~21 ms). Between two
    anchors the time is interpolated, so a card whose clock does not keep exact pace with
    CLOCK_MONOTONIC (the loopback driven by a timer that now and then fires late in an emulated
    guest) is still timed right to within a period. Without anchors, sample 0 is at `start_ns`.
    """
    samples: array.array
    rate: int
    start_ns: int
    overruns: int = 0
    anchors: list = field(default_factory=list)  # (frames, t_ns), both increasing

    def time_at(self, index: float) -> float:
        previous_frames, previous_t = 0, self.start_ns
        for frames, at in self.anchors:
            if frames >= index:
                if previous_frames == 0 and previous_t == self.start_ns and frames == self.anchors[0][0]:
                    return at - (frames - index) * 1e9 / self.rate  # before the first anchor: at the nominal rate
                return previous_t + (index - previous_frames) / (frames - previous_frames) * (at - previous_t)
            previous_frames, previous_t = frames, at
        return previous_t + (index - previous_frames) * 1e9 / self.rate

    def index_at(self, t_ns: int) -> int:
        previous_frames, previous_t = 0, self.start_ns
        for frames, at in self.anchors:
            if at >= t_ns:
                # Between two anchors the card ran at its own pace: interpolate.
                span = at - previous_t
                fraction = (t_ns - previous_t) / span if span > 0 else 1
                return round(previous_frames + fraction * (frames - previous_frames))
            previous_frames, previous_t = frames, at
        return round(previous_frames + (t_ns - previous_t) * self.rate / 1e9)


class Capture:
    """Records a PCM device on a thread through libasound, so that each sample has a time.

    arecord cannot say when its first sample was taken; here ALSA's trigger timestamp (switched
    to CLOCK_MONOTONIC) gives it, so onsets can be compared with the times notes were sent.
    """

    def __init__(self, device: str = LOOPBACK_CAPTURE, rate: int = 48000, channels: int = 2,
                 period: int | None = None, priority: int | None = None):
        """`period` fixes the period size in frames (the high-resolution loopback needs the player's);
        `priority` runs the reading thread at that SCHED_FIFO priority, so a test that floods the
        guest's CPUs with real-time threads still hears what they play."""
        self.priority = priority
        self.lib = ctypes.CDLL("libasound.so.2")
        self.lib.snd_pcm_readi.restype = ctypes.c_long
        self.lib.snd_strerror.restype = ctypes.c_char_p
        self.device, self.rate, self.channels = device, rate, channels
        self.pcm = ctypes.c_void_p()
        self._check(self.lib.snd_pcm_open(ctypes.byref(self.pcm), device.encode(),
                                          _SND_PCM_STREAM_CAPTURE, 0), f"open {device}")
        self._closed = False
        _open.append(self)
        if period is None:
            self._check(self.lib.snd_pcm_set_params(self.pcm, _SND_PCM_FORMAT_S16_LE,
                                                    _SND_PCM_ACCESS_RW_INTERLEAVED, channels, rate,
                                                    0, 200_000), f"set {rate} Hz S16 on {device}")
        else:
            self._set_hw(period)
        sw = ctypes.c_void_p()
        self._check(self.lib.snd_pcm_sw_params_malloc(ctypes.byref(sw)), "sw params")
        self.lib.snd_pcm_sw_params_current(self.pcm, sw)
        self.lib.snd_pcm_sw_params_set_tstamp_mode(self.pcm, sw, _SND_PCM_TSTAMP_ENABLE)
        self.lib.snd_pcm_sw_params_set_tstamp_type(self.pcm, sw, _SND_PCM_TSTAMP_TYPE_MONOTONIC)
        self._check(self.lib.snd_pcm_sw_params(self.pcm, sw), "monotonic timestamps")
        self.lib.snd_pcm_sw_params_free(sw)
        self._chunks: list[bytes] = []
        self.anchors: list[tuple[int, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.start_ns = 0
        self.overruns = 0

    def _check(self, err: int, what: str):
        if err < 0:
            raise RuntimeError(f"ALSA capture: {what}: {self.lib.snd_strerror(err).decode()}")

    def _set_hw(self, period: int):
        """S16 interleaved at the rate, `period` frames a period, a deep buffer (200 ms or more)."""
        hw = ctypes.c_void_p()
        self._check(self.lib.snd_pcm_hw_params_malloc(ctypes.byref(hw)), "hw params")
        try:
            self._check(self.lib.snd_pcm_hw_params_any(self.pcm, hw), "any")
            self._check(self.lib.snd_pcm_hw_params_set_access(self.pcm, hw, _SND_PCM_ACCESS_RW_INTERLEAVED), "access")
            self._check(self.lib.snd_pcm_hw_params_set_format(self.pcm, hw, _SND_PCM_FORMAT_S16_LE), "format")
            self._check(self.lib.snd_pcm_hw_params_set_channels(self.pcm, hw, self.channels), "channels")
            rate = ctypes.c_uint(self.rate)
            self._check(self.lib.snd_pcm_hw_params_set_rate_near(self.pcm, hw, ctypes.byref(rate), None), "rate")
            frames = ctypes.c_ulong(period)
            self._check(self.lib.snd_pcm_hw_params_set_period_size_near(self.pcm, hw, ctypes.byref(frames), None),
                        f"period of {period} frames")
            buffer = ctypes.c_ulong(max(period * 4, self.rate // 5 // period * period))
            self._check(self.lib.snd_pcm_hw_params_set_buffer_size_near(self.pcm, hw, ctypes.byref(buffer)), "buffer")
            self._check(self.lib.snd_pcm_hw_params(self.pcm, hw), f"{self.rate} Hz S16, {period}-frame periods")
        finally:
            self.lib.snd_pcm_hw_params_free(hw)

    def _trigger_ns(self) -> int:
        st = ctypes.c_void_p()
        self.lib.snd_pcm_status_malloc(ctypes.byref(st))
        self._check(self.lib.snd_pcm_status(self.pcm, st), "status")
        ts = _Timespec()
        self.lib.snd_pcm_status_get_trigger_htstamp(st, ctypes.byref(ts))
        self.lib.snd_pcm_status_free(st)
        return ts.tv_sec * 1_000_000_000 + ts.tv_nsec

    def start(self) -> "Capture":
        self._check(self.lib.snd_pcm_start(self.pcm), "start")
        self.start_ns = self._trigger_ns()
        self._thread.start()
        return self

    def _run(self):
        if self.priority is not None:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(self.priority))
        frames = 1024
        buf = ctypes.create_string_buffer(frames * self.channels * 2)
        status = ctypes.c_void_p()
        self.lib.snd_pcm_status_malloc(ctypes.byref(status))
        self.lib.snd_pcm_status_get_avail.restype = ctypes.c_ulong
        total = 0
        while not self._stop.is_set():
            n = self.lib.snd_pcm_readi(self.pcm, buf, frames)
            if n < 0:
                # Overrun: the reader fell behind (a starved guest). Start again and fill the frames
                # lost with silence, placed by the new trigger time, so times stay right after it.
                self.overruns += 1
                if self.lib.snd_pcm_prepare(self.pcm) < 0 or self.lib.snd_pcm_start(self.pcm) < 0:
                    break
                restart = self._trigger_ns()
                last_at = self.anchors[-1] if self.anchors else (0, self.start_ns)
                lost = max(0, round(last_at[0] + (restart - last_at[1]) * self.rate / 1e9) - total)
                self._chunks.append(bytes(lost * self.channels * 2))
                total += lost
                self.anchors.append((total, restart))
                continue
            self._chunks.append(buf.raw[: n * self.channels * 2])
            total += n
            # Where the card is now (what was read, plus what waits) and when it got there.
            if self.lib.snd_pcm_status(self.pcm, status) == 0:
                ts = _Timespec()
                self.lib.snd_pcm_status_get_htstamp(status, ctypes.byref(ts))
                at = ts.tv_sec * 1_000_000_000 + ts.tv_nsec
                position = total + self.lib.snd_pcm_status_get_avail(status)
                if at and (not self.anchors or (at > self.anchors[-1][1] and position > self.anchors[-1][0])):
                    self.anchors.append((position, at))
        self.lib.snd_pcm_status_free(status)

    def frames(self) -> int:
        """Frames captured so far."""
        return sum(len(c) for c in list(self._chunks)) // (self.channels * 2)

    def wait_until_holds(self, t_ns: int, timeout: float = 30):
        """Wait until the capture holds the sound of monotonic time `t_ns` (read as it comes)."""
        def holds():
            if not self._thread.is_alive():
                raise AssertionError(f"the capture stopped reading {self.device} "
                                     f"({self.overruns} overruns, could not restart)")
            return self.captured_until_ns() >= t_ns
        wait_for_condition(holds, timeout, f"the capture to reach the time asked for ({self.overruns} overruns)")

    def captured_until_ns(self) -> float:
        """The time of the last frame read so far."""
        partial = Recording(array.array("h"), self.rate, self.start_ns, 0, list(self.anchors))
        return partial.time_at(self.frames())

    def stop(self) -> Recording:
        if self in _open:
            _open.remove(self)
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(10)
        if not self._closed:
            self._closed = True
            self.lib.snd_pcm_close(self.pcm)
        data = array.array("h")
        data.frombytes(b"".join(self._chunks))
        return Recording(data[:: self.channels], self.rate, self.start_ns, self.overruns, list(self.anchors))


def find_onsets(rec: Recording, sent_ns: list[int], *, max_latency_ms: float = 250,
                min_level: int = 100) -> list[float | None]:
    """For each note sent at sent_ns[k], the latency (ms) to its onset in the recording.

    Note k is searched from its send time to the next note's (at most max_latency_ms). Its onset
    is the first sample reaching a fifth of the window's own peak, so soft and loud sounds are
    measured alike. A window whose peak stays under min_level (silence: the loopback is digital,
    so silence is 0) or that already starts near that level (the previous sound still ringing)
    gives None.
    """
    s = rec.samples
    block = 32
    out: list[float | None] = []
    for k, t in enumerate(sent_ns):
        lo = max(rec.index_at(t), 0)
        end_t = t + int(max_latency_ms * 1e6)
        if k + 1 < len(sent_ns):
            end_t = min(end_t, sent_ns[k + 1])
        hi = min(rec.index_at(end_t), len(s))
        window = s[lo:hi]
        peak = max(max(window, default=0), -min(window, default=0))
        threshold = peak // 5
        if peak < min_level or max(map(abs, s[lo:lo + 24]), default=0) >= threshold // 2:
            out.append(None)
            continue
        found = None
        for b in range(lo, hi, block):
            chunk = s[b:min(b + block, hi)]
            if max(chunk) >= threshold or -min(chunk) >= threshold:
                found = b + next(i for i, x in enumerate(chunk) if abs(x) >= threshold)
                break
        out.append(None if found is None else (rec.time_at(found) - t) / 1e6)
    return out


# --- Figures ---------------------------------------------------------------------------------------

def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0...100) of a non-empty list."""
    xs = sorted(values)
    rank = max(1, min(len(xs), round(p / 100 * len(xs) + 0.5)))
    return xs[rank - 1]


@dataclass
class Spread:
    """p50 / p99 / max of a set of figures, printed the way the docs quote them."""
    values: list[float] = field(default_factory=list)

    def line(self, unit: str = "ms") -> str:
        if not self.values:
            return "no values"
        v = self.values
        return (f"p50 {percentile(v, 50):.3f} {unit}, p99 {percentile(v, 99):.3f} {unit}, "
                f"max {max(v):.3f} {unit} (n={len(v)})")


# --- The reference: bare FluidSynth on the same card -------------------------------------------

class BareFluidSynth:
    """`fluidsynth` with its own ALSA sequencer and PCM drivers, fed from a source by aconnect."""

    def __init__(self, *, source: str = VIRMIDI_ADDRESS, device: str = LOOPBACK_PLAYBACK,
                 sf2: Path | None = None, rate: int = 48000, period: int = 256, periods: int = 2,
                 ready_timeout: float = 120, env: dict | None = None):
        before = set(seq_clients())
        self.args = ["fluidsynth", "-a", "alsa", "-m", "alsa_seq", "-r", str(rate),
                     "-o", f"audio.alsa.device={device}", "-o", f"audio.period-size={period}",
                     "-o", f"audio.periods={periods}", "-o", "midi.autoconnect=0",
                     "-o", "synth.reverb.active=0", "-o", "synth.chorus.active=0",
                     str(sf2 or soundfont())]
        # Without -i the shell keeps it alive while stdin is open; closing stdin ends it.
        self.proc = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + ready_timeout
        self.client = None
        while self.client is None:
            if self.proc.poll() is not None:
                raise RuntimeError(f"fluidsynth exited ({self.proc.returncode}): "
                                   + self.proc.stderr.read().strip())
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("fluidsynth did not create its sequencer client in time")
            new = {c: n for c, n in seq_clients().items() if c not in before and "FLUID" in n}
            self.client = next(iter(new), None)
            time.sleep(0.2)
        subprocess.run(["aconnect", source, f"{self.client}:0"], check=True)

    def stop(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
