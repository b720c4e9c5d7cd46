"""The demo's history (issue 28): DATA_DIR/earlier, the same registers as they stood EARLIER_DAYS before the demo's
day, with a few entries then wrong, so that a first ingest of it and a second of DATA_DIR leave `changes` as a pound's
corrections after publication would: entries added since, outcomes recorded since, a sale's proceeds corrected, a
delivery date rewritten, a description corrected and an entry struck out. The JSON Lines registers carry the
differences (the other layouts are copied as they are); `make demo` ingests `earlier` first, on a new database."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

EARLIER_DAYS = 10
OUTCOME_DATES = ("deliveredOn", "noticeOn", "soldOn", "complaintOn")


def earlier_entry(rec: dict[str, Any], cutoff: str) -> dict[str, Any] | None:
    """An entry as the register stood on `cutoff` (ISO day): None if brought after it; outcomes recorded after it
    blank. ({'broughtAt': '2026-11-25T..'}, '2026-11-20') -> None."""
    if str(rec.get("broughtAt", ""))[:10] > cutoff:
        return None
    out = json.loads(json.dumps(rec))
    outcome = out.get("outcome") or {}
    for key in OUTCOME_DATES:
        if outcome.get(key) and outcome[key] > cutoff:
            outcome[key] = None
    if not outcome.get("soldOn"):
        outcome["saleProceeds"], outcome["buyer"] = None, None
    return out


def miswritten(recs: list[dict[str, Any]]) -> None:
    """The register's mistakes of then, in place: the first sale's proceeds Rs 500 more, the first delivery a day
    later, the first description with a word since corrected, and one entry written that was struck out since."""
    sold = next((r for r in recs if (r.get("outcome") or {}).get("saleProceeds")), None)
    if sold:
        sold["outcome"]["saleProceeds"] += 500
    delivered = next((r for r in recs if (r.get("outcome") or {}).get("deliveredOn")), None)
    if delivered:
        day = dt.date.fromisoformat(delivered["outcome"]["deliveredOn"]) + dt.timedelta(days=1)
        delivered["outcome"]["deliveredOn"] = day.isoformat()
    if recs:
        recs[0]["animal"]["description"] += ", one horn"
        struck = json.loads(json.dumps(recs[-1]))
        struck["entryNo"] = max(int(r["entryNo"]) for r in recs if str(r.get("entryNo", "")).isdigit()) + 1
        recs.append(struck)


def write_earlier(data_dir: Path, today: dt.date) -> Path:
    """DATA_DIR/earlier: pounds.csv and the rules as they are, the registers as of EARLIER_DAYS before `today`.
    (DATA_DIR, 2026-11-30) -> DATA_DIR/earlier, its JSON Lines registers as of 2026-11-20."""
    out = Path(data_dir) / "earlier"
    if out.exists():
        shutil.rmtree(out)
    cutoff = (today - dt.timedelta(days=EARLIER_DAYS)).isoformat()
    shutil.copytree(data_dir, out, ignore=lambda d, names: ["earlier"] if Path(d) == Path(data_dir) else [])
    for path in sorted((out / "registers").glob("*/*.jsonl")):
        recs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        kept = [e for e in (earlier_entry(r, cutoff) for r in recs) if e is not None]
        miswritten(kept)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept), encoding="utf-8")
    return out
