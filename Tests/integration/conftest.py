"""pytest setup for the in-guest integration tests (run them with scripts/test or
`scripts/alsa-vm python3 -m pytest Tests/integration`)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
