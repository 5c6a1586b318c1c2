"""The ``planner`` bot: whole-turn planning with a look-ahead over games dealt from its view.

For a turn it lists candidate orders over every sowing (each tray, each choice of the
markers that land in the target tray, the other markers in their best colour order),
the Trajan tile's special action, the main action, a first construction tile's bonus
action, extra action tiles and [+2] repeats (:mod:`turns`), scored by a value of the
position that foresees the quarter end: the demands revealed and to come, the senate's
vote, what cards, tiles and tokens held will be worth (:mod:`evaluate`,
:mod:`forecast`).  The best ``width`` are then tried in games dealt from the player's
view and played on past the planner's next turn (:mod:`lookahead`), the budget spent by
successive halving.  Setup, the demands and the consul's choice are answered by the
same value.  Deterministic for a game, player and seed unless a time limit is given.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from adjudicator.bots.common import (
    bonus_answers,
    demand_answers,
    first_legal,
    trajan_candidates,
    trajan_legal,
)
from adjudicator.bots.greedy import GreedyBot
from adjudicator.bots.planner import evaluate, lookahead, turns
from adjudicator.bots.planner.weights import DEFAULT, Weights
from adjudicator.game import fast
from adjudicator.model.orders import Answer, PlayTurn
from adjudicator.model.state import ChooseBonus, ContinueTurn, GameState, MeetDemands, SetupTrajan, TakeTurn
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream

# The default buys the deep look-ahead (lookahead.spending), counted in 2-player rollouts:
# 48 deep ones at 2 players, 32 at 3, 24 at 4 (0.4-0.7 s a decision, median, by machine).
DEFAULT_BUDGET = 4 * 48
WIDTH, SOWINGS, BEAM = 8, 12, 4


class PlannerBot:
    """``budget``: the look-ahead per turn decision in shallow rollouts (counted, so the bot
    is deterministic; from ``4 * 48``, the default, it buys a quarter as many deep ones,
    counted in 2-player rollouts, so half as many at 4 players; and from four times the
    default wider candidates too: :func:`lookahead.spending`);
    ``seconds``: a CPU-time limit per decision instead (the order then depends on the
    machine).  ``width`` candidates are tried, from the best ``sowings`` and a ``beam``
    over each turn's steps (None: as the budget buys)."""

    name = "planner"

    def __init__(self, budget: int = DEFAULT_BUDGET, seconds: float | None = None, width: int | None = None,
                 weights: Weights = DEFAULT, model: evaluate.Model | None = None, sowings: int | None = None,
                 beam: int | None = None) -> None:
        self.seconds = seconds
        self.budget = max(0, budget)
        bought = lookahead.WIDE if lookahead.wide(self.budget, seconds) else (WIDTH, SOWINGS, BEAM)
        self.width = max(1, width if width is not None else bought[0])
        self.sowings = sowings if sowings is not None else bought[1]
        self.beam = beam if beam is not None else bought[2]
        self.valuer = evaluate.Valuer(weights, model)

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        """The planned turn for a turn decision; the best-scoring answer for the starting
        Trajan tiles, the demands and the consul's bonus tile; greedy's for the rest of setup."""
        pending = state.pending
        if isinstance(pending, (TakeTurn, ContinueTurn)):
            return self._turn(state, colour, rng)
        if isinstance(pending, SetupTrajan):
            legal = trajan_legal(state, colour)
            return self._best(state, colour, [a for a in trajan_candidates() if legal(a)]
                              or [first_legal(trajan_candidates(), legal)])
        if isinstance(pending, MeetDemands):
            return self._best(state, colour, demand_answers(state, colour))
        if isinstance(pending, ChooseBonus):
            return self._best(state, colour, bonus_answers(state, colour))
        return GreedyBot().answer(state, colour, rng)

    def _turn(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        v = self.valuer
        deadline = time.process_time() + self.seconds if self.seconds is not None else None
        found = turns.plans(state, colour, v, self.sowings, self.beam)
        top = sorted((turns.finish_sowing(state, colour, p, v) for p in found[: self.width]),
                     key=lambda p: -p.value)
        spend = lookahead.spending(self.budget, self.seconds, len(state.seats))
        chosen = lookahead.choose(state, colour, top, rng, v, spend.rollouts, deadline, spend.horizon,
                                  spend.planned, spend.own)
        return PlayTurn(steps=chosen.steps)

    def _best(self, state: GameState, colour: PlayerColour, answers: Sequence[Answer]) -> Answer:
        """The answer whose position scores best (the first of equals)."""
        scored = [(self.valuer.score(fast.step(state, colour, a), colour), -i, a)
                  for i, a in enumerate(answers)]
        return max(scored, key=lambda e: (e[0], e[1]))[2]
