"""Whole turns for the planner: every way to sow, then the steps of the turn by a beam
search, then the colour order of the markers that do not decide the turn.

A sowing is a tray and an order of its markers.  Only the markers that land in the
target tray decide what the turn can do (the Trajan tile accomplished); so the turn is
first searched for each tray and each choice of the target's markers (the others placed
towards the Trajan tiles beside their trays), and once its steps are chosen the other
markers are arranged in every distinct order and the one leaving the Trajan tiles on
the mat best prepared is kept (actions never read the trays, so the steps stay legal).

The steps after the sowing (the Trajan tile's special action, the main action, a first
construction tile's bonus action, an extra action tile and its [+2] repeat) are searched
breadth first, keeping the ``beam`` best partial turns at each depth by
:func:`evaluate.score`; an extra action tile is kept whatever its value right after it
is spent (what it buys comes with the next step).  A step that shows the player cards
(a draw, a refill) ends the order there: the turn pauses, and the rest is decided once
the cards are seen; such a step is scored with the drawn cards counted by number only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from typing import NamedTuple

from msgspec.structs import replace

from adjudicator.bots.greedy import prune
from adjudicator.bots.planner.evaluate import Valuer
from adjudicator.components import components
from adjudicator.game import fast
from adjudicator.model.events import CardsDrawn
from adjudicator.model.orders import Extra, Sow, Step
from adjudicator.model.state import ContinueTurn, GameState, Player, TurnProgress
from adjudicator.model.vocab import ACTIONS, Action, MarkerColour, PlayerColour
from adjudicator.rules.legal import legal_steps, sow_trays
from adjudicator.rules.ops import Changes, player, slot_tile, tray
from adjudicator.rules.sowing import sown_trays

MAX_STEPS = 16
MAX_ORDERS = 720  # colour orders tried for the markers that do not decide the turn


class Plan(NamedTuple):
    """A candidate turn: its steps so far and the state they lead to."""

    steps: tuple[Step, ...]
    state: GameState  # after the steps; the turn not yet ended
    progress: TurnProgress
    unseen: int  # cards the last step drew, scored by number only
    value: float


def plans(state: GameState, colour: PlayerColour, v: Valuer, sowings: int = 12, beam: int = 4) -> list[Plan]:
    """Distinct candidate orders for ``colour``'s turn, the best first."""
    found: dict[tuple[Step, ...], Plan] = {}
    if isinstance(state.pending, ContinueTurn):
        assert state.turn is not None
        for plan in _beam(state, state.turn, (), colour, v, beam):
            found.setdefault(plan.steps, plan)
    else:
        starts = []
        for sow in sowings_of(state, colour):
            ch = Changes(state)
            progress, revealed = fast.play_step(ch, colour, None, sow)
            start = _plan(ch.state, progress, (sow,), colour, v, _drawn(ch, colour, revealed))
            starts.append((start, revealed))
        starts.sort(key=lambda e: -e[0].value)
        for start, revealed in starts[:sowings]:
            tails = [start] if revealed else _beam(start.state, start.progress, start.steps, colour, v, beam)
            for plan in tails:
                found.setdefault(plan.steps, plan)
    ranked = sorted(found.values(), key=lambda p: -p.value)
    return ranked


def finish_sowing(state: GameState, colour: PlayerColour, plan: Plan, v: Valuer) -> Plan:
    """``plan`` with the markers that do not decide its turn in their best colour order."""
    if isinstance(state.pending, ContinueTurn) or not isinstance(plan.steps[0], Sow):
        return plan
    sow = plan.steps[0]
    best = _best_order(player(state, colour), player(plan.state, colour), sow, plan.state, plan.progress, v)
    if best == sow.markers:
        return plan
    steps = (Sow(tray=sow.tray, markers=best), *plan.steps[1:])
    ch, begun = fast.begin(state)
    progress = plan.progress
    for s in steps:
        progress, _ = fast.play_step(ch, colour, begun, s)
        begun = progress
    value = v.score(ch.state, colour, plan.unseen, progress.round_ends)
    return Plan(steps, ch.state, progress, plan.unseen, value)


# --- Sowing ------------------------------------------------------------------------------

