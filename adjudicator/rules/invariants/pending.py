"""The pending decision coherent with the players and the turn in progress."""


from __future__ import annotations

from typing import Any

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.state import (
    ChooseBonus,
    ContinueTurn,
    GameOver,
    GameState,
    MeetDemands,
    SetupMarkers,
    kind_of,
)

# --- The pending decision ---------------------------------------------------------------

def _named_players(state: GameState) -> list[tuple[str, str]]:
    """(path, colour) of every player the pending decision and turn name."""
    pend: Any = state.pending
    named: list[tuple[str, str]] = []
    for field in ("player", "vice_consul", "next_turn"):
        if hasattr(pend, field):
            named.append((f"$.pending.{field}", getattr(pend, field)))
    for field in ("players", "answered", "ranking"):
        named += [(f"$.pending.{field}[{k}]", c) for k, c in enumerate(getattr(pend, field, ()))]
    if state.turn is not None:
        named.append(("$.turn.player", state.turn.player))
    return named


def check_pending_players(state: GameState) -> list[Problem]:
    """The players the pending decision names are seated and listed once; a consul
    is not also vice consul; a final ranking lists every player once."""
    problems = [
        problem("state.unknown_player", path, f"{colour} has no seat in this game.")
        for path, colour in _named_players(state) if colour not in state.seats
    ]
    pend = state.pending
    if isinstance(pend, (SetupMarkers, MeetDemands)):
        if not pend.players:
            problems.append(problem("state.pending_nobody", "$.pending.players",
                                    f"The pending {kind_of(pend)!r} decision names no player to answer it."))
        for k, colour in enumerate(pend.players):
            if pend.players.index(colour) != k:
                problems.append(problem("state.pending_repeated", f"$.pending.players[{k}]",
                                        f"{colour} is listed twice."))
        for k, colour in enumerate(pend.answered):
            if colour in pend.players or pend.answered.index(colour) != k:
                problems.append(problem("state.pending_repeated", f"$.pending.answered[{k}]",
                                        f"{colour} is listed twice (a player either has answered or "
                                        "is still to answer)."))
    if isinstance(pend, ChooseBonus) and pend.player == pend.vice_consul:
        problems.append(problem("state.consul_is_vice", "$.pending.vice_consul",
                                f"{pend.player} cannot be both consul and vice consul."))
    if isinstance(pend, GameOver) and sorted(pend.ranking) != sorted(state.seats):
        problems.append(problem("state.ranking", "$.pending.ranking",
                                "The final ranking must list every player exactly once."))
    return problems


def check_turn(state: GameState) -> list[Problem]:
    """A turn in progress is stored exactly while a paused turn waits for its player."""
    pend, turn = state.pending, state.turn
    if isinstance(pend, ContinueTurn):
        if turn is None:
            return [problem("state.pause_without_turn", "$.turn",
                            f"{pend.player}'s turn is paused, but the turn in progress is missing.")]
        if turn.player != pend.player:
            return [problem("state.turn_player", "$.turn.player",
                            f"The paused turn is {pend.player}'s, but the turn in progress is "
                            f"{turn.player}'s.")]
    elif turn is not None:
        return [problem("state.turn_without_pause", "$.turn",
                        f"A turn in progress is stored only while a turn is paused; the pending "
                        f"decision is {kind_of(pend)!r}.")]
    if turn is not None and turn.special is not None and turn.special not in components().trajan_tile:
        return [problem("state.unknown_trajan_tile", "$.turn.special",
                        f"There is no Trajan tile {turn.special!r} in the box.")]
    return []
