"""Shortcuts taken for speed list exactly what ``check`` accepts.

The action modules' ``candidates`` leave out steps ``check`` would refuse anyway (a
building site next to none of the player's workers, a move to a province not next to
the leader); the bots list the demand answers from the cached search and the Trajan
tile answers from the permutations of the stacks.  Each must give the same legal
choices, in the same order, as checking every conceivable answer.
"""

from __future__ import annotations

from itertools import product

import pytest

from adjudicator.bots.common import demand_answers, first_legal, trajan_candidates, trajan_legal
from adjudicator.model.orders import (
    ActionStep,
    ChooseTrajanTiles,
    ConstructionBuild,
    ConstructionHire,
    MeetDemandsAnswer,
    MilitaryDeploy,
    MilitaryMove,
    MilitaryRecruit,
    StartingTiles,
)
from adjudicator.model.state import ContinueTurn, GameState, SetupTrajan, TakeTurn
from adjudicator.model.vocab import ACTIONS, PROVINCES, SITES, TRAJAN_CATEGORIES, PlayerColour
from adjudicator.rules import quarter, setup
from adjudicator.rules.actions import legal_steps, module_for
from adjudicator.rules.demands import USES
from tests.playout import playout

SEEDS = [(2, "cand-0"), (3, "cand-1"), (4, "cand-2"), (4, "cand-3")]


def _every_step(state: GameState, colour: PlayerColour, action: str) -> list[ActionStep]:
    """Every step of ``action`` there is, legal or not (the candidates before pruning)."""
    if action == "construction":
        return [ConstructionHire(), *(ConstructionBuild(site=s) for s in SITES)]
    if action == "military":
        return [MilitaryRecruit(), *(MilitaryMove(province=v) for v in PROVINCES), MilitaryDeploy()]
    return module_for(action).candidates(state, colour)  # type: ignore[arg-type]


def _states() -> list[GameState]:
    return [before for players, seed in SEEDS for before, _ in playout(players, seed, ["greedy", "random"])]


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return _states()


def test_pruned_candidates_keep_every_legal_step(states: list[GameState]) -> None:
    checked = 0
    for state in states:
        if not isinstance(state.pending, (TakeTurn, ContinueTurn)):
            continue
        colour = state.pending.player
        for action in ACTIONS:
            m = module_for(action)
            every = [s for s in _every_step(state, colour, action) if not m.check(state, colour, s, "$")]
            assert legal_steps(state, colour, action) == every, (state.decision, action)
            checked += 1
    assert checked > 100


def test_demand_answers_are_what_check_accepts(states: list[GameState]) -> None:
    seen = 0
    for state in states:  # the answers depend on the demands revealed and the player's tiles only
        if not state.board.demands:
            continue
        for colour in state.seats:
            n = len(state.board.demands)
            every = [a for a in (MeetDemandsAnswer(use=u) for u in product(USES, repeat=n))
                     if not quarter.check_demands(state, colour, a, "$")]
            assert demand_answers(state, colour) == every
            seen += 1
    assert seen > 100


def test_trajan_answers_are_what_check_accepts(states: list[GameState]) -> None:
    seen = 0
    for state in states:
        if not isinstance(state.pending, SetupTrajan):
            continue
        colour = state.pending.player
        every = [a for a in (ChooseTrajanTiles(slots=StartingTiles(II=x, IV=y, VI=z))
                             for x, y, z in product(TRAJAN_CATEGORIES, repeat=3))
                 if not setup.check_trajan(state, colour, a, "$")]
        legal = trajan_legal(state, colour)
        assert [a for a in trajan_candidates() if legal(a)] == every
        assert first_legal(trajan_candidates(), legal) == every[0]
        seen += 1
    assert seen > 0
