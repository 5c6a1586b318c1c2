"""The six actions, one module each, all with the same small interface.

Each module has ``ACTION`` (the action it implements), ``STEPS`` (the order steps it
handles), ``check(state, colour, step, path) -> list[Problem]``,
``apply(changes, colour, step)`` (assumes ``check`` passed) and
``candidates(state, colour)`` (every step worth asking ``check`` about).  The legal
options of an action are exactly the candidates that ``check`` accepts, so listing
and checking share one implementation.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Protocol

from adjudicator.errors import Problem
from adjudicator.model.orders import ActionStep
from adjudicator.model.state import GameState
from adjudicator.model.vocab import Action, PlayerColour
from adjudicator.rules.ops import Changes


class ActionModule(Protocol):
    """The interface every action module has (see the top of this module)."""

    ACTION: Action
    STEPS: tuple[type, ...]

    def check(self, state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
        """The problems of ``step`` for ``colour`` now, located under ``path`` (none: it is legal)."""

    def apply(self, ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
        """Perform ``step`` for ``colour`` into ``ch``; only a step :meth:`check` accepts."""

    def candidates(self, state: GameState, colour: PlayerColour) -> list[ActionStep]:
        """Every step worth asking :meth:`check` about: the legal steps are those it accepts."""


@functools.cache
def _modules() -> dict[Action, ModuleType]:
    from adjudicator.rules.actions import construction, forum, military, seaport, senate, trajan

    return {m.ACTION: m for m in (seaport, forum, military, senate, trajan, construction)}


def module_for(action: Action) -> ActionModule:
    """The module of ``action`` (raises :class:`KeyError` for a name that is no action)."""
    module: ActionModule = _modules()[action]  # a KeyError for an unknown action
    return module


def legal_steps(state: GameState, colour: PlayerColour, action: Action) -> list[ActionStep]:
    """Every legal step of ``action`` for ``colour`` now (one source of truth: ``check``)."""
    m = module_for(action)
    return [s for s in m.candidates(state, colour) if not m.check(state, colour, s, "$")]


def has_legal_step(state: GameState, colour: PlayerColour, action: Action) -> bool:
    """Whether ``colour`` has any legal step of ``action`` now (as :func:`legal_steps`, stopping at
    the first)."""
    m = module_for(action)
    return any(not m.check(state, colour, s, "$") for s in m.candidates(state, colour))


Checker = Callable[[GameState, PlayerColour, ActionStep, str], list[Problem]]
