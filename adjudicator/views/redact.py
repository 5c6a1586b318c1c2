"""What a player may see, derived from the table of hidden information (issues 6 and 25).

* :func:`view_of` turns the game file into the view of one player (or the public view):
  used by ``trajan view``, ``trajan show``, the replay page, the mails and the checks on a
  view;
* :func:`public_event` turns an event into what every player may see, and
  :func:`private_events` picks what only its player learned: used by every report (and so
  by every mail, which quotes the player's report).

Neither says itself what is hidden: ``adjudicator/data/hidden.json`` does
(:mod:`adjudicator.views.hidden`), and both are compiled from it at import.  Problems
(error messages) are computed on the acting player's behalf and name only their own
hand; checks on a view run on :func:`adjudicator.views.standin.as_state`, whose
placeholders never reach a message (only the viewer's own orders are checked there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, get_args

import msgspec

from adjudicator.errors import Malformed, problem
from adjudicator.model.events import AnyEvent, Event
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import CardSource, PlayerColour
from adjudicator.views.hidden import (
    TABLE,
    Build,
    Compiled,
    HiddenEvent,
    Leaf,
    Level,
    LevelOp,
    Node,
    TableError,
    ViewerOf,
    compile_transform,
    level,
    tree,
)
from adjudicator.views.view import BoardView, GameView, PilesView, PlayerView, StackView, TrajanStacksView

# --- Views -------------------------------------------------------------------------------


def view_for(state: GameState, player: str | None) -> GameView:
    """The view of the seated ``player`` (``None``: the public view); raises :class:`Malformed`."""
    return view_of(state, seated(state, player))


def seated(state: GameState, player: str | None) -> PlayerColour | None:
    """``player`` if it has a seat in the game (``None`` stays ``None``); raises :class:`Malformed`."""
    for colour in state.seats:
        if colour == player:
            return colour
    if player is not None:
        seats = ", ".join(state.seats)
        raise Malformed([problem("args.not_seated", "--player",
                                 f"{player!r} has no seat in this game; the seats are {seats}.")])
    return None


def view_of(state: GameState, viewer: PlayerColour | None) -> GameView:
    """``state`` as ``viewer`` may see it (``None``: as an observer, who has no seat, may):
    every zone at the level the table gives it for this viewer."""
    over = isinstance(state.pending, GameOver)
    view: GameView = _VIEWS[(viewer is not None, over)](state, ViewerOf(viewer))
    return view


def _view_leaf(leaf: Leaf, level: Level) -> LevelOp | None:
    """How the view file writes a zone at ``level`` (None: as the game file does)."""
    if level == "shown":
        return None
    if level == "count":  # the count in place, or null here and the count beside (``count_at``)
        return _null if leaf.zone.count_at else lambda value, parent, ctx: len(value)
    if level == "top":
        return _stack
    return _null


def _null(value: Any, parent: Any, ctx: Any) -> None:
    return None


def _stack(value: tuple[str, ...], parent: Any, ctx: Any) -> StackView:
    return StackView(top=value[0], below=len(value) - 1) if value else StackView()


# The view file's struct for each struct of the game file on the way to a hidden zone.
_VIEW_TYPES: dict[str, type[Any]] = {
    "": GameView, "players[]": PlayerView, "board": BoardView, "board.trajan_stacks": TrajanStacksView,
    "piles": PilesView,
}


def _view_build(node: Node) -> Build:
    if node.where not in _VIEW_TYPES:
        raise TableError(f"{node.where}: the view file has no struct for this part of the game file")
    return Build(_VIEW_TYPES[node.where], counts=True, from_ctx=("viewer",) if node.where == "" else ())


# By (seated viewer?, game over?).
_VIEWS: Compiled[tuple[bool, bool], Callable[[Any, Any], Any]] = Compiled(
    lambda key: compile_transform(tree("player" if key[0] else "observer", key[1]), _view_leaf, _view_build))


# --- Events ------------------------------------------------------------------------------


class CardsDrawnUnseen(Event, tag="cards_drawn_unseen", frozen=True):
    """The public face of :class:`CardsDrawn`: how many cards, not which."""

    player: PlayerColour
    count: int
    wanted: int


class CardTakenUnseen(Event, tag="card_taken_unseen", frozen=True):
    """The public face of :class:`CardTaken` from the face-down pile."""

    player: PlayerColour
    source: CardSource


class _Redaction(msgspec.Struct, frozen=True):
    when: tuple[tuple[str, frozenset[str]], ...]  # the field values it applies to
    owned_by: str  # the field naming the player who sees it all
    public: Callable[[Any], Event]  # the event as every other viewer sees it


def _redaction(row: HiddenEvent, kinds: dict[str, type[Event]]) -> _Redaction:
    """The public form of ``row.event``: its fields but ``row.field``, which the others see
    as a ``count`` field (level ``count``) or not at all (``secret``)."""
    seen = {level(row, v) for v in ("player", "observer", "public")}
    if len(seen) != 1 or level(row, "owner") != "shown" or seen <= {"shown", "top"}:
        raise TableError(f"{row.event}: the reports show its owner all of it, the others one redacted form")
    others, source = kinds[row.others_see], kinds[row.event]
    kept = tuple(f for f in source.__struct_fields__ if f != row.field)
    counted = seen == {"count"}
    if set(others.__struct_fields__) != {*kept, *(("count",) if counted else ())}:
        raise TableError(f"{row.others_see}: not {row.event} with {row.field} as {seen.pop()}")
    name = row.field

    def public(e: Any) -> Event:
        fields = {f: getattr(e, f) for f in kept}
        return others(**fields, count=len(getattr(e, name))) if counted else others(**fields)
    return _Redaction(tuple((f, frozenset(v)) for f, v in row.when.items()), row.owned_by, public)


def _redactions() -> dict[type[Event], _Redaction]:
    kinds = {str(k.__struct_config__.tag): k
             for k in (*get_args(AnyEvent), CardsDrawnUnseen, CardTakenUnseen)}
    return {kinds[row.event]: _redaction(row, kinds) for row in TABLE.events.hidden}


_REDACTED = _redactions()


def public_event(event: Event) -> Event:
    """``event`` as every player may see it (the same object when nothing is hidden)."""
    rule = _REDACTED.get(type(event))
    if rule is None:
        return event
    for field, values in rule.when:
        if getattr(event, field) not in values:
            return event
    return rule.public(event)


def private_events(events: Sequence[Event], player: PlayerColour) -> list[Event]:
    """The events about ``player`` that the redaction hides from the other players."""
    return [e for e in events
            if public_event(e) is not e and getattr(e, _REDACTED[type(e)].owned_by) == player]
