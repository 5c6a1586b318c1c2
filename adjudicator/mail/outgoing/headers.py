"""The header fields the judge writes, built from checked values and never decoded again.

The ``email`` package decodes every string it is given for a header: a roster name or a
game id written as an encoded word (``=?utf-8?q?Ann=0D=0ABcc:_evil@x.org?=``) becomes
``Ann``, a line break and a ``Bcc`` field when the mail is written out.  So the fields
that carry text from a player or a game file (``To``, ``Subject``, ``X-Trajan-Game``)
are built here, as the header objects the package writes as they are (its documented
protocol: an object with a ``name`` and a ``fold`` method): the text is checked (no
control, line or format character can pass) and, unless it is plain printable ASCII
with no ``=?`` in it, written as RFC 2047 encoded words of its UTF-8, which a mail
client decodes back into exactly that text.

:func:`finish` is the last step of every mail the judge journals: it adds
``Auto-Submitted: auto-generated`` (RFC 3834: auto-responders do not answer it) and
checks the written header once more, line by line.
"""

from __future__ import annotations

import base64
import re
from email.message import EmailMessage
from email.policy import Policy

# Characters no header text may hold: C0 and C1 controls, DEL, line and paragraph
# separators, and the format characters that reorder or hide text.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                        "\u2066-\u2069\ufeff]")
# Text written as it is: printable ASCII, no encoded-word opener.
_PLAIN = re.compile(r"[\x20-\x7e]*")
# A display name written as it is: RFC 5322 atext words separated by single spaces.
_ATOMS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+( [A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
# A plain address (the roster's form): no blanks, brackets, quotes, commas or controls.
_ADDRESS = re.compile(r"(?!.*=\?)[^\s<>()\[\]\\,;:\"@\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e"
                      r"\u2060-\u2064\u2066-\u2069\ufeff]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
WIDTH = 76  # the longest header line written (RFC 5322 recommends at most 78)


class Field:
    """One header field, already folded: the ``email`` package writes it as it is."""

    def __init__(self, name: str, folded: str, text: str) -> None:
        self.name = name
        self._folded = folded  # the value's lines, joined by "\n" (each continuation starts with a blank)
        self._text = text

    def fold(self, *, policy: Policy) -> str:
        """The field as header lines, already folded, ended by the policy's line separator."""
        end = policy.linesep or "\n"
        return f"{self.name}: " + self._folded.replace("\n", end) + end

    def __str__(self) -> str:
        return self._text


def check(text: str) -> str:
    """``text``, if no forbidden character is in it (ValueError otherwise)."""
    found = _FORBIDDEN.search(text)
    if found is not None:
        raise ValueError(f"a header may not hold the character U+{ord(found.group(0)):04X}")
    return text


def text(name: str, value: str) -> Field:
    """An unstructured field (``Subject``, ``X-Trajan-Game``) holding exactly ``value``."""
    check(value)
    words = value.split(" ")
    if _plain(value) and all(len(w) <= WIDTH - len(name) - 2 for w in words):
        return Field(name, _fold(words, len(name) + 2), value)
    return Field(name, "\n ".join(_encoded(value, WIDTH - len(name) - 2)), value)


def mailbox(name: str, display: str, address: str) -> Field:
    """An address field (``To``, ``From``): ``display <address>``, the address a plain one."""
    if _ADDRESS.fullmatch(address) is None:
        raise ValueError("not a plain address")
    check(display)
    if not display:
        return Field(name, address, address)
    if _ATOMS.fullmatch(display) and len(display) + len(address) + len(name) + 5 <= WIDTH:
        phrase = display
    elif _plain(display) and len(display) + len(address) + len(name) + 7 <= WIDTH:
        phrase = '"' + display.replace("\\", "\\\\").replace('"', '\\"') + '"'
    else:
        phrase = "\n ".join(_encoded(display, WIDTH - len(name) - 2))
    return Field(name, f"{phrase}\n <{address}>" if "\n" in phrase else f"{phrase} <{address}>",
                 f"{display} <{address}>")


def _plain(value: str) -> bool:
    return _PLAIN.fullmatch(value) is not None and "=?" not in value and value == value.strip()


def _fold(words: list[str], start: int) -> str:
    """Words joined by blanks, a line broken before a blank where it would pass :data:`WIDTH`."""
    lines = [words[0]]
    used = start + len(words[0])
    for word in words[1:]:
        if used + 1 + len(word) > WIDTH:
            lines.append(" " + word)
            used = 1 + len(word)
        else:
            lines[-1] += " " + word
            used += 1 + len(word)
    return "\n".join(lines)


def _encoded(value: str, first: int = WIDTH) -> list[str]:
    """``value`` as RFC 2047 encoded words of its UTF-8 (``=?utf-8?b?...?=``), each of at most
    45 bytes of text (72 characters), the first short enough for the ``first`` columns left
    after the field's name, split between characters; decoded and joined, they give
    ``value`` exactly."""
    room = max(3, (first - 12) // 4 * 3)  # bytes whose base64 fits beside "=?utf-8?b?" and "?="
    chunks = [b""]
    for c in value:
        data = c.encode("utf-8")
        if len(chunks[-1]) + len(data) > (min(45, room) if len(chunks) == 1 else 45):
            chunks.append(b"")
        chunks[-1] += data
    return [f"=?utf-8?b?{base64.b64encode(chunk).decode('ascii')}?=" for chunk in chunks]


_LINE = re.compile(rb"[\x21-\x39\x3b-\x7e]+:[\x20-\x7e]*|[ \t][\x20-\x7e]*")


def finish(message: EmailMessage) -> bytes:
    """The mail as it is journaled and sent: ``Auto-Submitted: auto-generated`` added, and
    every line of its header checked (a field name and printable ASCII, or a continuation
    line; at most 998 characters): a mail that fails is never written (ValueError)."""
    if message.get("Auto-Submitted") is None:
        message["Auto-Submitted"] = "auto-generated"
    data = message.as_bytes()
    head = data.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    for line in head.split(b"\n"):
        if len(line) > 998 or _LINE.fullmatch(line) is None:
            raise ValueError(f"a header line the judge wrote is not safe to send: {line[:60]!r}")
    return data


def with_message_id(data: bytes, message_id: str) -> bytes:
    """A mail the judge wrote (its bytes, as :func:`finish` gave them), with another
    Message-ID: that field's lines are replaced, nothing else is parsed or written again."""
    if re.fullmatch(r"<[\x21-\x3b\x3d\x3f-\x7e]+@[A-Za-z0-9.-]+>", message_id) is None:
        raise ValueError("not a Message-ID the judge makes")
    head, sep, body = data.partition(b"\n\n")
    kept: list[bytes] = []
    dropping = False
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t") and dropping:
            continue
        dropping = line.lower().startswith(b"message-id:")
        if not dropping:
            kept.append(line)
    kept.append(b"Message-ID: " + message_id.encode("ascii"))
    return b"\n".join(kept) + sep + body
