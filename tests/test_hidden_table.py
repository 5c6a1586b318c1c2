"""Every artefact that hides something, checked against the table of hidden information
(issue 25 item 2).

``TRAJAN_HIDDEN_GAMES`` seeded bot games (default 200, 2 to 4 players) are played at
engine level.  From them the view, the seen game, the stand-in, the bots' deal, the
public and private reports and the players' mails are built with the project's code,
and each is checked against ``adjudicator/data/hidden.json`` as :mod:`tests.hidden_spec`
reads it (plain JSON, walked by the table's paths; none of the code under test):

* a view is exactly what the table asks for, zone by zone, for every viewer;
* the seen game keeps every zone its player sees and holds, at every other, as many
  placeholders (no component) as there are components;
* the stand-in and the deal keep what the player sees and hold, by kind, exactly the
  components the player cannot see (the box less what the view shows; the stand-in's);
  a searching bot's order does not change when what its player cannot see changes;
* none of them, no report and no mail changes when what its reader cannot see changes
  (the hidden zones dealt afresh, a drawn card's identity), and the reader's own report
  and mail do change with what only they see;
* no Trajan tile below a stack's top, and no seed before the end, occurs in any of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from adjudicator.bots.determinize import determinize
from adjudicator.game.engine import Outcome
from adjudicator.model import events as ev
from adjudicator.model.state import GameOver, GameState
from adjudicator.rendering.report import render, render_all, render_private
from adjudicator.rng import Stream
from adjudicator.rules.seen import as_seen_by
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state
from tests import hidden_spec as spec
from tests.playout import playout
from tests.sizes import size

GAMES = size("TRAJAN_HIDDEN_GAMES")
CHUNKS = min(20, GAMES)  # never a chunk without a game
COMMODITIES = sorted(spec.box("commodity_cards"))


def games(chunk: int) -> Iterator[tuple[int, GameState, Outcome]]:
    for n in range(chunk, GAMES, CHUNKS):
        for before, outcome in playout(2 + n % 3, f"hidden-table-game-{n:04d}"):
            yield n, before, outcome


# --- The table itself ---------------------------------------------------------------------


def test_the_table_covers_every_field_of_the_game_file_once() -> None:
    from adjudicator.model.state import Board, Piles, Player, TrajanStacks

    split = {"players": ("players[]", Player), "board": ("board", Board), "piles": ("piles", Piles),
             "board.trajan_stacks": ("board.trajan_stacks", TrajanStacks)}
    fields = set(GameState.__struct_fields__)
    for name, (prefix, model) in split.items():
        fields = (fields - {name}) | {f"{prefix}.{f}" for f in model.__struct_fields__}
    listed = [z["path"] for z in spec.ZONES] + spec.TABLE["game_file"]["shown"]
    assert sorted(listed) == sorted(fields)


def test_the_table_covers_every_event_kind() -> None:
    import typing

    tags = {str(t.__struct_config__.tag) for t in typing.get_args(ev.AnyEvent)}
    hidden = [row["event"] for row in spec.EVENTS]
    always = [row["event"] for row in spec.EVENTS if not row.get("when")]
    shown = spec.TABLE["events"]["shown"]
    assert sorted(set(hidden) | set(shown)) == sorted(tags)
    assert not set(always) & set(shown) and len(shown) == len(set(shown))


def test_the_table_matches_its_schema() -> None:
    import json

    import jsonschema

    schema = json.loads((spec.ROOT / "schemas" / "components" / "hidden.schema.json").read_text())
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(spec.TABLE)) == []


def test_the_fair_start_announcement_shows_what_the_table_shows_and_no_secret() -> None:
    """The pending fair start is the game master's; the players get its announcement."""
    from adjudicator.game.fairstart import announcement, propose
    from adjudicator.model.fairstart import FairStart

    table = spec.TABLE["fair_start"]
    assert sorted([z["path"] for z in table["hidden"]] + table["shown"]) == sorted(FairStart.__struct_fields__)
    pending = propose(["red", "green", "blue"], "f0e1d2c3b4a5968778695a4b3c2d1e0f")
    text, doc = announcement(pending), spec.doc_of(pending)
    for zone in table["hidden"]:
        assert spec.sight_of("red")(zone, None, False) == "secret" and doc[zone["path"]] not in text
    for field in ("game_id", "commitment", *pending.seats):
        assert str(doc.get(field, field)) in text


