"""What mail does to text, undone: characters, quoted-printable, quoting, signatures.

:func:`segments` splits a text into the places orders may be, in the order to look:
the writer's own lines before any earlier message, the writer's lines after it (a
forwarded message), and the quoted lines (``>`` removed).  Each line keeps its number
in the text, so that problems name the line the player sees.
"""

from __future__ import annotations

import quopri
import re

from adjudicator.notation.parse import MAX_LINE

Lines = list[tuple[int, str]]

_SPACES = dict.fromkeys(map(ord, "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
                              "\u2009\u200a\u202f\u205f\u3000\t\x0b\x0c"), " ")
_GONE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e"), None)
_QUOTES = {**dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u00b4`"), "'"),
           **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033"), '"')}
_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_TABLE = {**_SPACES, **_GONE, **_QUOTES, **_DASHES, ord("\uff03"): "#"}

# The line that introduces a quoted earlier message (Gmail, Apple Mail, Thunderbird;
# a few languages), possibly wrapped over two lines.
# (``\s*(?::\s*)?$``, not ``\s*:?\s*$``: two blank runs in a row cost time quadratic in a
# line of blanks after "wrote"; issue 25.)
_ATTRIBUTION = re.compile(
    r"^(on|am|le|el|il|op)\b.*(wrote|schrieb|a écrit|escribió|ha scritto|schreef)\s*(?::\s*)?$",
    re.IGNORECASE)
# Where an earlier message starts without ">" quoting (Outlook).
_ORIGINAL = re.compile(r"^(-{2,}\s*original message\s*-{2,}|_{10,}|-{5,}\s*forwarded message\s*-{5,}|"
                       r"begin forwarded message:?)\s*$", re.IGNORECASE)
_OUTLOOK_FROM = re.compile(r"^(from|von|de):\s", re.IGNORECASE)
_OUTLOOK_SENT = re.compile(r"^(sent|date|gesendet|envoyé):\s", re.IGNORECASE)
# Quoted-printable: a soft line break, an encoded "=" or space, or an encoded byte beyond ASCII.
_OPENERS = {"on ", "am ", "le ", "el ", "il ", "op "}
# Only this much of a text is read: the first lines (a long quoted thread is never the
# orders), each cut after one character more than an order line may have.
MAX_LINES = 20_000
_QP = re.compile(r"=\n|=3D|=20|=[89A-F][0-9A-F]")


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


def segments(text: str) -> list[Lines]:
    """The writer's lines, the lines after an earlier message's start, the quoted lines."""
    own: Lines = []
    after: Lines = []
    quoted: Lines = []
    lines = [line[:MAX_LINE + 1] for line in normalise(text).split("\n", MAX_LINES)[:MAX_LINES]]
    earlier = _earlier_start(lines)
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith(">"):
            quoted.append((n, re.sub(r"^(\s*>)+ ?", "", line)))
        elif n - 1 >= earlier:
            after.append((n, line))
        elif not _is_attribution(lines, n - 1):
            own.append((n, line))
    return [_unsigned(own), _unsigned(after), _unsigned(quoted)]


def _is_attribution(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    if not line.endswith(":") and line[:3].lower() not in _OPENERS:
        return False
    if _ATTRIBUTION.match(line):
        return True
    joined = line + " " + (lines[i + 1].strip() if i + 1 < len(lines) else "")
    before = lines[i - 1].strip() + " " + line if i else ""
    return bool((line.lower().startswith("on ") and _ATTRIBUTION.match(joined))
                or (line.lower().endswith("wrote:") and _ATTRIBUTION.match(before)))


def _earlier_start(lines: list[str]) -> int:
    """The index of the first line of an unquoted earlier message (Outlook), or len(lines)."""
    for i, line in enumerate(lines):
        stripped = line.strip()
        if _ORIGINAL.match(stripped):
            return i
        if len(stripped) > 200:
            continue
        if _OUTLOOK_FROM.match(stripped) and i + 1 < len(lines) and _OUTLOOK_SENT.match(lines[i + 1].strip()):
            return i
    return len(lines)


def _unsigned(lines: Lines) -> Lines:
    """``lines`` up to a signature separator (``-- `` alone on a line)."""
    for k, (_, line) in enumerate(lines):
        if line.rstrip() == "--":
            return lines[:k]
    return lines
