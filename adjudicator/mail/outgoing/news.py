"""The news of a player's mail: the private reports of the decisions since their last mail,
as plain text (issue 27).

A report (:mod:`adjudicator.rendering.report`) is Markdown and stays Markdown in the log;
a mail's text/plain part is read as it is, so the markup goes: headings become plain
lines, ``**bold**`` and ```code``` their words, Markdown's backslash escapes of player
text are undone (the text stays terminal-safe: :func:`adjudicator.escape.terminal` was
applied first, and its ``\\uXXXX`` escapes are kept).  What the rest of the mail already
says is left out (the scores, the next decision, an empty "only for you" section); each
report keeps its ``Game file:`` line (a witness for ``trajan verify --witness``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_TITLE = re.compile(r"^#\s+Trajan\s+.*?:\s*decision\s+(\d+)\s*$")
_SECTION = re.compile(r"^##\s+(.*?)\s*$")
_ANSWERED = re.compile(r"^Answered by (.*)\.$")
_UNESCAPE = re.compile(r"\\([\\`*_\[\]<>#|~&+\-=.)!])")
_MARKS = re.compile(r"\*\*|`")
# Sections whose content the mail gives elsewhere (the state, what to decide).
_SKIP = ("Scores", "Next")
_NOTHING = "Nothing hidden from the others was revealed to you in this decision."


def plain(text: str) -> str:
    """A line of a report without its Markdown: no bold, no code marks, no escapes."""
    return _UNESCAPE.sub(r"\1", _MARKS.sub("", text))


def report_text(report: str) -> list[str]:
    """One report as plain lines: ``Decision 38: answered by red (turn, quarter 2).``, its
    sections' lines, what only this player learned, and its game file's hash."""
    out: list[str] = []
    witness: list[str] = []
    skipping = False
    for raw in report.rstrip("\n").split("\n"):
        line = raw.rstrip()
        title, section = _TITLE.match(line), _SECTION.match(line)
        if title is not None:
            out.append(f"Decision {title.group(1)}")
            continue
        if section is not None:
            name = plain(section.group(1))
            skipping = name in _SKIP
            if not skipping:
                out.append("Only for you:" if name.startswith("Only for ") else f"{name}:")
            continue
        if skipping or line.strip() in (_NOTHING, "") or line.startswith("- Start:"):
            continue
        if line.startswith("- Game file:"):
            witness.append(plain(line[2:]))
            continue
        answered = _ANSWERED.match(plain(line))
        if answered is not None and out and out[-1].startswith("Decision "):
            out[-1] += f": answered by {answered.group(1)}."
            continue
        out.append("  " + plain(line))
    if out and out[-1] == "Only for you:":
        out.pop()
    return out + ["  " + w for w in witness]


def news_lines(reports: Sequence[str]) -> list[str]:
    """Every report since the player's last mail, oldest first, a blank line between."""
    out: list[str] = []
    for report in reports:
        lines = report_text(report)
        if lines:
            out += [*(["" ] if out else []), *lines]
    return out
