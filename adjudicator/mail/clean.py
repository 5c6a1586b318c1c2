"""What mail does to text, undone: characters, quoted-printable, flowed text, quoting, signatures.

:func:`segments` splits a text into the places orders may be, in the order to look:
the writer's own lines (above, between and below the quoted lines of a reply), the
lines of an earlier message that is not quoted with ``>`` (Outlook's ``From: ... Sent:``
block, ``-----Original Message-----``, a forwarded message), and the quoted lines
(``>`` removed).  Each line keeps its number in the text, so that a problem can find
the line the player wrote.  :func:`unflow` joins the soft line breaks of
``format=flowed`` text (RFC 3676) before anything is read.
"""

from __future__ import annotations

import quopri
import re
from dataclasses import dataclass, field

from adjudicator.notation.parse import MAX_LINE

Lines = list[tuple[int, str]]

_SPACES = dict.fromkeys(map(ord, "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
                              "\u2009\u200a\u202f\u205f\u3000\t\x0b\x0c"), " ")
_GONE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e"), None)
_QUOTES = {**dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u00b4`"), "'"),
           **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033"), '"')}
_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_TABLE = {**_SPACES, **_GONE, **_QUOTES, **_DASHES, ord("\uff03"): "#"}

# The line that introduces a quoted earlier message (Gmail, Apple Mail, Thunderbird, K-9,
# iOS; a few languages), possibly wrapped over two lines: "On DATE, NAME <ADDRESS> wrote:",
# "Am DATE schrieb NAME:".
_ATTRIBUTION = re.compile(
    r"^(on|am|le|el|il|op|em|den)\b.*\b(wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|skrev)\b"
    r".*:\s*$", re.IGNORECASE)
# Where an earlier message starts without ">" quoting: Outlook (desktop, web, phones),
# Samsung Email, Gmail's and Apple Mail's forwards.
_ORIGINAL = re.compile(r"^(-{2,}\s*original message\s*-{2,}|_{10,}|-{5,}\s*forwarded message\s*-{5,}|"
                       r"-{2,}\s*(ursprüngliche nachricht|message d'origine|mensaje original|"
                       r"messaggio originale|oorspronkelijk bericht)\s*-{2,}|"
                       r"begin forwarded message:?|anfang der weitergeleiteten (e-mail|nachricht):?)\s*$",
                       re.IGNORECASE)
_OUTLOOK_FROM = re.compile(r"^\*?(from|von|de|da|van|från)\s?:\*?\s", re.IGNORECASE)
_OUTLOOK_SENT = re.compile(r"^\*?(sent|date|gesendet|datum|envoyé|enviado|inviato|verzonden|skickat)"
                           r"\s?:\*?\s", re.IGNORECASE)
_OPENERS = {"on ", "am ", "le ", "el ", "il ", "op ", "em ", "den"}
# Only this much of a text is read: the first lines (a long quoted thread is never the
# orders), each cut after one character more than an order line may have.
MAX_LINES = 20_000
# Quoted-printable: a soft line break, an encoded "=" or space, or an encoded byte beyond ASCII.
# (A soft break only after a long line: a line of the judge's mail may end in "==".)
_QP = re.compile(r"[^\n]{60}=\n|=3D|=20|=[89A-F][0-9A-F]")


@dataclass
class Segments:
    """A text's lines by where they stand (each with its line number)."""

    own: Lines = field(default_factory=list)  # the writer's lines, up to a signature
    signed: Lines = field(default_factory=list)  # the writer's lines below a signature line
    after: Lines = field(default_factory=list)  # an earlier message not quoted with ">"
    quoted: Lines = field(default_factory=list)  # quoted lines, ">" removed


def normalise(text: str) -> str:
    """Line ends, spaces, quotes and dashes as plain ASCII; quoted-printable decoded."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _QP.search(text):
        text = _unqp(text)
    return text.translate(_TABLE)


def _unqp(text: str) -> str:
    """Quoted-printable left in a text (a raw message body pasted), decoded if it is one."""
    try:
        decoded = quopri.decodestring(text.encode("utf-8")).decode("utf-8")
    except UnicodeDecodeError:
        try:
            decoded = quopri.decodestring(text.encode("latin-1")).decode("cp1252")
        except (UnicodeError, ValueError):
            return text
    return decoded


def unflow(text: str, delsp: bool = False) -> str:
    """``format=flowed`` text (RFC 3676) with its soft line breaks joined: a line ending in a
    space continues on the next line of the same quote depth (``delsp=yes``: that space is
    removed); space-stuffing is undone; the signature separator ``-- `` stays a line."""
    out: list[str] = []
    open_depth: int | None = None  # the quote depth of a flowed line still to be continued
    for raw in text.replace("\r\n", "\n").split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]  # space-stuffed (or the space after the quote marks)
        if open_depth == depth and out:
            out[-1] += line
        else:
            out.append("> " * depth + line if depth else line)
        flowed = line.endswith(" ") and line != "-- "
        if flowed and delsp:
            out[-1] = out[-1][:-1]
        open_depth = depth if flowed else None
    return "\n".join(out)


def segments(text: str) -> Segments:
    """The writer's lines, the lines of an unquoted earlier message, the quoted lines."""
    found = Segments()
    lines = [line[:MAX_LINE + 1] for line in normalise(text).split("\n", MAX_LINES)[:MAX_LINES]]
    earlier = _earlier_start(lines)
    mine: Lines = []
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith(">"):
            found.quoted.append((n, re.sub(r"^(\s*>)+ ?", "", line)))
        elif n - 1 >= earlier:
            found.after.append((n, line))
        elif not is_attribution(lines, n - 1):
            mine.append((n, line))
    found.own, found.signed = _unsigned(mine)
    found.after, _ = _unsigned(found.after)
    found.quoted, _ = _unsigned(found.quoted)
    return found


def is_attribution(lines: list[str], i: int) -> bool:
    """Whether ``lines[i]`` introduces a quoted message ("On ..., NAME wrote:"), alone or
    wrapped over two lines (Gmail breaks a long one before the address)."""
    line = lines[i].strip()
    if not line.endswith(":") and line[:3].lower() not in _OPENERS:
        return False
    if _ATTRIBUTION.match(line):
        return True
    joined = line + " " + (lines[i + 1].strip() if i + 1 < len(lines) else "")
    before = lines[i - 1].strip() + " " + line if i else ""
    return bool((line[:3].lower() in _OPENERS and _ATTRIBUTION.match(joined))
                or (line.endswith(":") and _ATTRIBUTION.match(before)))


def _earlier_start(lines: list[str]) -> int:
    """The index of the first line of an unquoted earlier message (Outlook), or len(lines):
    a separator line, or a ``From:`` line with a ``Sent:`` (or ``Date:``) line within the
    next three (Outlook wraps a long sender over two lines)."""
    for i, line in enumerate(lines):
        stripped = line.strip()
        if _ORIGINAL.match(stripped):
            return i
        if len(stripped) > 200 or not _OUTLOOK_FROM.match(stripped):
            continue
        if any(_OUTLOOK_SENT.match(lines[j].strip()) for j in range(i + 1, min(i + 4, len(lines)))):
            return i
    return len(lines)


def _unsigned(lines: Lines) -> tuple[Lines, Lines]:
    """``lines`` up to a signature separator (``-- `` alone on a line), and those below it."""
    for k, (_, line) in enumerate(lines):
        if line.rstrip() == "--":
            return lines[:k], lines[k + 1:]
    return lines, []
