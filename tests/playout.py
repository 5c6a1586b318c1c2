"""Seeded games played by bots at engine level, for invariant and property tests."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adjudicator.game.engine import Outcome, adjudicate, deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import bot_names, bot_orders
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PLAYER_COLOURS


def playout(players: int, seed: str, bots: Sequence[str] = ()) -> Iterator[tuple[GameState, Outcome]]:
    """Every (state before, outcome) of a whole bot game."""
    for state, _, outcome in playout_orders(players, seed, bots):
        yield state, outcome


def playout_orders(players: int, seed: str,
                   bots: Sequence[str] = ()) -> Iterator[tuple[GameState, OrderFile, Outcome]]:
    """Every (state before, the bot's order file, outcome) of a whole bot game."""
    state = new_game(PLAYER_COLOURS[:players], seed)
    seat_bots = bot_names(players, bots)
    for _ in range(5000):
        if isinstance(state.pending, GameOver):
            return
        orders = bot_orders(state, seat_bots, seed)
        outcome = adjudicate(state, orders)
        yield state, orders, outcome
        state = outcome.state
    raise AssertionError(f"game {seed} did not finish in 5000 decisions")


def final_state(players: int, seed: str, bots: Sequence[str] = ()) -> GameState:
    state = None
    for _, outcome in playout(players, seed, bots):
        state = outcome.state
    assert state is not None
    return state


__all__ = ["playout", "playout_orders", "final_state", "deciders"]
