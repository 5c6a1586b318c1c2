"""Tournaments of bots played straight into records (the example tournament, tests, bench).

:func:`bot_record` plays one game as ``trajan selfplay`` does (the same bots, the same
orders, the same engine) but keeps only what a record needs, so no log folder is written;
:func:`round_robin` seats a field of named bots at a series of tables.  The records are
the same as ``trajan pack`` makes from the self-play log of the same game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import msgspec

from adjudicator.files import io, write
from adjudicator.game import engine
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import MAX_DECISIONS, bot_orders
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameOver
from adjudicator.model.vocab import PLAYER_COLOURS, PlayerColour
from adjudicator.records import form
from adjudicator.records.form import SUFFIX, Move
from adjudicator.records.pack import header_of

# The example tournament's field: a name and the bot that plays for it.
FIELD = (("Aurelia", "greedy"), ("Brutus", "random"), ("Cassia", "greedy"),
         ("Decimus", "random"), ("Livia", "greedy"), ("Marcus", "random"))


def bot_record(seed: str, bots: Sequence[str], names: Sequence[str] | None = None, *,
               people: Mapping[PlayerColour, str] | None = None, own: Collection[PlayerColour] = (),
               date: str | None = None) -> bytes:
    """The record of a test game set up from ``seed``, one bot per seat (red, green, ...).

    ``names`` name the bots entered as players (default: the bot's own name); ``people``
    are persons holding seats (their names win); the bot's orders for a colour in ``own``
    are written as the player's own (``written_by`` the bot, no ``stand_in``), the others
    as a stand-in's.  ``date``: when the last decision was made."""
    colours = PLAYER_COLOURS[: len(bots)]
    first = state = new_game(colours, seed, method="test")
    moves: list[Move] = []
    given: list[OrderFile] = []
    while not isinstance(state.pending, GameOver):
        if len(moves) >= MAX_DECISIONS:
            raise RuntimeError("the bots did not finish")
        orders = bot_orders(state, bots, seed)
        if orders.player in own:
            orders = msgspec.structs.replace(orders, written_by=orders.stand_in, stand_in=None)
        state = engine.adjudicate(state, orders).state
        moves.append(Move(decision=orders.decision, player=orders.player,
                          orders=form.orders_field(orders, io.encode_orders(orders)),
                          game=state.chain.hash[: form.HASH_CHARS]))
        given.append(orders)
    persons: dict[PlayerColour, str] = dict(people or {})
    who: dict[PlayerColour, str] = {c: persons.get(c) or (names[i] if names else f"{bots[i]} bot")
                                    for i, c in enumerate(colours)}
    header = header_of(first, state, len(moves), who, people=persons, orders=given, date=date)
    return b"".join([form.encode_line(header), *(form.encode_line(m) for m in moves)])


def tables(games: int, field: Sequence[tuple[str, str]] = FIELD) -> list[list[tuple[str, str]]]:
    """``games`` tables of 4, 3 or 2 from ``field``, seated in rotation (with 6 in the field
    and a multiple of 6 games, everyone plays as often)."""
    out, start = [], 0
    for g in range(games):
        size = min((4, 3, 2)[g % 3], len(field))
        out.append([field[(start + i) % len(field)] for i in range(size)])
        start += size
    return out


def round_robin(out: Path, games: int, seed: str, field: Sequence[tuple[str, str]] = FIELD) -> list[Path]:
    """Play ``games`` tables into records in the folder ``out``; returns the files written."""
    write.make_folder(str(out))
    files = []
    for g, table in enumerate(tables(games, field), start=1):
        record = bot_record(f"{seed}-{g}", [bot for _, bot in table], [name for name, _ in table])
        path = out / f"game-{g:03d}{SUFFIX}"
        write.write_atomic(str(path), record)
        files.append(path)
    return files


def main() -> None:
    """``python -m adjudicator.records.tournament OUT [GAMES]``: the example tournament."""
    import sys

    round_robin(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 24, "tournament")


if __name__ == "__main__":
    main()
