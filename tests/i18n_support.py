"""Checks on mails in a player's language (issue 31), independent of the code that writes them.

:func:`english_lines` finds the lines of a mail that are English prose: a line that is not
a line of the notation (the reader accepts it) and holds an English function word that
none of Portuguese, German or French uses.  :func:`english_fragments` finds any run of
three or more words of an English catalogue message (the template's ``msgid``s, cut at
their placeholders) in the mail's text, wherever the mail's wrapping put it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from adjudicator.notation.match import Fail, TokenError
from adjudicator.notation.parse import read_line

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "adjudicator" / "i18n" / "locale" / "trajan.pot"

# English words no sentence of the other three languages holds (so not "a", "an", "as",
# "die", "in", "on", "so", "was", "will", "plus"), and no word of the notation either
# ("by", "game", "player", "turn", "none", "take", "end", "continue" are words of orders).
ENGLISH = frozenset("""
the and you your of to is are were with from for this that these those has have had been
which what when after before each every their they them there here must can could would should
not nothing only into onto than then its it's yet also about because while who whom whose
""".split())
_CODE = re.compile(r"\[[a-z][a-z0-9_]*\.[a-z0-9_.]+\]")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")  # letters of any script, as whole words


def is_notation(line: str) -> bool:
    """Whether the reader takes ``line`` as a line of orders (a header, a step, an answer)."""
    text = line.strip()
    if text.upper() in ("BEGIN ORDERS", "END ORDERS"):
        return True
    try:
        found = read_line(text)
    except TokenError:
        return False
    return found is not None and not isinstance(found, Fail)


def english_lines(text: str) -> list[str]:
    """The lines of ``text`` that are English prose."""
    out = []
    for line in text.split("\n"):
        if is_notation(line):
            continue
        prose = _CODE.sub(" ", line.split("  # ")[0])  # a problem code is data: [hint.special_not_taken]
        words = {w.lower() for w in _WORD.findall(prose)}
        if words & ENGLISH:
            out.append(line)
    return out


@cache
def _fragments() -> tuple[str, ...]:
    """Every run of 3+ words in the English messages, cut at placeholders and punctuation
    that a translation could share (numbers, notation words in quotes)."""
    source = TEMPLATE.read_text(encoding="utf-8")
    found: set[str] = set()
    for message in re.findall(r'^msgid(?:_plural)? "(.+)"$', source, re.MULTILINE):
        for piece in re.split(r"\{[^{}]*\}|'[^']*'|[():;,.\u2014\u2192]", message.replace('\\"', '"')):
            words = piece.split()
            if len(words) >= 3 and {w.lower() for w in words} & ENGLISH:
                found.add(" ".join(words))
    return tuple(sorted(found, key=len, reverse=True))


def english_fragments(text: str) -> list[str]:
    """The English catalogue fragments found in ``text`` (its lines joined, spaces folded)."""
    flat = " ".join(text.split())
    return [f for f in _fragments() if f in flat]
