"""The `pinfold` command, above every part it runs (ingest, portal, intake, alerts; the shared floor `pinfold/` below
them all): thin over them. Parses options, calls one function, turns a PinfoldError into a one-line message and exit
code 2 (pinfold.errors.one_line_errors). It lives outside `pinfold/` because the floor never imports what sits on it
(tests/test_layers.py)."""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import click

from pinfold.errors import PinfoldError, one_line_errors, shown


@click.group()
def main() -> None:
    """Pinfold: cattle pound registers in, a public transparency portal out."""


@main.command()
@click.argument("data_dir", default="data", type=click.Path(path_type=Path))
@click.option(
    "--db",
    "public_db",
    required=True,
    type=click.Path(path_type=Path),
    help="public SQLite database to write",
)
@click.option("--private-db", required=True, type=click.Path(path_type=Path), help="private SQLite database (names)")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="processes normalising registers (default: one per core for big ingests)",
)
@click.option(
    "--stages",
    "stages_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="write the seconds each step took, as JSON, to this file",
)
@click.option("--watch", is_flag=True, help="then ingest again whenever a register, rule file or pounds.csv is saved")
@click.option("--full", is_flag=True, help="rebuild every pound, not only those whose inputs changed")
@one_line_errors
def ingest(
    data_dir: Path,
    public_db: Path,
    private_db: Path,
    workers: int | None,
    stages_file: Path | None,
    watch: bool,
    full: bool,
) -> None:
    """Read DATA_DIR's registers and build the public and private databases."""
    from ingest.build import ingest as run

    if watch:
        from ingest.watch import watch as watching

        def failed(e: PinfoldError) -> None:
            click.echo(f"pinfold: {e}", err=True)

        click.echo(f"pinfold: watching {shown(str(data_dir))} (Ctrl-C stops)", err=True)
        watching(data_dir, public_db, private_db, lambda s: click.echo(s.line()), failed, workers=workers)
        click.echo("pinfold: stopped watching", err=True)
        return

    if sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("files"),
            TimeElapsedColumn(),
        )
        with Progress(*columns, transient=True) as bar:
            task = bar.add_task("registers", total=None)

            def progress(done: int, total: int, records: int) -> None:
                bar.update(task, completed=done, total=total, description=f"{records:,} records")

            summary = run(data_dir, public_db, private_db, progress=progress, workers=workers, full=full)
    else:
        summary = run(data_dir, public_db, private_db, workers=workers, full=full)
    click.echo(summary.line())
    if stages_file is not None:
        stages_file.write_text(json.dumps(summary.stages.items(), indent=1) + "\n", encoding="utf-8")


@main.command()
@click.option("--db", "public_db", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64), help="server processes")
@click.option("--access-log/--no-access-log", default=True, show_default=True, help="log every request")
@one_line_errors
def serve(public_db: Path, host: str, port: int, workers: int, access_log: bool) -> None:
    """Serve the portal, feeds, calendar, JSON API and Datasette (/data) on one port."""
    from portal.db import DatabaseUnavailable, refuse_private
    from portal.server import serve as run

    try:
        refuse_private(public_db)
    except DatabaseUnavailable as e:
        raise PinfoldError(f"{public_db}: {e}") from None
    run(public_db, host, port, workers, access_log)


@main.command("demo-data")
@click.argument("out_dir", type=click.Path(path_type=Path))
@click.option(
    "--today",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    help="date the data is built around [default: today in India]",
)
@click.option("--rows", default=1200, show_default=True, type=click.IntRange(min=1), help="register entries to write")
@click.option("--seed", default=1961, show_default=True, type=int)
@click.option("--layouts", default="", help="comma-separated register layouts to use (default: all)")
@one_line_errors
def demo_data(out_dir: Path, today: dt.datetime | None, rows: int, seed: int, layouts: str) -> None:
    """Write a realistic Kerala-wide DATA_DIR dated around --today."""
    from demo import write_demo, write_earlier
    from pinfold.law.clock import today_in_india

    day = today.date() if today else today_in_india()
    chosen = [x.strip() for x in layouts.split(",") if x.strip()] or None
    n = write_demo(out_dir, today=day, rows=rows, seed=seed, layouts=chosen)
    write_earlier(out_dir, day)  # the registers as they stood before: `make demo` ingests them first
    click.echo(f"wrote {n} register entries for {day.isoformat()} to {out_dir}")


@main.command()
@click.argument("data_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--db", "public_db", required=True, type=click.Path(path_type=Path), help="public SQLite database")
@click.option("--private-db", required=True, type=click.Path(path_type=Path), help="private SQLite database (names)")
@click.option("--accounts", "accounts_db", required=True, type=click.Path(path_type=Path), help="staff accounts")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8001, show_default=True, type=int)
@click.option("--public-url", default="http://127.0.0.1:8000", show_default=True, help="the portal, for links")
@one_line_errors
def intake(
    data_dir: Path, public_db: Path, private_db: Path, accounts_db: Path, host: str, port: int, public_url: str
) -> None:
    """The staff-only intake: pound staff upload a register, check what the portal will show, publish it."""
    from intake.app import Settings, serve

    serve(Settings(data_dir, public_db, private_db, accounts_db, public_url), host, port)


@main.group()
def accounts() -> None:
    """The intake's staff accounts (add, remove, list) and its audit log."""


_ACCOUNTS = click.option("--accounts", "accounts_db", required=True, type=click.Path(path_type=Path))


@accounts.command("add")
@click.argument("user")
@click.option("--pound", "pounds", multiple=True, help="a pound the account publishes for (repeat for more)")
@click.option("--admin", is_flag=True, help="may see and publish for every pound")
@_ACCOUNTS
@one_line_errors
def accounts_add(user: str, pounds: tuple[str, ...], admin: bool, accounts_db: Path) -> None:
    """Add USER; the password is read from standard input, or asked for on a terminal."""
    from intake.accounts import add

    if sys.stdin.isatty():
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    add(accounts_db, user, password, list(pounds), admin)
    click.echo(f"added {user}")


@accounts.command("remove")
@click.argument("user")
@_ACCOUNTS
@one_line_errors
def accounts_remove(user: str, accounts_db: Path) -> None:
    """Remove USER and end their sessions (the audit log keeps what they did)."""
    from intake.accounts import remove

    remove(accounts_db, user)
    click.echo(f"removed {user}")


@accounts.command("list")
@_ACCOUNTS
@one_line_errors
def accounts_list(accounts_db: Path) -> None:
    """Every account and its pounds."""
    from intake.accounts import listing

    for a in listing(accounts_db):
        click.echo(f"{a.user}\t{'admin' if a.admin else ','.join(a.pounds)}")


@accounts.command("log")
@_ACCOUNTS
@one_line_errors
def accounts_log(accounts_db: Path) -> None:
    """The audit log, oldest first, tab-separated: when, who, what, pound, file, SHA-256, records, stored,
    duplicates, rejects, outcome."""
    from intake.accounts import log

    for row in log(accounts_db):
        click.echo("\t".join(shown("" if v is None else str(v)) for v in row))


from alerts.cli import alerts  # noqa: E402 -- its commands are wrapped by pinfold.errors.one_line_errors too

main.add_command(alerts)
