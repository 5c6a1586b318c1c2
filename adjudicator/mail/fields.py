"""The header of an incoming message, read within the limits and without recursion.

The ``email`` package's header parsers are not used on what a stranger sends: its
address parser recurses on nested comments (a ``From`` of a few thousand ``(`` ends
in ``RecursionError``) and its modern header parser costs minutes on a long subject of
encoded words.  This module reads the few fields the judge needs in one pass each:

- :func:`read_header` splits the message's header block into fields (unfolded, in
  order), at most :data:`~.limits.MAX_HEADER_BYTES` of it, each field at most
  :data:`~.limits.MAX_FIELD_BYTES` (a longer one is dropped and the header refused);
- :func:`decode_words` decodes RFC 2047 encoded words (``=?utf-8?q?...?=``) in text;
- :func:`address_of` finds the one address of a ``From`` field (comments and quoting
  undone; two addresses or none give None);
- :func:`automatic` tells an automatic message (RFC 3834 ``Auto-Submitted``, a
  vacation responder, a mailing list, a bounce) from one a person wrote;
- :func:`params` reads the parameters of a ``Content-Type`` or ``Content-Disposition``
  field (RFC 2045 and RFC 2231).
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from urllib.parse import unquote_to_bytes

from adjudicator.errors import Problem
from adjudicator.mail import charsets
from adjudicator.mail.limits import MAX_FIELD_BYTES, MAX_HEADER_BYTES, header_too_long

# A header line: a field name (printable ASCII but ":"), as the ``email`` package reads one.
_FIELD = re.compile(rb"([\x21-\x39\x3b-\x7e]*):")


@dataclass(frozen=True)
class Header:
    """The fields of a header block (lower-case name, unfolded value) and the first limit broken."""

    fields: tuple[tuple[str, str], ...]
    problem: Problem | None

    def all(self, name: str) -> list[str]:
        """Every value of the field ``name`` (lower case), in the header's order."""
        return [v for n, v in self.fields if n == name]

    def get(self, name: str) -> str | None:
        """The first value of the field ``name`` (lower case), or None."""
        found = self.all(name)
        return found[0] if found else None


def read_header(data: bytes) -> Header:
    """The header block at the start of ``data`` (an mbox ``From `` line skipped); lines end
    at CR LF, CR or LF, as the ``email`` package's parser ends them."""
    fields: list[tuple[str, str]] = []
    problem: Problem | None = None
    name: str | None = None
    value: list[bytes] = []
    size = used = 0
    lines = data[:MAX_HEADER_BYTES + 2].splitlines(keepends=True)
    if lines and lines[0].startswith(b"From "):
        used = len(lines[0])
        lines = lines[1:]
    ended = False
    for raw in lines:
        used += len(raw)
        if used > MAX_HEADER_BYTES and raw.rstrip(b"\r\n"):
            problem = header_too_long(f"more than {MAX_HEADER_BYTES:,} bytes").problem
            name = None  # the field cut off here is not kept
            break
        line = raw.rstrip(b"\r\n")
        if line[:1] in (b" ", b"\t"):
            if name is not None:  # a continuation line (one before any field is skipped)
                size += len(line)
                value.append(line)
            continue
        if name is not None:
            problem = _keep(fields, name, value, size) or problem
        m = _FIELD.match(line)
        if m is None:
            name, ended = None, True
            break  # a blank line (or a line that is no field) ends the header
        name, value, size = m.group(1).decode("ascii").lower(), [line[m.end():]], len(line)
    if name is not None and (ended or len(data) <= MAX_HEADER_BYTES + 2):
        problem = _keep(fields, name, value, size) or problem
    return Header(tuple(fields), problem)


def _keep(fields: list[tuple[str, str]], name: str, value: list[bytes], size: int) -> Problem | None:
    """Add one field (a field over the limit is dropped: the problem says so)."""
    if size > MAX_FIELD_BYTES:
        return header_too_long(f"the field {name[:40]!r} has more than {MAX_FIELD_BYTES:,} bytes").problem
    fields.append((name, charsets.fallback(b"".join(value)).strip()))
    return None


# --- Encoded words (RFC 2047) ---------------------------------------------------------

_WORD = re.compile(r"=\?([^?\s]{1,75})\?([bBqQ])\?([^?\s]*)\?=")


