"""The ``random`` bot: uniform over the legal choices at every point.

Within a turn it first picks uniformly among the kinds of legal step (and ending the
turn, where that is allowed), then uniformly among the steps of that kind, so a
kind with many parameter choices (shipping) is not favoured.  It checks only what
that needs: one legal step of each kind, then the chosen kind's candidates in a random
order until one is legal (the first legal one of a random order is a uniform choice).
"""

from __future__ import annotations

from adjudicator.bots.common import (
    bonus_answers,
    build_turn,
    card_candidates,
    card_legal,
    demand_answers,
    pick,
    pick_legal,
    random_markers,
    shuffle,
    trajan_candidates,
    trajan_legal,
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
from adjudicator.rules.legal import candidates_by_kind, is_legal, legal_steps
from adjudicator.rules.ops import player, tray


class RandomBot:
    name = "random"

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        pending = state.pending
        if isinstance(pending, SetupMarkers):
            return random_markers(rng)
        if isinstance(pending, SetupCards):
            return pick_legal(rng, card_candidates(state), card_legal(state, colour))
        if isinstance(pending, SetupTrajan):
            return pick_legal(rng, trajan_candidates(), trajan_legal(state, colour))
        if isinstance(pending, MeetDemands):
            return pick(rng, demand_answers(state, colour))
        if isinstance(pending, ChooseBonus):
            return pick(rng, bonus_answers(state, colour))

        def sow(s: GameState, trays: list[Action]) -> Sow:
            chosen = pick(rng, trays)
            return Sow(tray=chosen, markers=tuple(shuffle(rng, tray(player(s, colour), chosen))))

        def step(s: GameState, progress: TurnProgress) -> Step | None:
            if progress.discard_due:
                return pick(rng, legal_steps(s, progress))
            # Only the chosen kind's steps are all checked; for the others one legal step
            # is enough (there can be hundreds of shipments).
            groups = candidates_by_kind(s, progress)
            kinds = sorted(k for k, steps in groups.items()
                           if any(is_legal(s, progress, o) for o in steps)) + ["end"]
            kind = pick(rng, kinds)
            if kind == "end":
                return None
            return pick_legal(rng, groups[kind], lambda o: is_legal(s, progress, o))

        return build_turn(state, colour, sow, step)
