"""Whole games played by random bots: no crash, no dead end, no broken invariant.

The number of games is ``TRAJAN_GAMES`` (default 2000 across 2, 3 and 4 players, as
the issue asks); every decision is checked for: ``validate_state`` holds, the JSON
round trip is exact, the pending decision has a legal answer, and a player who is not
to decide has no options.
"""

from __future__ import annotations

import msgspec
import pytest

from adjudicator.game.engine import deciders
from adjudicator.game.options import NoDecision, has_any_answer, options
from adjudicator.model.state import GameOver, GameState
from adjudicator.rules.invariants import validate_state
from tests.playout import playout
from tests.sizes import size

GAMES = size("TRAJAN_GAMES")
CHUNKS = min(20, GAMES)  # never a chunk without a game


def _check_decision(state: GameState) -> None:
    assert validate_state(state) == [], validate_state(state)
    data = msgspec.json.encode(state)
    assert msgspec.json.encode(msgspec.json.decode(data, type=GameState)) == data
    if isinstance(state.pending, GameOver):
        return
    who = deciders(state.pending)
    assert who and all(has_any_answer(state, c) for c in who), "dead end"
    for colour in state.seats:
        if colour not in who:
            assert isinstance(options(state, colour).options[0], NoDecision)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_run_to_the_end(chunk: int) -> None:
    for n in range(chunk, GAMES, CHUNKS):
        players = 2 + n % 3
        last = None
        for _, outcome in playout(players, f"selfplay-{n}"):
            _check_decision(outcome.state)
            last = outcome.state
        assert last is not None and isinstance(last.pending, GameOver)
        assert sorted(last.pending.ranking) == sorted(last.seats)
