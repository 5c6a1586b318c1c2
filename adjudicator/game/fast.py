"""The engine step for search: a legal answer applied without the file boundary.

:func:`step` gives the state :func:`adjudicator.game.engine.adjudicate` gives for the
same answer, less what only a file needs: no checks (the answer must be legal, e.g.
built from :mod:`adjudicator.rules.legal`'s steps), no envelope, no hash chain (the
state keeps its parent's ``chain``), no events kept.  The turn is applied by the same
rule code (``rules.turn.apply_step`` and ``finish``), so the rules cannot differ;
``tests/test_fast.py`` compares the two over many games.

A search that builds a turn step by step uses :func:`begin` / :func:`play_step` /
:func:`finish_turn` on one :class:`~adjudicator.rules.ops.Changes`.  Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from adjudicator.game.engine import next_decision
from adjudicator.model.orders import (
    Answer,
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    MeetDemandsAnswer,
    PlaceMarkers,
    PlayTurn,
    Step,
    TakeCards,
)
from adjudicator.model.state import ContinueTurn, GameState, TurnProgress
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules import quarter, setup, turn
from adjudicator.rules.ops import Changes

_APPLY: dict[type[Answer], Callable[[GameState, PlayerColour, Any], Changes]] = {
    PlaceMarkers: setup.apply_markers,
    TakeCards: setup.apply_cards,
    ChooseTrajanTiles: setup.apply_trajan,
    MeetDemandsAnswer: quarter.apply_demands,
    ChooseBonusAnswer: quarter.apply_bonus,
}


def step(state: GameState, colour: PlayerColour, answer: Answer) -> GameState:
    """The state after ``colour``'s legal ``answer`` to the pending decision."""
    if isinstance(answer, PlayTurn):
        ch = Changes(state)
        progress = state.turn if isinstance(state.pending, ContinueTurn) else None
        for s in answer.steps:
            ch.revealed = False
            progress = turn.apply_step(ch, colour, progress, s)
        assert progress is not None
        turn.finish(ch, progress, ch.revealed)  # ch.revealed: what the last step showed
        return replace(ch.state, decision=state.decision + 1)
    ch = _APPLY[type(answer)](state, colour, answer)
    # A simultaneous decision keeps its number until all have answered.
    return replace(ch.state, decision=next_decision(state, ch.state))


def begin(state: GameState) -> tuple[Changes, TurnProgress | None]:
    """A turn (or a paused turn's remainder) about to be played on ``state``."""
    return Changes(state), state.turn if isinstance(state.pending, ContinueTurn) else None


def play_step(ch: Changes, colour: PlayerColour, progress: TurnProgress | None,
              s: Step) -> tuple[TurnProgress, bool]:
    """Apply one legal step; the turn in progress after it and whether it showed new cards."""
    ch.revealed = False
    return turn.apply_step(ch, colour, progress, s), ch.revealed


def finish_turn(ch: Changes, progress: TurnProgress, revealed: bool) -> GameState:
    """End the order (the turn ends or pauses); the state after the decision."""
    decision = ch.state.decision
    turn.finish(ch, progress, revealed)
    return replace(ch.state, decision=decision + 1)
