"""Moved to demo/registers.py (issue 29, part 4): re-exported for scripts that still import it from here."""

from demo.registers import *  # noqa: F403
from demo.registers import write_demo as write_demo
