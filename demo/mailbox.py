"""The demo's mailbox: an SMTP handler for aiosmtpd that prints each message the demo's alerts send, decoded, to the
terminal `make demo` runs in, so an owner's confirmation and alert can be read and their links followed. Never a
server for real mail: it listens on loopback and keeps nothing.

    python -m aiosmtpd -n -l 127.0.0.1:8025 -c demo.mailbox.Printed
"""

from __future__ import annotations

import email
import email.policy
from typing import Any


def shown(data: bytes) -> str:
    """A message as the terminal shows it: its addresses, subject and text, the quoted-printable undone.
    b'To: a@b\\r\\nSubject: Hi\\r\\n\\r\\nhello=\\r\\n there' -> '--- e-mail to a@b: Hi ---\\nhello there\\n'."""
    msg = email.message_from_bytes(data, policy=email.policy.default)
    part = msg.get_body(preferencelist=("plain",)) if msg.is_multipart() else msg
    text = part.get_content() if part is not None else ""
    return f"--- e-mail to {msg['To']}: {msg['Subject']} ---\n{text.rstrip()}\n"


class Printed:
    """aiosmtpd's handler: each message accepted, printed (shown) and not kept."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        print(shown(envelope.original_content or envelope.content), flush=True)
        return "250 Message accepted for delivery"
