"""pytest setup for the in-guest integration tests.

Run them with scripts/test, or alone with
`scripts/alsa-vm python3 -m pytest -p no:cacheprovider Tests/integration`.
Tests marked `woodshed` drive the woodshed binary; while it lacks `monitor` they fail with one
line saying so (they are never skipped).
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import alsabench as ab  # noqa: E402

_missing: dict[str, str | None] = {}


def pytest_configure(config):
    config.addinivalue_line("markers", "woodshed: drives the woodshed binary (fails while it lacks the feature)")


@pytest.fixture(autouse=True)
def devices_freed():
    """Whatever a test left running (its assertion failed before its cleanup) is stopped after it."""
    yield
    ab.close_everything()


@pytest.fixture
def woodshed_monitor():
    """Fails the test at once, in one line, when `woodshed monitor` does not exist yet."""
    if "monitor" not in _missing:
        _missing["monitor"] = ab.missing_feature(["monitor"])
    if _missing["monitor"]:
        pytest.fail(_missing["monitor"], pytrace=False)


@pytest.fixture
def monitors():
    """Start monitors through this list-like helper; every one still running is stopped after."""
    started: list[ab.JsonLinesProcess] = []

    class Starter:
        def __call__(self, *args, **kwargs) -> ab.JsonLinesProcess:
            mon = ab.start_monitor(*args, **kwargs)
            started.append(mon)
            return mon

    yield Starter()
    for mon in started:
        mon.stop()
