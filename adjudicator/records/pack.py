"""Pack a log folder into a game record (``trajan record pack``).

The log must verify first (``trajan verify``); the record made from it is verified in
memory too before it is returned, so a record ``pack`` writes always verifies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import msgspec

from adjudicator.errors import Illegal, Malformed, problem
from adjudicator.files import io
from adjudicator.logs.verify import verify_log
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.records import form
from adjudicator.records.form import Header, Move
from adjudicator.records.replay import result_of, verify_record


def pack(folder: Path, names: Mapping[str, str] | None = None, date: str | None = None) -> bytes:
    """The record of the log ``folder``; ``names`` by colour name the people who held the
    seats (from the roster, or ``--name``); ``date`` is when the last decision was made
    (default: when the mail judge opened the log's last step, if the log is a judge's).

    Raises :class:`Illegal` with the divergence if the log (or its record) does not verify."""
    checked = verify_log(folder)
    if not checked.ok:
        raise Illegal(checked.problems)
    first_name = str(folder / "0000-game.json")
    first_bytes = io.read_bytes(first_name)
    first = io.load_game(first_bytes, first_name)
    if io.encode_state(first) != first_bytes:
        raise Illegal([problem("record.old_format", "$.format", "This log began in an older format of "
                               "the game file (it verifies as such): a record replays in today's format, "
                               "so it cannot hold this game.").located(first_name)])
    moves: list[Move] = []
    orders_of: list[OrderFile] = []
    last = first
    for k in range(1, checked.decisions + 1):
        raw = io.read_bytes(str(folder / f"{k:04d}-orders.json"))
        orders = io.load_orders(raw, f"{k:04d}-orders.json")
        game = folder / f"{k:04d}-game.json"
        data = io.read_bytes(str(game))
        if k == checked.decisions:
            last = io.load_game(data, str(game))
        chain = msgspec.json.decode(data)["chain"]["hash"]
        moves.append(Move(decision=orders.decision, player=orders.player,
                          orders=form.orders_field(orders, raw), game=chain[: form.HASH_CHARS]))
        orders_of.append(orders)
    given = names or {}
    people = {colour: given[colour] for colour in first.seats if colour in given}
    header = header_of(first, last, len(moves), players(first, orders_of, people), people=people,
                       orders=orders_of, date=date if date is not None else judge_date(folder, len(moves)))
    record = b"".join([form.encode_line(header), *(form.encode_line(m) for m in moves)])
    again = verify_record(record, str(folder))
    if not again.ok:
        p = again.problems[0]
        raise Illegal([problem("record.cannot_pack", p.path,
                               f"The log verifies, but a record of it does not replay: {p.message}"
                               ).located(str(folder))])
    return record


def header_of(first: GameState, last: GameState, decisions: int, names: dict[PlayerColour, str], *,
              people: Mapping[PlayerColour, str], orders: Sequence[OrderFile], date: str | None) -> Header:
    """The sealed format-2 header of a game from ``first`` to ``last``."""
    answers, stand_ins = form.count_answers(first.seats, orders)
    header = Header(rules=first.rules, game_format=first.format, game_id=first.game_id, seats=first.seats,
                    players=names, start_player=first.start_player,
                    options=first.options, seeding=first.seeding, commitment=first.commitment,
                    seed=last.seed, start=first.chain.hash, decisions=decisions, final=last.chain.hash,
                    result=result_of(last), people=dict(people),
                    answers=answers, stand_ins=stand_ins, date=date)
    return form.sealed(header)


def judge_date(folder: Path, step: int) -> str | None:
    """When the mail judge opened ``step`` of the log ``folder`` (``GAMEDIR/log``), in UTC."""
    state = folder.parent / "judge" / "state.json"
    if folder.name != "log" or not state.is_file():
        return None
    try:
        opened = msgspec.json.decode(io.read_bytes(str(state)), type=_Opened).opened.get(str(step))
        return form.utc_date(opened) if opened is not None else None
    except (msgspec.DecodeError, msgspec.ValidationError, ValueError):
        raise Malformed([problem("record.judge_state", "$.opened", "The mail judge's record of when each "
                                 "step opened cannot be read: give the date with --date.")
                         .located(str(state))]) from None


class _Opened(msgspec.Struct):
    opened: dict[str, str] = {}


def players(first: GameState, orders: list[OrderFile], names: Mapping[PlayerColour, str]
            ) -> dict[PlayerColour, str]:
    """Each colour's name: its person's, else the one stand-in that gave all its orders (a
    bot entered as a player), else the colour."""
    out: dict[PlayerColour, str] = {}
    for colour in first.seats:
        stand_ins = {_stand_in(o) for o in orders if o.player == colour}
        only = next(iter(stand_ins)) if len(stand_ins) == 1 else None
        out[colour] = names.get(colour) or only or colour
    return out


def _stand_in(orders: OrderFile) -> str | None:
    # Format 2 names an absent player's stand-in apart from a free ``written_by`` note.
    found = getattr(orders, "stand_in", None)
    return str(found) if found is not None else orders.written_by