def test_every_hidden_place_of_a_kind_is_among_its_places() -> None:
    for zone in spec.ZONES:
        if zone.get("kind"):
            assert zone["path"] in spec.KINDS[zone["kind"]]["places"], zone["path"]


def test_a_table_the_derivation_cannot_follow_stops_it() -> None:
    """What the code cannot derive from a table is refused when it is compiled, naming the row."""
    from adjudicator.views import hidden, redact, standin

    others_differ = msgspec.structs.replace(hidden.TABLE.events.hidden[0], observer="shown")
    kinds = {"cards_drawn": ev.CardsDrawn, "cards_drawn_unseen": redact.CardsDrawnUnseen}
    with pytest.raises(hidden.TableError, match="cards_drawn"):
        redact._redaction(others_differ, kinds)
    wrong_form = msgspec.structs.replace(hidden.TABLE.events.hidden[0], others_see="cards_drawn")
    with pytest.raises(hidden.TableError, match="not cards_drawn"):
        redact._redaction(wrong_form, kinds)
    removed = hidden.Zone(path="removed.trajan", what="", player="count", observer="count", public="count",
                          kind="trajan_cards")
    with pytest.raises(hidden.TableError, match="removed"):
        hidden.compile_transform(hidden._tree((removed,), "player", False), redact._view_leaf, redact._view_build)
    kindless = msgspec.structs.replace(removed, path="piles.deck", kind=None)
    with pytest.raises(hidden.TableError, match="piles.deck"):
        hidden.compile_transform(hidden._tree((kindless,), "player", False), standin._fill, standin._state_build)
    with pytest.raises(hidden.TableError, match="players\\[\\].hand"):
        hidden._tree((msgspec.structs.replace(removed, path="players[].hand[]"),), "player", False)


# --- The artefacts --------------------------------------------------------------------------


def check_view(state: GameState, viewer: str | None) -> None:
    game = spec.doc_of(state)
    data = msgspec.json.encode(view_of(state, viewer))  # type: ignore[arg-type]
    assert msgspec.json.decode(data) == spec.expected_view(game, viewer), viewer
    _nothing_secret(data.decode(), game)


def _nothing_secret(text: str, game: spec.Doc, tiles: bool = True) -> None:
    """No Trajan tile below a top (``tiles``), and no seed before the end, occurs in ``text``."""
    if tiles:
        shown = spec.words(text) & set(spec.below_tops(game))
        assert not shown, f"Trajan tiles below a stack's top: {sorted(shown)}"
    if not spec.game_over(game):
        assert game["seed"] not in text


def check_seen(state: GameState, colour: str, rng: random.Random) -> None:
    game, seen = spec.doc_of(state), as_seen_by(state, colour)  # type: ignore[arg-type]
    doc = spec.doc_of(seen)
    level_of = spec.sight_of(colour)
    for zone in spec.ZONES:
        for real, got in zip(spec.places(game, zone["path"]), spec.places(doc, zone["path"]), strict=True):
            level = level_of(zone, real.owner, spec.game_over(game))
            if level == "shown":
                assert got.value == real.value, real.path
            elif level == "secret":
                assert got.value != real.value and not got.value, real.path
            else:
                keep = 1 if level == "top" else 0
                assert got.value[:keep] == real.value[:keep] and len(got.value) == len(real.value), real.path
                unseen = got.value[keep:]
                assert len(set(unseen)) <= 1 and not set(unseen) & set(spec.box(zone["kind"])), real.path
    assert spec.masked(doc) == spec.masked(game)
    _nothing_secret(msgspec.json.encode(seen).decode(), game)
    again = as_seen_by(spec.scramble(state, level_of, rng), colour)  # type: ignore[arg-type]
    assert again == seen, "the seen game depends on something its player cannot see"


