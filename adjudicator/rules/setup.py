"""The setup decisions (seed 000, "Board and Player Setup" 9, "Preparing to Play" 4-5)."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import CardTaken, MarkersPlaced, TrajanTileChosen
from adjudicator.model.orders import ChooseTrajanTiles, PlaceMarkers, TakeCards
from adjudicator.model.state import GameState, SetupCards, SetupMarkers, SetupTrajan, TakeTurn, Trays
from adjudicator.model.vocab import (
    ACTIONS,
    MARKER_COLOURS,
    Action,
    CardSource,
    PlayerColour,
    TrajanCategory,
)
from adjudicator.rules.ops import (
    Changes,
    discard_pile,
    player,
    refill_discards,
    seat_order_from,
    update_board,
    update_piles,
    update_player,
)

SLOT_OF_ROMAN: dict[str, Action] = {"II": "forum", "IV": "senate", "VI": "construction"}


def check_markers(state: GameState, colour: PlayerColour, answer: PlaceMarkers, path: str) -> list[Problem]:
    """The problems of a marker placement: exactly 2 markers of each colour, 2 in every tray."""
    placed = Counter(m for a in ACTIONS for m in getattr(answer.trays, a))
    want = Counter({m: components().board.markers_per_colour for m in MARKER_COLOURS})
    if placed != want:
        return [problem("setup.wrong_markers", f"{path}.trays",
                        "Put your 12 markers 2 to a tray: exactly 2 of each colour "
                        f"({', '.join(MARKER_COLOURS)}) in all.")]
    return []


def apply_markers(state: GameState, colour: PlayerColour, answer: PlaceMarkers) -> Changes:
    """Place the player's markers; the starting cards follow once every player has placed theirs."""
    ch = Changes(update_player(state, colour, trays=Trays(**{a: getattr(answer.trays, a) for a in ACTIONS})))
    ch.events.append(MarkersPlaced(player=colour, trays=tuple(getattr(answer.trays, a) for a in ACTIONS)))
    assert isinstance(state.pending, SetupMarkers)
    # A simultaneous decision: who has answered is kept (seat order) until all have.
    waiting = tuple(c for c in state.pending.players if c != colour)
    done = tuple(c for c in state.seats if c in state.pending.answered or c == colour)
    pending = (SetupMarkers(players=waiting, answered=done) if waiting
               else SetupCards(player=state.start_player, cards_left=3))
    ch.state = replace(ch.state, pending=pending)
    return ch


def check_cards(state: GameState, colour: PlayerColour, answer: TakeCards, path: str) -> list[Problem]:
    """The problems of the takes of starting cards: no more than are left, and no empty pile (taken
    in order)."""
    assert isinstance(state.pending, SetupCards)
    if len(answer.take) > state.pending.cards_left:
        return [problem("setup.too_many_cards", f"{path}.take",
                        f"You have {state.pending.cards_left} starting card(s) left to take, "
                        f"not {len(answer.take)}.")]
    # Simulate the takes in order: an emptied discard pile is refilled from the deck.
    ch = Changes(state)
    problems: list[Problem] = []
    for i, source in enumerate(answer.take):
        empty = not ch.state.piles.deck if source == "deck" else not discard_pile(ch.state, source)
        if empty and not problems:
            problems.append(problem("setup.pile_empty", f"{path}.take[{i}]", f"The {source} pile is empty."))
        if not problems:
            _take(ch, colour, source)
    return problems


def _take(ch: Changes, colour: PlayerColour, source: CardSource) -> None:
    p = player(ch.state, colour)
    if source == "deck":
        card, rest = ch.state.piles.deck[0], ch.state.piles.deck[1:]
        ch.state = update_piles(ch.state, deck=rest)
    else:
        pile = discard_pile(ch.state, source)
        card = pile[0]
        ch.state = update_board(ch.state, **{source: pile[1:]})
    ch.state = update_player(ch.state, colour, hand=p.hand + (card,))
    if source == "deck":
        ch.revealed = True
    ch.events.append(CardTaken(player=colour, source=source, card=card))
    refill_discards(ch)


def apply_cards(state: GameState, colour: PlayerColour, answer: TakeCards) -> Changes:
    """Take the starting cards in order; then the next player's, or the starting Trajan tiles."""
    ch = Changes(state)
    for source in answer.take:
        _take(ch, colour, source)
    assert isinstance(state.pending, SetupCards)
    left = state.pending.cards_left - len(answer.take)
    order = seat_order_from(state.seats, state.start_player)
    if left:
        ch.state = replace(ch.state, pending=SetupCards(player=colour, cards_left=left))
    elif colour != order[-1]:
        ch.state = replace(ch.state, pending=SetupCards(player=order[order.index(colour) + 1], cards_left=3))
    else:
        ch.state = replace(ch.state, pending=SetupTrajan(player=state.start_player))
    return ch


def check_trajan(
    state: GameState, colour: PlayerColour, answer: ChooseTrajanTiles, path: str
) -> list[Problem]:
    """The problems of the starting Trajan tiles: three different stacks, none of them empty."""
    chosen: list[TrajanCategory] = [answer.slots.II, answer.slots.IV, answer.slots.VI]
    problems = []
    if len(set(chosen)) != 3:
        problems.append(problem("setup.same_stack", f"{path}.slots",
                                "Take your 3 starting Trajan tiles from 3 different stacks."))
    for roman, cat in zip(("II", "IV", "VI"), chosen, strict=True):
        if not getattr(state.board.trajan_stacks, cat):
            problems.append(problem("trajan.stack_empty", f"{path}.slots.{roman}",
                                    f"The {cat} stack of Trajan tiles is empty."))
    return problems


def apply_trajan(state: GameState, colour: PlayerColour, answer: ChooseTrajanTiles) -> Changes:
    """Put the top tile of each stack chosen on slots II, IV and VI; then the next player, or the
    first turn."""
    ch = Changes(state)
    p = player(state, colour)
    slots = p.slots
    for roman in ("II", "IV", "VI"):
        cat: TrajanCategory = getattr(answer.slots, roman)
        stack = getattr(ch.state.board.trajan_stacks, cat)
        stacks = replace(ch.state.board.trajan_stacks, **{cat: stack[1:]})
        ch.state = update_board(ch.state, trajan_stacks=stacks)
        slots = replace(slots, **{SLOT_OF_ROMAN[roman]: stack[0]})
        ch.events.append(TrajanTileChosen(player=colour, stack=cat, tile=stack[0], slot=SLOT_OF_ROMAN[roman]))
    ch.state = update_player(ch.state, colour, slots=slots)
    order = seat_order_from(state.seats, state.start_player)
    following = order[order.index(colour) + 1] if colour != order[-1] else None
    pending = SetupTrajan(player=following) if following else TakeTurn(player=state.start_player)
    ch.state = replace(ch.state, pending=pending)
    return ch
