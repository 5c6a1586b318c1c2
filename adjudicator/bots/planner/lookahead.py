"""The planner's look-ahead: candidate orders tried in games dealt from the player's view.

Each candidate is played in a game dealt from what the player sees
(:func:`adjudicator.bots.determinize.determinize`: the other hands, face-down piles and
draw order shuffled consistently with the view); then every player, the planner too,
plays on with the ``greedy`` bot's policy (which scores a draw by the number of cards,
never by which cards come) until the planner's next turn is done, the quarter end and
its demands, vote and refill included when they come; the position is scored by
:func:`evaluate.score` as the planner sees it (other hands by number).  Every candidate
meets the same deals.  The budget is spent by successive halving: the candidates share
it in rounds, and after each round the worse half is dropped, so the most promising get
the most deals.  The decision rests on the mean over deals drawn from the information
set: the choice is the same in every game the player cannot tell from the real one.

A larger budget first buys more deals.  Once it affords :data:`DEEP_DEALS` deals of
the deep look-ahead (each about :data:`DEEP_COST` shallow rollouts), it buys that
instead: in each deal the planner's own turns are chosen by its value (a narrow
whole-turn search, :func:`own_turn`) instead of greedy's policy, and the rollout goes
on until its second turn after this one is done.  More deals of the same shallow
rollouts mostly confirm the value's first choice; the deep look-ahead sees what this
turn's sowing lets the next one do.  The default budget buys the deep look-ahead; four
times as much buys the wide one: wider candidates (:data:`WIDE`: more sowings, a wider
beam over each turn's steps, three times as many candidates), and in the rollouts its
own turns searched as widely as it searches its candidates (:data:`WIDE_OWN`), at about
twice the cost, so half as many deals.
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple

from adjudicator.bots.determinize import determinize
from adjudicator.bots.greedy import GreedyBot
from adjudicator.bots.planner.evaluate import Valuer
from adjudicator.bots.planner.turns import Plan, plans
from adjudicator.game import fast
from adjudicator.game.engine import deciders
from adjudicator.model.orders import PlayTurn, Step
from adjudicator.model.state import ContinueTurn, GameOver, GameState, TakeTurn
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream

# The deep look-ahead: a rollout costs about DEEP_COST shallow ones (measured: 0.62 s a
# decision at 48 deep rollouts, 0.15 s at 48 shallow ones), and is bought once the
# budget affords DEEP_DEALS of them; with a time limit, from DEEP_SECONDS a decision.
DEEP_COST = 4
DEEP_DEALS = 48
DEEP_SECONDS = 0.5
DEEP_HORIZON = 2
# Four times the default budget (and a time limit of WIDE_SECONDS) buys the wide
# look-ahead: WIDE = (width, sowings, beam) candidates instead of (8, 12, 4) (tune-V: 25
# of 40 games, +6.3 VP, against the default), and its own turns in the rollouts the best
# of WIDE_OWN = (sowings a tray, beam) instead of OWN, a rollout then costing WIDE_COST
# deep ones (tune-W: 22 of 30 games, +14.1 VP, 3.4 s a decision against 0.88 s).
WIDE_BUDGET = 4 * DEEP_COST * DEEP_DEALS
WIDE_SECONDS = 1.5
WIDE = (24, 24, 8)
OWN = (4, 1)
WIDE_OWN = (12, 4)
WIDE_COST = 2


class Spending(NamedTuple):
    """How a decision's budget is spent: ``rollouts`` (or a time limit), each played until
    the planner's ``horizon``-th turn after this one; ``planned``: its own turns in them
    chosen by its value, not by greedy's policy, with ``own``'s sowings a tray and beam;
    ``wide``: the candidates tried are :data:`WIDE`'s."""

    rollouts: int
    horizon: int
    planned: bool
    wide: bool = False
    own: tuple[int, int] = OWN  # the sowings a tray and beam of its own turns in them


