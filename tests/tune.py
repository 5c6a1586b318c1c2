"""Tuning the planner with the arena: a variant of its weights against the defaults.

``python -m tests.tune --games 100 --budget 0 --seed tune-B '{"ready_next": 0.8}'`` plays
the planner with those weights changed against the planner with the defaults (seats
rotated, paired setups, ``--jobs`` processes) and prints the arena's figures.  The
seeds of tuning runs are recorded in ``docs/manual/bots/arena.md``; they are never the
seeds of the tests or of the figures reported.
"""

from __future__ import annotations

import argparse
import json

from adjudicator.arena.games import BotSpec
from adjudicator.arena.match import MatchPlan, run, setups_for
from adjudicator.arena.summary import render, summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", help="JSON object of the weights changed")
    parser.add_argument("--base", default="{}", help="JSON object of the baseline's weights changed")
    parser.add_argument("--model", default=None, help="the variant's model.json (feature weights)")
    parser.add_argument("--base-model", default=None, help="the baseline's model.json")
    parser.add_argument("--opponent", default=None, help="play the variant against this bot instead")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", type=int, default=0)
    parser.add_argument("--seed", default="tune")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    variant = BotSpec(label="variant", name="planner", budget=args.budget, weights=json.loads(args.variant),
                      model=args.model)
    if args.opponent:
        name, _, budget = args.opponent.partition(":")
        base = BotSpec(label=args.opponent, name=name, budget=int(budget) if budget else None)
    else:
        base = BotSpec(label="base", name="planner", budget=args.budget, weights=json.loads(args.base),
                       model=args.base_model)
    plan = MatchPlan(bots=(variant, base), players=args.players, setups=setups_for(args.games, args.players),
                     seed=args.seed)
    games, _ = run(plan, args.jobs)
    print(render(summarize(plan, games, None, f"python -m tests.tune '{args.variant}' --base '{args.base}' --model {args.model} "
                           f"--base-model {args.base_model} "
                           f"--players {args.players} --games {args.games} --budget {args.budget} "
                           f"--seed {args.seed}")), end="")


if __name__ == "__main__":
    main()
