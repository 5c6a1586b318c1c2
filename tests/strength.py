"""The search bot's strength: one ``search`` bot against ``greedy`` bots.

``python -m tests.strength --players 2 --games 200 [--budget N] [--start K]`` plays the
games (game n: seed ``strength-{players}p-{n}``, the search bot in seat ``n % players``,
so the seats alternate), one line per game, then the win rate with its 95% Wilson
interval.  Each decision goes through ``trajan bot``'s path (``absent_orders``: every bot
is handed the stand-in of its player's view) and ``engine.adjudicate``.  A win is first
place in the final ranking (ties broken by the rules).  Not part of the test run: it
takes hours at the default budget; ``tests/test_search.py`` plays a few games in CI.
It reproduces the README's figures of ``search``; ``trajan arena`` (paired setups, the
seats rotated, Wilson intervals and an SPRT) measures any bots, the planner's figures
among them (``docs/manual/bots/arena.md``).
"""

from __future__ import annotations

import argparse
import math
import time

from adjudicator.game.engine import adjudicate, deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import absent_orders
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PLAYER_COLOURS


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(players: int, n: int, budget: int | None, opponent: str = "greedy") -> tuple[GameState, int]:
    """Game ``n`` played out; the final state and the search bot's seat."""
    seat = n % players
    bots = [opponent] * players
    bots[seat] = "search"
    seed = f"strength-{players}p-{n}"
    state = new_game(PLAYER_COLOURS[:players], seed)
    while not isinstance(state.pending, GameOver):
        colour = deciders(state.pending)[0]
        orders = absent_orders(state, colour, bots[state.seats.index(colour)], seed, budget)
        state = adjudicate(state, orders).state
    return state, seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    wins = 0
    began = time.perf_counter()
    for k, n in enumerate(range(args.start, args.start + args.games), start=1):
        final, seat = play(args.players, n, args.budget, args.opponent)
        assert isinstance(final.pending, GameOver)
        won = final.pending.ranking[0] == final.seats[seat]
        wins += won
        vp = " ".join(f"{p.colour}={p.vp}" for p in final.players)
        print(f"game {n} seat {seat} {'won' if won else 'lost'} {vp} "
              f"[{wins}/{k}, {time.perf_counter() - began:.0f} s]", flush=True)
    low, high = wilson(wins, args.games)
    print(f"search (budget {args.budget or 'default'}) won {wins} of {args.games} {args.players}-player games "
          f"against {args.opponent}: {wins / args.games:.1%} (95% Wilson interval {low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
