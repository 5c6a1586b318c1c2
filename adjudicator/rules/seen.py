"""The game as one player knows it: what every verdict on their orders is computed from.

Whether an order is accepted, and every word of its problems, depend only on what its
player could see when writing it (rulings.md, "Verdicts and hidden cards").  The engine
therefore judges an order on :func:`as_seen_by`: the game with every component the
player cannot see replaced by the placeholder :data:`UNSEEN` (what that is, the table of
hidden information says: :mod:`adjudicator.views.hidden`; the face-down piles, the other
players' hands, the Trajan tiles below each stack's top) and no seed.  Two games
the player cannot tell apart give the same seen game, so the same verdict: the game
master's file and the stand-in of the player's view (``views.standin``) are two such
games.  (A turn's steps are checked on the real game while no hidden component has come
into play, where the two agree on everything a check reads: ``rules.turn.play``.)

There is no second notion of "what a step depends on": a card drawn, or taken from a
discard pile refilled from the face-down pile, earlier in the same order is a
placeholder in the seen game, and a step that names a card the hand holds only among
placeholders is refused with ``turn.unseen_cards`` (:func:`missing_cards`) whatever the
cards are.  A step that does not look at those cards (a senate step, a discard of a card
held before) is judged as usual.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from adjudicator.errors import Problem, problem
from adjudicator.model.state import GameOver, GameState, Player
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules.ops import has_items
from adjudicator.views.hidden import (
    Compiled,
    Leaf,
    Level,
    LevelOp,
    ViewerOf,
    compile_transform,
    same_structs,
    tree,
)

# No component of the box has this name (a schema-checked order cannot name it either).
UNSEEN: Any = "unseen"


def _seen_leaf(leaf: Leaf, level: Level) -> LevelOp | None:
    """What the seen game holds at a zone the player sees at ``level`` (None: the value)."""
    if level == "shown":
        return None
    if level == "count":
        return lambda value, parent, ctx: (UNSEEN,) * len(value)
    if level == "top":
        return lambda value, parent, ctx: value[:1] + (UNSEEN,) * (len(value) - 1)
    return lambda value, parent, ctx: type(value)()  # secret: the seed is ""


# By game over?
_SEEN: Compiled[bool, Callable[[Any, Any], Any]] = Compiled(
    lambda over: compile_transform(tree("player", over), _seen_leaf, same_structs))


def as_seen_by(state: GameState, colour: PlayerColour) -> GameState:
    """``state`` with everything ``colour`` cannot see replaced by :data:`UNSEEN` (the
    table of hidden information, ``adjudicator/data/hidden.json``, says what that is)."""
    seen: GameState = _SEEN[isinstance(state.pending, GameOver)](state, ViewerOf(colour))
    return seen


def missing_cards(p: Player, cards: Iterable[str], path: str) -> list[Problem]:
    """The problem with a step that needs ``cards`` from ``p``'s hand (none if it holds them).

    It names only cards of the step, never the hand: a hand holding placeholders (cards
    this order draws) answers ``turn.unseen_cards`` whether or not those are the cards."""
    cards = tuple(cards)
    if has_items(p.hand, cards):
        return []
    missing: Counter[str] = Counter(cards) - Counter[str](p.hand)
    needs = ", ".join(sorted(missing.elements()))
    if UNSEEN in p.hand:
        return [problem("turn.unseen_cards", path,
                        f"This step needs {needs}, which your hand holds only if cards you have not "
                        "seen yet are among them: cards drawn (or taken from a refilled discard pile) "
                        "earlier in this order. A step that uses such cards is refused whatever they "
                        "are: end the order before it; the turn then pauses, and you go on having "
                        "seen them.")]
    held: Counter[str] = Counter(c for c in p.hand if c in missing)
    said = "; ".join(f"{n} {c}, not {n + missing[c]}" if n else f"no {c}" for c, n in
                     ((c, held[c]) for c in sorted(missing)))
    return [problem("seaport.card_not_in_hand", path, f"Your hand holds {said}.")]
