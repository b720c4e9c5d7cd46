"""Settings are documented: every field of the portal's and of the intake's appears in the README's Settings tables."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from intake.app import Settings as IntakeSettings
from portal.settings import Settings

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_every_setting_is_documented() -> None:
    section = README.split("## Settings", 1)[1].split("\n## ", 1)[0]
    portal, intake = section.split("\n### The intake's", 1)
    for settings, table in ((Settings, portal), (IntakeSettings, intake)):
        documented = set(re.findall(r"^\| `(\w+)` \|", table, re.M))
        assert {f.name for f in dataclasses.fields(settings)} == documented, settings


def test_readme_opens_with_the_two_commands() -> None:
    head = README.split("\n## ", 1)[0]
    assert "make demo" in head and "make test" in head
