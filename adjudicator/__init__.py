"""trajan: a stateless adjudicator for Stefan Feld's board game Trajan, and its Python API.

The distribution is ``trajan-adjudicator``, the command ``trajan``, this package
``adjudicator``. The API (:mod:`adjudicator.api`) is re-exported here::

    from adjudicator import Game, View, Bot, parse_orders, verify

Its names are loaded when first used, so ``import adjudicator`` (which every ``trajan``
command does) stays cheap: it does not import the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
"""The version of the program: the one place it is written (the distribution's metadata
reads it from here)."""

DISTRIBUTION = "trajan-adjudicator"
"""The name the program is installed by (``pip install trajan-adjudicator``)."""

if TYPE_CHECKING:  # for type checkers and readers; at run time, __getattr__ below
    from adjudicator.api import (
        BOT_NAMES,
        Answer,
        Bot,
        Event,
        Game,
        IllegalOrderError,
        InconsistentGameError,
        MalformedError,
        MalformedOrderError,
        Order,
        PendingDecision,
        Problem,
        Step,
        TrajanError,
        TurnPlan,
        Verification,
        View,
        builtin_bot,
        orders_json,
        orders_text,
        parse_orders,
        play,
        verify,
    )

__all__ = [
    "BOT_NAMES",
    "DISTRIBUTION",
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
    "__version__",
    "builtin_bot",
    "orders_json",
    "orders_text",
    "parse_orders",
    "play",
    "verify",
]

_LOCAL = ("DISTRIBUTION", "__version__")


def __getattr__(name: str) -> Any:
    """A name of the API, imported from :mod:`adjudicator.api` when first asked for.

    :raises AttributeError: ``name`` is not a name of the API."""
    if name in __all__ and name not in _LOCAL:
        import adjudicator.api as api

        value = getattr(api, name)
        globals()[name] = value  # asked once: later lookups find it directly
        return value
    raise AttributeError(f"module 'adjudicator' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names, the API's included."""
    return sorted({*globals(), *__all__})
