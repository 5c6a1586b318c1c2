"""Trajan action (seed 000, "Trajan Action"): a Trajan tile onto the Arch's slot."""

from __future__ import annotations

from msgspec.structs import replace

from adjudicator.errors import Problem, problem
from adjudicator.model.events import ArchMoved, TrajanTileTaken
from adjudicator.model.orders import ActionStep, TrajanTake
from adjudicator.model.state import GameState, Player
from adjudicator.model.vocab import TRAJAN_CATEGORIES, Action, PlayerColour
from adjudicator.rules.ops import Changes, clockwise_from, player, slot_tile, update_board, update_player

ACTION = "trajan"
STEPS = (TrajanTake,)


def check(state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
    """The problems of ``step`` of the trajan action for ``colour`` now (none: it is legal);
    ``path`` is the step's JSON path."""
    assert isinstance(step, TrajanTake)
    problems = []
    if player(state, colour).arch is None:
        problems.append(problem("trajan.arch_full", path,
                                "All six slots hold Trajan tiles: no Trajan action until you "
                                "accomplish one of them."))
    if not getattr(state.board.trajan_stacks, step.stack):
        left = [c for c in TRAJAN_CATEGORIES if getattr(state.board.trajan_stacks, c)]
        problems.append(problem("trajan.stack_empty", f"{path}.stack",
                                f"The {step.stack} stack is empty; "
                                f"stacks with tiles: {', '.join(left) or 'none'}."))
    return problems


def next_free_slot(p: Player, after: Action) -> Action | None:
    """The next free slot clockwise after ``after`` (the Arch's next home), or None."""
    for i in range(1, 7):
        a = clockwise_from(after, i)
        if slot_tile(p, a) is None and a != after:
            return a
    return None


def apply(ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
    """Perform ``step`` of the trajan action for ``colour`` into ``ch`` (a step ``check`` accepts)."""
    assert isinstance(step, TrajanTake)
    p = player(ch.state, colour)
    assert p.arch is not None
    stack = getattr(ch.state.board.trajan_stacks, step.stack)
    tile, slot = stack[0], p.arch
    stacks = replace(ch.state.board.trajan_stacks, **{step.stack: stack[1:]})
    ch.state = update_board(ch.state, trajan_stacks=stacks)
    p = replace(p, slots=replace(p.slots, **{slot: tile}))
    arch = next_free_slot(p, slot)
    ch.state = update_player(ch.state, colour, slots=p.slots, arch=arch)
    ch.events.append(TrajanTileTaken(player=colour, stack=step.stack, tile=tile, slot=slot))
    ch.events.append(ArchMoved(player=colour, slot=arch))


def candidates(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """Every trajan step worth asking ``check`` about; the legal ones are those it accepts."""
    return [TrajanTake(stack=c) for c in TRAJAN_CATEGORIES]
