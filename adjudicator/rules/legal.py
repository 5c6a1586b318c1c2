"""Legal steps and answers: listing what may be decided now.

Listing and checking share one implementation: every candidate here is filtered by
the same ``check`` functions the engine uses on an order file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from adjudicator.model.orders import Discard, SeaportShip, Step
from adjudicator.model.state import GameState, TurnProgress
from adjudicator.model.vocab import ACTIONS, Action, MarkerColour, PlayerColour
from adjudicator.rules import extra, special
from adjudicator.rules.actions import module_for, seaport
from adjudicator.rules.ops import clockwise_from, player, tray
from adjudicator.rules.turn import check_step


def sow_trays(state: GameState, colour: PlayerColour) -> list[Action]:
    """The trays that may be emptied (those holding at least one marker)."""
    return [a for a in ACTIONS if tray(player(state, colour), a)]


def sow_targets(state: GameState, colour: PlayerColour) -> dict[Action, Action]:
    """Each non-empty tray and the target tray its sowing ends on."""
    p = player(state, colour)
    return {a: clockwise_from(a, len(tray(p, a))) for a in ACTIONS if tray(p, a)}


def step_candidates(state: GameState, progress: TurnProgress) -> list[Step]:
    """Every step worth checking at this point of a turn in progress."""
    return _candidates(state, progress, ships=True)


def _candidates(state: GameState, progress: TurnProgress, ships: bool) -> list[Step]:
    colour = progress.player
    steps: list[Step] = []
    if progress.discard_due:
        hand = sorted(set(player(state, colour).hand))
        return [Discard(card=c, pile=p) for c in hand for p in ("discard1", "discard2")]
    if progress.special is not None:
        steps += special.candidates(state, colour, progress.special)
    for action in dict.fromkeys(o.action for o in progress.queue):
        if action == "seaport" and not ships:
            steps += seaport.candidates_but_ships(state, colour)
        else:
            steps += module_for(action).candidates(state, colour)
    steps += extra.candidates(state, progress)
    return steps


def legal_steps(state: GameState, progress: TurnProgress) -> list[Step]:
    """The steps ``check_step`` accepts now (the end of the order is always possible)."""
    return [s for s in step_candidates(state, progress) if is_legal(state, progress, s)]


def is_legal(state: GameState, progress: TurnProgress, step: Step) -> bool:
    """Whether ``check_step`` accepts ``step`` at this point of the turn."""
    return not check_step(state, progress.player, progress, step, "$")


class Lazy(Iterable[Step]):
    """Steps made one at a time when first asked for, and kept: iterating again (after an
    iteration that stopped early) goes on where the making stopped."""

    def __init__(self, steps: Iterator[Step]) -> None:
        self._steps = steps
        self._made: list[Step] = []

    def __iter__(self) -> Iterator[Step]:
        i = 0
        while True:
            if i == len(self._made):
                step = next(self._steps, None)
                if step is None:
                    return
                self._made.append(step)
            yield self._made[i]
            i += 1


def candidates_by_kind(state: GameState, progress: TurnProgress) -> dict[str, Iterable[Step]]:
    """The candidates of :func:`step_candidates` grouped by kind of step (its type's name),
    each group in candidate order.

    A caller that needs only some kinds checks only those, e.g. whether a kind has any
    legal step at all; the shipments (there can be hundreds) are made only as far as
    they are looked at."""
    groups: dict[str, list[Step]] = {}
    for s in _candidates(state, progress, ships=False):
        groups.setdefault(type(s).__name__, []).append(s)
    out: dict[str, Iterable[Step]] = dict(groups)
    if not progress.discard_due and any(o.action == "seaport" for o in progress.queue):
        p = player(state, progress.player)
        ships = seaport.iter_ship_candidates(p.hand, p.forum_tiles.count("wild-commodity"),
                                             not state.options.value("ship_needs_real_card"))
        out[SeaportShip.__name__] = Lazy(ships)
    return out


def colour_counts(markers: tuple[MarkerColour, ...]) -> dict[str, int]:
    """How many markers of each colour ``markers`` holds, by colour name."""
    return dict(sorted(Counter(markers).items()))
