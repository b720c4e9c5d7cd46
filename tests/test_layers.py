"""The layers read straight: the law and the registers' vocabulary (pinfold/) sit below the ingest and the portal,
which never import each other; the `pinfold` command (pinfold/cli.py) sits above both."""

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


@pytest.mark.parametrize(
    ("package", "never"),
    [
        ("ingest", {"portal", "intake", "alerts"}),
        ("portal", {"ingest", "intake", "alerts"}),  # the public pages never read the subscribers database
        ("pinfold", {"ingest", "portal", "intake", "alerts"}),
        ("intake", {"portal", "alerts"}),  # the staff server uses the ingest and the law, never the public portal
        ("alerts", {"ingest", "intake"}),
    ],
)
def test_a_layer_never_imports_the_one_beside_or_above_it(package: str, never: set[str]) -> None:
    # Before: ingest/cli.py imported the portal, and the portal imported the ingest (its law, vocabulary and schema).
    crossing = {
        str(path.relative_to(ROOT)): sorted(imported(path) & never)
        for path in (ROOT / package).rglob("*.py")
        if path != ROOT / "pinfold" / "cli.py"  # the command sits above both
    }
    assert {k: v for k, v in crossing.items() if v} == {}


def test_the_law_reads_no_files() -> None:
    # Before: the rule book imported the register readers to read DATA_DIR/rules (now ingest/rules_files.py).
    for path in (ROOT / "pinfold" / "law").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in modules if "readers" in m or m in ("csv",)}, path.name
        if path.name != "packs.py":  # a pack is the law's own data, read from its folder
            calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            assert "open" not in calls, path.name