def check_standin(state: GameState, colour: str, rng: random.Random) -> GameState:
    game = spec.doc_of(state)
    standin = as_state(view_of(state, colour))  # type: ignore[arg-type]
    doc = spec.doc_of(standin)
    level_of = spec.sight_of(colour)
    _same_where_seen(game, doc, level_of)
    hidden = spec.hidden_items(doc, level_of)
    for kind in spec.KINDS:
        unseen = spec.box(kind) - spec.visible_items(game, kind, level_of)
        assert Counter(hidden[kind]) == unseen, kind
    _nothing_secret(msgspec.json.encode(standin).decode(), game, tiles=False)  # it holds them, dealt anew
    again = as_state(view_of(spec.scramble(state, level_of, rng), colour))  # type: ignore[arg-type]
    assert again == standin, "the stand-in depends on something its player cannot see"
    return standin


def _same_where_seen(game: spec.Doc, doc: spec.Doc, level_of: spec.Sight) -> None:
    """Every zone the sight sees is the same in ``doc``; a hidden one has the same size."""
    for zone in spec.ZONES:
        for real, got in zip(spec.places(game, zone["path"]), spec.places(doc, zone["path"]), strict=True):
            level = level_of(zone, real.owner, spec.game_over(game))
            if level == "shown":
                assert got.value == real.value, real.path
            elif level in ("count", "top"):
                assert len(got.value) == len(real.value), real.path
                assert level == "count" or got.value[:1] == real.value[:1], real.path
    assert spec.masked(doc) == spec.masked(game)


def check_deal(standin: GameState, colour: str, changed: set[str]) -> None:
    """The deal keeps what ``colour`` sees and deals, by kind, the stand-in's hidden components."""
    dealt = determinize(standin, colour, Stream("hidden", f"deal-{standin.decision}"))  # type: ignore[arg-type]
    before, doc = spec.doc_of(standin), spec.doc_of(dealt)
    level_of = spec.sight_of(colour)
    _same_where_seen(before, doc, level_of)
    for kind, items in spec.hidden_items(before, level_of).items():
        assert Counter(spec.hidden_items(doc, level_of)[kind]) == Counter(items), kind
    for zone in spec.ZONES:
        for old, new in zip(spec.places(before, zone["path"]), spec.places(doc, zone["path"]), strict=True):
            if old.value != new.value:
                changed.add(zone["path"])


def check_bot(state: GameState, rng: random.Random) -> None:
    """A searching bot (stand-in, deal, rollouts) gives the same order whatever its player
    cannot see: the game file with every such zone dealt afresh, by the table."""
    from adjudicator.game.engine import deciders
    from adjudicator.logs.absent import absent_orders

    colour = deciders(state.pending)[0]
    order = absent_orders(state, colour, "search", "hidden", 2)
    other = spec.scramble(state, spec.sight_of(colour), rng)
    assert absent_orders(other, colour, "search", "hidden", 2) == order, "the bot sees what its player cannot"


def disguise(events: tuple[ev.Event, ...], mine: str | None, others: bool,
             rng: random.Random) -> list[ev.Event]:
    """``events`` with the hidden field of every event the table redacts given other
    values: of ``mine``'s events (if ``mine``) and of everyone else's (if ``others``)."""
    out = []
    for e in events:
        row = spec.hidden_event(e)
        if row is None or (getattr(e, row["owned_by"]) != mine) != others:
            out.append(e)
            continue
        value = getattr(e, row["field"])
        if isinstance(value, tuple):
            new: Any = tuple(_another(c, rng) for c in value)
        else:
            new = _another(value, rng)
        out.append(replace(e, **{row["field"]: new}))
    return out


def _another(card: str, rng: random.Random) -> str:
    return rng.choice([c for c in COMMODITIES if c != card])


