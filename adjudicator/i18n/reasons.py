"""The reasons of points scored (``ScoreChanged.reason``) in a player's language.

A reason is part of the event (canonical English: ``senate track space 4``, ``final
scoring: 2 workers in the worker camp``), written by the rules
(:mod:`adjudicator.rules.ops`, :mod:`adjudicator.rules.scoring`); the log's reports show
it as it is.  A translated mail reads it back into its parts with the patterns below and
says it again in the player's language; a reason no pattern knows stays as it is
(``tests/test_i18n_mail.py`` finds every reason of whole games translated).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.i18n import Translator

Say = Callable[[re.Match[str], Translator], str]
_RULES: list[tuple[re.Pattern[str], Say]] = []


def _rule(pattern: str) -> Callable[[Say], Say]:
    def register(fn: Say) -> Say:
        _RULES.append((re.compile(pattern + r"\Z", re.DOTALL), fn))
        return fn
    return register


def reason_text(reason: str, tr: Translator) -> str:
    """``reason`` in ``tr``'s language (English: as it is)."""
    if tr.language == "en":
        return reason
    for pattern, say in _RULES:
        found = pattern.match(reason)
        if found:
            return say(found, tr)
    return reason


def _n(found: re.Match[str], group: str = "n") -> int:
    return int(found.group(group))


@_rule(r"final scoring: (?P<inner>.*)")
def _final(m: re.Match[str], tr: Translator) -> str:
    return tr.gettext("final scoring: {reason}").format(reason=reason_text(m.group("inner"), tr))


@_rule(r"Trajan tile (?P<tile>\S+)")
def _trajan_tile(m: re.Match[str], tr: Translator) -> str:
    return tr.gettext("Trajan tile {tile}").format(tile=m.group("tile"))


@_rule(r"construction tile (?P<tile>\S+)")
def _construction_tile(m: re.Match[str], tr: Translator) -> str:
    return tr.gettext("construction tile {tile}").format(tile=m.group("tile"))


@_rule(r"senate track space (?P<space>\d+)")
def _senate(m: re.Match[str], tr: Translator) -> str:
    return tr.gettext("senate track space {space}").format(space=m.group("space"))


@_rule(r"legionnaire in (?P<province>\S+)")
def _legionnaire(m: re.Match[str], tr: Translator) -> str:
    return tr.gettext("legionnaire in {province}").format(province=m.group("province"))


@_rule(r"(?P<ship>\S+) ship \((?P<side>\S+) side, (?P<n>\d+) cards\)")
def _ship(m: re.Match[str], tr: Translator) -> str:
    from adjudicator.rendering.report_lines import side

    text = tr.ngettext("{ship} ship ({side} side, {n} card)", "{ship} ship ({side} side, {n} cards)", _n(m))
    return text.format(ship=m.group("ship"), side=side(m.group("side"), tr), n=_n(m))


@_rule(r"people's demands: (?P<n>\d+) unmet demands? \((?P<demands>[^)]*)\)")
def _demands(m: re.Match[str], tr: Translator) -> str:
    return tr.ngettext("people's demands: {n} unmet demand ({demands})",
                       "people's demands: {n} unmet demands ({demands})", _n(m)).format(
        n=_n(m), demands=m.group("demands"))


@_rule(r"(?P<n>\d+) commodity cards? in hand")
def _hand(m: re.Match[str], tr: Translator) -> str:
    return tr.ngettext("{n} commodity card in hand", "{n} commodity cards in hand", _n(m)).format(n=_n(m))


@_rule(r"(?P<n>\d+) workers? in the worker camp")
def _worker_camp(m: re.Match[str], tr: Translator) -> str:
    text = tr.ngettext("{n} worker in the worker camp", "{n} workers in the worker camp", _n(m))
    return text.format(n=_n(m))


@_rule(r"(?P<n>\d+) legionnaires? in the military camp")
def _military_camp(m: re.Match[str], tr: Translator) -> str:
    return tr.ngettext("{n} legionnaire in the military camp", "{n} legionnaires in the military camp",
                       _n(m)).format(n=_n(m))


@_rule(r"(?P<n>\d+) Trajan tiles? left on the action circle \(option (?P<option>\w+)\)")
def _tiles_left(m: re.Match[str], tr: Translator) -> str:
    return tr.ngettext("{n} Trajan tile left on the action circle (option {option})",
                       "{n} Trajan tiles left on the action circle (option {option})", _n(m)).format(
        n=_n(m), option=m.group("option"))


