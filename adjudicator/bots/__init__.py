"""Bots that answer pending decisions: ``random``, ``greedy``, ``search`` and ``planner``.

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


def make_bot(name: str, budget: int | None = None, seconds: float | None = None) -> Bot:
    """The named bot; ``budget`` is a searching bot's rollouts per decision and ``seconds``
    the planner's CPU time per decision instead (the others ignore them).

    :raises KeyError: no bot has that name."""
    if name not in _MODULES:
        raise KeyError(name)
    cls = _bot_class(name)
    if name == "search" and budget is not None:
        return cls(budget)  # type: ignore[call-arg]
    if name == "planner" and (budget is not None or seconds is not None):
        from adjudicator.bots.planner import DEFAULT_BUDGET

        return cls(budget if budget is not None else DEFAULT_BUDGET, seconds)  # type: ignore[call-arg]
    return cls()


# Each bot's module and class, imported only when the bot is asked for (a fast start).
_MODULES = {"random": ("random_bot", "RandomBot"), "greedy": ("greedy", "GreedyBot"),
            "search": ("search", "SearchBot"), "planner": ("planner", "PlannerBot")}


@functools.cache
def _bot_class(name: str) -> type[Bot]:
    import importlib

    module, cls = _MODULES[name]
    found: type[Bot] = getattr(importlib.import_module(f"adjudicator.bots.{module}"), cls)
    return found


BOT_NAMES = ("random", "greedy", "search", "planner")
"""The names of the built-in bots, as ``--bot`` and ``--bots`` take them."""

# ``--level``: for people who play against a bot, from a beginner's opponent to the
# strongest (the bot and its budget; strengths measured in docs/manual/bots/builtin.md).
LEVELS: dict[int, tuple[str, int | None]] = {
    1: ("greedy", None),
    2: ("planner", 0),
    3: ("planner", 48),
    4: ("planner", None),
    5: ("planner", 768),
}


def level(n: int) -> tuple[str, int | None]:
    """The bot and budget of level ``n`` (1 to 5); raises :class:`KeyError` otherwise."""
    return LEVELS[n]
