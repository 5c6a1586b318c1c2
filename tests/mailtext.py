"""Reading the judge's mails in tests: a mail file parsed, and its text part as the
player reads it (soft line breaks of a ``format=flowed`` part joined)."""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path


def read_mail(path: Path) -> EmailMessage:
    """The mail in ``path``."""
    mail = message_from_bytes(path.read_bytes(), policy=policy.default)
    assert isinstance(mail, EmailMessage)
    return mail


def text_of(mail: EmailMessage) -> str:
    """The mail's text part, decoded, as it was sent."""
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def joined(mail: EmailMessage) -> str:
    """The text part with a flowed part's soft breaks (a space before the break) joined."""
    part = mail.get_body(("plain",))
    assert part is not None
    text = str(part.get_content()).replace("\r\n", "\n")
    return re.sub(r" \n", " ", text) if part.get_param("format") == "flowed" else text
