"""The ``greedy`` bot: one step of look-ahead on a hand-made value of a position.

For each tray it may empty it sows the markers so that they complete Trajan tiles
(first the one beside the target tray), then plays the step that most raises
:func:`value`, until no step does; it keeps the tray whose turn ends best.  It meets
demands the engine's way and, as consul, takes the bonus tile worth more to it.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.bots.common import (
    SowChooser,
    bonus_answers,
    build_turn,
    build_turn_state,
    card_candidates,
    card_legal,
    demand_answers,
    first_legal,
    random_markers,
    trajan_candidates,
    trajan_legal,
)
from adjudicator.bots.value import value
from adjudicator.components import components
from adjudicator.model.orders import Answer, PlayTurn, SeaportShip, Sow, Step
from adjudicator.model.state import (
    ChooseBonus,
    ContinueTurn,
    GameState,
    MeetDemands,
    SetupCards,
    SetupMarkers,
    SetupTrajan,
    TurnProgress,
)
from adjudicator.model.vocab import Action, MarkerColour, PlayerColour
from adjudicator.rng import Stream
from adjudicator.rules.actions.seaport import ship_vp
from adjudicator.rules.legal import legal_steps, sow_trays
from adjudicator.rules.ops import Changes, clockwise_from, player, slot_tile, tray
from adjudicator.rules.turn import apply_step


def planned_sow(state: GameState, colour: PlayerColour, source: Action) -> Sow:
    """Sow ``source``'s markers so they complete Trajan tiles, the target's first."""
    p = player(state, colour)
    left = list(tray(p, source))
    n = len(left)
    placed: list[MarkerColour | None] = [None] * n
    for i in range(n, 0, -1):  # the last marker (target tray) first
        a = clockwise_from(source, i)
        tile = slot_tile(p, a)
        held = Counter(() if a == source else tray(p, a)) + Counter(m for m in placed if m)
        need = Counter(components().trajan_tile[tile].colours) - held if tile else Counter()
        choice = next((m for m in left if need[m] > 0), None)
        if choice is None:
            choice = left[0]
        left.remove(choice)
        placed[i - 1] = choice
    return Sow(tray=source, markers=tuple(m for m in placed if m))


def prune(state: GameState, options: list[Step]) -> list[Step]:
    """Keep only the best-paying shipment per ship (there can be hundreds)."""
    best: dict[str, SeaportShip] = {}
    for o in options:
        if isinstance(o, SeaportShip):
            old = best.get(o.ship)
            if old is None or ship_vp(state, o.ship, o.cards + o.wild) - len(o.wild) > (
                ship_vp(state, old.ship, old.cards + old.wild) - len(old.wild)
            ):
                best[o.ship] = o
    return [o for o in options if not isinstance(o, SeaportShip)] + list(best.values())


def best_step(state: GameState, progress: TurnProgress) -> Step | None:
    colour = progress.player
    options = legal_steps(state, progress)
    here = value(state, colour)
    chosen: Step | None = None
    best = here if not progress.discard_due else float("-inf")
    for option in prune(state, options):
        ch = Changes(state)
        apply_step(ch, colour, progress, option)
        v = value(ch.state, colour)
        if v > best + 1e-9:
            best, chosen = v, option
    return chosen


class GreedyBot:
    name = "greedy"

    def answer(self, state: GameState, colour: PlayerColour, rng: Stream) -> Answer:
        pending = state.pending
        if isinstance(pending, SetupMarkers):
            return random_markers(rng)
        if isinstance(pending, SetupCards):
            return first_legal(card_candidates(state), card_legal(state, colour))
        if isinstance(pending, SetupTrajan):
            return first_legal(trajan_candidates(), trajan_legal(state, colour))
        if isinstance(pending, MeetDemands):
            return demand_answers(state, colour)[0]
        if isinstance(pending, ChooseBonus):
            return max(bonus_answers(state, colour), key=lambda a: _bonus_worth(state, colour, a.tile))
        return self._turn(state, colour)

    def _turn(self, state: GameState, colour: PlayerColour) -> Answer:
        """Each tray's planned sowing played on greedily; the turn ending best (the first
        tray of those ending equally well)."""
        if isinstance(state.pending, ContinueTurn):
            return build_turn(state, colour, _no_sow, best_step)
        best: tuple[float, PlayTurn] | None = None
        for source in sow_trays(state, colour):
            sow = planned_sow(state, colour, source)
            turn, after = build_turn_state(state, colour, _sowing(sow), best_step)
            v = value(after, colour)
            if best is None or v > best[0]:
                best = (v, turn)
        assert best is not None
        return best[1]


def _sowing(sow: Sow) -> SowChooser:
    return lambda state, trays: sow


def _no_sow(state: GameState, trays: list[Action]) -> Sow:
    raise AssertionError("a paused turn is not sown again")


def _bonus_worth(state: GameState, colour: PlayerColour, tile: str) -> float:
    from adjudicator.bots.value import bonus_estimate

    return bonus_estimate(state, colour, tile, "yellow")
