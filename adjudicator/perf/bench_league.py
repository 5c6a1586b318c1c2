"""``trajan bench``: the figures of leagues (issue 30).

The seating plan of 64 people over 8 rounds of 4-player tables (the affine design), and
of 50 people over 8 rounds at tables of 3 and 4 (the local search), each the median of
a few plans with other seeds, in seconds; and ratings: records' headers rated per second
(OpenSkill's Plackett-Luce update, 4-player games), when the ``league`` extra is installed.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from adjudicator.perf.bench import Figure

TARGETS = {"seat_plan_64_people_8_rounds_seconds": ("<=", 10.0)}


def _judged(name: str, value: float, unit: str) -> Figure:
    if name not in TARGETS:
        return Figure(name=name, value=value, unit=unit)
    op, limit = TARGETS[name]
    return Figure(name=name, value=value, unit=unit, target=f"{op} {limit:g}", met=value <= limit)


def _median(fn: Callable[[int], float], repeat: int) -> float:
    return statistics.median(fn(k) for k in range(repeat))


def league_figures(quick: bool) -> list[Figure]:
    """The league figures: seating plans (64 people over 8 rounds; a mixed count) and ratings per second."""
    from adjudicator.league.seating import plan

    repeat = 3 if quick else 5

    def seat(n: int, sizes: list[int]) -> Callable[[int], float]:
        def one(k: int) -> float:
            start = time.perf_counter()
            plan([f"P{i}" for i in range(n)], 8, sizes, f"bench-{k}")
            return time.perf_counter() - start
        return one

    figures = [_judged("seat_plan_64_people_8_rounds_seconds", _median(seat(64, [4]), repeat), "s"),
               _judged("seat_plan_50_people_8_rounds_mixed_seconds", _median(seat(50, [3, 4]), repeat), "s")]
    try:
        import openskill  # noqa: F401
    except ImportError:
        return figures
    figures.append(_judged("ratings_games_per_second", _rating_rate(400 if quick else 2000), "games/s"))
    return figures


def _rating_rate(games: int) -> float:
    from adjudicator.league.ratings import rate
    from adjudicator.model.state import Seeding
    from adjudicator.model.vocab import PLAYER_COLOURS
    from adjudicator.records.form import Header, Result

    colours = PLAYER_COLOURS[:4]
    named = []
    for g in range(games):
        players = {c: f"P{(g * 3 + i * 7) % 40}" for i, c in enumerate(colours)}
        ranking = tuple(colours[(g + i) % 4] for i in range(4))
        named.append((f"g{g:05d}", Header(format=1, rules="r", game_format=2, game_id=f"g{g}", seats=colours,
                                         players=players, start_player="red", seeding=Seeding(method="test"),
                                         commitment="c", seed="s", start="0" * 64, decisions=0,
                                         final=f"{g:064x}", result=Result(ranking=ranking,
                                                                          vp=dict.fromkeys(colours, 0)))))
    start = time.perf_counter()
    rate(named)
    return games / (time.perf_counter() - start)
