"""`make demo` serves the portal with its e-mail alerts (pinfold alerts serve) and a mailbox on loopback that prints
each message to the terminal (demo/mailbox.py): an owner trying the demo reads the confirmation and follows its link.
A real SMTP server (aiosmtpd) and a real message as the alerts send it (quoted-printable, long links)."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

from aiosmtpd.controller import Controller

from demo.mailbox import Printed

from .conftest import free_port

LINK = "http://127.0.0.1:8000/alerts/confirm/h9wK6-Mz1UgY2zY51UaiC7sP_JAgRHanLockTgI1pWo"


def test_the_demo_mailbox_prints_a_message_whole_its_links_unbroken(capsys) -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "Pinfold <alerts@localhost>", "owner@example.org", "Confirm your alert"
    msg.set_content(f"To start the alerts, open this link:\n{LINK}\n", cte="quoted-printable")
    assert LINK not in msg.as_string()  # as it travels, the link is broken over lines ('=' at their ends)
    port = free_port()
    server = Controller(Printed(), hostname="127.0.0.1", port=port)
    server.start()
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
            smtp.send_message(msg)
    finally:
        server.stop()
    out = capsys.readouterr().out
    assert out.startswith("--- e-mail to owner@example.org: Confirm your alert ---\n") and f"\n{LINK}\n" in out
