"""The leak test (issue 6): nothing hidden reaches a view or a report.

``TRAJAN_LEAK_GAMES`` seeded bot games (default 200, 2 to 4 players) are played at
engine level.  At every decision, for every player P (and for the public view):

* P's view shows P's hand and no other: every other ``hand`` is null, only counts;
  piles are counts; a Trajan stack is its top and a count; no seed before the end (what
  the rules ask, pinned here whatever the table of hidden information says);
* changing everything P cannot see (by the table, ``tests.hidden_spec``: dealing the
  other hands and the face-down pile afresh, shuffling every face-down pile and the
  Trajan stacks below their tops, swapping the demand tiles removed unseen with those
  still face down, another seed) leaves P's view byte for byte the same, and the public
  report too;
* the public report holds no card drawn from the face-down pile, and no player's
  report holds another player's draws; P's own draws appear in P's report.

Which events hide something is the table's word (``tests.hidden_spec.hidden_event``),
never :func:`public_event`'s, the function under test; every other check of the table
is in ``tests/test_hidden_table.py``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import msgspec
import pytest

from adjudicator.game.engine import Outcome
from adjudicator.model import events as ev
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rendering.report import render, render_event, render_private
from adjudicator.views.redact import view_of
from tests import hidden_spec as spec
from tests.playout import playout
from tests.sizes import size

GAMES = size("TRAJAN_LEAK_GAMES")
CHUNKS = min(20, GAMES)  # never a chunk without a game


def test_the_rules_hidden_events_are_in_the_table() -> None:
    """Cards drawn from the face-down pile are known to their drawer alone (rules 000)."""
    drawn = ev.CardsDrawn(player="red", cards=("fish",), wanted=1)
    assert spec.hidden_event(drawn) is not None
    assert spec.hidden_event(ev.CardTaken(player="red", source="deck", card="fish")) is not None
    assert spec.hidden_event(ev.CardTaken(player="red", source="discard1", card="fish")) is None


# --- Changing what a player cannot see ----------------------------------------------------


def scramble(state: GameState, viewer: PlayerColour | None, rng: random.Random) -> GameState:
    """``state`` with everything ``viewer`` cannot see (by the table) dealt or shuffled afresh."""
    return spec.scramble(state, spec.sight_of(viewer), rng)


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
    hidden = [e for e in events if spec.hidden_event(e)]
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
