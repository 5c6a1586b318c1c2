"""One game consistent with what a player sees: the hidden places dealt anew.

A bot that searches is handed the stand-in of its player's view (``views.standin``):
the hidden places hold placeholders in box order.  :func:`determinize` shuffles the
components of each kind of hidden place among those places and deals them back in the
same numbers.  Which places those are, and which of them hold the same kind of
component, the table of hidden information says (``adjudicator/data/hidden.json``,
:mod:`adjudicator.views.hidden`): the other players' hands with the face-down deck, the
demand tiles face down with those removed unseen, the forum, extra action and bonus
piles, and each Trajan stack below its top.  Everything the player sees (their hand, the
board, every count) stays as it is, so the result is one game the player cannot tell
from the real one, drawn from the stand-in and the bot's seeded stream only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from adjudicator.bots.common import shuffle
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream
from adjudicator.views.hidden import (
    TABLE,
    Compiled,
    Leaf,
    Level,
    LevelOp,
    compile_transform,
    compile_walk,
    same_structs,
    tree,
)

# The kinds of hidden component, in the order they are shuffled (the table's).
_KINDS = tuple(k.kind for k in TABLE.components)


class _Deal:
    __slots__ = ("viewer", "found", "pools")

    def __init__(self, viewer: PlayerColour) -> None:
        self.viewer = viewer
        self.found: dict[str, list[Any]] = {kind: [] for kind in _KINDS}
        self.pools: dict[str, Iterator[Any]] = {}


def determinize(state: GameState, colour: PlayerColour, rng: Stream) -> GameState:
    """``state`` with everything ``colour`` cannot see dealt anew from ``rng``."""
    over = isinstance(state.pending, GameOver)
    deal = _Deal(colour)
    _FIND[over](state, deal)
    deal.pools = {kind: iter(shuffle(rng, deal.found[kind])) for kind in _KINDS}
    dealt: GameState = _DEAL[over](state, deal)
    return dealt


def _find(leaf: Leaf, level: Level) -> LevelOp | None:
    """Collect what the player cannot see at a zone, by kind, in the table's order."""
    kind = leaf.zone.kind
    if level == "count" and kind:
        return lambda value, parent, deal: deal.found[kind].extend(value)
    if level == "top" and kind:
        return lambda value, parent, deal: deal.found[kind].extend(value[1:])
    return None  # shown, or a secret (the seed) that the stand-in does not hold


def _deal(leaf: Leaf, level: Level) -> LevelOp | None:
    """Deal the zone anew from its kind's shuffled pool, in the same numbers."""
    kind = leaf.zone.kind
    if level == "count" and kind:
        return lambda value, parent, deal: tuple(islice(deal.pools[kind], len(value)))
    if level == "top" and kind:
        return lambda value, parent, deal: value[:1] + tuple(islice(deal.pools[kind], len(value[1:])))
    return None


# By game over?
_FIND: Compiled[bool, Callable[[Any, Any], None]] = Compiled(
    lambda over: compile_walk(tree("player", over), _find))
_DEAL: Compiled[bool, Callable[[Any, Any], Any]] = Compiled(
    lambda over: compile_transform(tree("player", over), _deal, same_structs))
