"""The user's path from files to files: read, validate, adjudicate, self-check, encode.

``trajan adjudicate``, ``trajan selfplay`` and ``trajan verify`` all go through
:func:`adjudicate_bytes`, so a log made by bots is judged exactly as a person's orders.
"""

from __future__ import annotations

import msgspec

from adjudicator.errors import Illegal, Malformed, problem
from adjudicator.files import io
from adjudicator.files.orders_any import load_orders_any
from adjudicator.game import engine
from adjudicator.model.events import AnyEvent
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour


class Adjudicated(msgspec.Struct, frozen=True):  # a Struct, not a dataclass: a fast start
    """What adjudicating an order file gave: the game file before and after (and the new
    one's canonical bytes), the events, the public report and each player's private report."""

    before: GameState
    state: GameState
    events: tuple[AnyEvent, ...]
    data: bytes  # the new game file, canonical bytes
    report: str  # the public Markdown report
    # Per player: the public report plus what only that player learned (issue 6).
    private: dict[PlayerColour, str] = msgspec.field(default_factory=dict)


def adjudicate_bytes(game: bytes, orders: bytes, game_name: str = "<game>",
                     orders_name: str = "<orders>") -> Adjudicated:
    """Adjudicate an order file against a game file; raises a TrajanError subclass."""
    from adjudicator.rendering.report import render_all

    before = io.load_game(game, game_name)
    order_file = load_orders_any(orders, orders_name, before.game_id)
    try:
        outcome, compact = engine.adjudicate_encoded(before, order_file)  # the JSON hashed, reused
    except Illegal as e:
        raise Illegal([p if p.file else p.located(orders_name) for p in e.problems]) from None
    self_check(outcome.state)
    public, private = render_all(outcome.events, before, outcome.state)
    return Adjudicated(before=before, state=outcome.state, events=outcome.events,
                       data=io.encode_state(outcome.state, compact), report=public, private=private)


def self_check(state: GameState) -> None:
    """Refuse to write a game file that breaks an invariant (that is a bug, not bad input)."""
    problems = io.invariant_problems(state)
    if problems:
        bug = problem("internal.inconsistent_output", "$",
                      "The adjudicator produced a game file that breaks the invariants below; nothing "
                      "was written. Please report this with the input files.")
        raise Malformed([bug, *(p.located("<output>") for p in problems)])
