"""The JSON order form as canonical text: one line per step or answer, from the table.

Reading the text back (:mod:`adjudicator.notation.parse`) gives the same JSON, and
printing what was read gives the same text.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

import msgspec

from adjudicator.errors import Malformed, problem
from adjudicator.model.base import Model
from adjudicator.model.orders import (
    Answer,
    ChooseTrajanTiles,
    ContinueTurnAnswer,
    OrderFile,
    PlaceMarkers,
    PlayTurn,
    Step,
    TakeCards,
)
from adjudicator.notation.table import ANSWERS, CONTINUE, END, HEADER, ID, STEPS, TEXT, Line, Opt, Slot, Word

_BARE = re.compile(r"[A-Za-z0-9._][A-Za-z0-9._-]*")


def order_text(orders: OrderFile) -> str:
    """The canonical text of an order file (header, then the answer), ending in a newline."""
    return "\n".join([*header_lines(orders.game_id, orders.decision, orders.player, orders.written_by,
                                     orders.stand_in),
                      *answer_lines(orders.answer)]) + "\n"


def header_lines(game_id: str, decision: int, player: str, written_by: str | None = None,
                 stand_in: str | None = None) -> list[str]:
    values = {"game": game_id, "decision": decision, "player": player, "by": written_by, "standin": stand_in}
    first = " ".join(_render(h, values) for h in HEADER if h.tag not in ("by", "standin", "token"))
    notes = [h for h in HEADER if h.tag in ("by", "standin") and values[h.tag] is not None]
    return [first] + [_render(h, values) for h in notes]


def answer_lines(answer: Answer) -> list[str]:
    """The lines of one answer (a turn: one line per step; no step at all: ``end turn``)."""
    if isinstance(answer, PlayTurn):
        first = [_render(CONTINUE, {})] if isinstance(answer, ContinueTurnAnswer) else []
        return first + ([step_text(s) for s in answer.steps] or [_render(END, {})])
    tag = type(answer).__struct_config__.tag
    line = next(a for a in ANSWERS if a.tag == tag)
    if isinstance(answer, PlaceMarkers):
        trays = msgspec.structs.asdict(answer.trays)
        return [_render(line, {"tray": t, "markers": m}) for t, m in trays.items()]
    if isinstance(answer, TakeCards):
        return [_render(line, {"take": answer.take})]
    if isinstance(answer, ChooseTrajanTiles):
        return [_render(line, msgspec.structs.asdict(answer.slots))]
    return [_render(line, _fields(answer))]


def step_text(step: Step) -> str:
    """One step as a line, e.g. ``sow military pink green orange``."""
    tag = type(step).__struct_config__.tag
    fields = _fields(step)
    for line in STEPS:
        if line.tag == tag and _fits(line, fields):
            return _render(line, fields)
    written = msgspec.json.encode(step).decode()
    raise Malformed([problem("notation.inexpressible", "$", "This step cannot be written in the text "
                             f"notation (it names both or neither of its choices): {written}")])


def _fields(value: Model) -> dict[str, Any]:
    return {k: v for k, v in msgspec.structs.asdict(value).items()}


def _fits(line: Line, fields: dict[str, Any]) -> bool:
    """Whether ``line`` writes exactly the fields that are set (its required slots set, the
    other choices left out)."""
    required = {i.field for i in line.items if isinstance(i, Slot)}
    optional = {j.field for i in line.items if isinstance(i, Opt) for j in i.items if isinstance(j, Slot)}
    optional |= {j.flag for i in line.items if isinstance(i, Opt) for j in i.items
                 if isinstance(j, Word) and j.flag}
    given = {k for k, v in fields.items() if v not in (None, (), False)}
    return all(fields.get(f) not in (None, ()) or _may_be_empty(line, f) for f in required) and \
        given <= required | optional


def _may_be_empty(line: Line, name: str) -> bool:
    return any(isinstance(i, Slot) and i.field == name and i.least == 0 for i in line.items)


def _render(line: Line, values: dict[str, Any]) -> str:
    return " ".join(p for p in _parts(line.items, values) if p)


def _parts(items: tuple[Word | Slot | Opt, ...], values: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for item in items:
        if isinstance(item, Word):
            out.append(item.spellings[0])
        elif isinstance(item, Slot):
            out.append(_value(item, values.get(item.field)))
        elif _opt_given(item, values):
            out += _parts(item.items, values)
    return out


def _opt_given(opt: Opt, values: dict[str, Any]) -> bool:
    for item in opt.items:
        if isinstance(item, Slot):
            return values.get(item.field) not in (None, ())
        if isinstance(item, Word) and item.flag:
            return bool(values.get(item.flag))
    return False


def _value(slot: Slot, value: Any) -> str:
    if slot.vocab is TEXT:
        return quote(value)
    if slot.vocab is ID:
        return value if _BARE.fullmatch(value) else quote(value)
    if isinstance(value, tuple | list):
        return " ".join(value)
    return str(value)


def quote(text: str) -> str:
    """``text`` as a JSON string that survives mail: letters and digits of any script kept,
    every other character beyond ASCII (spaces, quotes, dashes, format characters) escaped."""
    return "".join(c if ord(c) < 128 or unicodedata.category(c)[0] in "LN" else _escape(c)
                   for c in json.dumps(text, ensure_ascii=False))


def _escape(c: str) -> str:
    return json.dumps(c)[1:-1]
