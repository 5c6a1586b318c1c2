"""The exceptions of the Python API: one per kind of failure, each carrying its problems.

Like python-chess's ``IllegalMoveError`` and ``InvalidMoveError``, an order that is not
understood and an order that is understood but not allowed are different exceptions,
and a game file that breaks an invariant is a third.  Each carries every
:class:`~adjudicator.errors.Problem` found (a stable ``code``, a JSON ``path`` or line,
one ``message``) in ``problems``, and the exit code the command line gives for it in
``exit_code``.  All are :class:`ValueError`\\ s, and :class:`TrajanError` is their base.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from adjudicator.errors import Illegal, Inconsistent, Malformed, Problem, TrajanError

__all__ = [
    "IllegalOrderError",
    "InconsistentGameError",
    "MalformedError",
    "MalformedOrderError",
    "Problem",
    "TrajanError",
    "translated",
]


class MalformedError(Malformed, ValueError):
    """Input not understood: not JSON, a schema violation, a file too large, a bad argument
    (exit 2).

    ``problems`` names each: its code (``input.*``, ``schema.*``, ``args.*``, ...), where
    (a JSON path, or the argument) and why."""


class MalformedOrderError(MalformedError):
    """An order that is not understood: text that is not the notation, JSON that is not an
    order file, a mail without orders (exit 2; codes ``notation.*``, ``mail.*``,
    ``schema.*``, each problem naming its line or JSON path)."""


class IllegalOrderError(Illegal, ValueError):
    """An order understood but not allowed now: the wrong decision or player, a stale
    decision number, a step the rules refuse (exit 1).

    ``problems`` lists every problem found (codes such as ``orders.stale``,
    ``turn.unseen_cards``, ``seaport.card_not_in_hand``); the order changed nothing."""


class InconsistentGameError(Inconsistent, ValueError):
    """A game file (or view) that passes the schema but breaks an invariant of the game,
    for example 61 commodity cards (exit 3; codes ``state.*``, ``view.*``)."""


@contextmanager
def translated(orders: bool = False) -> Iterator[None]:
    """Turn the engine's failures into the API's exceptions (``orders``: a malformed input
    is an order, :class:`MalformedOrderError`).

    :raises IllegalOrderError: for :class:`~adjudicator.errors.Illegal`.
    :raises MalformedError: for :class:`~adjudicator.errors.Malformed`.
    :raises InconsistentGameError: for :class:`~adjudicator.errors.Inconsistent`."""
    try:
        yield
    except (IllegalOrderError, MalformedError, InconsistentGameError):
        raise
    except Illegal as e:
        raise IllegalOrderError(e.problems) from None
    except Malformed as e:
        raise (MalformedOrderError if orders else MalformedError)(e.problems) from None
    except Inconsistent as e:
        raise InconsistentGameError(e.problems) from None
