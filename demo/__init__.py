"""The demo's data (`pinfold demo-data`): a realistic, deterministic Kerala-wide DATA_DIR around a day, and the same
registers as they stood before it (DATA_DIR/earlier), for trying Pinfold and for its tests and benchmarks. It writes
files the ingest reads and imports only the registers' vocabulary: no part of Pinfold runs on it.

  registers.py  pounds.csv, the example rules and the registers in six layouts (write_demo)
  history.py    DATA_DIR/earlier: the registers ten days before, a few entries then wrong (write_earlier)
  pounds.csv    the demo's pounds, package data; rules/ links the repository's example rules (data/rules)
"""

from .history import write_earlier
from .registers import write_demo

__all__ = ["write_demo", "write_earlier"]
