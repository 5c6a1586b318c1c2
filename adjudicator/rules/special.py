"""Trajan tile special actions (seed 000, "Trajan Tiles Special Actions")."""

from __future__ import annotations

from adjudicator.components import DeployLegionnaires, DeployWorkers, DrawCards, Plus2, components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import Plus2Placed, TokensMoved
from adjudicator.model.orders import TrajanSpecial
from adjudicator.model.state import GameState
from adjudicator.model.vocab import ACTIONS, Action, PlayerColour
from adjudicator.rules.ops import Changes, draw_cards, player, update_player


def free_plus2_spaces(state: GameState, colour: PlayerColour) -> list[Action]:
    """Actions without a [+2] marker yet (one marker per action's space)."""
    taken = player(state, colour).plus2
    return [a for a in ACTIONS if a not in taken]


def check(state: GameState, colour: PlayerColour, tile: str, step: TrajanSpecial, path: str) -> list[Problem]:
    """The problems of the special action of Trajan tile ``tile``: a [+2] marker needs a free action
    named."""
    effect = components().trajan_tile[tile].effect
    if not isinstance(effect, Plus2):
        if step.plus2 is not None:
            return [problem("special.no_plus2", f"{path}.plus2",
                            f"Trajan tile {tile} gives no [+2] marker; leave out 'plus2'.")]
        return []
    free = free_plus2_spaces(state, colour)
    if step.plus2 is None and free:
        return [problem("special.plus2_action_required", f"{path}.plus2",
                        f"Name the action that gets the [+2] marker: one of {', '.join(free)}.")]
    if step.plus2 is not None and step.plus2 not in free:
        return [problem("special.plus2_taken", f"{path}.plus2",
                        f"The {step.plus2} action already has a [+2] marker; choose one of "
                        f"{', '.join(free) or 'none (leave out plus2)'}.")]
    return []


def apply(ch: Changes, colour: PlayerColour, tile: str, step: TrajanSpecial) -> None:
    """Perform the special action of Trajan tile ``tile`` (cards, tokens or a [+2] marker) into
    ``ch``."""
    effect = components().trajan_tile[tile].effect
    p = player(ch.state, colour)
    if isinstance(effect, DrawCards):
        draw_cards(ch, colour, effect.count)
    elif isinstance(effect, DeployWorkers):
        # A recruit that would move more tokens than the supply holds moves what it holds.
        n = min(effect.count, p.supply)
        ch.state = update_player(ch.state, colour, supply=p.supply - n, worker_camp=p.worker_camp + n)
        ch.events.append(TokensMoved(player=colour, count=n, to="worker_camp"))
    elif isinstance(effect, DeployLegionnaires):
        n = min(effect.count, p.supply)
        ch.state = update_player(ch.state, colour, supply=p.supply - n, military_camp=p.military_camp + n)
        ch.events.append(TokensMoved(player=colour, count=n, to="military_camp"))
    elif isinstance(effect, Plus2):
        if step.plus2 is not None:
            ch.state = update_player(ch.state, colour, plus2=p.plus2 + (step.plus2,))
        ch.events.append(Plus2Placed(player=colour, action=step.plus2))


def candidates(state: GameState, colour: PlayerColour, tile: str) -> list[TrajanSpecial]:
    """Every special action worth asking ``check`` about (one per free action for a [+2] marker)."""
    if isinstance(components().trajan_tile[tile].effect, Plus2):
        free = free_plus2_spaces(state, colour)
        return [TrajanSpecial(plus2=a) for a in free] or [TrajanSpecial()]
    return [TrajanSpecial()]
