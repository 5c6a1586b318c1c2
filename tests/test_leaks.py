"""The leak test (issue 6): nothing hidden reaches a view or a report.

``TRAJAN_LEAK_GAMES`` seeded bot games (default 200, 2 to 4 players) are played at
engine level.  At every decision, for every player P (and for the public view):

* P's view shows P's hand and no other: every other ``hand`` is null, only counts;
  piles are counts; a Trajan stack is its top and a count; no seed before the end;
* changing everything P cannot see (dealing the other hands and the face-down pile
  afresh, shuffling every face-down pile and the Trajan stacks below their tops,
  swapping the demand tiles removed unseen with those still face down, another seed)
  leaves P's view byte for byte the same, and the public report too;
* the public report holds no card drawn from the face-down pile, and no player's
  report holds another player's draws; P's own draws appear in P's report.

Every event type must be reviewed: either :func:`public_event` redacts it, or it is
listed in ``PUBLIC_EVENTS`` as carrying only public information.
"""

from __future__ import annotations

import itertools
import random
import typing
from collections.abc import Iterator, Sequence

import msgspec
import pytest
from msgspec.structs import replace

from adjudicator.game.engine import Outcome
from adjudicator.model import events as ev
from adjudicator.model.state import GameOver, GameState, Piles, Player, TrajanStacks
from adjudicator.model.vocab import TRAJAN_CATEGORIES, PlayerColour
from adjudicator.rendering.report import render, render_event, render_private
from adjudicator.views.redact import public_event, view_of
from tests.playout import playout
from tests.sizes import size

GAMES = size("TRAJAN_LEAK_GAMES")
CHUNKS = min(20, GAMES)  # never a chunk without a game

# Events reviewed as carrying only what every player may see.
PUBLIC_EVENTS = {
    ev.MarkersPlaced, ev.DiscardRefilled, ev.TrajanTileChosen, ev.TurnBegan, ev.Sown, ev.TimeAdvanced,
    ev.ScoreChanged, ev.TrajanTileAccomplished, ev.ArchMoved, ev.TokensMoved, ev.Plus2Placed,
    ev.CardDiscarded, ev.CardsDisplayed, ev.Shipped, ev.ForumTileTaken, ev.ExtraTileTaken, ev.LeaderMoved,
    ev.ProvinceTileSeized, ev.LegionnaireDeployed, ev.TrajanTileTaken, ev.SenateAdvanced, ev.WorkerBuilt,
    ev.ActionDeclined, ev.ExtraActionUsed, ev.TurnPaused, ev.TurnEnded, ev.RoundEnded, ev.DemandMet,
    ev.SenateVote, ev.BonusTileGained, ev.QuarterEnded, ev.BoardRefilled, ev.GameEnded, ev.SenateReset,
    ev.SenateTilesRemoved, ev.ForumCleared, ev.ProvinceRefilled, ev.ShipsRestored, ev.OrdersByBot, ev.OrdersWrittenBy,
}
# Events with a hidden part: public_event must redact them (CardTaken only from the deck).
PRIVATE_EVENTS = {ev.CardsDrawn, ev.CardTaken}


def test_every_event_type_is_reviewed() -> None:
    types = set(typing.get_args(ev.AnyEvent))
    assert types == PUBLIC_EVENTS | PRIVATE_EVENTS, types ^ (PUBLIC_EVENTS | PRIVATE_EVENTS)
    assert not PUBLIC_EVENTS & PRIVATE_EVENTS


# --- Changing what a player cannot see ----------------------------------------------------


def scramble(state: GameState, viewer: PlayerColour | None, rng: random.Random) -> GameState:
    """``state`` with everything ``viewer`` cannot see dealt or shuffled afresh."""
    hidden = [p for p in state.players if p.colour != viewer]
    cards = [c for p in hidden for c in p.hand] + list(state.piles.deck)
    rng.shuffle(cards)
    players = tuple(_deal(p, cards) if p.colour != viewer else p for p in state.players)
    demand = [*state.piles.demand, *state.piles.demand_removed]
    rng.shuffle(demand)
    n = len(state.piles.demand)
    piles = Piles(deck=tuple(cards), forum=_shuffled(state.piles.forum, rng),
                  extra=_shuffled(state.piles.extra, rng), demand=tuple(demand[:n]),
                  demand_removed=tuple(demand[n:]), bonus_bag=_shuffled(state.piles.bonus_bag, rng))
    stacks = TrajanStacks(**{c: _below_shuffled(getattr(state.board.trajan_stacks, c), rng)
                             for c in TRAJAN_CATEGORIES})
    seed = state.seed if isinstance(state.pending, GameOver) else f"other-{rng.random()}"
    return replace(state, players=players, piles=piles, seed=seed,
                   board=replace(state.board, trajan_stacks=stacks))


