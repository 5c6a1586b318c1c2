"""Pack a log folder into a game record (``trajan record pack``).

The log must verify first (``trajan verify``); the record made from it is verified in
memory too before it is returned, so a record ``pack`` writes always verifies.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import msgspec

from adjudicator.errors import Illegal, problem
from adjudicator.files import io
from adjudicator.logs.verify import verify_log
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.records import form
from adjudicator.records.form import Header, Move
from adjudicator.records.replay import result_of, verify_record


def pack(folder: Path, names: Mapping[str, str] | None = None) -> bytes:
    """The record of the log ``folder``; ``names`` by colour name the players.

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
    header = header_of(first, last, len(moves), players(first, orders_of, names or {}))
    record = b"".join([form.encode_line(header), *(form.encode_line(m) for m in moves)])
    again = verify_record(record, str(folder))
    if not again.ok:
        p = again.problems[0]
        raise Illegal([problem("record.cannot_pack", p.path,
                               f"The log verifies, but a record of it does not replay: {p.message}"
                               ).located(str(folder))])
    return record


def header_of(first: GameState, last: GameState, decisions: int, names: dict[PlayerColour, str]) -> Header:
    return Header(rules=first.rules, game_format=first.format, game_id=first.game_id, seats=first.seats,
                  players=names, start_player=first.start_player,
                  options=first.options, seeding=first.seeding, commitment=first.commitment,
                  seed=last.seed, start=first.chain.hash, decisions=decisions, final=last.chain.hash,
                  result=result_of(last))


def players(first: GameState, orders: list[OrderFile], names: Mapping[str, str]) -> dict[PlayerColour, str]:
    """Each colour's name: given, else the one stand-in that gave all its orders, else the colour."""
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
