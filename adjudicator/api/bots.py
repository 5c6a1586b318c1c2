"""Bots through the public API: a bot is handed its player's :class:`View`, never the game.

:class:`Bot` is the protocol: a ``name`` and ``answer(view)``, returning the answer to the
view's pending decision.  :func:`builtin_bot` gives the project's own bots (``random``,
``greedy``, ``search``, ``planner``) through it; :func:`play` plays a whole game with one bot a seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from adjudicator.api.errors import IllegalOrderError, MalformedError
from adjudicator.api.game import Game
from adjudicator.api.view import View
from adjudicator.errors import problem
from adjudicator.model.orders import Answer

__all__ = ["BOT_NAMES", "Bot", "builtin_bot", "play"]

BOT_NAMES = ("random", "greedy", "search", "planner")
"""The names of the built-in bots."""

MAX_DECISIONS = 9999  # a game takes a few hundred decisions


@runtime_checkable
class Bot(Protocol):
    """A bot: it answers its player's pending decision from that player's view alone.

    ``answer`` is called only when the view's player may decide (``view.to_decide``); it
    returns an answer to ``view.pending`` (from :meth:`View.legal_answers`, a
    :class:`~adjudicator.api.view.TurnPlan`, or :func:`~adjudicator.api.orders.parse_orders`
    of a text's ``.answer``). ``name`` says who answered in the report ("orders by the
    NAME bot")."""

    name: str

    def answer(self, view: View) -> Answer:
        """The answer to ``view.pending`` for ``view.player``; may raise anything (then the
        caller decides what to do: :func:`play` lets the exception through)."""
        ...


class _Builtin:
    """A built-in bot behind the :class:`Bot` protocol: handed the stand-in of the view
    (:mod:`adjudicator.views.standin`), so it cannot use what the player may not see."""

    def __init__(self, name: str, budget: int | None, seed: str | None, seconds: float | None = None) -> None:
        from adjudicator.bots import make_bot

        self.name = name
        self._bot = make_bot(name, budget, seconds)
        self._seed = seed

    def answer(self, view: View) -> Answer:
        """The built-in bot's answer, as ``trajan bot VIEW`` gives it (same seed, same answer)."""
        from adjudicator.rng import Stream
        from adjudicator.views.standin import as_state

        colour = view.player
        if colour is None or not view.to_decide:
            raise ValueError(f"{view!r}: nothing for its player to decide.")
        seed = self._seed if self._seed is not None else view.game_id
        state = as_state(view.data)
        return self._bot.answer(state, colour, Stream(seed, f"bot-{state.decision}-{colour}"))


def builtin_bot(name: str, *, budget: int | None = None, seed: str | None = None,
                seconds: float | None = None) -> Bot:
    """One of the built-in bots (:data:`BOT_NAMES`) as a :class:`Bot`.

    :param budget: a searching bot's rollouts per decision (``search``: default 64;
        ``planner``: default 192, the deep look-ahead; below it shallow rollouts, 0 for
        no look-ahead; from 768 wider candidates too; the others ignore it).
    :param seed: seeds the bot's choices; default the game id, as ``trajan bot``.
    :param seconds: the planner's CPU time per decision instead of a budget (its answer
        then depends on the machine; the others ignore it).
    :raises MalformedError: an unknown bot (``args.unknown_bot``), or ``seconds`` not
        above 0 (``args.usage``).
    """
    if name not in BOT_NAMES:
        raise MalformedError([problem("args.unknown_bot", "name", f"Unknown bot {name!r}; the bots are "
                                      f"{', '.join(BOT_NAMES)}.")])
    if seconds is not None and not seconds > 0:
        raise MalformedError([problem("args.usage", "seconds", f"seconds must be above 0, not {seconds!r}.")])
    return _Builtin(name, budget, seed, seconds)


def play(game: Game, bots: Mapping[str, Bot]) -> Game:
    """Play ``game`` to its end: each decision answered by the bot of the first player who
    may decide, from that player's view; every order marked as the bot's (``stand_in``).

    :param bots: one bot per seat, by colour.
    :raises MalformedError: a seat without a bot (``args.missing``).
    :raises IllegalOrderError: a bot gave an answer the rules refuse; its problems say why.
    """
    missing = [c for c in game.seats if c not in bots]
    if missing:
        raise MalformedError([problem("args.missing", "bots", f"No bot for {', '.join(missing)}.")])
    for _ in range(MAX_DECISIONS):
        if game.over:
            return game
        colour = game.pending.players[0]
        view = game.view(colour)
        bot = bots[colour]
        game, _events = game.apply(view.order(bot.answer(view), stand_in=f"{bot.name} bot"))
    raise IllegalOrderError([problem("internal.endless_game", "$",
                                     f"The game did not end within {MAX_DECISIONS} decisions.")])
