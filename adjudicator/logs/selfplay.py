"""``trajan selfplay``: bots play a whole game through the user's path, leaving a log.

The log is written step by step exactly as ``trajan log add`` writes it (layout in
:mod:`adjudicator.logs.folder`), into an empty folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adjudicator.files import io
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
    from adjudicator.logs import folder

    seat_bots = bot_names(players, bots)
    state = start if start is not None else new_game(PLAYER_COLOURS[:players], seed, method="test")
    data = io.encode_state(state)
    folder.start(out, state)
    k = 1
    while not isinstance(state.pending, GameOver):
        if k > MAX_DECISIONS:
            raise RuntimeError("selfplay did not finish")
        orders = bot_orders(state, seat_bots, seed, budget)
        result = adjudicate_bytes(data, io.encode_orders(orders), f"{k - 1:04d}-game.json",
                                  f"{k:04d}-orders.json")
        folder.write_step(out, folder.step_files(k, result, orders), stale_views=k - 1)
        state, data, k = result.state, result.data, k + 1
    return state
