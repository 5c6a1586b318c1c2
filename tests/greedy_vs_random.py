"""Greedy against three random bots in four-player games (greedy's seat rotates).

``python -m tests.greedy_vs_random N`` prints the win rate over N games.
"""

from __future__ import annotations

import sys

from adjudicator.model.state import GameOver
from tests.playout import final_state


def greedy_win_rate(games: int, start: int = 0) -> tuple[int, int]:
    wins = 0
    for n in range(start, start + games):
        seat = n % 4
        bots = ["random"] * 4
        bots[seat] = "greedy"
        final = final_state(4, f"greedy-vs-random-{n}", bots)
        assert isinstance(final.pending, GameOver)
        wins += final.pending.ranking[0] == final.seats[seat]
    return wins, games


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    won, played = greedy_win_rate(count)
    print(f"greedy won {won} of {played} four-player games against three random bots ({won / played:.1%})")
