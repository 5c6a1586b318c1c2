"""Senate action (seed 000, "Senate Action")."""

from __future__ import annotations

from adjudicator.errors import Problem, problem
from adjudicator.model.events import SenateAdvanced
from adjudicator.model.orders import ActionStep, SenateAdvance
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules.ops import Changes, gain, player, update_board, update_player

ACTION = "senate"
STEPS = (SenateAdvance,)
TOP = 8


def check(state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
    """The problems of ``step`` of the senate action for ``colour`` now (none: it is legal);
    ``path`` is the step's JSON path."""
    # "Once having reached the 8 victory points space, the player cannot perform this
    # action during the current quarter year anymore."
    if player(state, colour).senate >= TOP:
        return [problem("senate.at_top", path,
                        "Your disc is on the 8 space of the senate track: no Senate action "
                        "until the next quarter.")]
    return []


def apply(ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
    """Perform ``step`` of the senate action for ``colour`` into ``ch`` (a step ``check`` accepts)."""
    # Advance 1 space, on top of any discs there, and score the new space.
    now = player(ch.state, colour).senate
    space = 2 if now == 0 else now + 1
    stack = tuple(c for c in ch.state.board.senate_stack if c != colour) + (colour,)
    ch.state = update_board(update_player(ch.state, colour, senate=space), senate_stack=stack)
    ch.events.append(SenateAdvanced(player=colour, space=space))
    gain(ch, colour, space, f"senate track space {space}")


def candidates(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """Every senate step worth asking ``check`` about; the legal ones are those it accepts."""
    return [SenateAdvance()]
