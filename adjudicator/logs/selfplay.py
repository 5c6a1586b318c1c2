"""``trajan selfplay``: bots play a whole game through the user's path, leaving a log.

The log folder holds ``0000-game.json`` (what ``new`` wrote), then for each decision
k = 1, 2, ...: ``kkkk-orders.json``, ``kkkk-game.json`` (the game after it) and
``kkkk-report.md`` (the public report) with ``kkkk-report-COLOUR.md`` beside it for each
player (the public report plus what only that player learned); numbers are zero-padded
to 4 digits so the files sort in play order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adjudicator.files import io, write
from adjudicator.files.pipeline import adjudicate_bytes
from adjudicator.game.engine import deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.absent import VIEW_FREE_BOTS, absent_orders  # noqa: F401 (also this module's)
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PLAYER_COLOURS

MAX_DECISIONS = 9999


def bot_names(players: int, bots: Sequence[str]) -> list[str]:
    """One bot name per seat: the list given, padded with ``random``."""
    names = list(bots)[:players]
    return names + ["random"] * (players - len(names))


def bot_orders(state: GameState, seat_bots: Sequence[str], seed: str, budget: int | None = None) -> OrderFile:
    """The order the seat's bot gives for the pending decision (the first decider's)."""
    colour = deciders(state.pending)[0]
    return absent_orders(state, colour, seat_bots[state.seats.index(colour)], seed, budget)


def selfplay(players: int, seed: str, bots: Sequence[str], out: Path,
             start: GameState | None = None, budget: int | None = None) -> GameState:
    """Play a whole game into the log folder ``out``; returns the final state.

    The game is a test game set up from ``seed`` (which also seeds the bots), or ``start``;
    ``budget`` is the search bots' rollouts per decision."""
    seat_bots = bot_names(players, bots)
    state = start if start is not None else new_game(PLAYER_COLOURS[:players], seed, method="test")
    data = io.encode_state(state)
    write.make_folder(str(out))
    _write_step(out, {"0000-game.json": data})
    k = 1
    while not isinstance(state.pending, GameOver):
        if k > MAX_DECISIONS:
            raise RuntimeError("selfplay did not finish")
        orders = io.encode_orders(bot_orders(state, seat_bots, seed, budget))
        result = adjudicate_bytes(data, orders, f"{k - 1:04d}-game.json", f"{k:04d}-orders.json")
        _write_step(out, {f"{k:04d}-orders.json": orders,
                          f"{k:04d}-report.md": result.report.encode(),
                          **{f"{k:04d}-report-{c}.md": text.encode() for c, text in result.private.items()},
                          f"{k:04d}-game.json": result.data})
        state, data, k = result.state, result.data, k + 1
    return state


def _write_step(out: Path, files: dict[str, bytes]) -> None:
    """The files of one decision, all or none (the game file last), inside the folder ``out``."""
    outputs = write.OutputSet()
    for name, data in files.items():
        outputs.add(str(out / name), data, option="--out", folder=str(out), last=name.endswith("-game.json"))
    outputs.commit()
