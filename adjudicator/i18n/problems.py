"""A problem said in a player's language (issue 31): refusals and warnings in mail.

A problem carries one English sentence, made where it was found (the rules, the reader of
the notation); ``--json``, files and ``trajan check`` keep it as it is.  For a mail in
another language the sentence is said again from its code: the warnings every turn mail
shows (``hint.*``) are read back into their parts with the patterns below and said whole;
any other code a player can meet by mail is said with its meaning from the problem table
(``data/problems.json``, extracted into the catalogue by :mod:`.extract`).  The player's
own line, quoted, and the lines suggested instead are given beside it by the refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.errors import Problem
from adjudicator.i18n import Translator

# The codes a player meets in the judge's mail: orders read from a mail and checked.
PLAYER_PREFIXES = frozenset({
    "action", "bonus", "construction", "demands", "extra", "forum", "hint", "input", "judge", "mail",
    "military", "notation", "orders", "schema", "seaport", "senate", "ship", "setup", "sow", "special",
    "trajan", "tray", "turn",
})

Say = Callable[[re.Match[str], Translator], str]
_HINTS: dict[str, tuple[re.Pattern[str], Say]] = {}


def _hint(code: str, pattern: str) -> Callable[[Say], Say]:
    def register(fn: Say) -> Say:
        _HINTS[code] = (re.compile(pattern + r"\Z", re.DOTALL), fn)
        return fn
    return register


def problem_text(p: Problem, tr: Translator) -> str:
    """``p``'s sentence in ``tr``'s language (English: the problem's own sentence)."""
    if tr.language == "en":
        return p.message
    if p.code in _HINTS:
        pattern, say = _HINTS[p.code]
        found = pattern.match(p.message)
        if found:
            return say(found, tr)
    meaning = _meaning(p.code)
    if meaning is None:
        return p.message
    said = tr.gettext(meaning)
    for word in _SUGGESTED.findall(p.message):  # every misspelt word of the line, in turn
        said += " " + tr.gettext("Did you mean {word}?").format(word=word)
    instead = _INSTEAD.search(p.message)
    if instead:
        said += " " + tr.gettext("Write instead: {line}").format(line=instead.group(1))
    line = _QUOTED_LINE.match(p.message)
    return f"{line.group(1)}: {said}" if line else said


# A problem of the notation starts with the player's line, quoted: '"sow Hafn blue": ...'
# (adjudicator.notation.parse.quoted); its suggestion ends it: 'Did you mean "seaport"?'.
_QUOTED_LINE = re.compile(r'^("(?:[^"\\]|\\.)*"): ')
_SUGGESTED = re.compile(r'Did you mean ("[^"]*")\?')
_INSTEAD = re.compile(r"Write instead: (.*)\Z", re.DOTALL)  # the corrected line (notation.parse)


def _meaning(code: str) -> str | None:
    if code.split(".")[0] not in PLAYER_PREFIXES:
        return None
    from adjudicator.problems import table

    return next((entry.meaning for entry in table().problems if entry.code == code), None)


@_hint("hint.special_not_taken", r"The special action of the Trajan tile (?P<tile>\S+) you accomplished "
       r"is open and legal \('trajan special'\); the turn ends without it\.")
def _special(m: re.Match[str], tr: Translator) -> str:
    text = tr.gettext("The special action of the Trajan tile {tile} you accomplished is open and legal "
                      "('trajan special'); the turn ends without it.")
    return text.format(tile=m.group("tile"))


@_hint("hint.action_not_taken", r"The turn ends with the (?P<action>\w+) action of your turn not taken, "
       r"although a step of it is legal\.")
def _main(m: re.Match[str], tr: Translator) -> str:
    text = tr.gettext("The turn ends with the {action} action of your turn not taken, although a step of "
                      "it is legal.")
    return text.format(action=tr.action(m.group("action")))


@_hint("hint.bonus_action_not_taken", r"The turn ends with the bonus (?P<action>\w+) action of your first "
       r"construction tile of that type not taken, although a step of it is legal\.")
def _bonus(m: re.Match[str], tr: Translator) -> str:
    text = tr.gettext("The turn ends with the bonus {action} action of your first construction tile of "
                      "that type not taken, although a step of it is legal.")
    return text.format(action=tr.action(m.group("action")))


@_hint("hint.extra_repeat_not_taken", r"The turn ends with the (?P<action>\w+) action your extra action tile "
       r"repeats not taken, although a step of it is legal\.")
def _extra(m: re.Match[str], tr: Translator) -> str:
    text = tr.gettext("The turn ends with the {action} action your extra action tile repeats not taken, "
                      "although a step of it is legal.")
    return text.format(action=tr.action(m.group("action")))


@_hint("hint.sowing_misses_tile", r"This order of the markers leaves the Trajan tile (?P<tile>\S+) beside "
       r"the (?P<tray>\w+) tray unaccomplished; another order of the same markers would accomplish it "
       r"\(it needs (?P<colours>\S+) in that tray\)\.")
def _sowing(m: re.Match[str], tr: Translator) -> str:
    text = tr.gettext("This order of the markers leaves the Trajan tile {tile} beside the {tray} tray "
                      "unaccomplished; another order of the same markers would accomplish it (it needs "
                      "{colours} in that tray).")
    return text.format(tile=m.group("tile"), tray=tr.action(m.group("tray")), colours=m.group("colours"))


@_hint("hint.drawn_then_ended", r"Your turn was paused so that you could act after seeing the cards drawn; "
       r"this order ends it with nothing done\.")
def _drawn(m: re.Match[str], tr: Translator) -> str:
    return tr.gettext("Your turn was paused so that you could act after seeing the cards drawn; this order "
                      "ends it with nothing done.")
