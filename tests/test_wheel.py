"""What a deployment installs is the wheel, not this checkout: the files the code reads beside itself ship in it. Built
here with pip, as `pip install .` builds it, and read back as a zip."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from pinfold.schema import METADATA

ROOT = Path(__file__).resolve().parents[1]


def _checkout(to: Path) -> Path:
    """The files a wheel is built from, copied as a checkout holds them (links kept: demo/rules), without a build/
    folder an earlier build left (setuptools would take its files)."""
    to.mkdir()
    for name in ("pyproject.toml", "README.md", "metadata.yml"):
        shutil.copy(ROOT / name, to / name)
    for part in ("pinfold", "ingest", "portal", "intake", "alerts", "cli", "demo", "data/rules"):
        shutil.copytree(ROOT / part, to / part, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    return to


def test_the_wheel_holds_metadata_yml_the_packs_and_the_demo(tmp_path: Path) -> None:
    source = _checkout(tmp_path / "src")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(source), "-w", str(tmp_path)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("pinfold-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        # Datasette's metadata, the API's column descriptions and the package's read this one file
        assert z.read("pinfold/metadata.yml") == (ROOT / "metadata.yml").read_bytes()
    assert {f"pinfold/law/packs/{p.name}" for p in (ROOT / "pinfold" / "law" / "packs").glob("*.toml")} <= names
    assert {"demo/pounds.csv", "demo/rules/fine_scales.csv"} <= names


def test_metadata_yml_is_read_from_one_place() -> None:
    assert METADATA.resolve() == (ROOT / "metadata.yml").resolve()
    code = [
        p for part in ("pinfold", "ingest", "portal", "intake", "alerts", "cli") for p in (ROOT / part).rglob("*.py")
    ]
    elsewhere = [str(p.relative_to(ROOT)) for p in code if re.search(r"(['\"])metadata\.yml\1", p.read_text("utf-8"))]
    assert elsewhere == ["pinfold/schema.py"]
