"""A whole e-mail message (RFC 5322) to the texts that may hold orders, within limits.

:func:`read_letter` reads a message once, into a :class:`Letter`: its sender, subject
and the other header fields the judge needs (read by :mod:`.fields`, never by the
``email`` package's header parsers), whether a program sent it, and the candidate
texts: the plain-text parts, the text of the HTML parts when a message has no
plain-text part (quoted ``<blockquote>`` text marked with ``>`` as a mail client would),
and attachments named ``.json`` or ``.txt`` (or of type ``application/json``).

The MIME tree is parsed by the standard library's feed parser under a policy that
counts as it goes (:mod:`.limits`): a part over :data:`~.limits.MAX_PARTS`, a header
field over :data:`~.limits.MAX_FIELD_BYTES` or a ``Content-Type`` with too many
parameters stops it at once, so no message costs more than its limits allow.  Each
part's text is decoded in its declared charset (:mod:`.charsets`: an unknown or
unusable one as UTF-8, else Windows-1252).  A message over a limit, or one the parser
cannot read, is a :class:`Letter` with no texts and a ``refusal``: one problem saying
why; reading a message never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.errors import MessageError
from email.feedparser import BytesFeedParser
from email.message import Message
from email.policy import Compat32

from adjudicator.errors import Malformed, Problem
from adjudicator.mail import charsets, fields
from adjudicator.mail.htmltext import html_text
from adjudicator.mail.limits import (
    MAX_DEPTH,
    MAX_FIELD_BYTES,
    MAX_LINES,
    MAX_MESSAGE_BYTES,
    MAX_PARAMETERS,
    Budget,
    Refused,
    header_too_long,
    refuse,
    too_large,
    too_many_lines,
)
from adjudicator.notation.parse import quoted

__all__ = ["Letter", "Part", "html_text", "is_message", "parts", "read_letter"]

# Header fields that only a mail message starts with (a pasted body's "Game: ..." is not one).
_MAIL_HEADERS = {"from", "to", "cc", "subject", "date", "message-id", "mime-version", "content-type",
                 "received", "return-path", "delivered-to", "reply-to", "in-reply-to", "references",
                 "x-mailer", "user-agent", "content-transfer-encoding", "dkim-signature", "sender"}
_HEADER_LINE = re.compile(rb"([!-9;-~]+):")  # RFC 5322 field names (Outlook's "msip_labels"; issue 27)
# What the feed parser may raise on a message it cannot make sense of (it records most
# defects instead); such a message is refused as unreadable.
READ_ERRORS = (MessageError, ValueError, LookupError, TypeError, RecursionError)


@dataclass(frozen=True)
class Part:
    place: str  # where it is, for problems: "body", 'attachment "orders.txt"'
    text: str
    attachment: bool


@dataclass(frozen=True)
class Letter:
    """One message as the judge reads it."""

    header: fields.Header  # the message's own header fields
    sender: str | None  # the one address of its From field
    subject: str  # encoded words decoded
    automatic: str | None  # the field that marks it as sent by a program, if any
    parts: tuple[Part, ...]  # the texts that may hold orders, in the order to try them
    refusal: Problem | None  # why it was not read (a limit, or not readable), if so

    @property
    def message_id(self) -> str | None:
        """The message's Message-ID as written, or None."""
        found = self.header.get("message-id")
        return found or None


def is_message(data: bytes) -> bool:
    """Whether ``data`` starts with a mail header (every line before the first blank line is
    a header field, one of them a field only mail has)."""
    head = data[:65536].replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    lines = head.split(b"\n")
    if lines and lines[0].startswith(b"From "):  # an mbox separator line
        lines = lines[1:]
    names = []
    for line in lines:
        if line[:1] in (b" ", b"\t"):
            continue
        m = _HEADER_LINE.match(line)
        if m is None:
            return False
        names.append(m.group(1).decode().lower())
    return len(names) >= 2 and any(n in _MAIL_HEADERS for n in names)


def read_letter(data: bytes, size: int | None = None) -> Letter:
    """The message in ``data`` (``size``: its whole size, when ``data`` is only its start)."""
    header = fields.read_header(data)
    senders = header.all("from")
    sender = fields.address_of(senders[0]) if len(senders) == 1 else None
    subject = fields.decode_words(header.get("subject") or "")
    automatic = fields.automatic(header)
    try:
        whole = len(data) if size is None else size
        if whole > MAX_MESSAGE_BYTES:
            raise too_large(whole)
        lines = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
        if lines > MAX_LINES:
            raise too_many_lines(lines)
        if header.problem is not None:
            raise Refused(header.problem)
        texts = tuple(_texts(data))
    except Refused as e:
        return Letter(header, sender, subject, automatic, (), e.problem)
    return Letter(header, sender, subject, automatic, texts, None)


