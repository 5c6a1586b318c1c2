"""A view as input: the game file it stands in for, to check the viewer's own orders.

:func:`as_state` fills every hidden place of a view with placeholders: the components of
the box that the view does not show, dealt in box order to the other players' hands, the
face-down piles and the Trajan stacks below their tops, so the counts (and every
invariant of a game file) hold.  Which places are hidden, which kind of component each
holds and where else that kind may lie (what the view shows of it) come from the table
of hidden information (``adjudicator/data/hidden.json``, :mod:`adjudicator.views.hidden`).
The stand-in is one game the viewer cannot tell from the real one; it serves ``check``,
``options`` and ``show`` on a view, never ``adjudicate``.

The engine judges every order on the game as its player sees it
(:func:`adjudicator.rules.seen.as_seen_by`), which is the same for the real game and for
the stand-in of the player's view: the viewer's own orders get the game master's
verdict, word for word, also for steps after a draw.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from adjudicator.components import components
from adjudicator.errors import Inconsistent, Malformed, Problem, problem
from adjudicator.game import engine
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import Board, GameOver, GameState, Piles, Player, TrajanStacks
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.hidden import (
    TABLE,
    Build,
    Compiled,
    Leaf,
    Level,
    LevelOp,
    Node,
    TableError,
    compile_places,
    compile_transform,
    compile_walk,
    items,
    tree,
)
from adjudicator.views.view import GameView, StackView

if TYPE_CHECKING:
    from adjudicator.game.options import OptionsFile


def as_state(view: GameView) -> GameState:
    """The stand-in game file of ``view``; raises :class:`Inconsistent` if the counts are off."""
    pools, problems = _pools(view)
    if problems:
        raise Inconsistent(problems)
    state: GameState = _FILL[_key(view)](view, _Fill(view, pools))
    return state


def view_problems(view: GameView) -> list[Problem]:
    """Every way ``view`` cannot be a view of a consistent game (empty when it can)."""
    from adjudicator.rules.invariants import validate_state

    problems = _hand_problems(view) + _pools(view)[1]
    return problems or validate_state(as_state(view))


def _hand_problems(view: GameView) -> list[Problem]:
    """Only the viewer's hand is shown, and it has ``hand_count`` cards."""
    problems = []
    if view.viewer is not None and view.viewer not in view.seats:
        problems.append(problem("view.viewer_not_seated", "$.viewer",
                                f"{view.viewer} has no seat in this game."))
    for i, p in enumerate(view.players):
        own = p.colour == view.viewer
        if own != (p.hand is not None):
            problems.append(problem("view.hand", f"$.players[{i}].hand",
                                    "A view shows the viewer's own hand (a list) and no other (null)."))
        elif p.hand is not None and len(p.hand) != p.hand_count:
            problems.append(problem("view.hand_count", f"$.players[{i}].hand_count",
                                    f"The hand holds {len(p.hand)} cards, not {p.hand_count}."))
    return problems


def check_orders(view: GameView, orders: OrderFile) -> list[Problem]:
    """The game master's verdict on the viewer's own ``orders``; empty when accepted."""
    _require_viewer(view, orders.player, "$.player")
    return engine.check(as_state(view), orders)


def check_any(game: GameState | GameView, orders: OrderFile) -> list[Problem]:
    """Every problem with ``orders`` against a game file or (for the viewer's orders) a view."""
    return check_orders(game, orders) if isinstance(game, GameView) else engine.check(game, orders)


def options_any(game: GameState | GameView, player: PlayerColour | None) -> OptionsFile:
    """``trajan options`` on a game file, or on a view (only the viewer's own decision)."""
    from adjudicator.game.options import options  # here: check and bot do not need it (a fast start)

    if isinstance(game, GameState):
        return options(game, player)
    return options(as_state(game), _require_viewer(game, player or game.viewer, "--player"))


def _require_viewer(view: GameView, player: PlayerColour | None, path: str) -> PlayerColour:
    if view.viewer is None:
        raise Malformed([problem("view.no_viewer", "$.viewer",
                                 "This is the public view: it holds nobody's hand, so it cannot check "
                                 "orders or list options. Use your own view (trajan view --player).")])
    if player != view.viewer:
        raise Malformed([problem("view.other_player", path,
                                 f"This is {view.viewer}'s view: it checks only {view.viewer}'s orders and "
                                 f"options, not {player}'s.")])
    return view.viewer


# --- Placeholders: the unseen part of the box --------------------------------------------


class Pool:
    """Unseen components in box order, dealt out one place at a time."""

    def __init__(self, items: list[str]) -> None:
        self.items = items

    def take(self, n: int) -> tuple[str, ...]:
        out, self.items = tuple(self.items[:n]), self.items[n:]
        return out


class _Fill:
    """What a compiled walk over a view works with: its viewer, its pools, its counts."""

    __slots__ = ("viewer", "pools", "hidden")

    def __init__(self, view: GameView, pools: dict[str, Pool] | None = None) -> None:
        self.viewer = view.viewer
        self.pools = pools or {}
        self.hidden = dict.fromkeys(_KINDS, 0)  # how many of each kind the view hides

    def add(self, kind: str, n: int) -> None:
        self.hidden[kind] += n


