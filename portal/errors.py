"""An error knows its HTTP status; one handler renders it as a page or as JSON."""

from __future__ import annotations

from pydantic import BaseModel


class Problem(BaseModel):
    """What every error answers in JSON (the API; pages render the same as HTML)."""

    error: str
    message: str
    status: int


class PortalError(Exception):
    """An error a person may read: `message` in English, `ml` the same in Malayalam for the pages (JSON answers
    keep the English). NotFound("No pound has the id 'x'.", ml="'x' എന്ന ഐഡിയുള്ള പൗണ്ട് ഇല്ല.")"""

    status = 500
    title = "Something went wrong"

    def __init__(self, message: str, ml: str = "", param: str = ""):
        super().__init__(message)
        self.message = message
        self.ml = ml or message
        # the request's parameter at fault, if one is: a search's error page offers the same search without it
        self.param = param


class NotFound(PortalError):
    status = 404
    title = "Not found"


class BadRequest(PortalError):
    status = 400
    title = "Bad request"


class DatabaseUnavailable(PortalError):
    status = 503
    title = "Database unavailable"


class DatabaseDamaged(DatabaseUnavailable):
    """The served file is not a whole SQLite database (truncated, garbage), or was written over in place."""

    title = "Database damaged"


class Moved(PortalError):
    """An id an entry had before its identity was corrected (ingest/history.py aliases): its pages redirect."""

    status = 301
    title = "Moved permanently"

    def __init__(self, old_id: str, new_id: str):
        super().__init__(f"This entry's id is now {new_id}.")
        self.old_id, self.new_id = old_id, new_id
