"""Moved to demo/history.py (issue 29, part 4): re-exported for scripts that still import it from here."""

from demo.history import *  # noqa: F403
from demo.history import write_earlier as write_earlier
