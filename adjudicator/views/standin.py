"""A view as input: the game file it stands in for, to check the viewer's own orders.

:func:`as_state` fills every hidden place of a view with placeholders: the components of
the box that the view does not show, dealt in box order to the other players' hands, the
face-down piles and the Trajan stacks below their tops, so the counts (and every
invariant of a game file) hold.  The stand-in is one game the viewer cannot tell from the
real one; it serves ``check``, ``options`` and ``show`` on a view, never ``adjudicate``.

The engine judges every order on the game as its player sees it
(:func:`adjudicator.rules.seen.as_seen_by`), which is the same for the real game and for
the stand-in of the player's view: the viewer's own orders get the game master's
verdict, word for word, also for steps after a draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from adjudicator.components import components
from adjudicator.errors import Inconsistent, Malformed, Problem, problem
from adjudicator.game import engine
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import (
    Board,
    GameState,
    Piles,
    Player,
    TrajanStacks,
)
from adjudicator.model.vocab import TRAJAN_CATEGORIES, PlayerColour, TrajanCategory
from adjudicator.views.view import GameView, PlayerView, StackView

if TYPE_CHECKING:
    from adjudicator.game.options import OptionsFile


def as_state(view: GameView) -> GameState:
    """The stand-in game file of ``view``; raises :class:`Inconsistent` if the counts are off."""
    pools, problems = _pools(view)
    if problems:
        raise Inconsistent(problems)
    players = tuple(_player(p, p.hand if p.hand is not None else pools["cards"].take(p.hand_count))
                    for p in view.players)
    board, piles = _board(view, pools), _piles(view, pools)
    return GameState(
        options=view.options, game_id=view.game_id, seed=view.seed or "", commitment=view.commitment,
        seeding=view.seeding, seats=view.seats, start_player=view.start_player, decision=view.decision,
        quarter=view.quarter,
        pending=view.pending, turn=view.turn, players=players, board=board, piles=piles,
        removed=view.removed, chain=view.chain,
    )


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


def _unseen(box: Counter[str], seen: Iterable[str]) -> list[str]:
    return list((box - Counter(seen)).elements())


def _pools(view: GameView) -> tuple[dict[str, Pool], list[Problem]]:
    """The unseen components of each kind, and a problem where their number is not the view's."""
    wanted = _hidden_counts(view)
    pools = {kind: Pool(_unseen(box, seen)) for kind, (box, seen) in _ledgers(view).items()}
    problems = [
        problem("view.hidden_count", path, f"The view has {wanted[kind]} hidden {noun}, but the box "
                f"leaves {len(pools[kind].items)} unseen.")
        for kind, (path, noun) in _HIDDEN.items() if len(pools[kind].items) != wanted[kind]
    ]
    return pools, problems


_HIDDEN: dict[str, tuple[str, str]] = {
    "cards": ("$.piles.deck", "commodity cards (in other hands and the face-down pile)"),
    "forum": ("$.piles.forum", "forum tiles"),
    "extra": ("$.piles.extra", "extra action tiles"),
    "demand": ("$.piles.demand", "demand tiles (face down and removed unseen)"),
    "bonus": ("$.piles.bonus_bag", "bonus tiles"),
    **{f"trajan-{c}": (f"$.board.trajan_stacks.{c}.below", f"Trajan tiles below the {c} stack's top")
       for c in TRAJAN_CATEGORIES},
}


def _hidden_counts(view: GameView) -> dict[str, int]:
    s, piles = view.board.trajan_stacks, view.piles
    return {
        "cards": piles.deck + sum(p.hand_count for p in view.players if p.hand is None),
        "forum": piles.forum, "extra": piles.extra, "demand": piles.demand + piles.demand_removed,
        "bonus": piles.bonus_bag, **{f"trajan-{c}": getattr(s, c).below for c in TRAJAN_CATEGORIES},
    }


def _ledgers(view: GameView) -> dict[str, tuple[Counter[str], list[str]]]:
    """For each kind of hidden component: the box, and every one the view shows."""
    c, b, r, ps = components(), view.board, view.removed, view.players
    return {
        "cards": (Counter({k: c.commodities.cards_per_commodity for k in c.commodities.commodities}),
                  [*_flat(p.hand or () for p in ps), *_flat(p.display for p in ps), *b.discard1,
                   *b.discard2, *r.commodities]),
        "forum": (Counter({t.kind: t.count for t in c.forum.tiles}),
                  [*(t for t in b.forum if t), *(s.tile for s in b.provinces if s.tile),
                   *_flat(p.forum_tiles for p in ps), *r.forum]),
        "extra": (Counter({t.action: t.count for t in c.extra.tiles}),
                  [*(t for t in b.forum_extra if t), *_flat(p.extra_tiles for p in ps), *r.extra]),
        "demand": (Counter({t.kind: t.count for t in c.demand.tiles}), [*b.demands, *r.demand]),
        "bonus": (Counter(t.id for t in c.bonus.tiles),
                  [*b.senate_bonus, *(o.tile for p in ps for o in p.bonus_tiles)]),
        **{f"trajan-{cat}": (_trajan_box(cat), _trajan_seen(view)) for cat in TRAJAN_CATEGORIES},
    }


def _trajan_box(category: TrajanCategory) -> Counter[str]:
    return Counter(t.id for t in components().trajan.tiles if t.category == category)


def _trajan_seen(view: GameView) -> list[str]:
    tops = [t for c in TRAJAN_CATEGORIES if (t := getattr(view.board.trajan_stacks, c).top)]
    slots = [t for p in view.players for a in p.slots.__struct_fields__ if (t := getattr(p.slots, a))]
    return [*tops, *slots, *_flat(p.trajan_demand_tiles for p in view.players), *view.removed.trajan]


def _flat(groups: Iterable[Sequence[str]]) -> list[str]:
    return [item for group in groups for item in group]


# --- Building the stand-in ---------------------------------------------------------------


def _player(p: PlayerView, hand: Sequence[str]) -> Player:
    fields = {f: getattr(p, f) for f in Player.__struct_fields__ if f != "hand"}
    return Player(**fields, hand=tuple(hand))  # type: ignore[arg-type]


def _board(view: GameView, pools: dict[str, Pool]) -> Board:
    b = view.board
    stacks = TrajanStacks(**{c: _stack(getattr(b.trajan_stacks, c), pools[f"trajan-{c}"])
                             for c in TRAJAN_CATEGORIES})
    fields = {f: getattr(b, f) for f in Board.__struct_fields__ if f != "trajan_stacks"}
    return Board(**fields, trajan_stacks=stacks)


def _stack(view: StackView, pool: Pool) -> tuple[str, ...]:
    return ((view.top,) if view.top else ()) + pool.take(view.below)


def _piles(view: GameView, pools: dict[str, Pool]) -> Piles:
    p = view.piles
    return Piles(deck=pools["cards"].take(p.deck), forum=pools["forum"].take(p.forum),  # type: ignore[arg-type]
                 extra=pools["extra"].take(p.extra), demand=pools["demand"].take(p.demand),  # type: ignore[arg-type]
                 demand_removed=pools["demand"].take(p.demand_removed),  # type: ignore[arg-type]
                 bonus_bag=pools["bonus"].take(p.bonus_bag))  # type: ignore[arg-type]

