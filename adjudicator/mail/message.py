"""A whole e-mail message (RFC 5322) to the texts that may hold orders.

Read with the standard library's ``email`` package (``policy.default``): MIME parts,
quoted-printable and base64, any declared charset.  The candidates are the plain-text
parts, the text of the HTML parts when a message has no plain-text part (quoted
``<blockquote>`` text marked with ``>`` as a mail client would), and attachments named
``.json`` or ``.txt`` (or of type ``application/json``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from email.message import Message

from adjudicator.notation.parse import quoted

# Header fields that only a mail message starts with (a pasted body's "Game: ..." is not one).
_MAIL_HEADERS = {"from", "to", "cc", "subject", "date", "message-id", "mime-version", "content-type",
                 "received", "return-path", "delivered-to", "reply-to", "in-reply-to", "references",
                 "x-mailer", "user-agent", "content-transfer-encoding", "dkim-signature", "sender"}
_HEADER_LINE = re.compile(rb"([!-9;-~]+):")  # RFC 5322 field names (Outlook's "msip_labels")


@dataclass(frozen=True)
class Part:
    place: str  # where it is, for problems: "body", 'attachment "orders.txt"'
    text: str
    attachment: bool


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


def parts(data: bytes) -> list[Part]:
    """The texts of a message that may hold orders, in the order to try them."""
    from email import message_from_bytes, policy  # lazy: only for a whole message

    msg = message_from_bytes(data, policy=policy.default)
    plain: list[Part] = []
    html: list[Part] = []
    attached: list[Part] = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        kind = part.get_content_type()
        name = part.get_filename()
        if part.get_content_disposition() == "attachment" or name:
            label = f"attachment {quoted(name or kind)}"
            if (name or "").lower().endswith((".json", ".txt")) or kind in ("application/json", "text/plain"):
                attached.append(Part(label, _text(part), True))
        elif kind == "text/plain":
            plain.append(Part("body", _unflowed(part, _text(part)), False))
        elif kind == "text/html":
            html.append(Part("body", html_text(_text(part)), False))
    return (plain or html) + attached


def _unflowed(part: Message, text: str) -> str:
    """A ``format=flowed`` text with its soft line breaks joined (RFC 3676; issue 27)."""
    if str(part.get_param("format", "")).lower() != "flowed":
        return text
    from adjudicator.mail.clean import unflow

    return unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")


def _text(part: Message) -> str:
    """The decoded text of a leaf part (an unknown charset read as Windows-1252)."""
    from email.message import EmailMessage

    if isinstance(part, EmailMessage):
        try:
            content = part.get_content()
        except (LookupError, UnicodeError, KeyError):
            content = None
        if isinstance(content, str):
            return content
    raw = part.get_payload(decode=True)
    data = raw if isinstance(raw, bytes) else b""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


class _Html(HTMLParser):
    _BREAKS = {"br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "hr"}
    _SKIP = {"script", "style", "head", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.depth = 0  # blockquotes
        self.skip = 0

    def _break(self) -> None:
        """End the line, unless at the start of one (a block after a block is one break)."""
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self.skip += 1
        if tag == "br":
            self.out.append("\n")
        elif tag in self._BREAKS or tag == "blockquote":
            self._break()
        if tag == "blockquote":
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self.skip = max(0, self.skip - 1)
        if tag == "blockquote":
            self.depth = max(0, self.depth - 1)
        if tag in self._BREAKS and tag != "br" or tag == "blockquote":
            self._break()

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        text = re.sub(r"[ \t\r\n]+", " ", data)
        if not text.strip(" ") and (not self.out or self.out[-1].endswith("\n")):
            return  # the layout between two tags
        if self.depth:
            text = text.replace("\n", "\n" + "> " * self.depth)
            if not self.out or self.out[-1].endswith("\n"):
                text = "> " * self.depth + text.lstrip()
        self.out.append(text)


def html_text(html: str) -> str:
    """The text of an HTML mail: one line per paragraph, line break or block; quoted
    ``<blockquote>`` lines marked with ``>``."""
    parser = _Html()
    parser.feed(html)
    parser.close()
    lines = [line.strip() for line in "".join(parser.out).split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip("\n") + "\n"
