"""The layers read straight: the law and the registers' vocabulary (pinfold/, the shared floor) sit below the ingest,
the portal, the intake, the alerts and the demo's data, which never import the one beside or above them; the `pinfold`
command (cli/) sits above them all, and nothing imports it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported(path: Path) -> set[str]:
    """The top-level packages a module imports: 'from ingest.build import x' -> 'ingest'; relative imports are its own."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


ABOVE_THE_FLOOR = {"ingest", "portal", "intake", "alerts", "demo", "cli"}
# ingest/demo.py and ingest/demo_history.py re-export demo/ for scripts written against the old place (the shared
# /work/wt/pagehash.py); nothing in ingest/ uses them.
OLD_PLACES = {ROOT / "ingest" / "demo.py", ROOT / "ingest" / "demo_history.py"}


@pytest.mark.parametrize(
    ("package", "never"),
    [
        ("ingest", {"portal", "intake", "alerts", "demo", "cli"}),
        ("portal", {"ingest", "intake", "alerts", "demo", "cli"}),  # the public pages never read the subscribers db
        ("pinfold", ABOVE_THE_FLOOR),  # the floor: before, the command (pinfold/cli.py) imported every part from it
        ("intake", {"portal", "alerts", "demo", "cli"}),  # the staff server uses the ingest and the law, not the portal
        ("alerts", {"ingest", "intake", "demo", "cli"}),
        ("demo", {"ingest", "portal", "intake", "alerts", "cli"}),  # writes a DATA_DIR; reads only the vocabulary
    ],
)
def test_a_layer_never_imports_the_one_beside_or_above_it(package: str, never: set[str]) -> None:
    # Before: ingest/cli.py imported the portal, and the portal imported the ingest (its law, vocabulary and schema).
    paths = [path for path in (ROOT / package).rglob("*.py") if path not in OLD_PLACES]
    assert paths
    crossing = {str(path.relative_to(ROOT)): sorted(imported(path) & never) for path in paths}
    assert {k: v for k, v in crossing.items() if v} == {}


def test_the_old_places_of_the_demo_only_re_export_it() -> None:
    for path in OLD_PLACES:
        assert imported(path) <= {"__future__", "demo"}, path.name


def test_the_law_reads_no_files() -> None:
    # Before: the rule book imported the register readers to read DATA_DIR/rules (now ingest/rules_files.py).
    for path in (ROOT / "pinfold" / "law").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in modules if "readers" in m or m in ("csv",)}, path.name
        if path.name != "packs.py":  # a pack is the law's own data, read from its folder
            calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            assert "open" not in calls, path.name
