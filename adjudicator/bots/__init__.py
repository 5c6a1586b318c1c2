"""Bots that answer pending decisions: ``random``, ``greedy`` and ``search``.

A bot sees only what its player may see: it is given the game and its player, and
builds its answer step by step with the engine's own rules, stopping an order right
after a step that shows it new cards (the turn then pauses for it, as for a person).
"""

from __future__ import annotations

import functools
from typing import Protocol

from adjudicator.model.orders import Answer
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream


class Bot(Protocol):
    name: str

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer: ...


def make_bot(name: str, budget: int | None = None, seconds: float | None = None) -> Bot:
    """The named bot; ``budget`` is a searching bot's rollouts per decision and ``seconds``
    the planner's CPU time per decision instead (the others ignore them)."""
    bots = _bots()
    if name not in bots:
        raise KeyError(name)
    if name == "search" and budget is not None:
        from adjudicator.bots.search import SearchBot

        return SearchBot(budget)
    if name == "planner" and (budget is not None or seconds is not None):
        from adjudicator.bots.planner import DEFAULT_BUDGET, PlannerBot

        return PlannerBot(budget if budget is not None else DEFAULT_BUDGET, seconds)
    return bots[name]()


@functools.cache
def _bots() -> dict[str, type[Bot]]:
    from adjudicator.bots.greedy import GreedyBot
    from adjudicator.bots.planner import PlannerBot
    from adjudicator.bots.random_bot import RandomBot
    from adjudicator.bots.search import SearchBot

    return {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot, "planner": PlannerBot}


BOT_NAMES = ("random", "greedy", "search", "planner")
