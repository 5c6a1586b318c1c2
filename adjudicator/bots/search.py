"""The ``search`` bot: determinized Monte Carlo look-ahead over whole turns.

For a turn it lists candidate orders: for each tray it may empty, the greedy bot's
sowing, then each legal first step (and ending the order), the rest of the turn
played greedily; it keeps the ``width`` best by the greedy value.  Each candidate is
then tried in games dealt from the player's view (:mod:`determinize`: the other
hands, face-down piles and draw order shuffled consistently with what the view shows):
the candidate is applied with the engine's search step, every player (the bot too)
plays on greedily until the bot's next turn is done, and the position is scored as the
bot's value less the best other player's (the final VP when the game ended).  The same
deals serve every candidate; the best mean wins.

The budget is a number of such rollouts per decision (``--budget``); it is counted,
not timed, so the bot is deterministic for a game, player and seed.  Other decisions
(setup, demands, the consul's bonus) are the greedy bot's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.bots.common import MAX_STEPS
from adjudicator.bots.determinize import determinize
from adjudicator.bots.greedy import GreedyBot, best_step, planned_sow, prune
from adjudicator.bots.value import value
from adjudicator.game import fast
from adjudicator.game.engine import deciders
from adjudicator.model.orders import Answer, PlayTurn, Step
from adjudicator.model.state import ContinueTurn, GameOver, GameState, TakeTurn, TurnProgress
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream
from adjudicator.rules.legal import legal_steps, sow_trays
from adjudicator.rules.ops import Changes, player

DEFAULT_BUDGET = 64
WIDTH = 8
FINAL_WEIGHT = 1.5  # a point of final VP against a point of estimated value


@dataclass(frozen=True)
class Candidate:
    steps: tuple[Step, ...]
    estimate: float  # the greedy value right after it, on the stand-in


class SearchBot:
    name = "search"

    def __init__(self, budget: int = DEFAULT_BUDGET, width: int = WIDTH) -> None:
        self.budget = max(1, budget)
        self.width = max(1, width)

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        if not isinstance(state.pending, (TakeTurn, ContinueTurn)):
            return GreedyBot().answer(state, colour, rng)
        options = candidates(state, colour)[: self.width]
        if len(options) == 1:
            return PlayTurn(steps=options[0].steps)
        totals = [0.0] * len(options)
        rounds = max(1, self.budget // len(options))
        for _ in range(rounds):
            dealt = determinize(state, colour, rng)
            for i, c in enumerate(options):
                totals[i] += rollout(dealt, colour, c.steps)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return PlayTurn(steps=options[best].steps)


def candidates(state: GameState, colour: PlayerColour) -> list[Candidate]:
    """Distinct candidate orders, the best greedy value first (ties: the order found)."""
    found: dict[tuple[Step, ...], float] = {}
    if isinstance(state.pending, ContinueTurn):
        assert state.turn is not None
        _branch(Changes(state), colour, state.turn, (), found)
    else:
        for source in sow_trays(state, colour):
            sow = planned_sow(state, colour, source)
            ch, progress = fast.begin(state)
            progress, revealed = fast.play_step(ch, colour, progress, sow)
            if revealed:
                found.setdefault((sow,), value(ch.state, colour))
            else:
                _branch(ch, colour, progress, (sow,), found)
    ranked = sorted(enumerate(found.items()), key=lambda e: (-e[1][1], e[0]))
    return [Candidate(steps, v) for _, (steps, v) in ranked]


def _branch(ch: Changes, colour: PlayerColour, progress: TurnProgress, prefix: tuple[Step, ...],
            found: dict[tuple[Step, ...], float]) -> None:
    """Each legal next step (or the end of the order) followed by greedy play."""
    firsts: list[Step | None] = list(prune(ch.state, legal_steps(ch.state, progress)))
    if not progress.discard_due:
        firsts.append(None)
    for first in firsts:
        branch = Changes(ch.state)
        steps = list(prefix)
        if first is not None:
            now, revealed = fast.play_step(branch, colour, progress, first)
            steps.append(first)
            if not revealed:
                _greedy_rest(branch, colour, now, steps)
        found.setdefault(tuple(steps), value(branch.state, colour))


def _greedy_rest(ch: Changes, colour: PlayerColour, progress: TurnProgress, steps: list[Step]) -> None:
    while len(steps) < MAX_STEPS:
        step = best_step(ch.state, progress)
        if step is None:
            return
        progress, revealed = fast.play_step(ch, colour, progress, step)
        steps.append(step)
        if revealed:
            return


def rollout(state: GameState, colour: PlayerColour, steps: tuple[Step, ...]) -> float:
    """The score of playing ``steps`` now, then greedily until ``colour``'s next turn is done."""
    state = fast.step(state, colour, PlayTurn(steps=steps))
    greedy, rng = GreedyBot(), Stream("search", "rollout")
    turns_left = 1
    for _ in range(4 * len(state.seats) + 8):
        pending = state.pending
        if isinstance(pending, GameOver):
            return FINAL_WEIGHT * _margin(state, colour, lambda s, c: float(player(s, c).vp))
        who = deciders(pending)[0]
        if isinstance(pending, TakeTurn) and who == colour:
            if turns_left == 0:
                break
            turns_left -= 1
        state = fast.step(state, who, greedy.answer(state, who, rng))
    return _margin(state, colour, value)


Score = Callable[[GameState, PlayerColour], float]


def _margin(state: GameState, colour: PlayerColour, score: Score) -> float:
    return score(state, colour) - max(score(state, c) for c in state.seats if c != colour)
