"""Bots that answer pending decisions: ``random`` and ``greedy``.

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


def make_bot(name: str) -> Bot:
    bots = _bots()
    if name not in bots:
        raise KeyError(name)
    return bots[name]()


@functools.cache
def _bots() -> dict[str, type[Bot]]:
    from adjudicator.bots.greedy import GreedyBot
    from adjudicator.bots.random_bot import RandomBot

    return {"random": RandomBot, "greedy": GreedyBot}


BOT_NAMES = ("random", "greedy")
