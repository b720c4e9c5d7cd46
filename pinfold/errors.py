"""Small named exceptions. Each carries a one-line message a clerk can act on; the CLI prints it, no traceback."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

import click

# Bidirectional controls: shown raw, they reorder what a terminal prints after them ('evil\u202egpj.csv').
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)}
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def shown(name: str | os.PathLike[str]) -> str:
    """A file name (or a message naming one) as it may reach a terminal: control characters, bidirectional controls
    and the bytes of a name that is not UTF-8 written as escapes, everything else as it is.
    'a\\nb.csv' -> 'a\\\\nb.csv'; '\\x1b[31mred.csv' -> '\\\\x1b[31mred.csv'; b'M\\xe4rz.csv' as Python reads a
    Latin-1 name ('M\\udce4rz.csv') -> 'M\\\\xe4rz.csv'; 'പശു.csv' -> 'പശു.csv' (Malayalam's joiners stay)."""
    text = os.fspath(name)
    if text.isprintable():
        return text
    out = []
    for ch in text:
        o = ord(ch)
        if ch in _NAMED:
            out.append(_NAMED[ch])
        elif 0xDC80 <= o <= 0xDCFF:  # a byte that is not UTF-8, kept by the file system encoding's surrogateescape
            out.append(f"\\x{o - 0xDC00:02x}")
        elif ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}")
        else:
            out.append(ch)
    return "".join(out)


class PinfoldError(Exception):
    """Base of every error the CLI turns into a one-line message (exit 2). The message is shown escaped (`shown`),
    so a file name holding a line break or a terminal escape can neither break the line nor drive the terminal."""

    exit_code = 2

    def __str__(self) -> str:
        return shown(super().__str__())


class PoundsFileError(PinfoldError):
    """`pounds.csv` is missing or malformed."""


class RegisterUnreadable(PinfoldError):
    """A register file cannot be read at all (encoding, format, no recognisable header)."""


class NoHeader(RegisterUnreadable):
    """No row of a register (or of a workbook's sheet) names a date and the cattle."""


class RegisterChanged(RegisterUnreadable):
    """A register file was written to while the ingest read it: what was read may be half a file."""


class RegisterTooLarge(RegisterUnreadable):
    """A register file goes past a bound that keeps the ingest's time and memory finite (a line, a JSON document,
    a spreadsheet part that expands too far, a sheet's row or column number)."""


class RulesError(PinfoldError):
    """A file under `DATA_DIR/rules/` is malformed."""


class OutputError(PinfoldError):
    """The output databases cannot be written (read-only folder, disk full)."""


class IngestRunning(OutputError):
    """Another ingest is writing the same databases now."""


class RegisterEmpty(Exception):
    """A register file with no rows at all (0 bytes, blank lines, `[]`): passed over and counted, not an error."""


class RecordRejected(Exception):
    """One register record cannot be stored; the message is the reason a clerk reads in the private register.

    `public` is the same reason without the cell it quotes, for the public `rejects` table (a cell may hold a name:
    "The date 'Kunjan Nair' could not be read" -> "The date could not be read"); None when it quotes no cell."""

    def __init__(self, reason: str, public: str | None = None):
        super().__init__(reason)
        self.public = public


def one_line_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A command of `pinfold` (cli/, alerts/cli.py) whose PinfoldError, OSError or Ctrl-C ends it as one line on
    stderr and an exit code (2, or 130), never a traceback."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PinfoldError as e:
            click.echo(f"pinfold: {e}", err=True)  # str(e) is shown escaped: a file name cannot break the line
            sys.exit(e.exit_code)
        except OSError as e:  # a file that vanished or could not be opened mid-run: still one line
            click.echo(f"pinfold: {shown(e.filename or 'a file')}: {shown(e.strerror or str(e))}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("pinfold: interrupted; the previous databases are untouched", err=True)
            sys.exit(130)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper
