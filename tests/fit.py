"""Fitting the planner's feature weights (``adjudicator/bots/planner/model.json``).

``python -m tests.fit --games 200 --seed fit-1 --players 2,4 [--bot planner:0] [--out FILE]``
plays the games (the named bot in every seat; game n of P players: seed
``{seed}-{P}p-{n}``), and at every turn decision records each player's features
(:mod:`adjudicator.bots.planner.features`, the player's own hand seen) and the VP they
went on to score by the end.  The weights ``a + b * left`` of each feature are then
fitted by ridge regression (least squares with a small penalty) of the VP still to come
on the features and the features times the share of the game left.  The seeds of the
fits are recorded in ``docs/manual/bots/arena.md``; never the tests' seeds.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from pathlib import Path

from adjudicator.bots.planner import evaluate, features
from adjudicator.bots.planner.weights import DEFAULT
from adjudicator.game.engine import adjudicate, deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.absent import absent_orders
from adjudicator.model.state import GameOver, TakeTurn
from adjudicator.model.vocab import PLAYER_COLOURS

Row = tuple[list[float], float]
RIDGE = 2000.0  # the pull towards the hand-made weights (a sum of squares over the rows)
# Features whose weight is not fitted but set: the expected cost of this quarter's demands
# is VP the rules will take (a fitted weight shrinks towards 0, as the feature is measured
# with noise, and the planner then lets demands go unmet it could have met).
FIXED = {"demand_cost": (-1.0, 0.0)}


def game_rows(task: tuple[str, int, str, int | None]) -> list[Row]:
    """The rows of one game: (regressors, VP still to come) per player and turn decision."""
    seed, players, bot, budget = task
    state = new_game(PLAYER_COLOURS[:players], seed)
    seen: list[tuple[str, list[float], int]] = []
    while not isinstance(state.pending, GameOver):
        colour = deciders(state.pending)[0]
        if isinstance(state.pending, TakeTurn):
            ph = features.phase(state, DEFAULT)
            consul = features.consul(state, ph, DEFAULT)
            for p in state.players:
                f = features.measure(state, p, ph, DEFAULT, True, consul[p.colour])
                seen.append((p.colour, [*f, *(x * ph.left for x in f), 1.0, ph.left], p.vp))
        state = adjudicate(state, absent_orders(state, colour, bot, seed, budget)).state
    final = {p.colour: p.vp for p in state.players}
    return [(x, float(final[c] - vp)) for c, x, vp in seen]


def solve(rows: list[Row], ridge: float = RIDGE, prior: list[float] | None = None) -> list[float]:
    """Ridge regression towards ``prior`` by the normal equations (Gauss-Jordan with partial
    pivoting): the least squares with ``ridge`` times the squared distance from the prior."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * y
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
    prior = prior or [0.0] * k
    for i in range(k - 2):  # the intercepts are not penalized
        a[i][i] += ridge
        b[i] += ridge * prior[i]
    m = [row + [b[i]] for i, row in enumerate(a)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(k):
            if r != col and m[r][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(k)]


def _without_fixed(rows: list[Row], n: int) -> list[Row]:
    """The rows with the fixed features' part moved out of the VP to come (and their columns
    zeroed, so the fit gives them no weight of their own)."""
    fixed = [(features.INDEX[k], a, b) for k, (a, b) in FIXED.items()]
    out = []
    for x, y in rows:
        x = list(x)
        for i, a, b in fixed:
            y -= a * x[i] + b * x[n + i]
            x[i] = x[n + i] = 0.0
        out.append((x, y))
    return out


def r_squared(rows: list[Row], coef: list[float]) -> float:
    mean = sum(y for _, y in rows) / len(rows)
    total = sum((y - mean) ** 2 for _, y in rows)
    resid = sum((y - sum(c * x for c, x in zip(coef, xs, strict=True))) ** 2 for xs, y in rows)
    return 1 - resid / total if total else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--bot", default="planner:0")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(evaluate.__file__).with_name("model.json"))
    parser.add_argument("--rows", type=Path, default=None, help="also save the rows here (JSON lines)")
    parser.add_argument("--from-rows", type=Path, nargs="*", default=None, help="fit these saved rows")
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument("--prior", type=Path, default=None, help="pull towards this model.json "
                                                                 "(default: the hand-made weights)")
    args = parser.parse_args()
    name, _, budget = args.bot.partition(":")
    counts = [int(n) for n in args.players.split(",")]
    tasks = [(f"{args.seed}-{p}p-{n}", p, name, int(budget) if budget else None)
             for n in range(args.games // len(counts)) for p in counts]
    rows: list[Row] = []
    if args.from_rows:
        for path in args.from_rows:
            rows += [tuple(json.loads(line)) for line in path.read_text().splitlines()]  # type: ignore[misc]
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for k, got in enumerate(pool.imap_unordered(game_rows, tasks), start=1):
                rows += got
                if args.rows:
                    with args.rows.open("a") as f:
                        f.writelines(json.dumps([x, y]) + "\n" for x, y in got)
                print(f"\r{k}/{len(tasks)} games, {len(rows)} rows", end="", flush=True)
        print()
    n = len(features.FEATURES)
    rows = _without_fixed(rows, n)
    import msgspec

    prior = msgspec.json.decode(args.prior.read_bytes(), type=evaluate.Model) if args.prior else evaluate.HAND_MADE
    coef = solve(rows, args.ridge, [*prior.a, *prior.b, 0.0, 0.0])
    for name_, (a, b) in FIXED.items():
        i = features.INDEX[name_]
        coef[i], coef[n + i] = a, b
    fit = evaluate.Model(features=features.FEATURES, a=tuple(round(c, 4) for c in coef[:n]),
                         b=tuple(round(c, 4) for c in coef[n:2 * n]),
                         fitted={"bot": args.bot, "games": str(len(tasks)), "players": args.players,
                                 "seed": args.seed, "rows": str(len(rows)),
                                 "from_rows": " ".join(str(p) for p in args.from_rows or ()),
                                 "r2": f"{r_squared(rows, coef):.3f}", "ridge": str(args.ridge),
                                 "prior": str(args.prior or "hand-made")})
    args.out.write_bytes(evaluate.fitted_json(fit))
    for name_, a, b in zip(features.FEATURES, fit.a, fit.b, strict=True):
        print(f"{name_:>14}  a {a:+.3f}  b {b:+.3f}")
    print(f"R^2 {fit.fitted['r2']} over {len(rows)} rows; wrote {args.out}")


if __name__ == "__main__":
    main()
