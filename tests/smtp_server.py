"""A real SMTP server of the tests' own (aiosmtpd on a free loopback port): the mail server the
password reset tests point ARENA_SMTP_HOST at, keeping every message it is given."""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage

from aiosmtpd.controller import Controller

from bench.live_server import free_port, wait_until


class Inbox:
    """An aiosmtpd handler that keeps every message it is given, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 OK"

    def mail_to(self, address: str, seconds: float = 20) -> EmailMessage:
        """Wait for a message to `address` and return it."""
        return wait_until(lambda: next((m for m in self.messages if m["To"] == address), None),
                          seconds, f"an e-mail to {address}")

    def reset_link(self, address: str) -> str:
        """Wait for a message to `address`; return the password reset link in it."""
        return re.search(r"https?://\S+/password/reset/[\w-]+",
                         self.mail_to(address).get_content())[0]


@contextmanager
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    """Run an SMTP server on a free loopback port; yield its inbox and port."""
    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()