_KINDS = tuple(k.kind for k in TABLE.components)


def _key(view: GameView) -> tuple[bool, bool]:
    return view.viewer is not None, isinstance(view.pending, GameOver)


def _pools(view: GameView) -> tuple[dict[str, Pool], list[Problem]]:
    """The unseen components of each kind, and a problem where their number is not the view's."""
    fill = _Fill(view)
    _COUNT[_key(view)](view, fill)
    found = {path: get(view, fill) for path, get in _PLACES[_key(view)].items()}
    pools = {k.kind: Pool(_unseen(_boxes()[k.kind], (c for path in k.places for c in found[path])))
             for k in TABLE.components}
    problems = [
        problem("view.hidden_count", k.problem_path, f"The view has {fill.hidden[k.kind]} hidden "
                f"{k.noun}, but the box leaves {len(pools[k.kind].items)} unseen.")
        for k in TABLE.components if len(pools[k.kind].items) != fill.hidden[k.kind]
    ]
    return pools, problems


def _unseen(box: Counter[str], seen: Iterable[str]) -> list[str]:
    return list((box - Counter(seen)).elements())


def _count(leaf: Leaf, level: Level) -> LevelOp | None:
    """Add up how many components the view hides at a zone (its count, or the count beside it)."""
    kind, at = leaf.zone.kind, leaf.zone.count_at
    if not kind or level in ("shown", "secret"):
        return None
    if level == "top":
        return lambda value, parent, fill: fill.add(kind, value.below)
    if at:
        return lambda value, parent, fill: fill.add(kind, getattr(parent, at))
    return lambda value, parent, fill: fill.add(kind, value)


def _shown(value: Any, level: Level) -> list[Any]:
    """What a view shows of a hidden zone at ``level``."""
    if level == "shown":
        return items(value)
    if level == "top":
        return [value.top] if value.top else []
    return []


@functools.cache
def _boxes() -> dict[str, Counter[str]]:
    """Every kind of hidden component in the box (the table's ``box`` and ``category``)."""
    c = components()
    cards = c.commodities
    whole: dict[str, Callable[[str | None], Counter[str]]] = {
        "commodities": lambda _: Counter({k: cards.cards_per_commodity for k in cards.commodities}),
        "forum_tiles": lambda _: Counter({t.kind: t.count for t in c.forum.tiles}),
        "extra_action_tiles": lambda _: Counter({t.action: t.count for t in c.extra.tiles}),
        "demand_tiles": lambda _: Counter({t.kind: t.count for t in c.demand.tiles}),
        "bonus_tiles": lambda _: Counter(t.id for t in c.bonus.tiles),
        "trajan_tiles": lambda cat: Counter(t.id for t in c.trajan.tiles if t.category == cat),
    }
    return {k.kind: whole[k.box](k.category) for k in TABLE.components}


# --- Building the stand-in ---------------------------------------------------------------


def _fill(leaf: Leaf, level: Level) -> LevelOp | None:
    """What the stand-in holds at a zone the view shows at ``level``: its unseen components."""
    kind, at = leaf.zone.kind, leaf.zone.count_at
    if level == "shown":
        return None
    if level == "secret":
        return lambda value, parent, fill: ""  # the seed
    if not kind:
        raise TableError(f"{leaf.zone.path}: a hidden place without a kind of component")
    if level == "top":
        def top(value: StackView, parent: Any, fill: _Fill) -> tuple[str, ...]:
            return ((value.top,) if value.top else ()) + fill.pools[kind].take(value.below)
        return top
    if at:
        return lambda value, parent, fill: fill.pools[kind].take(getattr(parent, at))
    return lambda value, parent, fill: fill.pools[kind].take(value)


# The game file's struct for each struct of the view on the way to a hidden zone, and the
# fields only a view has.
_STATE_TYPES: dict[str, Build] = {
    "": Build(GameState, drop=("viewer",)), "players[]": Build(Player, drop=("hand_count",)),
    "board": Build(Board), "board.trajan_stacks": Build(TrajanStacks), "piles": Build(Piles),
}


def _state_build(node: Node) -> Build:
    if node.where not in _STATE_TYPES:
        raise TableError(f"{node.where}: the game file has no struct for this part of a view")
    return _STATE_TYPES[node.where]


def _sight(key: tuple[bool, bool]) -> Node:
    """The tree of the view's sight: by (a seated viewer?, game over?)."""
    return tree("player" if key[0] else "observer", key[1])


_COUNT: Compiled[tuple[bool, bool], Callable[[Any, Any], None]] = Compiled(
    lambda key: compile_walk(_sight(key), _count))
# Every place where the view may show a hidden kind of component (each read once a call).
_PLACES: Compiled[tuple[bool, bool], dict[str, Callable[[Any, Any], list[Any]]]] = Compiled(
    lambda key: compile_places(_sight(key), (path for k in TABLE.components for path in k.places), _shown))
_FILL: Compiled[tuple[bool, bool], Callable[[Any, Any], Any]] = Compiled(
    lambda key: compile_transform(_sight(key), _fill, _state_build))
