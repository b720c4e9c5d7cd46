"""`pinfold alerts ...`: serve the form's routes with the portal, queue the alerts of new ingests, send the outbox."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from pinfold.errors import one_line_errors as _one_line_errors

SUBS = click.option(
    "--subscribers",
    "subs_db",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="SUBS.db (addresses)",
)
DB = click.option("--db", "public_db", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
SMTP = click.option("--smtp", envvar="PINFOLD_SMTP", required=True, help="smtp+starttls://USER:PASSWORD@HOST:587")
BASE = click.option(
    "--base-url", envvar="PINFOLD_BASE_URL", default="http://127.0.0.1:8000", show_default=True, help="links' origin"
)
SENDER = click.option(
    "--sender", envvar="PINFOLD_MAIL_FROM", default="Pinfold <alerts@localhost>", show_default=True, help="From:"
)


def _site(base_url: str, sender: str) -> Any:
    from .mail import Site

    return Site(base_url, sender)


@click.group("alerts")
def alerts() -> None:
    """E-mail alerts on saved searches (SUBS.db, SMTP)."""


@alerts.command()
@DB
@SUBS
@SMTP
@BASE
@SENDER
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--every", default=30.0, show_default=True, type=click.FloatRange(0.1), help="seconds between sends")
@_one_line_errors
def serve(
    public_db: Path, subs_db: Path, smtp: str, base_url: str, sender: str, host: str, port: int, every: float
) -> None:
    """Serve the portal with the alerts' form, and send confirmations and alerts from a thread beside it."""
    from .mail import Smtp
    from .web import Alerts
    from .web import serve as run

    run(Alerts(subs_db, public_db, Smtp.parse(smtp), _site(base_url, sender), every), host, port)


@alerts.command()
@DB
@SUBS
@BASE
@SENDER
@_one_line_errors
def notify(public_db: Path, subs_db: Path, base_url: str, sender: str) -> None:
    """Queue one alert per subscription for the entries the ingests since the last run added."""
    from . import matching, store

    con = store.connect(subs_db)
    store.forget_old(con)
    click.echo(f"{matching.notify(public_db, con, _site(base_url, sender))} alerts queued")


@alerts.command()
@SUBS
@SMTP
@SENDER
@_one_line_errors
def send(subs_db: Path, smtp: str, sender: str) -> None:
    """Send what the outbox holds that is due (a failed message is tried again later, five times at most)."""
    from . import mail, store

    sent, failed = mail.deliver(store.connect(subs_db), mail.Smtp.parse(smtp), sender)
    click.echo(f"{sent} sent, {failed} to try again")
