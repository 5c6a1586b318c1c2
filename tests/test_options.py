"""One source of truth: every order built from the listed options passes ``check``,
and orders outside them are refused."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.game.engine import check
from adjudicator.game.options import (
    CardsOptions,
    ConsulOptions,
    ContinueOptions,
    DemandsOptions,
    MarkersOptions,
    Options,
    TrajanOptions,
    TurnOptions,
    options,
)
from adjudicator.model.orders import (
    Answer,
    ChooseTrajanTiles,
    OrderFile,
    PlayTurn,
    StartingTiles,
    Step,
    TakeCards,
)
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import TRAJAN_CATEGORIES
from adjudicator.rules.actions import module_for
from adjudicator.rules.legal import step_candidates
from tests.playout import playout
from tests.scenario import order


def _state_after(players: int, seed: int, decisions: int) -> GameState:
    state = None
    for i, (before, _) in enumerate(playout(players, f"options-{seed}")):
        state = before
        if i == decisions:
            break
    assert state is not None
    return state


def _order(state: GameState, colour: str, answer: Answer) -> OrderFile:
    return OrderFile(game_id=state.game_id, decision=state.decision, player=colour, answer=answer)  # type: ignore[arg-type]


def _listed(state: GameState, o: Options) -> list[tuple[str, Answer]]:
    """Answers built from the listed options."""
    if isinstance(o, TurnOptions):
        out: list[tuple[str, Answer]] = []
        for t in o.trays:
            out.append((o.player, PlayTurn(steps=(t.sow,))))
            out += [(o.player, PlayTurn(steps=(t.sow, a))) for a in t.actions]
        return out
    if isinstance(o, ContinueOptions):
        ends = [(o.player, PlayTurn(steps=()))] if o.may_end else []
        return ends + [(o.player, PlayTurn(steps=(s,))) for s in o.steps]
    if isinstance(o, (DemandsOptions, ConsulOptions)):
        return [(o.player, a) for a in o.answers]
    if isinstance(o, CardsOptions):
        return [(o.player, TakeCards(take=(s.source,))) for s in o.sources]
    if isinstance(o, TrajanOptions):
        stacks = [s.stack for s in o.stacks]
        return [(o.player, ChooseTrajanTiles(slots=StartingTiles(II=stacks[0], IV=stacks[1], VI=stacks[2])))]
    assert isinstance(o, MarkersOptions)
    return []


def _unlisted(state: GameState, o: Options) -> list[tuple[str, Answer]]:
    """Answers outside the listed options (each must be refused)."""
    if isinstance(o, TurnOptions):
        out: list[tuple[str, Answer]] = []
        for t in o.trays:
            listed = set(t.actions)
            steps: list[Step] = list(module_for(t.target).candidates(state, o.player))
            out += [(o.player, PlayTurn(steps=(t.sow, s))) for s in steps if s not in listed]
        return out
    if isinstance(o, ContinueOptions):
        assert state.turn is not None
        listed = set(o.steps)
        return [(o.player, PlayTurn(steps=(s,))) for s in step_candidates(state, state.turn) if s not in listed]
    if isinstance(o, TrajanOptions):
        empty = [c for c in TRAJAN_CATEGORIES if c not in {s.stack for s in o.stacks}]
        return [(o.player, ChooseTrajanTiles(slots=StartingTiles(II=e, IV=o.stacks[0].stack, VI=o.stacks[1].stack)))
                for e in empty]
    return []


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), decisions=st.integers(0, 400))
def test_listed_options_pass_check_and_others_fail(players: int, seed: int, decisions: int) -> None:
    state = _state_after(players, seed, decisions)
    if isinstance(state.pending, GameOver):
        return
    for o in options(state).options:
        for colour, answer in _listed(state, o):
            assert check(state, _order(state, colour, answer)) == [], answer
        for colour, answer in _unlisted(state, o):
            assert check(state, _order(state, colour, answer)) != [], answer


__all__ = ["order"]


def test_the_json_options_follow_their_schema() -> None:
    import json

    import jsonschema
    import msgspec

    from adjudicator.files.io import load_schema
    from tests.scenario import set_up

    schema = load_schema("options.schema.json")
    for players in (2, 3, 4):
        state = set_up({"players": ["red", "green", "blue", "brown"][:players], "seed": "o", "setup": True})
        for found in (options(state), options(state, "green")):
            jsonschema.validate(json.loads(msgspec.json.encode(found)), schema)
