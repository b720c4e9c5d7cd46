"""Small named exceptions. Each carries a one-line message a clerk can act on; the CLI prints it, no traceback."""


class PinfoldError(Exception):
    """Base of every error the CLI turns into a one-line message (exit 2)."""

    exit_code = 2


class PoundsFileError(PinfoldError):
    """`pounds.csv` is missing or malformed."""


class RegisterUnreadable(PinfoldError):
    """A register file cannot be read at all (encoding, format, no recognisable header)."""


class RegisterChanged(RegisterUnreadable):
    """A register file was written to while the ingest read it: what was read may be half a file."""


class RulesError(PinfoldError):
    """A file under `DATA_DIR/rules/` is malformed."""


class OutputError(PinfoldError):
    """The output databases cannot be written (read-only folder, disk full)."""


class RecordRejected(Exception):
    """One register record cannot be stored; the message is the reason a clerk reads in the private register.

    `public` is the same reason without the cell it quotes, for the public `rejects` table (a cell may hold a name:
    "The date 'Kunjan Nair' could not be read" -> "The date could not be read"); None when it quotes no cell."""

    def __init__(self, reason: str, public: str | None = None):
        super().__init__(reason)
        self.public = public