def decode_words(text: str) -> str:
    """``text`` with its encoded words decoded (blanks between two of them dropped, as RFC
    2047 says); a word that does not decode is kept as written."""
    out: list[str] = []
    last = 0
    after_word = False
    for m in _WORD.finditer(text):
        between = text[last:m.start()]
        if not (after_word and not between.strip()):
            out.append(between)
        word = _decode_word(m.group(1), m.group(2), m.group(3))
        out.append(m.group(0) if word is None else word)
        after_word = word is not None
        last = m.end()
    out.append(text[last:])
    return "".join(out)


def _decode_word(charset: str, encoding: str, encoded: str) -> str | None:
    raw = encoded.encode("ascii", errors="replace")
    try:
        if encoding in "bB":
            data = binascii.a2b_base64(raw + b"=" * (-len(raw) % 4), strict_mode=True)
        else:
            data = binascii.a2b_qp(raw, header=True)
    except (binascii.Error, ValueError):
        return None
    return charsets.decode(data, charset.split("*", 1)[0])


# --- The sender's address ---------------------------------------------------------------


def address_of(value: str | None) -> str | None:
    """The one address a ``From`` field names (``Name <local@domain>`` or ``local@domain``,
    comments removed, a quoted local part unquoted where quoting is not needed, the domain
    in lower case), or None if it names none, several, or a group."""
    if value is None or "\0" in value:
        return None
    text = _without_comments(value)
    if text is None or _outside(text, ",;:"):
        return None
    opening = _outside_at(text, "<")
    if opening >= 0:
        closing = text.find(">", opening)
        if closing < 0 or _outside(text[closing + 1:], "<"):
            return None
        text = text[opening + 1:closing]
    return _addr_spec(text)


def _scan(text: str) -> list[tuple[int, str, bool]]:
    """Each character with whether it is inside a quoted string (backslash escapes kept)."""
    out = []
    quoted = escaped = False
    for i, c in enumerate(text):
        inside = quoted
        if escaped:
            escaped = False
        elif c == "\\" and quoted:
            escaped = True
        elif c == '"':
            quoted = not quoted
            inside = True
        out.append((i, c, inside))
    return out


def _without_comments(text: str) -> str | None:
    """``text`` without its (nested) comments; None if a comment or quote is never closed."""
    kept: list[str] = []
    depth = 0
    quoted = escaped = False
    for c in text:
        if escaped:
            escaped = False
            if depth == 0:
                kept.append(c)
            continue
        if c == "\\" and (quoted or depth):
            escaped = True
            if depth == 0:
                kept.append(c)
            continue
        if quoted:
            quoted = c != '"'
            kept.append(c)
        elif c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif depth == 0:
            quoted = c == '"'
            kept.append(" " if c in "\r\n\t" else c)
    return None if depth or quoted else "".join(kept)


def _outside(text: str, chars: str) -> bool:
    return any(c in chars and not inside for _, c, inside in _scan(text))


def _outside_at(text: str, char: str) -> int:
    return next((i for i, c, inside in _scan(text) if c == char and not inside), -1)


_ATOM = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\U0010ffff-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~"
                   r"\u0080-\U0010ffff-]+)*")
_DOMAIN = re.compile(r"[A-Za-z0-9\u0080-\U0010ffff-]+(\.[A-Za-z0-9\u0080-\U0010ffff-]+)*|\[[^\[\]\\\s]*\]")


def _addr_spec(text: str) -> str | None:
    plain = "".join(c if inside else "\0" if c.isspace() else c for _, c, inside in _scan(text.strip()))
    plain = re.sub("\0*([.@])\0*", r"\1", plain)  # blanks around "." and "@" (RFC 5322's obsolete forms)
    if "\0" in plain:
        return None  # two words ("r hea@..."): no address
    at = next((i for i in range(len(plain) - 1, -1, -1) if plain[i] == "@"), -1)
    if at <= 0:
        return None
    local, domain = plain[:at], plain[at + 1:]
    if local.startswith('"') and local.endswith('"') and len(local) >= 2:
        inner = re.sub(r"\\(.)", r"\1", local[1:-1])
        local = inner if _ATOM.fullmatch(inner) else local
    elif _ATOM.fullmatch(local) is None:
        return None
    if _DOMAIN.fullmatch(domain) is None:
        return None
    return f"{local}@{domain.lower()}"