def sowings_of(state: GameState, colour: PlayerColour) -> list[Sow]:
    """For each tray, one sowing per distinct set of markers landing in the target tray."""
    p = player(state, colour)
    out = []
    for source in sow_trays(state, colour):
        markers = tray(p, source)
        decisive = _decisive(source, len(markers))
        for chosen in dict.fromkeys(_sub_multisets(markers, len(decisive))):
            out.append(Sow(tray=source, markers=_arrange(p, source, markers, decisive, chosen)))
    return out


def _decisive(source: Action, n: int) -> list[int]:
    """The positions of a sowing of ``n`` markers from ``source`` that land in its target."""
    start = ACTIONS.index(source) + 1
    target = (start + n - 1) % len(ACTIONS)
    return [i for i in range(n) if (start + i) % len(ACTIONS) == target]


def _sub_multisets(markers: Sequence[MarkerColour], k: int) -> list[tuple[MarkerColour, ...]]:
    return sorted({tuple(sorted(c)) for c in permutations(markers, k)})


def _arrange(p: Player, source: Action, markers: Sequence[MarkerColour], decisive: list[int],
             chosen: tuple[MarkerColour, ...]) -> tuple[MarkerColour, ...]:
    """``chosen`` on the decisive positions; the rest towards the Trajan tiles of their trays."""
    placed: list[MarkerColour | None] = [None] * len(markers)
    for i, m in zip(decisive, chosen, strict=True):
        placed[i] = m
    left = list((Counter(markers) - Counter(chosen)).elements())
    start = ACTIONS.index(source) + 1
    for i in range(len(markers)):
        if placed[i] is not None:
            continue
        a = ACTIONS[(start + i) % len(ACTIONS)]
        tile = slot_tile(p, a)
        held = Counter(() if a == source else tray(p, a))
        need = Counter(components().trajan_tile[tile].colours) - held if tile else Counter()
        m = next((x for x in left if need[x] > 0), left[0])
        left.remove(m)
        placed[i] = m
    return tuple(m for m in placed if m is not None)


def _best_order(before: Player, after: Player, sow: Sow, state: GameState, progress: TurnProgress,
                v: Valuer) -> tuple[MarkerColour, ...]:
    decisive = _decisive(sow.tray, len(sow.markers))
    others = [i for i in range(len(sow.markers)) if i not in decisive]
    rest = [sow.markers[i] for i in others]
    ph = v.phase(state, progress.round_ends)
    best, best_value = sow.markers, None
    for k, order in enumerate(dict.fromkeys(permutations(rest))):
        if k >= MAX_ORDERS:
            break
        markers = list(sow.markers)
        for i, m in zip(others, order, strict=True):
            markers[i] = m
        trays = sown_trays(before, sow.tray, tuple(markers))
        value = v.trays(replace(after, trays=replace(before.trays, **trays)), ph)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = tuple(markers), value
    return best


# --- The steps after the sowing ------------------------------------------------------

def _beam(state: GameState, progress: TurnProgress, prefix: tuple[Step, ...], colour: PlayerColour,
          v: Valuer, beam: int) -> list[Plan]:
    frontier = [_plan(state, progress, prefix, colour, v, 0)]
    done: list[Plan] = []
    while frontier:
        children: list[Plan] = []
        kept: list[Plan] = []
        for node in frontier:
            if not node.progress.discard_due:
                done.append(node)
            if len(node.steps) >= MAX_STEPS:
                continue
            for step in prune(node.state, legal_steps(node.state, node.progress)):
                ch = Changes(node.state)
                now, revealed = fast.play_step(ch, colour, node.progress, step)
                child = _plan(ch.state, now, node.steps + (step,), colour, v,
                              _drawn(ch, colour, revealed))
                if revealed:
                    done.append(child)
                elif isinstance(step, Extra):
                    kept.append(child)
                else:
                    children.append(child)
        children.sort(key=lambda p: -p.value)
        frontier = children[:beam] + kept
    return done


def _plan(state: GameState, progress: TurnProgress, steps: tuple[Step, ...], colour: PlayerColour,
          v: Valuer, unseen: int) -> Plan:
    return Plan(steps, state, progress, unseen, v.score(state, colour, unseen, progress.round_ends))


def _drawn(ch: Changes, colour: PlayerColour, revealed: bool) -> int:
    """How many cards the step drew into ``colour``'s hand (they end its hand)."""
    if not revealed:
        return 0
    return sum(len(e.cards) for e in ch.events if isinstance(e, CardsDrawn) and e.player == colour)
