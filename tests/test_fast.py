"""The search step (``game.fast.step``) gives the state the file-boundary path gives.

Over many seeded bot games of every size, each decision is applied both by
``engine.adjudicate`` (checks, hash chain, events) and by ``fast.step``; the states
must be equal but for the hash chain, which the fast step leaves as it was.
"""

from __future__ import annotations

from msgspec.structs import replace

from adjudicator.game import fast
from adjudicator.model.orders import PlayTurn
from tests.playout import playout_orders
from tests.sizes import size

GAMES = size("TRAJAN_FAST_GAMES")


def test_the_fast_step_gives_the_adjudicated_state() -> None:
    decisions = turns = 0
    for n in range(GAMES):
        players = 2 + n % 3
        bots = ["random", "greedy", "random", "greedy"][n % 2:][:players]
        for before, orders, outcome in playout_orders(players, f"fast-{n}", bots):
            after = fast.step(before, orders.player, orders.answer)
            assert after.chain == before.chain
            assert replace(after, chain=outcome.state.chain) == outcome.state, (n, orders)
            decisions += 1
            turns += isinstance(orders.answer, PlayTurn)
    assert decisions > 60 * GAMES and turns > 40 * GAMES


def test_a_turn_step_by_step_is_the_same_turn() -> None:
    for before, orders, outcome in playout_orders(3, "fast-steps", ["greedy", "random", "greedy"]):
        if not isinstance(orders.answer, PlayTurn):
            continue
        ch, progress = fast.begin(before)
        revealed = False
        for s in orders.answer.steps:
            progress, revealed = fast.play_step(ch, orders.player, progress, s)
        assert progress is not None
        after = fast.finish_turn(ch, progress, revealed)
        assert replace(after, chain=outcome.state.chain) == outcome.state