def same_address(a: str, b: str) -> bool:
    """Whether two addresses are the same mailbox: the whole address compared, the domain
    without case (RFC 5321 section 2.4) and the local part without case too (every common
    provider treats it so, and mail clients differ in how they write it)."""
    return a.lower() == b.lower()


# --- Automatic messages (RFC 3834 and what responders really send) -----------------------

# Fields whose presence marks a message as sent by a program, not a person.
_AUTOMATIC_FIELDS = ("x-autoreply", "x-autorespond", "x-autoresponder", "x-autoreply-from",
                     "x-mail-autoreply", "x-autogenerated", "x-fc-machinegenerated", "list-id",
                     "list-unsubscribe", "feedback-id")


def automatic(header: Header) -> str | None:
    """Why a message is an automatic one (the field that says so), or None.

    ``Auto-Submitted`` other than ``no`` (RFC 3834); ``Precedence`` or ``X-Precedence``
    ``bulk``, ``junk``, ``list`` or ``auto_reply``; the fields vacation responders and
    mailing lists add (``X-Autoreply``, ``X-Autorespond``, ``List-Id``, ...); a bounce
    (``Return-Path: <>``, a ``multipart/report``)."""
    submitted = header.get("auto-submitted")
    if submitted is not None and _token(submitted) != "no":
        return "Auto-Submitted"
    for name in ("precedence", "x-precedence"):
        if _token(header.get(name) or "") in ("bulk", "junk", "list", "auto_reply"):
            return name.title()
    for name in _AUTOMATIC_FIELDS:
        if header.get(name) is not None:
            return "-".join(w.title() for w in name.split("-"))
    if (header.get("return-path") or "").replace(" ", "") == "<>":
        return "Return-Path"
    if _token(header.get("content-type") or "") == "multipart/report":
        return "Content-Type"
    delivered = header.all("delivered-to")
    if any(_token(v) == "autoresponder" for v in delivered):
        return "Delivered-To"
    return None


def _token(value: str) -> str:
    """The first word of a field (before ``;`` or a comment), in lower case."""
    return re.split(r"[;(\s]", value.strip(), maxsplit=1)[0].lower()


# --- MIME parameters (RFC 2045, RFC 2231) -----------------------------------------------


def params(value: str) -> dict[str, str]:
    """The parameters of a Content-Type or Content-Disposition field, names in lower case,
    RFC 2231 continuations joined and decoded, RFC 2047 words decoded (mail clients write
    file names so); a parameter that cannot be read is left out."""
    plain: dict[str, str] = {}
    pieces: dict[str, dict[int, tuple[str, bool]]] = {}
    for item in _split_params(value)[1:]:
        name, sep, raw = item.partition("=")
        name = name.strip().lower()
        if not sep or not name:
            continue
        text = _unquote(raw.strip())
        m = re.fullmatch(r"([^*]+)\*(?:(\d{1,3})(\*)?|())", name)
        if m is None:
            plain.setdefault(name, decode_words(text))
        else:
            number = int(m.group(2)) if m.group(2) else 0
            encoded = m.group(3) is not None or m.group(4) is not None
            pieces.setdefault(m.group(1), {}).setdefault(number, (text, encoded))
    for name, numbered in pieces.items():
        plain[name] = _rfc2231([numbered[k] for k in sorted(numbered)])
    return plain


def _split_params(value: str) -> list[str]:
    out: list[str] = []
    start = 0
    quoted = escaped = False
    for i, c in enumerate(value):
        if escaped:
            escaped = False
        elif c == "\\" and quoted:
            escaped = True
        elif c == '"':
            quoted = not quoted
        elif c == ";" and not quoted:
            out.append(value[start:i])
            start = i + 1
    out.append(value[start:])
    return out


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    return text


def _rfc2231(pieces: list[tuple[str, bool]]) -> str:
    """Continuations joined; the first encoded piece names the charset (``utf-8'en'...``)."""
    charset = None
    data = b""
    for n, (text, encoded) in enumerate(pieces):
        if encoded:
            if n == 0 and text.count("'") >= 2:
                charset, _, text = text.split("'", 2)
            data += unquote_to_bytes(text)
        else:
            data += text.encode("utf-8", errors="replace")
    return charsets.decode(data, charset)
