"""Small immutable updates of the game state, shared by every rule module."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from msgspec.structs import replace

from adjudicator.components import components
from adjudicator.model.events import AnyEvent, CardsDrawn, DiscardRefilled, ScoreChanged
from adjudicator.model.state import GameState, Player
from adjudicator.model.vocab import ACTIONS, Action, Commodity, DiscardPile, MarkerColour, PlayerColour

_T = TypeVar("_T")


@dataclass(slots=True)
class Changes:
    """What applying one step did: the new state and what the turn needs to know."""

    state: GameState
    events: list[AnyEvent] = field(default_factory=list)
    revealed: bool = False  # the player saw cards they could not see before (drawn or refilled)
    bonus: Action | None = None  # first construction tile of a type: its bonus action
    discard_due: bool = False  # a seaport draw: a discard must follow


def player(state: GameState, colour: PlayerColour) -> Player:
    """The player of ``colour`` (raises :class:`KeyError` for a colour not in the game)."""
    for p in state.players:
        if p.colour == colour:
            return p
    raise KeyError(colour)


def with_player(state: GameState, new: Player) -> GameState:
    """``state`` with ``new`` in place of the player of its colour."""
    players = list(state.players)
    colour = new.colour
    for i, p in enumerate(players):
        if p.colour == colour:
            players[i] = new
            return replace(state, players=tuple(players))
    return replace(state)


def update_player(state: GameState, colour: PlayerColour, **changes: Any) -> GameState:
    """``state`` with the fields ``changes`` changed on the player of ``colour`` (raises
    :class:`KeyError` for a colour not in the game)."""
    players = list(state.players)
    for i, p in enumerate(players):
        if p.colour == colour:
            players[i] = replace(p, **changes)
            return replace(state, players=tuple(players))
    raise KeyError(colour)


def update_board(state: GameState, **changes: Any) -> GameState:
    """``state`` with the fields ``changes`` of the board changed."""
    return replace(state, board=replace(state.board, **changes))


def update_piles(state: GameState, **changes: Any) -> GameState:
    """``state`` with the fields ``changes`` of the face-down piles changed."""
    return replace(state, piles=replace(state.piles, **changes))


def update_removed(state: GameState, **changes: Any) -> GameState:
    """``state`` with the fields ``changes`` of the components out of the game changed."""
    return replace(state, removed=replace(state.removed, **changes))


def next_seat(state: GameState, colour: PlayerColour) -> PlayerColour:
    """The player to the left (clockwise) of ``colour``."""
    i = state.seats.index(colour)
    return state.seats[(i + 1) % len(state.seats)]


def tray(p: Player, action: Action) -> tuple[MarkerColour, ...]:
    """The markers in the player's tray of ``action``."""
    markers: tuple[MarkerColour, ...] = getattr(p.trays, action)
    return markers


def slot_tile(p: Player, action: Action) -> str | None:
    """The Trajan tile (its id) on the slot beside the tray of ``action``, or ``None``."""
    tile: str | None = getattr(p.slots, action)
    return tile


_ACTION_INDEX = {a: i for i, a in enumerate(ACTIONS)}


def clockwise_from(action: Action, steps: int) -> Action:
    """The tray ``steps`` trays clockwise from ``action``."""
    return ACTIONS[(_ACTION_INDEX[action] + steps) % len(ACTIONS)]


def remove_items(items: tuple[_T, ...], gone: Iterable[_T]) -> tuple[_T, ...]:
    """``items`` less one occurrence of each of ``gone`` (which must all be present)."""
    out = list(items)
    for g in gone:
        out.remove(g)
    return tuple(out)


def has_items(items: tuple[_T, ...], wanted: Iterable[_T]) -> bool:
    """Whether ``items`` hold every one of ``wanted``, counted with repeats."""
    pool = list(items)
    for w in wanted:
        if w not in pool:
            return False
        pool.remove(w)
    return True


def gain(ch: Changes, colour: PlayerColour, vp: int, reason: str) -> None:
    """Score ``vp`` (may be 0 or negative) for ``colour``, with its source."""
    p = player(ch.state, colour)
    ch.state = with_player(ch.state, replace(p, vp=p.vp + vp))
    ch.events.append(ScoreChanged(player=colour, vp=vp, total=p.vp + vp, reason=reason))


def gain_lines(ch: Changes, colour: PlayerColour, lines: Iterable[tuple[int, str]]) -> None:
    """Score each ``(vp, reason)`` line in turn for ``colour``: one event each."""
    p = player(ch.state, colour)
    total = p.vp
    for vp, reason in lines:
        total += vp
        ch.events.append(ScoreChanged(player=colour, vp=vp, total=total, reason=reason))
    ch.state = with_player(ch.state, replace(p, vp=total))


def draw_cards(ch: Changes, colour: PlayerColour, count: int) -> None:
    """Draw up to ``count`` cards from the deck into a hand (no reshuffle: rulings.md)."""
    deck = ch.state.piles.deck
    drawn, rest = deck[:count], deck[count:]
    p = player(ch.state, colour)
    ch.state = update_piles(with_player(ch.state, replace(p, hand=p.hand + drawn)), deck=rest)
    ch.events.append(CardsDrawn(player=colour, cards=drawn, wanted=count))
    if drawn:
        ch.revealed = True
    refill_discards(ch)


def discard_pile(state: GameState, pile: DiscardPile) -> tuple[Commodity, ...]:
    """The cards of discard pile ``pile``, top card first."""
    cards: tuple[Commodity, ...] = getattr(state.board, pile)
    return cards


def refill_discards(ch: Changes) -> None:
    """An emptied discard pile is refilled at once from the deck (seed 000, setup 4)."""
    for pile in ("discard1", "discard2"):
        if not discard_pile(ch.state, pile) and ch.state.piles.deck:
            card, rest = ch.state.piles.deck[0], ch.state.piles.deck[1:]
            ch.state = update_piles(update_board(ch.state, **{pile: (card,)}), deck=rest)
            ch.events.append(DiscardRefilled(pile=pile, card=card))
            ch.revealed = True  # a card nobody had seen (project ruling f)


def lap_length(state: GameState) -> int:
    """The spaces of one lap of the time track for this game's number of players."""
    return components().lap[len(state.seats)]


def seat_order_from(seats: Sequence[PlayerColour], first: PlayerColour) -> tuple[PlayerColour, ...]:
    """The seats clockwise, beginning with ``first``."""
    i = seats.index(first)
    return tuple(seats[i:]) + tuple(seats[:i])
