"""Each player's pieces: tokens, markers, the Arch, legionnaires, [+2] markers."""


from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.state import (
    GameState,
    Player,
    SetupMarkers,
)
from adjudicator.model.vocab import ACTIONS, MARKER_COLOURS, SLOT_OF
from adjudicator.rules.invariants.common import Check

# --- Each player's pieces ----------------------------------------------------------------

def each_player(check: Callable[[GameState, int, Player], list[Problem]]) -> Check:
    """A check of the whole state that runs ``check`` on every player (named as ``check``)."""
    def run(state: GameState) -> list[Problem]:
        return [p for i, pl in enumerate(state.players) for p in check(state, i, pl)]
    run.__name__ = check.__name__
    return run


def tokens_on_board(state: GameState, p: Player) -> int:
    """The player's small tokens outside the supply and camps: legionnaires and workers."""
    workers = sum(site.workers.count(p.colour) for site in state.board.district)
    return len(p.legionnaires) + workers


def check_tokens(state: GameState, i: int, p: Player) -> list[Problem]:
    """The player's 15 small tokens are all accounted for (supply, camps, legionnaires, workers)."""
    total = p.supply + p.worker_camp + p.military_camp + tokens_on_board(state, p)
    want = components().board.tokens_per_player
    if total == want:
        return []
    return [problem("state.token_count", f"$.players[{i}]",
                    f"{p.colour} has {total} small tokens (supply {p.supply}, worker camp "
                    f"{p.worker_camp}, military camp {p.military_camp}, legionnaires "
                    f"{len(p.legionnaires)}, workers in the district "
                    f"{tokens_on_board(state, p) - len(p.legionnaires)}), not {want}.")]


def check_markers(state: GameState, i: int, p: Player) -> list[Problem]:
    """2 action markers of each colour in the trays (none before the player has placed them)."""
    held: Counter[str] = Counter(m for a in ACTIONS for m in getattr(p.trays, a))
    waiting = isinstance(state.pending, SetupMarkers) and p.colour in state.pending.players
    if waiting:
        if held:
            return [problem("state.markers_before_setup", f"$.players[{i}].trays",
                            f"{p.colour} has not placed their action markers yet, "
                            "so every tray must be empty.")]
        return []
    per = components().board.markers_per_colour
    wrong = [c for c in [*MARKER_COLOURS, *sorted(set(held) - set(MARKER_COLOURS))] if held[c] != per]
    if not wrong:
        return []
    counts = ", ".join(f"{held[c]} {c}" for c in wrong)
    return [problem("state.marker_count", f"$.players[{i}].trays",
                    f"{p.colour}'s trays must hold {per} action markers of each colour; "
                    f"they hold {counts}.")]


def check_arch(state: GameState, i: int, p: Player) -> list[Problem]:
    """The Arch of Trajan stands on a free slot, or in the centre only when every slot is full."""
    free = [a for a in ACTIONS if getattr(p.slots, a) is None]
    if p.arch is None:
        if free:
            return [problem("state.arch_missing", f"$.players[{i}].arch",
                            f"{p.colour}'s Arch of Trajan is in the centre, but slot "
                            f"{SLOT_OF[free[0]]} ({free[0]}) is free; the Arch leaves the "
                            "circle only when all six slots are full.")]
        return []
    tile = getattr(p.slots, p.arch)
    if tile is not None:
        return [problem("state.arch_on_tile", f"$.players[{i}].arch",
                        f"{p.colour}'s Arch of Trajan stands on slot {SLOT_OF[p.arch]} "
                        f"({p.arch}), which holds Trajan tile {tile}; the Arch marks a free slot.")]
    return []


def check_legionnaires(state: GameState, i: int, p: Player) -> list[Problem]:
    """At most one of the player's legionnaires in each province."""
    twice = sorted(prov for prov, n in Counter(p.legionnaires).items() if n > 1)
    return [problem("state.legionnaire_twice", f"$.players[{i}].legionnaires",
                    f"{p.colour} has more than one legionnaire in {prov}; one per province.")
            for prov in twice]


def check_plus2(state: GameState, i: int, p: Player) -> list[Problem]:
    """At most one [+2] marker on each of the player's actions."""
    twice = sorted(a for a, n in Counter(p.plus2).items() if n > 1)
    return [problem("state.plus2_twice", f"$.players[{i}].plus2",
                    f"{p.colour} has more than one [+2] marker on the {a} action; one per action.")
            for a in twice]