def _deal(p: Player, cards: list[typing.Any]) -> Player:
    hand = tuple(cards[: len(p.hand)])
    del cards[: len(p.hand)]
    return replace(p, hand=hand)


def _shuffled(items: Sequence[typing.Any], rng: random.Random) -> tuple[typing.Any, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def _below_shuffled(stack: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    return stack[:1] + _shuffled(stack[1:], rng)


# --- The checks ---------------------------------------------------------------------------


def check_view(state: GameState, viewer: PlayerColour | None, rng: random.Random) -> None:
    view = view_of(state, viewer)
    data = msgspec.json.encode(view)
    doc = msgspec.json.decode(data)
    for p, shown in zip(state.players, doc["players"], strict=True):
        assert shown["hand"] == (list(p.hand) if p.colour == viewer else None)
        assert shown["hand_count"] == len(p.hand)
    assert all(isinstance(n, int) for n in doc["piles"].values())
    assert all(set(s) == {"top", "below"} for s in doc["board"]["trajan_stacks"].values())
    if not isinstance(state.pending, GameOver):
        assert doc["seed"] is None and state.seed.encode() not in data
    assert msgspec.json.encode(view_of(scramble(state, viewer, rng), viewer)) == data, "a hidden value shows"


def check_reports(before: GameState, outcome: Outcome, rng: random.Random) -> None:
    after, events = outcome.state, outcome.events
    public = render(events, before, after)
    assert render(events, scramble(before, None, rng), scramble(after, None, rng)) == public
    hidden = [e for e in events if public_event(e) is not e]
    for e in hidden:
        assert render_event(e) not in public
    for colour in before.seats:
        mine = render_private(events, before, after, colour)
        assert mine.startswith(public.rstrip("\n"))
        own_part = mine[len(public.rstrip("\n")):]
        for e in hidden:
            line = render_event(e)
            assert (line in own_part) == (getattr(e, "player", None) == colour), (colour, line)
        for e in events:
            if isinstance(e, ev.CardsDrawn) and e.player == colour:
                assert all(card in own_part for card in e.cards)


def decisions(chunk: int) -> Iterator[tuple[int, GameState, Outcome]]:
    for n in range(chunk, GAMES, CHUNKS):
        for before, outcome in playout(2 + n % 3, f"leaks-{n}"):
            yield n, before, outcome


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_nothing_hidden_leaks(chunk: int) -> None:
    rng = random.Random(f"leaks-{chunk}")
    draws = 0
    for _, before, outcome in decisions(chunk):
        states = (before, outcome.state) if before.decision == 1 else (outcome.state,)
        for state, viewer in itertools.product(states, (*before.seats, None)):
            check_view(state, viewer, rng)
        check_reports(before, outcome, rng)
        draws += sum(isinstance(e, ev.CardsDrawn) and bool(e.cards) for e in outcome.events)
    assert draws > 0


# --- The player's mail (issue 17) ----------------------------------------------------------

MAIL_GAMES = max(1, GAMES // 50)


@pytest.mark.parametrize("game", range(MAIL_GAMES))
def test_mails_leak_nothing(game: int) -> None:
    """A player's mail is the same whatever they cannot see, and lists only their own hand."""
    from adjudicator.mail.outgoing.compose import player_mails

    rng = random.Random(f"mail-leaks-{game}")
    for before, outcome in playout(2 + game % 3, f"mail-leaks-{game}"):
        if before.decision % 9 != game % 9 and not isinstance(outcome.state.pending, GameOver):
            continue
        after = outcome.state
        private = {c: render_private(outcome.events, before, after, c) for c in before.seats}
        for mail in player_mails(after, private, pictures="none"):
            colour = mail.player
            again = [m for m in player_mails(scramble(after, colour, rng), private, pictures="none")
                     if m.player == colour]
            assert bytes(again[0].message) == bytes(mail.message), "a hidden value shows in a mail"
            text = " ".join(mail.message.get_body(("plain",)).get_content().split())  # type: ignore[union-attr]
            for p in after.players:
                listed = f"Hand: {len(p.hand)} card(s) ({', '.join(p.hand)})"
                assert (listed in text) == (p.colour == colour and bool(p.hand)), (colour, p.colour)
