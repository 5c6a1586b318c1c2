"""The one pipeline: check an order file against the pending decision, apply it.

``adjudicate(state, orders)`` returns the new state and the events, or raises
:class:`~adjudicator.errors.Illegal` with every problem found.  ``check`` is the same
work without keeping the result.  Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from adjudicator.errors import Illegal, Problem, problem
from adjudicator.game.chain import seal, seal_encoded
from adjudicator.model.events import AnyEvent, OrdersByBot, OrdersWrittenBy
from adjudicator.model.orders import (
    Answer,
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    MeetDemandsAnswer,
    OrderFile,
    PlaceMarkers,
    PlayTurn,
    TakeCards,
)
from adjudicator.model.state import (
    ChooseBonus,
    ContinueTurn,
    GameOver,
    GameState,
    MeetDemands,
    Pending,
    SetupCards,
    SetupMarkers,
    SetupTrajan,
    TakeTurn,
    kind_of,
)
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules import quarter, setup, turn
from adjudicator.rules.ops import Changes
from adjudicator.rules.seen import as_seen_by


class Outcome(msgspec.Struct, frozen=True):  # a Struct, not a dataclass: a fast start
    """What applying an order file gave: the new game file (sealed) and the events, in order."""

    state: GameState
    events: tuple[AnyEvent, ...]


Handler = Callable[[GameState, PlayerColour, Any, str], Changes]


def _checked(check: Callable[[GameState, PlayerColour, Any, str], list[Problem]],
             apply: Callable[[GameState, PlayerColour, Any], Changes]) -> Handler:
    """Check on the game as the player sees it (rules.seen), then apply."""
    def handle(state: GameState, colour: PlayerColour, answer: Any, path: str) -> Changes:
        problems = check(as_seen_by(state, colour), colour, answer, path)
        if problems:
            raise Illegal(problems)
        return apply(state, colour, answer)
    return handle


# Which answer each pending decision takes, and how it is applied (a turn: ``turn.play``
# checks each step as it goes, on the game as the player sees it where that matters).
HANDLERS: dict[type[Pending], tuple[type[Answer], Handler]] = {
    SetupMarkers: (PlaceMarkers, _checked(setup.check_markers, setup.apply_markers)),
    SetupCards: (TakeCards, _checked(setup.check_cards, setup.apply_cards)),
    SetupTrajan: (ChooseTrajanTiles, _checked(setup.check_trajan, setup.apply_trajan)),
    TakeTurn: (PlayTurn, turn.play),
    ContinueTurn: (PlayTurn, turn.play),
    MeetDemands: (MeetDemandsAnswer, _checked(quarter.check_demands, quarter.apply_demands)),
    ChooseBonus: (ChooseBonusAnswer, _checked(quarter.check_bonus, quarter.apply_bonus)),
}


def deciders(pending: Pending) -> tuple[PlayerColour, ...]:
    """The players who may answer the pending decision now."""
    if isinstance(pending, (SetupMarkers, MeetDemands)):
        return pending.players
    if isinstance(pending, GameOver):
        return ()
    return (pending.player,)


def simultaneous(pending: Pending) -> bool:
    """Whether several players answer ``pending`` in any order (it keeps its number)."""
    return isinstance(pending, (SetupMarkers, MeetDemands))


def answered(pending: Pending) -> tuple[PlayerColour, ...]:
    """Who has already answered the pending simultaneous decision."""
    return pending.answered if isinstance(pending, (SetupMarkers, MeetDemands)) else ()


def next_decision(before: GameState, after: GameState) -> int:
    """The number of the decision after an accepted answer: the same while a
    simultaneous decision waits for more answers, else the next one."""
    if simultaneous(before.pending) and type(after.pending) is type(before.pending):
        return before.decision
    return before.decision + 1


def envelope_problems(state: GameState, orders: OrderFile) -> list[Problem]:
    """Problems with whom and what the order file answers (not with its content)."""
    if isinstance(state.pending, GameOver):
        return [problem("game.over", "$", "The game is over; no further orders are taken.")]
    problems = []
    if orders.game_id != state.game_id:
        problems.append(problem("orders.wrong_game", "$.game_id",
                                f"These orders are for game {orders.game_id!r}, not {state.game_id!r}."))
    if orders.decision != state.decision:
        problems.append(problem("orders.stale", "$.decision",
                                f"These orders answer decision {orders.decision}, but the game is at "
                                f"decision {state.decision}."))
    who = deciders(state.pending)
    if orders.decision == state.decision and orders.player in answered(state.pending):
        problems.append(problem("orders.already_answered", "$.player",
                                f"{orders.player} has already answered decision {state.decision}; "
                                f"waiting for {', '.join(who)}."))
    elif orders.player not in who:
        problems.append(problem("orders.wrong_player", "$.player",
                                f"It is not {orders.player}'s decision; waiting for {', '.join(who)}."))
    expected = HANDLERS[type(state.pending)][0]
    if not isinstance(orders.answer, expected):
        problems.append(problem("orders.wrong_decision", "$.answer.decision",
                                f"The pending decision is {kind_of(state.pending)!r}; these orders answer "
                                f"{type(orders.answer).__struct_config__.tag!r}."))
    return problems


def adjudicate(state: GameState, orders: OrderFile) -> Outcome:
    """The state after ``orders`` and what happened; raises :class:`Illegal`.

    Whether the orders are accepted, and every word of their problems, depend only on
    what their player could see (:mod:`adjudicator.rules.seen`)."""
    ch = _apply(state, orders)
    after = seal(replace(ch.state, decision=next_decision(state, ch.state)), state, orders)
    return Outcome(after, _authorship(orders) + tuple(ch.events))


def adjudicate_encoded(state: GameState, orders: OrderFile) -> tuple[Outcome, bytes]:
    """:func:`adjudicate`, and the new state's compact canonical JSON (for a caller that
    writes or compares the game file: the JSON hashed for the chain, not made again)."""
    ch = _apply(state, orders)
    after, data = seal_encoded(replace(ch.state, decision=next_decision(state, ch.state)), state, orders)
    return Outcome(after, _authorship(orders) + tuple(ch.events)), data


def _authorship(orders: OrderFile) -> tuple[AnyEvent, ...]:
    """Who answered for an absent player, and who typed the orders, as the report says."""
    by: list[AnyEvent] = []
    if orders.stand_in:
        by.append(OrdersByBot(player=orders.player, by=orders.stand_in))
    if orders.written_by:
        by.append(OrdersWrittenBy(player=orders.player, by=orders.written_by))
    return tuple(by)


def _apply(state: GameState, orders: OrderFile) -> Changes:
    """The changes ``orders`` make (not yet numbered and sealed); raises :class:`Illegal`."""
    problems = envelope_problems(state, orders)
    if problems:
        raise Illegal(problems)
    handler = HANDLERS[type(state.pending)][1]
    return handler(state, orders.player, orders.answer, "$.answer")


def check(state: GameState, orders: OrderFile) -> list[Problem]:
    """Every problem with ``orders``; empty when they would be accepted (nothing is sealed)."""
    try:
        _apply(state, orders)
    except Illegal as e:
        return list(e.problems)
    return []


__all__ = ["Outcome", "Handler", "HANDLERS", "deciders", "simultaneous", "answered", "next_decision",
           "envelope_problems", "adjudicate", "adjudicate_encoded", "check"]