def check_reports(before: GameState, outcome: Outcome, reader: str, rng: random.Random) -> None:
    """The public report, and every player's (``reader``'s with what they cannot see changed)."""
    after, events = outcome.state, outcome.events
    public, private = render_all(events, before, after)
    assert public == render(events, before, after)
    _nothing_secret(public, spec.doc_of(after))
    other = disguise(events, None, True, rng)
    scrambled = (spec.scramble(before, spec.public_sight, rng), spec.scramble(after, spec.public_sight, rng))
    assert render(other, *scrambled) == public, "the public report shows something hidden"
    for colour in before.seats:
        mine = render_private(events, before, after, colour)
        assert private[colour] == mine
        _nothing_secret(mine, spec.doc_of(after))
        if colour == reader:
            sight = spec.sight_of(colour)
            theirs = disguise(events, colour, True, rng)
            seen = (spec.scramble(before, sight, rng), spec.scramble(after, sight, rng))
            assert render_private(theirs, *seen, colour) == mine, f"{colour}'s report shows another's secret"
        own = disguise(events, colour, False, rng)
        if own != list(events):
            assert render_private(own, before, after, colour) != mine, f"{colour}'s report hides their draw"


def check_mails(before: GameState, outcome: Outcome, rng: random.Random) -> None:
    from adjudicator.mail.outgoing.compose import player_mails

    after = outcome.state
    _, private = render_all(outcome.events, before, after)
    for mail in player_mails(after, private, pictures="none"):
        colour = mail.player
        data = bytes(mail.message)
        _nothing_secret(_mail_text(mail.message), spec.doc_of(after))
        attached = _attachment(mail.message)
        assert attached == spec.expected_view(spec.doc_of(after), colour)
        sight = spec.sight_of(colour)
        theirs = disguise(outcome.events, colour, True, rng)
        scrambled = (spec.scramble(before, sight, rng), spec.scramble(after, sight, rng))
        _, seen = render_all(theirs, *scrambled)
        again = [m for m in player_mails(scrambled[1], seen, pictures="none") if m.player == colour]
        assert bytes(again[0].message) == data, f"{colour}'s mail shows something hidden"
        swapped = _own_card_swapped(after, colour)
        if swapped is not None:
            changed = [m for m in player_mails(swapped, private, pictures="none") if m.player == colour]
            assert bytes(changed[0].message) != data, f"{colour}'s mail does not show their own hand"


def _mail_text(message: Any) -> str:
    """Every header and part of a mail, decoded."""
    parts = [p.get_content() for p in message.walk() if not p.is_multipart()]
    return "\n".join([*(f"{k}: {v}" for k, v in message.items()),
                      *(p.decode() if isinstance(p, bytes) else str(p) for p in parts)])


def _attachment(message: Any) -> Any:
    [part] = [p for p in message.walk() if p.get_content_type() == "application/json"]
    return msgspec.json.decode(part.get_content())


def _own_card_swapped(state: GameState, colour: str) -> GameState | None:
    """``state`` with one card of ``colour``'s hand swapped for a different one of the deck."""
    doc = spec.doc_of(state)
    [me] = [p for p in doc["players"] if p["colour"] == colour]
    for i, card in enumerate(me["hand"]):
        for j, other in enumerate(doc["piles"]["deck"]):
            if other != card:
                me["hand"][i], doc["piles"]["deck"][j] = other, card
                return msgspec.convert(doc, GameState)
    return None


# --- Over many games ------------------------------------------------------------------------


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_artefact_agrees_with_the_table(chunk: int) -> None:
    rng = random.Random(f"hidden-table-{chunk}")
    changed: set[str] = set()
    checked = bots = 0
    for n, before, outcome in games(chunk):
        after, k = outcome.state, before.decision
        viewers = [*before.seats, None]
        for state in (before, after) if k == 1 else (after,):
            check_view(state, viewers[k % len(viewers)])
            check_view(state, viewers[(k + 1) % len(viewers)])
        colour = before.seats[k % len(before.seats)]
        check_seen(after, colour, rng)
        check_reports(before, outcome, colour, rng)
        if k % 4 == n % 4 and not isinstance(after.pending, GameOver):
            check_deal(check_standin(after, colour, rng), colour, changed)
        if k % 40 == n % 40 or isinstance(after.pending, GameOver):
            check_mails(before, outcome, rng)
        if k == 2 + n % 60 and not isinstance(after.pending, GameOver):  # once a game
            check_bot(after, rng)
            bots += 1
        checked += 1
    assert checked > 0 and bots > 0
    dealt = {z["path"] for z in spec.ZONES if z.get("kind")}
    assert changed == dealt, f"the deal never changed {sorted(dealt - changed)}"