def spending(budget: int, seconds: float | None = None, players: int = 2) -> Spending:
    """The look-ahead a budget (or a time limit per decision) buys at ``players``.

    A deep rollout plays every player's turns until the planner's second turn after
    this one, so its cost grows with the players: the budget is counted in 2-player
    rollouts, a deep one at ``players`` costing ``players / 2`` of them (measured: 48
    deep rollouts 0.65 s a decision at 2 players, 1.33 s at 4; 24 at 4, 0.62 s)."""
    deep = seconds >= DEEP_SECONDS if seconds is not None else budget >= DEEP_COST * DEEP_DEALS
    if deep:
        w = wide(budget, seconds)
        cost = DEEP_COST * (WIDE_COST if w else 1) * max(2, players) // 2
        return Spending(max(1, budget // cost), DEEP_HORIZON, True, w, WIDE_OWN if w else OWN)
    return Spending(budget, 1, False)


def wide(budget: int, seconds: float | None = None) -> bool:
    """Whether a budget (or a time limit per decision) buys the wide look-ahead."""
    return seconds >= WIDE_SECONDS if seconds is not None else budget >= WIDE_BUDGET


def choose(state: GameState, colour: PlayerColour, candidates: list[Plan], rng: Stream, v: Valuer,
           budget: int, deadline: float | None = None, horizon: int = 1, planned: bool = False,
           own: tuple[int, int] = OWN) -> Plan:
    """The candidate with the best mean score over the deals (the first of equals).

    ``budget`` rollouts, or with a ``deadline`` (a ``time.process_time()``) as many as fit
    before it: each round of the halving then gets its share of the time left."""
    if len(candidates) == 1 or (budget <= 0 and deadline is None):
        return candidates[0]
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    began = time.process_time()
    for r in range(rounds):
        deals = 1 << 20 if deadline is not None else max(1, budget // rounds // len(alive))
        until = began + (deadline - began) * (r + 1) / rounds if deadline is not None else 0.0
        for k in range(deals):
            if deadline is not None and k and time.process_time() > until:
                break
            dealt = determinize(state, colour, rng)
            for i in alive:
                totals[i] += rollout(dealt, colour, candidates[i].steps, v, horizon, planned, own)
                counts[i] += 1
        alive.sort(key=lambda i: (-totals[i] / max(1, counts[i]), i))
        if len(alive) > 1 and r < rounds - 1:
            alive = alive[: max(1, (len(alive) + 1) // 2)]
    return candidates[alive[0]]


def rollout(state: GameState, colour: PlayerColour, steps: tuple[Step, ...], v: Valuer,
            horizon: int = 1, planned: bool = False, own: tuple[int, int] = OWN) -> float:
    """The score after ``steps`` and play until ``colour``'s next ``horizon`` turns are done:
    greedy's policy for everyone, or with ``planned`` for ``colour``'s own turns its value's
    (:func:`own_turn` with ``own``'s sowings and beam)."""
    state = fast.step(state, colour, PlayTurn(steps=steps))
    greedy, rng = GreedyBot(), Stream("planner", "rollout")
    turns_left = horizon
    for _ in range(6 * len(state.seats) * max(1, horizon) + 8):
        pending = state.pending
        if isinstance(pending, GameOver):
            break
        who = deciders(pending)[0]
        if isinstance(pending, TakeTurn) and who == colour:
            if turns_left == 0:
                break
            turns_left -= 1
        if planned and who == colour and isinstance(pending, (TakeTurn, ContinueTurn)):
            state = fast.step(state, who, own_turn(state, colour, v, own))
        else:
            state = fast.step(state, who, greedy.answer(state, who, rng))
    return v.score(state, colour) * (v.w.final_weight if isinstance(state.pending, GameOver) else 1.0)


def own_turn(state: GameState, colour: PlayerColour, v: Valuer, own: tuple[int, int] = OWN) -> PlayTurn:
    """The planner's turn in a deep rollout: the best of a narrow whole-turn search (by
    default the 4 best sowings, one partial turn kept at each step)."""
    return PlayTurn(steps=plans(state, colour, v, sowings=own[0], beam=own[1])[0].steps)
