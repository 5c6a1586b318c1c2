"""The turn, round and quarter flow, in one place (seed 000, "End of a Game Round",
"End of a Quarter Year").  Action effects never advance the flow themselves."""

from __future__ import annotations

from msgspec.structs import replace

from adjudicator.components import components
from adjudicator.model.events import RoundEnded, TurnEnded
from adjudicator.model.state import TakeTurn, TurnProgress
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules import quarter
from adjudicator.rules.ops import Changes, next_seat, update_board, update_piles


def end_turn(ch: Changes, progress: TurnProgress) -> None:
    """After a turn: the next player's turn, after the end of the round if it came."""
    ch.events.append(TurnEnded(player=progress.player))
    following = next_seat(ch.state, progress.player)
    if progress.round_ends:
        ch.state = replace(ch.state, turn=None)
        end_round(ch, following)
    else:
        ch.state = replace(ch.state, turn=None, pending=TakeTurn(player=following))


def end_round(ch: Changes, following: PlayerColour) -> None:
    """Reveal a demand tile; after the 4th round of the quarter, the quarter ends instead."""
    revealed = ch.state.board.demands
    if len(revealed) < components().board.rounds_per_quarter - 1:
        demand, rest = ch.state.piles.demand[0], ch.state.piles.demand[1:]
        ch.state = update_piles(update_board(ch.state, demands=revealed + (demand,)), demand=rest)
        ch.events.append(RoundEnded(quarter=ch.state.quarter, round=len(revealed) + 1, demand=demand))
        ch.state = replace(ch.state, pending=TakeTurn(player=following))
        return
    ch.events.append(RoundEnded(quarter=ch.state.quarter, round=len(revealed) + 1, demand=None))
    quarter.end_quarter(ch, following)
