"""What every bot shares: legal answers to the non-turn decisions, and building a
turn step by step with the engine's own rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
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
from adjudicator.rules.demands import USES
from adjudicator.rules.legal import legal_steps, sow_trays
from adjudicator.rules.ops import Changes
from adjudicator.rules.turn import apply_step

_T = TypeVar("_T")
MAX_STEPS = 24
SowChooser = Callable[[GameState, list[Action]], Sow]
StepChooser = Callable[[GameState, TurnProgress, list[Step]], Step | None]


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


def card_answers(state: GameState, colour: PlayerColour) -> list[TakeCards]:
    assert isinstance(state.pending, SetupCards)
    sources: tuple[CardSource, ...] = ("deck", "discard1", "discard2")
    n = state.pending.cards_left
    return [a for a in (TakeCards(take=t) for t in product(sources, repeat=n))
            if not setup.check_cards(state, colour, a, "$")]


def trajan_answers(state: GameState, colour: PlayerColour) -> list[ChooseTrajanTiles]:
    out = []
    for ii, iv, vi in product(TRAJAN_CATEGORIES, repeat=3):
        a = ChooseTrajanTiles(slots=StartingTiles(II=ii, IV=iv, VI=vi))
        if not setup.check_trajan(state, colour, a, "$"):
            out.append(a)
    return out


def demand_answers(state: GameState, colour: PlayerColour) -> list[MeetDemandsAnswer]:
    n = len(state.board.demands)
    return [a for a in (MeetDemandsAnswer(use=u) for u in product(USES, repeat=n))
            if not quarter.check_demands(state, colour, a, "$")]


def bonus_answers(state: GameState, colour: PlayerColour) -> list[ChooseBonusAnswer]:
    return [a for a in (ChooseBonusAnswer(tile=t) for t in state.board.senate_bonus)
            if not quarter.check_bonus(state, colour, a, "$")]


def build_turn(state: GameState, colour: PlayerColour, choose_sow: SowChooser,
               choose_step: StepChooser) -> PlayTurn:
    """A turn built step by step; it stops right after a step that shows new cards."""
    ch = Changes(state)
    progress = state.turn if isinstance(state.pending, ContinueTurn) else None
    steps: list[Step] = []
    if progress is None:
        sow = choose_sow(state, sow_trays(state, colour))
        progress = apply_step(ch, colour, None, sow)
        steps.append(sow)
    while len(steps) < MAX_STEPS:
        step = choose_step(ch.state, progress, legal_steps(ch.state, progress))
        if step is None:
            break
        ch.revealed = False
        progress = apply_step(ch, colour, progress, step)
        steps.append(step)
        if ch.revealed:
            break
    return PlayTurn(steps=tuple(steps))
