"""The ``random`` bot: uniform over the legal choices at every point.

Within a turn it first picks uniformly among the kinds of legal step (and ending the
turn, where that is allowed), then uniformly among the steps of that kind, so a
kind with many parameter choices (shipping) is not favoured.
"""

from __future__ import annotations

from adjudicator.bots.common import (
    bonus_answers,
    build_turn,
    card_answers,
    demand_answers,
    pick,
    random_markers,
    shuffle,
    trajan_answers,
)
from adjudicator.model.orders import Answer, Sow, Step
from adjudicator.model.state import (
    ChooseBonus,
    GameState,
    MeetDemands,
    SetupCards,
    SetupMarkers,
    SetupTrajan,
    TurnProgress,
)
from adjudicator.model.vocab import Action, PlayerColour
from adjudicator.rng import Stream
from adjudicator.rules.ops import player, tray


class RandomBot:
    name = "random"

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        pending = state.pending
        if isinstance(pending, SetupMarkers):
            return random_markers(rng)
        if isinstance(pending, SetupCards):
            return pick(rng, card_answers(state, colour))
        if isinstance(pending, SetupTrajan):
            return pick(rng, trajan_answers(state, colour))
        if isinstance(pending, MeetDemands):
            return pick(rng, demand_answers(state, colour))
        if isinstance(pending, ChooseBonus):
            return pick(rng, bonus_answers(state, colour))

        def sow(s: GameState, trays: list[Action]) -> Sow:
            chosen = pick(rng, trays)
            return Sow(tray=chosen, markers=tuple(shuffle(rng, tray(player(s, colour), chosen))))

        def step(_: GameState, progress: TurnProgress, options: list[Step]) -> Step | None:
            if progress.discard_due:
                return pick(rng, options)
            kinds = sorted({type(o).__name__ for o in options}) + ["end"]
            kind = pick(rng, kinds)
            if kind == "end":
                return None
            return pick(rng, [o for o in options if type(o).__name__ == kind])

        return build_turn(state, colour, sow, step)
