"""What every bot shares: legal answers to the non-turn decisions, and building a
turn step by step with the engine's own rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import permutations, product
from typing import TypeVar

from adjudicator.model.orders import (
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    MarkerPlacement,
    MeetDemandsAnswer,
    PlaceMarkers,
    PlayTurn,
    Sow,
    StartingTiles,
    Step,
    TakeCards,
)
from adjudicator.model.state import ContinueTurn, GameState, SetupCards, TurnProgress
from adjudicator.model.vocab import (
    ACTIONS,
    MARKER_COLOURS,
    TRAJAN_CATEGORIES,
    Action,
    CardSource,
    PlayerColour,
)
from adjudicator.rng import Stream
from adjudicator.rules import quarter, setup
from adjudicator.rules.demands import legal_ways
from adjudicator.rules.legal import sow_trays
from adjudicator.rules.ops import Changes, player
from adjudicator.rules.turn import apply_step

_T = TypeVar("_T")
MAX_STEPS = 24
SowChooser = Callable[[GameState, list[Action]], Sow]
# Chooses the next step (None: end the order) from the legal ones, which it lists itself
# (see ``rules.legal``): a bot that needs only some of them checks only those.
StepChooser = Callable[[GameState, TurnProgress], Step | None]


def pick(rng: Stream, items: Sequence[_T]) -> _T:
    return items[rng.below(len(items))]


def shuffle(rng: Stream, items: Sequence[_T]) -> list[_T]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def random_markers(rng: Stream) -> PlaceMarkers:
    markers = shuffle(rng, [m for m in MARKER_COLOURS for _ in range(2)])
    trays = {a: tuple(markers[2 * k : 2 * k + 2]) for k, a in enumerate(ACTIONS)}
    return PlaceMarkers(trays=MarkerPlacement(**trays))


def pick_legal(rng: Stream, items: Iterable[_T], legal: Callable[[_T], bool]) -> _T:
    """A uniform choice among the ``items`` that are ``legal``, checking as few as it can:
    the first legal item of a random order (a Fisher-Yates shuffle drawn lazily)."""
    pool = list(items)
    for i in range(len(pool) - 1, -1, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
        if legal(pool[i]):
            return pool[i]
    raise ValueError("no legal choice")


def first_legal(items: Iterable[_T], legal: Callable[[_T], bool]) -> _T:
    return next(item for item in items if legal(item))


def card_candidates(state: GameState) -> list[TakeCards]:
    assert isinstance(state.pending, SetupCards)
    sources: tuple[CardSource, ...] = ("deck", "discard1", "discard2")
    return [TakeCards(take=t) for t in product(sources, repeat=state.pending.cards_left)]


def card_legal(state: GameState, colour: PlayerColour) -> Callable[[TakeCards], bool]:
    return lambda a: not setup.check_cards(state, colour, a, "$")


def trajan_candidates() -> list[ChooseTrajanTiles]:
    """In the order of ``product(TRAJAN_CATEGORIES, repeat=3)`` less the answers naming a
    stack twice (``check_trajan`` refuses those): its permutations."""
    return [ChooseTrajanTiles(slots=StartingTiles(II=ii, IV=iv, VI=vi))
            for ii, iv, vi in permutations(TRAJAN_CATEGORIES, 3)]


def trajan_legal(state: GameState, colour: PlayerColour) -> Callable[[ChooseTrajanTiles], bool]:
    return lambda a: not setup.check_trajan(state, colour, a, "$")


def demand_answers(state: GameState, colour: PlayerColour) -> list[MeetDemandsAnswer]:
    """The answers ``check_demands`` accepts, in the order of ``product(USES, repeat=n)``."""
    return [MeetDemandsAnswer(use=u) for u in legal_ways(state.board.demands, player(state, colour))]


def bonus_answers(state: GameState, colour: PlayerColour) -> list[ChooseBonusAnswer]:
    return [a for a in (ChooseBonusAnswer(tile=t) for t in state.board.senate_bonus)
            if not quarter.check_bonus(state, colour, a, "$")]


def build_turn(state: GameState, colour: PlayerColour, choose_sow: SowChooser,
               choose_step: StepChooser) -> PlayTurn:
    """A turn built step by step; it stops right after a step that shows new cards."""
    return build_turn_state(state, colour, choose_sow, choose_step)[0]


def build_turn_state(state: GameState, colour: PlayerColour, choose_sow: SowChooser,
                     choose_step: StepChooser) -> tuple[PlayTurn, GameState]:
    """:func:`build_turn`, and the state after its steps (the turn not yet ended)."""
    ch = Changes(state)
    progress = state.turn if isinstance(state.pending, ContinueTurn) else None
    steps: list[Step] = []
    if progress is None:
        sow = choose_sow(state, sow_trays(state, colour))
        progress = apply_step(ch, colour, None, sow)
        steps.append(sow)
    while len(steps) < MAX_STEPS:
        step = choose_step(ch.state, progress)
        if step is None:
            break
        ch.revealed = False
        progress = apply_step(ch, colour, progress, step)
        steps.append(step)
        if ch.revealed:
            break
    return PlayTurn(steps=tuple(steps)), ch.state
