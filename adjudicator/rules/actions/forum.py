"""Forum action (seed 000, "Forum Action"): take any one tile from the forum."""

from __future__ import annotations

from adjudicator.errors import Problem, problem
from adjudicator.model.events import ExtraTileTaken, ForumTileTaken
from adjudicator.model.orders import ActionStep, ForumTake
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules.ops import Changes, player, update_board, update_player

ACTION = "forum"
STEPS = (ForumTake,)


def check(state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
    """The problems of ``step`` of the forum action for ``colour`` now (none: it is legal); ``path``
    is the step's JSON path."""
    assert isinstance(step, ForumTake)
    if (step.tile is None) == (step.extra_action is None):
        return [problem("forum.one_tile", path,
                        "Name exactly one tile: either 'tile' (a forum tile) or "
                        "'extra_action' (an extra action tile from the forum).")]
    if step.tile is not None and step.tile not in state.board.forum:
        here = sorted({t for t in state.board.forum if t is not None})
        return [problem("forum.tile_not_available", f"{path}.tile",
                        f"No {step.tile!r} tile lies in the forum; it holds: "
                        f"{', '.join(here) or 'nothing'}.")]
    if step.extra_action is not None and step.extra_action not in state.board.forum_extra:
        extras = sorted({t for t in state.board.forum_extra if t is not None})
        return [problem("forum.tile_not_available", f"{path}.extra_action",
                        f"No {step.extra_action} extra action tile lies in the forum; "
                        f"there are: {', '.join(extras) or 'none'}.")]
    return []


def apply(ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
    """Perform ``step`` of the forum action for ``colour`` into ``ch`` (a step ``check`` accepts)."""
    assert isinstance(step, ForumTake)
    p = player(ch.state, colour)
    if step.tile is not None:
        spaces = list(ch.state.board.forum)
        spaces[spaces.index(step.tile)] = None
        ch.state = update_board(ch.state, forum=tuple(spaces))
        ch.state = update_player(ch.state, colour, forum_tiles=p.forum_tiles + (step.tile,))
        ch.events.append(ForumTileTaken(player=colour, tile=step.tile))
    elif step.extra_action is not None:
        extra = list(ch.state.board.forum_extra)
        extra[extra.index(step.extra_action)] = None
        ch.state = update_board(ch.state, forum_extra=tuple(extra))
        ch.state = update_player(ch.state, colour, extra_tiles=p.extra_tiles + (step.extra_action,))
        ch.events.append(ExtraTileTaken(player=colour, action=step.extra_action))


def candidates(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """Every forum step worth asking ``check`` about; the legal ones are those it accepts."""
    tiles = sorted({t for t in state.board.forum if t is not None})
    extras = sorted({t for t in state.board.forum_extra if t is not None})
    steps: list[ActionStep] = [ForumTake(tile=t) for t in tiles]
    steps += [ForumTake(extra_action=a) for a in extras]
    return steps
