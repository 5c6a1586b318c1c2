"""The balance of power in the senate (seed 000, "End of a Quarter Year", 2; rulings.md).

Votes are the space of the player's disc (0 on the start space) plus the votes of their
senate tiles.  Most votes: consul; second: vice consul, even with 0 votes.  Ties go to
the higher space, then to the disc higher in the stack.  Then every disc returns to
the start space, the fewest votes at the bottom and the consul on top.
"""

from __future__ import annotations

from typing import Literal

from adjudicator.components import components
from adjudicator.model.events import BonusTileGained, SenateReset, SenateVote
from adjudicator.model.state import GameState, OwnedBonus, Player
from adjudicator.model.vocab import BonusSide, BonusTile, PlayerColour
from adjudicator.rules.ops import Changes, player, update_board, update_player

Office = Literal["consul", "vice_consul", "none"]


def votes(p: Player) -> int:
    """The player's votes: the space of their senate disc plus the votes of their senate tiles."""
    return p.senate + sum(components().forum_tile[t].votes for t in p.forum_tiles)


def standing(state: GameState) -> tuple[PlayerColour, ...]:
    """The players from most votes to fewest, ties broken by space, then by the stack."""
    stack = state.board.senate_stack

    def key(p: Player) -> tuple[int, int, int]:
        height = stack.index(p.colour) if p.colour in stack else -1
        return votes(p), p.senate, height

    return tuple(p.colour for p in sorted(state.players, key=key, reverse=True))


def vote(ch: Changes) -> tuple[PlayerColour, PlayerColour]:
    """Resolve the vote and reset the senate; returns (consul, vice consul)."""
    order = standing(ch.state)
    for i, colour in enumerate(order):
        office: Office = "consul" if i == 0 else "vice_consul" if i == 1 else "none"
        ch.events.append(SenateVote(player=colour, votes=votes(player(ch.state, colour)), office=office))
    # Resetting Senate: fewest votes at the bottom ... the consul on top.
    for colour in order:
        ch.state = update_player(ch.state, colour, senate=0)
    stack = tuple(reversed(order))
    ch.state = update_board(ch.state, senate_stack=stack)
    ch.events.append(SenateReset(stack=stack))
    return order[0], order[1]


def award(ch: Changes, colour: PlayerColour, tile: BonusTile, side: BonusSide) -> None:
    """Move ``tile`` from beside the senate to the player, ``side`` up."""
    remaining = list(ch.state.board.senate_bonus)
    remaining.remove(tile)
    ch.state = update_board(ch.state, senate_bonus=tuple(remaining))
    owned = player(ch.state, colour).bonus_tiles + (OwnedBonus(tile=tile, side=side),)
    ch.state = update_player(ch.state, colour, bonus_tiles=owned)
    ch.events.append(BonusTileGained(player=colour, tile=tile, side=side))


def award_both(ch: Changes, consul: PlayerColour, vice: PlayerColour, chosen: BonusTile) -> None:
    """The consul's choice yellow side up; the vice consul takes the other, grey side up."""
    award(ch, consul, chosen, "yellow")
    for other in ch.state.board.senate_bonus[:1]:
        award(ch, vice, other, "grey")
