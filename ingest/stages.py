"""How long each step of an ingest took, so the next bottleneck is visible (`pinfold ingest --stages FILE`, and
`make bench` prints it): the steps in this process by the clock; the workers' parts of a register (read, normalise,
law, write) by their CPU time, summed over the workers; the private database's side, which runs beside the public
side in a thread, by its own clock.

    stages = Stages()
    with stages("merge"): ...
    stages.items() -> [('sources', 0.41), ('shards', 12.3), ('shards: read', 6.1), ..., ('merge', 1.2), ...]
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections.abc import Iterator

# The register's parts, timed in the workers (CPU seconds): reading cells, entries from cells (ingest/entries.py),
# the law's columns (ingest/rows.py), writing the shard's rows.
PARTS = ("read", "normalise", "law", "write")

_STEP = re.compile(r"^\s*(INSERT INTO \S+|CREATE (?:UNIQUE )?INDEX \S+|CREATE TABLE \S+|UPDATE \S+|DELETE FROM \S+)")


def step_name(sql: str) -> str:
    """A finishing statement's name: 'INSERT INTO notices\\n SELECT ...' -> 'INSERT INTO notices';
    'CREATE INDEX impoundments_pound ON ...' -> 'CREATE INDEX impoundments_pound'."""
    m = _STEP.match(sql)
    return " ".join(m.group(1).split()) if m else " ".join(sql.split()[:3])


class Stages:
    """Seconds by step, in the order the steps first ran. Safe to add to from the private side's thread."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._lock = threading.Lock()

    def add(self, name: str, seconds: float) -> None:
        with self._lock:
            self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    @contextlib.contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start)

    def items(self) -> list[tuple[str, float]]:
        with self._lock:
            return list(self.seconds.items())
