"""The Python API of ``trajan``: games, views, orders, bots and verification.

Everything here is re-exported from :mod:`adjudicator` (``from adjudicator import Game``);
importing it loads the engine, so :mod:`adjudicator` loads it only when a name is first
used. The names:

* :class:`Game` (the game master's game file), :class:`View` (one player's view),
  :class:`TurnPlan` (a turn built step by step), :class:`PendingDecision`;
* :func:`parse_orders`, :func:`orders_text`, :func:`orders_json`, and the types
  :data:`Order`, :data:`Answer`, :data:`Step`, :data:`Event`;
* :func:`verify` and :class:`Verification`;
* :class:`Bot` (the protocol), :func:`builtin_bot`, :func:`play`, :data:`BOT_NAMES`;
* the exceptions :class:`TrajanError`, :class:`MalformedError`,
  :class:`MalformedOrderError`, :class:`IllegalOrderError`,
  :class:`InconsistentGameError`, and :class:`Problem`.
"""

from adjudicator.api.bots import BOT_NAMES, Bot, builtin_bot, play
from adjudicator.api.errors import (
    IllegalOrderError,
    InconsistentGameError,
    MalformedError,
    MalformedOrderError,
    Problem,
    TrajanError,
)
from adjudicator.api.game import Event, Game, PendingDecision
from adjudicator.api.orders import Answer, Order, Step, orders_json, orders_text, parse_orders
from adjudicator.api.verify import Verification, verify
from adjudicator.api.view import TurnPlan, View

__all__ = [
    "BOT_NAMES",
    "Answer",
    "Bot",
    "Event",
    "Game",
    "IllegalOrderError",
    "InconsistentGameError",
    "MalformedError",
    "MalformedOrderError",
    "Order",
    "PendingDecision",
    "Problem",
    "Step",
    "TrajanError",
    "TurnPlan",
    "Verification",
    "View",
    "builtin_bot",
    "orders_json",
    "orders_text",
    "parse_orders",
    "play",
    "verify",
]
