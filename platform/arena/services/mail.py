"""E-mail through the operator's SMTP server (the ARENA_SMTP_* settings): reset links.

A message is handed to the server on a thread of its own, so that a request answers as fast
whether or not it sent mail (the forgot-password page tells nobody whether an account
exists); a delivery that fails is logged, never shown.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import threading
from collections.abc import Mapping
from email.message import EmailMessage
from typing import Any

log = logging.getLogger(__name__)


def mail_enabled(config: Mapping[str, Any]) -> bool:
    """Tell whether the site sends e-mail: an SMTP server and its own address are set."""
    return bool(config["SMTP_HOST"] and config["PUBLIC_URL"])


def public_link(config: Mapping[str, Any], path: str, reached_at: str | None = None) -> str:
    """Return the address of the site's `path` as its users reach it: at ARENA_PUBLIC_URL,
    else at `reached_at`, the address a person who reads the link themselves reached the site
    by (a forged Host fools only them; e-mails never use it)."""
    return str(config["PUBLIC_URL"] or reached_at).rstrip("/") + path


def _deliver(config: Mapping[str, Any], message: EmailMessage) -> None:
    """Hand the message to the SMTP server, as the settings say."""
    host, port = config["SMTP_HOST"], config["SMTP_PORT"]
    timeout = config["SMTP_TIMEOUT_SECONDS"]
    context = ssl.create_default_context()
    if config["SMTP_SECURITY"] == "ssl":
        server: smtplib.SMTP = smtplib.SMTP_SSL(host, port, timeout=timeout, context=context)
    else:
        server = smtplib.SMTP(host, port, timeout=timeout)
    with server:
        if config["SMTP_SECURITY"] == "starttls":
            server.starttls(context=context)
        if config["SMTP_USERNAME"]:
            server.login(config["SMTP_USERNAME"], config["SMTP_PASSWORD"] or "")
        server.send_message(message)


def _deliver_logged(config: Mapping[str, Any], message: EmailMessage) -> None:
    try:
        _deliver(config, message)
    except (OSError, smtplib.SMTPException) as exc:
        log.warning("mail to %s not sent: %s", message["To"], exc)


def send_later(config: Mapping[str, Any], to: str, subject: str, body: str) -> threading.Thread:
    """Send a plain-text message on a thread of its own; return the thread."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = config["MAIL_FROM"], to, subject
    message.set_content(body)
    settings = {key: config[key] for key in (
        "SMTP_HOST", "SMTP_PORT", "SMTP_SECURITY", "SMTP_USERNAME", "SMTP_PASSWORD",
        "SMTP_TIMEOUT_SECONDS")}
    sending = threading.Thread(target=_deliver_logged, args=(settings, message),
                               name="arena-mail", daemon=True)
    sending.start()
    return sending
