"""No probing of hidden cards (issue 14, item 1; issue 17, check against one's view).

``TRAJAN_PROBE_GAMES`` seeded bot games (default 200, 2 to 4 players) are played at
engine level.  At every turn decision (and every choice of starting cards) many orders
are tried: the bot's, the bot's followed by probing steps (discarding, displaying or
shipping the cards on top of the face-down pile, cards in other hands, cards not held,
cards held; steps that look at no card), and shorter orders followed by the same
probes.  For each order the verdict (every problem, word for word) must be the same

* on the game master's file,
* on the stand-in of the player's own view (what ``trajan check VIEW`` judges), and
* on the game file with every hidden card dealt differently (the face-down pile and
  the other players' hands shuffled together and dealt again, the other hidden piles
  shuffled), consistently with the player's view.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from msgspec.structs import replace

from adjudicator.game import engine
from adjudicator.model.orders import (
    Discard,
    Extra,
    ForumTake,
    OrderFile,
    PlayTurn,
    SeaportDisplay,
    SeaportShip,
    SeaportTake,
    SenateAdvance,
    Step,
    TakeCards,
    TrajanTake,
)
from adjudicator.model.state import ContinueTurn, GameState, SetupCards, TakeTurn
from adjudicator.model.vocab import COMMODITIES, TRAJAN_CATEGORIES, PlayerColour
from adjudicator.rules.seen import as_seen_by
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state, check_orders
from tests import hidden_spec as spec
from tests.playout import playout_orders
from tests.sizes import size

GAMES = size("TRAJAN_PROBE_GAMES")


def redeal(state: GameState, colour: PlayerColour, rng: random.Random) -> GameState:
    """``state`` with every component hidden from ``colour`` dealt again at random (what is
    hidden: the table of hidden information, as ``tests.hidden_spec`` reads it)."""
    return spec.scramble(state, spec.sight_of(colour), rng)


def probes(state: GameState, colour: PlayerColour, rng: random.Random) -> list[Step]:
    """Steps worth appending: some name hidden cards, some held ones, some no card."""
    hand = next(p.hand for p in state.players if p.colour == colour)
    hidden = [c for p in state.players if p.colour != colour for c in p.hand]
    top = list(state.piles.deck[:2])
    unheld = [c for c in COMMODITIES if c not in hand]
    named = top + rng.sample(hidden, min(2, len(hidden))) + rng.sample(unheld, min(2, len(unheld)))
    named += rng.sample(list(hand), min(2, len(hand)))
    steps: list[Step] = [SenateAdvance(), TrajanTake(stack=rng.choice(TRAJAN_CATEGORIES)),
                         ForumTake(tile="bread"), SeaportTake(pile="discard1"), Extra(action="seaport")]
    for card in dict.fromkeys(named):
        steps += [Discard(card=card, pile="discard1"), SeaportDisplay(cards=(card,)),
                  SeaportShip(ship="identical", cards=(card,))]
    if len(top) == 2:
        steps.append(SeaportShip(ship="different", cards=(top[0], top[1])))
    if hand:
        steps.append(SeaportShip(ship="pairs", cards=(hand[0], hand[0])))
    return steps


def tried(state: GameState, orders: OrderFile, paused: bool, rng: random.Random) -> Iterator[OrderFile]:
    """The bot's order, and orders around it (many of them probing or illegal); more of
    them after an order that ends by showing the player new cards (``paused``)."""
    yield orders
    answer = orders.answer
    if isinstance(answer, TakeCards):
        for take in (("deck", "deck", "discard1"), ("discard1", "discard1", "discard1")):
            yield replace(orders, answer=TakeCards(take=take[:len(answer.take)]))  # type: ignore[arg-type]
        return
    assert isinstance(answer, PlayTurn)
    steps = probes(state, orders.player, rng)
    discards = [s for s in steps if isinstance(s, Discard)] if paused else []
    cuts = [(len(answer.steps), 3, discards), (rng.randrange(len(answer.steps) + 1), 2, [])]
    for cut, count, always in cuts:
        for probe in always + rng.sample(steps, min(count, len(steps))):
            more = answer.steps[:cut] + (probe,)
            yield replace(orders, answer=PlayTurn(steps=more))
            if rng.random() < 0.2:
                yield replace(orders, answer=PlayTurn(steps=more + (rng.choice(steps),)))


SHARDS = min(4, GAMES)  # never a shard without a game


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_verdict_depends_on_a_hidden_card(shard: int) -> None:
    rng = random.Random(shard)
    games = range(shard, GAMES, SHARDS)
    counts = {"orders": 0, "accepted": 0, "unseen": 0, "refused": 0, "decisions": 0}
    for n in games:
        for state, orders, outcome in playout_orders(2 + n % 3, f"probe-{n}"):
            if not isinstance(state.pending, (TakeTurn, ContinueTurn, SetupCards)):
                continue
            colour = orders.player
            view = view_of(state, colour)
            stand_in, other = as_state(view), redeal(state, colour, rng)
            assert as_seen_by(stand_in, colour) == as_seen_by(state, colour) == as_seen_by(other, colour)
            counts["decisions"] += 1
            paused = isinstance(outcome.state.pending, ContinueTurn)
            for k, variant in enumerate(tried(state, orders, paused, rng)):
                verdict = engine.check(state, variant)
                assert engine.check(other, variant) == verdict, (variant, verdict)
                on_view = check_orders(view, variant) if k == 0 else engine.check(stand_in, variant)
                assert on_view == verdict, (variant, verdict, on_view)
                counts["orders"] += 1
                if not verdict:
                    counts["accepted"] += 1
                elif any(p.code == "turn.unseen_cards" for p in verdict):
                    counts["unseen"] += 1
                else:
                    counts["refused"] += 1
    assert counts["decisions"] >= 40 * len(games), counts
    assert min(counts["accepted"], counts["unseen"], counts["refused"]) >= 5 * len(games), counts