@_rule(r"set of (?P<size>\d+) (?P<type>\w+) "
       r"\((?P<have>\d+) tiles(?: \+ (?P<w>\d+) construction wild cards?)?\)")
def _set(m: re.Match[str], tr: Translator) -> str:
    if m.group("w") is None:
        text = tr.ngettext("set of {size} {type} ({have} tile)", "set of {size} {type} ({have} tiles)",
                           _n(m, "have"))
        return text.format(size=m.group("size"), type=m.group("type"), have=m.group("have"))
    text = tr.ngettext("set of {size} {type} ({have} tiles + {w} construction wild card)",
                       "set of {size} {type} ({have} tiles + {w} construction wild cards)", _n(m, "w"))
    return text.format(size=m.group("size"), type=m.group("type"), have=m.group("have"), w=m.group("w"))


@_rule(r"no set of (?P<type>\w+) \((?P<n>\d+) tiles? built\)")
def _no_set(m: re.Match[str], tr: Translator) -> str:
    text = tr.ngettext("no set of {type} ({n} tile built)", "no set of {type} ({n} tiles built)", _n(m))
    return text.format(type=m.group("type"), n=_n(m))


@_rule(r"bonus tile (?P<tile>\S+) \((?P<side>\w+)\): (?P<value>\d+) if the player owns a forum "
       r"(?P<demand>\w+) tile; owns (?P<owns>one|none)")
def _bonus_demand(m: re.Match[str], tr: Translator) -> str:
    from adjudicator.rendering.report_lines import side

    if m.group("owns") == "one":
        text = tr.gettext("bonus tile {tile} ({side}): {value} if the player owns a forum {demand} tile; "
                          "owns one")
    else:
        text = tr.gettext("bonus tile {tile} ({side}): {value} if the player owns a forum {demand} tile; "
                          "owns none")
    return text.format(tile=m.group("tile"), side=side(m.group("side"), tr), value=m.group("value"),
                       demand=m.group("demand"))


@_rule(r"bonus tile (?P<tile>\S+) \((?P<side>\w+)\): (?P<what>.*) × (?P<per>\d+(?:/\d+, rounded up)?)")
def _bonus(m: re.Match[str], tr: Translator) -> str:
    from adjudicator.rendering.report_lines import side

    per = m.group("per")
    if "/" in per:
        per = tr.gettext("{fraction}, rounded up").format(fraction=per.split(",")[0])
    return tr.gettext("bonus tile {tile} ({side}): {what} × {per}").format(
        tile=m.group("tile"), side=side(m.group("side"), tr), what=_counted(m.group("what"), tr), per=per)


_COUNTED: list[tuple[re.Pattern[str], Callable[[re.Match[str], Translator], str]]] = [
    (re.compile(r"(?P<n>\d+) workers? in the construction district\Z"),
     lambda m, tr: tr.ngettext("{n} worker in the construction district",
                               "{n} workers in the construction district", _n(m)).format(n=_n(m))),
    (re.compile(r"(?P<n>\d+) legionnaires? in the provinces\Z"),
     lambda m, tr: tr.ngettext("{n} legionnaire in the provinces", "{n} legionnaires in the provinces",
                               _n(m)).format(n=_n(m))),
    (re.compile(r"(?P<n>\d+) yellow bonus tiles? \(this one included if yellow\)\Z"),
     lambda m, tr: tr.ngettext("{n} yellow bonus tile (this one included if yellow)",
                               "{n} yellow bonus tiles (this one included if yellow)",
                               _n(m)).format(n=_n(m))),
    (re.compile(r"\((?P<cards>.*) \+ (?P<w>\d+) unused commodity wild cards?\)\Z"),
     lambda m, tr: tr.ngettext("({cards} + {w} unused commodity wild card)",
                               "({cards} + {w} unused commodity wild cards)", _n(m, "w")).format(
                                   cards=_counted(m.group("cards"), tr), w=_n(m, "w"))),
    (re.compile(r"(?P<n>\d+) (?P<first>\w+) or (?P<second>\w+) cards? in the display\Z"),
     lambda m, tr: tr.ngettext("{n} {first} or {second} card in the display",
                               "{n} {first} or {second} cards in the display", _n(m)).format(
                                   n=_n(m), first=m.group("first"), second=m.group("second"))),
]


def _counted(what: str, tr: Translator) -> str:
    """What a bonus tile counts (``3 workers in the construction district``), translated."""
    for pattern, say in _COUNTED:
        found = pattern.match(what)
        if found:
            return say(found, tr)
    return what
