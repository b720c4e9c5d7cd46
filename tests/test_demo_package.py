"""The demo's data is a package of its own (demo/, issue 29 part 4): every file it reads ships in the wheel, so that
`pip install .` then `pinfold demo-data DIR` works outside a checkout; and the command sits above every part."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import demo.registers as registers

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def shipped(path: Path) -> bool:
    """Whether a file the demo reads is package data of `demo` in pyproject.toml: demo/pounds.csv -> True; the
    repository's data/rules/fine_scales.csv, read through no package -> False."""
    package = Path(registers.__file__).resolve().parent
    try:
        inside = path.absolute().relative_to(package)  # not resolved: demo/rules is a link the wheel copies through
    except ValueError:
        return False
    globs = PYPROJECT["tool"]["setuptools"]["package-data"].get("demo", [])
    return any(fnmatch.fnmatch(str(inside), g) for g in globs)


def test_every_file_the_demo_reads_is_in_its_package() -> None:
    read = [registers.POUNDS_FILE, *(registers.EXAMPLE_RULES / n for n in ("fine_scales.csv", "feeding_rates.csv"))]
    assert all(p.is_file() for p in read)
    assert [p for p in read if not shipped(p)] == []
    found = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {"demo*", "cli*"} <= set(found)


def test_the_example_rules_have_one_home() -> None:
    # demo/rules is the repository's data/rules, linked: the demo copies the example rules a DATA_DIR starts from.
    assert registers.EXAMPLE_RULES.resolve() == (ROOT / "data" / "rules").resolve()


def test_the_command_is_the_console_script_from_above_the_floor() -> None:
    assert PYPROJECT["project"]["scripts"] == {"pinfold": "cli:main"}
    assert not (ROOT / "pinfold" / "cli.py").exists()