def parts(data: bytes, file: str = "") -> list[Part]:
    """The texts of a message that may hold orders, in the order to try them; raises
    :class:`Malformed` for a message over a limit (located in ``file``)."""
    letter = read_letter(data)
    if letter.refusal is not None:
        raise Malformed([letter.refusal.located(file) if file else letter.refusal])
    return list(letter.parts)


class _Counting(Compat32):
    """The feed parser's policy: every header field counted against the limits as it is
    read; values kept raw (decoded by :mod:`.fields`, never by the ``email`` package)."""

    budget: Budget | None = None

    def __init__(self, budget: Budget) -> None:
        super().__init__()
        object.__setattr__(self, "budget", budget)  # policies are read-only once made

    def header_source_parse(self, sourcelines: list[str]) -> tuple[str, str]:
        size = sum(len(line.rstrip("\r\n")) for line in sourcelines)  # as fields.read_header counts
        name = sourcelines[0].split(":", 1)[0].strip().lower()
        if size > MAX_FIELD_BYTES:
            raise header_too_long(f"a field {name[:40]!r} has more than {MAX_FIELD_BYTES:,} bytes")
        if name in ("content-type", "content-disposition") and \
                sum(line.count(";") for line in sourcelines) > MAX_PARAMETERS:
            raise header_too_long(f"a field {name!r} has more than {MAX_PARAMETERS} parameters")
        parsed = super().header_source_parse(sourcelines)
        if name == "content-type" and self.budget is not None and \
                parsed[1].split(";", 1)[0].strip().lower().startswith(("multipart/", "message/")):
            self.budget.container()
        return parsed

    def header_fetch_parse(self, name: str, value: str) -> str:
        return value


def _tree(data: bytes) -> tuple[list[Message], Budget]:
    """The leaf parts of the message, depth first (nesting checked), and the budget."""
    budget = Budget()
    policy = _Counting(budget)

    def factory(policy: Compat32 = policy) -> Message:
        budget.part()
        return Message(policy)

    parser = BytesFeedParser(_factory=factory, policy=policy)
    budget.parts = 0  # the parser made one part to try the factory
    try:
        parser.feed(data)
        root = parser.close()
    except READ_ERRORS as e:
        raise refuse("mail.unreadable", f"The message cannot be read as mail ({type(e).__name__}); "
                     "it was not read.") from None
    leaves: list[Message] = []
    stack: list[tuple[Message, int]] = [(root, 1)]
    while stack:
        part, depth = stack.pop()
        if part.is_multipart():  # a multipart, or an attached message (a list of one)
            if depth >= MAX_DEPTH:
                raise refuse("mail.too_deep", f"The message nests parts more than {MAX_DEPTH} levels "
                             "deep; it was not read.")
            payload = part.get_payload()
            children = payload if isinstance(payload, list) else []
            stack.extend((p, depth + 1) for p in reversed(children) if isinstance(p, Message))
        else:
            leaves.append(part)
    return leaves, budget


def _texts(data: bytes) -> list[Part]:
    leaves, budget = _tree(data)
    plain: list[Message] = []
    html: list[Message] = []
    attached: list[tuple[str, Message]] = []
    for part in leaves:
        kind = part.get_content_type()
        disposition = fields.params(str(part.get("content-disposition") or ""))
        name = disposition.get("filename") or _params(part).get("name")
        if part.get_content_disposition() == "attachment" or name:
            if (name or "").lower().endswith((".json", ".txt")) or kind in ("application/json", "text/plain"):
                attached.append((f"attachment {quoted(name or kind)}", part))
        elif kind == "text/plain":
            plain.append(part)
        elif kind == "text/html":
            html.append(part)
    bodies = ([Part("body", _unflowed(p, _text(p, budget)), False) for p in plain]  # the HTML only if none
              or [Part("body", html_text(_text(p, budget)), False) for p in html])
    return bodies + [Part(label, _text(p, budget), True) for label, p in attached]


def _unflowed(part: Message, text: str) -> str:
    """A ``format=flowed`` text with its soft line breaks joined (RFC 3676; issue 27)."""
    params = _params(part)
    if params.get("format", "").lower() != "flowed":
        return text
    from adjudicator.mail.clean import unflow

    return unflow(text, delsp=params.get("delsp", "").lower() == "yes")


def _params(part: Message) -> dict[str, str]:
    return fields.params(str(part.get("content-type") or ""))


def _text(part: Message, budget: Budget) -> str:
    """The decoded text of a leaf part, in its charset (:func:`.charsets.decode`)."""
    try:
        raw = part.get_payload(decode=True)
    except READ_ERRORS as e:
        raise refuse("mail.unreadable", f"A part of the message cannot be decoded ({type(e).__name__}); "
                     "it was not read.") from None
    data = raw if isinstance(raw, bytes) else b""
    budget.text(len(data))  # a charset gives at most one character per byte
    return charsets.decode(data, _params(part).get("charset"))
