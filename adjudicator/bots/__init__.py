"""Bots that answer pending decisions: ``random``, ``greedy`` and ``search``.

A bot sees only what its player may see: it is given the game and its player, and
builds its answer step by step with the engine's own rules, stopping an order right
after a step that shows it new cards (the turn then pauses for it, as for a person).

This is the engine's side of a bot (handed a game state: the stand-in of its player's
view, :mod:`adjudicator.views.standin`, wherever a bot could peek). A bot written against
the public API implements :class:`adjudicator.api.bots.Bot` instead, which is handed a
:class:`~adjudicator.api.view.View`; :func:`adjudicator.api.bots.builtin_bot` puts the
bots of this package behind that protocol.
"""

from __future__ import annotations

import functools
from typing import Protocol

from adjudicator.model.orders import Answer
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream


class Bot(Protocol):
    """A built-in bot: a ``name`` and an answer for ``colour``'s pending decision."""

    name: str

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        """The answer to ``state``'s pending decision for ``colour``, its choices drawn from
        ``rng``. ``state`` is the stand-in of ``colour``'s view wherever the bot could use
        what the player may not see."""
        ...


def make_bot(name: str, budget: int | None = None) -> Bot:
    """The named bot; ``budget`` is the search bot's rollouts per decision (others ignore it).

    :raises KeyError: no bot has that name."""
    bots = _bots()
    if name not in bots:
        raise KeyError(name)
    if name == "search" and budget is not None:
        from adjudicator.bots.search import SearchBot

        return SearchBot(budget)
    return bots[name]()


@functools.cache
def _bots() -> dict[str, type[Bot]]:
    from adjudicator.bots.greedy import GreedyBot
    from adjudicator.bots.random_bot import RandomBot
    from adjudicator.bots.search import SearchBot

    return {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


BOT_NAMES = ("random", "greedy", "search")
"""The names of the built-in bots, as ``--bot`` and ``--bots`` take them."""
