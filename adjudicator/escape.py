"""Hostile text made harmless: the one place that escapes text from players (issue 14).

Everything a player or a game file supplies (``written_by``, ``game_id``, the seed, any
string of an order or game file) is hostile.  It is escaped once, where it is put into
text for people:

* :func:`terminal` for a terminal (stdout, stderr): every character that is not
  printable (C0 and C1 controls such as ESC, the start of every ANSI/OSC sequence; DEL;
  line and paragraph separators; bidi overrides and isolates and every other format
  character) becomes a visible ``\\uXXXX``, so a string stays on one line and cannot
  move the cursor, set the title, make a link or reorder the text around it;
* :func:`markdown` for a Markdown report: the terminal form (so the report is safe to
  print too) with every character that Markdown or HTML could read as markup
  backslash-escaped, so a player cannot forge a heading (``## Only for blue``), a
  list, a table, a link, an image or an HTML tag.

:func:`spreadsheet` for a CSV cell: text a spreadsheet would read as a formula (a cell
starting, after any spaces, with ``=``, ``+``, ``-``, ``@``, a tab, a carriage return or a line
feed, or their full-width forms) gets a
leading ``'``, so the cell is shown as the text it is (OWASP's advice on CSV injection).

:func:`terminal_lines` and :func:`json_text` are the nets at the output boundary
(``adjudicator.commands.app``): whole multi-line texts and JSON documents printed to a
terminal.  All four are idempotent where it matters: the terminal form of a terminal
form is itself, so the net never escapes twice.
"""

from __future__ import annotations

import re

# Markdown (CommonMark, GitHub) and HTML markup anywhere in a line: emphasis, code,
# links and images, HTML tags and entities, tables, strikethrough, the escape itself.
_MARKUP = re.compile(r"([\\`*_\[\]<>#|~&])")
# Markup only at the start of a line: list items, block quotes (escaped above), setext
# underlines, ordered list items (``1.`` ``1)``).
_LINE_START = re.compile(r"^([+\-=]|\d+(?=[.)]))")


def _escape_char(c: str) -> str:
    code = ord(c)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def terminal(text: str) -> str:
    """``text`` on one line, every non-printable character as a visible ``\\uXXXX``."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape_char(c) for c in text)


def terminal_lines(text: str) -> str:
    """:func:`terminal` for each line of a whole text (its own line breaks are kept)."""
    if text.isprintable():
        return text
    return "\n".join(terminal(line) for line in text.split("\n"))


def markdown(text: str) -> str:
    """One player-supplied string for a Markdown report: terminal-safe, no markup."""
    escaped = _MARKUP.sub(r"\\\1", terminal(text))
    return _LINE_START.sub(lambda m: "\\" + m.group(1) if not m.group(1).isdigit() else m.group(1) + "\\",
                           escaped, count=1)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def spreadsheet(text: str) -> str:
    """One player-supplied string for a CSV cell: never the start of a formula."""
    return "'" + text if text.lstrip(" \u00a0").startswith(_FORMULA_START) else text


def json_text(text: str) -> str:
    """A JSON document for a terminal: every non-printable character as a JSON ``\\u`` escape.

    Only strings can hold such characters (the JSON around them is printable ASCII), and
    JSON reads the escape back as the same character, so the data is unchanged.
    """
    return "".join(c if c.isprintable() or c == "\n" else _json_escape(c) for c in text)


def _json_escape(c: str) -> str:
    code = ord(c)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


__all__ = ["terminal", "terminal_lines", "markdown", "spreadsheet", "json_text"]
