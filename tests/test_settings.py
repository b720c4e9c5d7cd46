"""Settings are documented: every field appears in the README's Settings table."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from portal.settings import Settings

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_every_setting_is_documented() -> None:
    section = README.split("## Settings", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `(\w+)` \|", section, re.M))
    assert {f.name for f in dataclasses.fields(Settings)} == documented


def test_readme_opens_with_the_two_commands() -> None:
    head = README.split("\n## ", 1)[0]
    assert "make demo" in head and "make test" in head
