"""The bots: deterministic, legal, and the greedy bot beats random ones.

The issue's figure (at least 200 four-player games, greedy winning at least 80%
against three random bots) is measured by ``python -m tests.greedy_vs_random 200``;
CI plays ``TRAJAN_BOT_GAMES`` games (default 20) and asks the same rate.
"""

from __future__ import annotations

from adjudicator.model.state import GameOver
from tests.greedy_vs_random import greedy_win_rate
from tests.playout import final_state
from tests.sizes import size

GAMES = size("TRAJAN_BOT_GAMES")


def test_bots_are_deterministic() -> None:
    a = final_state(3, "det", ["greedy", "random", "greedy"])
    b = final_state(3, "det", ["greedy", "random", "greedy"])
    assert a == b and isinstance(a.pending, GameOver)


def test_greedy_beats_three_random_bots() -> None:
    wins, games = greedy_win_rate(GAMES)
    assert wins / games >= 0.8, f"greedy won {wins} of {games}"
