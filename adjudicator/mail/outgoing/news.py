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

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.i18n import ENGLISH, Translator

_UNESCAPE = re.compile(r"\\([\\`*_\[\]<>#|~&+\-=.)!])")
_MARKS = re.compile(r"\*\*|`")


@dataclass(frozen=True)
class _Said:
    """How a report says its parts in one language (the report's own templates,
    :mod:`adjudicator.rendering.report`), for reading them back."""

    title: re.Pattern[str]  # "# Trajan GAME: decision N"
    answered: str  # "Answered by " (what comes before the player)
    skip: tuple[str, ...]  # sections whose content the mail gives elsewhere (the state, what to decide)
    only_for: str  # "Only for " (what comes before the player)
    nothing: str  # "Nothing hidden from the others was revealed to you in this decision."
    start: str  # "- Start:"
    game_file: str  # "- Game file:"


def _before(template: str, field: str) -> str:
    return template.split("{" + field + "}", 1)[0]


@functools.cache
def _said(tr: Translator) -> _Said:
    _ = tr.gettext
    title = _("# Trajan {game}: decision {decision}")
    game, rest = title.split("{game}", 1)
    pattern = re.escape(game).replace(r"\#\ ", r"#\s+").replace(r"\ ", r"\s+") + ".*?" + \
        re.escape(rest).replace(r"\ ", r"\s*").replace(re.escape("{decision}"), r"(\d+)") + r"\s*$"
    return _Said(title=re.compile("^" + pattern),
                 answered=plain(_before(_("Answered by **{player}** (`{kind}`, quarter {quarter})."),
                                        "player")),
                 skip=(_("## Scores")[3:], _("## Next")[3:]),
                 only_for=_before(_("## Only for {player}"), "player")[3:],
                 nothing=_("Nothing hidden from the others was revealed to you in this decision."),
                 start=_before(_("- Start: {start}"), "start").rstrip(),
                 game_file=_before(_("- Game file: {hash}"), "hash").rstrip())


def plain(text: str) -> str:
    """A line of a report without its Markdown: no bold, no code marks, no escapes."""
    return _UNESCAPE.sub(r"\1", _MARKS.sub("", text))


def report_text(report: str, tr: Translator = ENGLISH) -> list[str]:
    """One report as plain lines: ``Decision 38: answered by red (turn, quarter 2).``, its
    sections' lines, what only this player learned, and its game file's hash; ``tr``: the
    language the report is in (the mail's)."""
    said, _ = _said(tr), tr.gettext
    out: list[str] = []
    witness: list[str] = []
    skipping = False
    only = _("Only for you:")
    for raw in report.rstrip("\n").split("\n"):
        line = raw.rstrip()
        title, section = said.title.match(line), re.match(r"^##\s+(.*?)\s*$", line)
        if title is not None:
            out.append(_("Decision {decision}").format(decision=title.group(1)))
            continue
        if section is not None:
            name = plain(section.group(1))
            skipping = name in said.skip
            if not skipping:
                out.append(only if name.startswith(said.only_for) else _("{section}:").format(section=name))
            continue
        if skipping or line.strip() in (said.nothing, "") or line.startswith(said.start):
            continue
        if line.startswith(said.game_file):
            witness.append(plain(line[2:]))
            continue
        text = plain(line)
        if text.startswith(said.answered) and text.endswith(".") and out and out[-1].startswith(
                _("Decision {decision}").split("{decision}")[0]):
            out[-1] += _(": answered by {players}.").format(players=text[len(said.answered):-1])
            continue
        out.append("  " + text)
    if out and out[-1] == only:
        out.pop()
    return out + ["  " + w for w in witness]


def news_lines(reports: Sequence[str], tr: Translator = ENGLISH) -> list[str]:
    """Every report since the player's last mail, oldest first, a blank line between."""
    out: list[str] = []
    for report in reports:
        lines = report_text(report, tr)
        if lines:
            out += [*([""] if out else []), *lines]
    return out
