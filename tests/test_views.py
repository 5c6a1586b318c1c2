"""Per-player views (issue 6): the file, its schema, and a view as input.

A view is accepted by its schema, by ``show`` and by ``options``; ``check VIEW ORDERS``
gives the game master's verdict for the viewer's own orders (legal and illegal ones,
over many decisions of seeded bot games); ``adjudicate`` refuses a view.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace
from typer.testing import CliRunner, Result

from adjudicator.commands.main import app
from adjudicator.errors import Inconsistent, Malformed, Problem
from adjudicator.files import io
from adjudicator.files.pipeline import adjudicate_bytes
from adjudicator.game import engine
from adjudicator.game.options import options
from adjudicator.logs.selfplay import selfplay
from adjudicator.model.orders import (
    ACTION_OF_STEP,
    Answer,
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    ConstructionBuild,
    Discard,
    Extra,
    ForumTake,
    MeetDemandsAnswer,
    MilitaryMove,
    OrderFile,
    PlayTurn,
    SeaportDisplay,
    SeaportDraw,
    SeaportShip,
    SeaportTake,
    SenateAdvance,
    Sow,
    StartingTiles,
    Step,
    TakeCards,
    TrajanTake,
)
from adjudicator.model.state import GameState, Player
from adjudicator.model.vocab import CardSource
from adjudicator.rendering.show import render_show
from adjudicator.rules.ops import clockwise_from
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state, check_any, check_orders, options_any
from adjudicator.views.view import BoardView, GameView, PilesView, PlayerView
from tests.playout import playout_orders
from tests.sizes import size

GAMES = size("TRAJAN_VIEW_GAMES")

PROBES: tuple[Step, ...] = (
    SeaportDraw(), SeaportTake(pile="discard2"), SeaportDisplay(cards=("fish", "wine")),
    SeaportShip(ship="identical", cards=("gems", "gems")), SeaportShip(ship="pairs", cards=("wine", "wine")),
    Discard(card="cattle", pile="discard1"), ForumTake(tile="bread"), MilitaryMove(province="raetia"),
    TrajanTake(stack="cards"), SenateAdvance(), ConstructionBuild(site="C2"), Extra(action="seaport"),
)


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def decisions(games: int = GAMES) -> Iterator[tuple[GameState, OrderFile]]:
    for n in range(games):
        for before, orders, _ in playout_orders(2 + n % 3, f"views-{n}"):
            yield before, orders


# --- The file ---------------------------------------------------------------------------


def _names(model: type[msgspec.Struct]) -> list[str]:
    return list(model.__struct_fields__)


def test_view_keeps_the_game_file_layout() -> None:
    from adjudicator.model.state import Board, Piles

    assert [f for f in _names(GameView) if f != "viewer"] == _names(GameState)
    assert [f for f in _names(PlayerView) if f != "hand_count"] == _names(Player)
    assert _names(BoardView) == _names(Board)
    assert _names(PilesView) == _names(Piles)


def test_a_view_matches_its_schema_and_is_read_back() -> None:
    for i, (state, _) in enumerate(decisions(3)):
        if i % 20:
            continue
        for viewer in (*state.seats, None):
            view = view_of(state, viewer)
            data = io.canonical(view)
            assert io.schema_problems(json.loads(data), "view.schema.json") == []
            assert io.load_game_or_view(data) == view


def test_show_and_options_accept_a_view() -> None:
    for i, (state, orders) in enumerate(decisions(3)):
        if i % 5:
            continue
        view = view_of(state, orders.player)
        text = render_show(view)
        own = next(p for p in state.players if p.colour == orders.player)
        assert f"The view of {orders.player}" in text
        if own.hand:
            assert f"({', '.join(own.hand)})" in text
        assert options_any(view, None) == options(state, orders.player)


def test_the_stand_in_is_a_consistent_game_with_the_same_view() -> None:
    from adjudicator.rules.invariants import validate_state

    for i, (state, _) in enumerate(decisions(3)):
        if i % 3:
            continue
        for viewer in (*state.seats, None):
            view = view_of(state, viewer)
            stand_in = as_state(view)
            assert validate_state(stand_in) == []
            assert view_of(stand_in, viewer) == view


# --- check VIEW ORDERS = check GAME ORDERS -----------------------------------------------


def variants(state: GameState, orders: OrderFile) -> Iterator[OrderFile]:
    """The bot's order and some orders around it, mostly illegal."""
    yield orders
    yield replace(orders, decision=orders.decision + 1)
    for answer in _answers(state, orders.answer):
        yield replace(orders, answer=answer)


def _answers(state: GameState, answer: Answer) -> Iterator[Answer]:
    if isinstance(answer, PlayTurn):
        sow = answer.steps[0] if answer.steps and isinstance(answer.steps[0], Sow) else None
        first: tuple[Step, ...] = (sow,) if sow else ()
        target = clockwise_from(sow.tray, len(sow.markers)) if sow else None
        for probe in PROBES:
            if target is None or ACTION_OF_STEP.get(type(probe)) in (target, None):
                yield PlayTurn(steps=first + (probe,))
        yield from (PlayTurn(steps=answer.steps + (probe,)) for probe in PROBES[2:6] + PROBES[-1:])
    elif isinstance(answer, TakeCards):
        sources: tuple[CardSource, ...] = ("deck", "discard1", "discard2")
        yield from (TakeCards(take=t) for t in itertools.product(sources, repeat=3))
    elif isinstance(answer, ChooseTrajanTiles):
        yield ChooseTrajanTiles(slots=StartingTiles(II="cards", IV="cards", VI="demand"))
        yield ChooseTrajanTiles(slots=StartingTiles(II="plus2", IV="demand", VI="victory"))
    elif isinstance(answer, MeetDemandsAnswer):
        n = len(answer.use)
        yield from (MeetDemandsAnswer(use=(u,) * n) for u in ("forum", "wild", "trajan", "unmet"))
    elif isinstance(answer, ChooseBonusAnswer):
        yield ChooseBonusAnswer(tile="workers")


def _verdicts(state: GameState, orders: OrderFile) -> tuple[list[Problem], list[Problem]]:
    return engine.check(state, orders), check_orders(view_of(state, orders.player), orders)


def test_check_on_the_view_agrees_with_the_game_master() -> None:
    compared = unseen = 0
    for state, orders in decisions():
        assert _verdicts(state, orders) == ([], [])
        for variant in variants(state, orders):
            game, view = _verdicts(state, variant)
            assert view == game, (variant, game, view)
            compared += 1
            unseen += any(p.code == "turn.unseen_cards" for p in game)
    assert compared > 5000 and unseen > 10, (compared, unseen)


def test_the_options_of_a_view_are_the_game_masters() -> None:
    for i, (state, orders) in enumerate(decisions(4)):
        if i % 2 == 0:
            assert options_any(view_of(state, orders.player), orders.player) == options(state, orders.player)


def test_a_view_checks_only_its_viewers_orders() -> None:
    state, orders = next((s, o) for s, o in decisions(1) if len(s.seats) == 2 and o.decision > 5)
    other = next(c for c in state.seats if c != orders.player)
    with pytest.raises(Malformed) as e:
        check_orders(view_of(state, other), orders)
    assert [p.code for p in e.value.problems] == ["view.other_player"]
    with pytest.raises(Malformed) as e:
        check_any(view_of(state, None), orders)
    assert [p.code for p in e.value.problems] == ["view.no_viewer"]
    with pytest.raises(Malformed) as e:
        options_any(view_of(state, orders.player), other)
    assert [p.code for p in e.value.problems] == ["view.other_player"]


def test_steps_after_a_draw_need_cards_seen_before() -> None:
    """A discard after a draw is judged on the hand held before the draw, from either file."""
    found = set()
    for state, orders in decisions(4):
        answer = orders.answer
        if not (isinstance(answer, PlayTurn) and answer.steps and isinstance(answer.steps[-1], SeaportDraw)):
            continue
        hand = next(p.hand for p in state.players if p.colour == orders.player)
        for card in ("fish", "gems"):
            after = replace(orders, answer=PlayTurn(steps=answer.steps + (Discard(card=card, pile="discard1"),)))
            game, view = _verdicts(state, after)
            assert game == view
            if card in hand:
                assert game == [], game
                found.add("held")
            else:
                assert [(p.code, p.path) for p in game] == [
                    ("turn.unseen_cards", f"$.answer.steps[{len(answer.steps)}].card")]
                assert card in game[0].message and not any(c in game[0].message for c in set(hand) - {card})
                found.add("unseen")
    assert found == {"held", "unseen"}, found


# --- Refusals and inconsistent views ---------------------------------------------------


def _view_bytes(state: GameState, viewer: str | None) -> bytes:
    return io.canonical(view_of(state, viewer))  # type: ignore[arg-type]


def test_adjudicating_a_view_is_refused() -> None:
    state, orders = next(decisions(1))
    with pytest.raises(Malformed) as e:
        adjudicate_bytes(_view_bytes(state, orders.player), io.encode_orders(orders))
    assert [p.code for p in e.value.problems] == ["view.not_a_game"]


def test_an_inconsistent_view_is_refused() -> None:
    state = next(s for s, o in decisions(1) if o.decision > 10)
    doc = json.loads(_view_bytes(state, state.seats[0]))
    doc["piles"]["deck"] += 1
    with pytest.raises(Inconsistent) as e:
        io.load_view(json.dumps(doc).encode())
    assert "view.hidden_count" in [p.code for p in e.value.problems]
    doc = json.loads(_view_bytes(state, state.seats[0]))
    doc["players"][1]["hand"] = ["fish"] * doc["players"][1]["hand_count"]
    with pytest.raises(Inconsistent) as e:
        io.load_view(json.dumps(doc).encode())
    assert [p.code for p in e.value.problems] == ["view.hand"]


# --- The command line -------------------------------------------------------------------


def _files(tmp_path: Path) -> tuple[GameState, OrderFile, Path, Path]:
    state, orders = next((s, o) for s, o in decisions(1) if o.decision == 12)
    game = tmp_path / "game.json"
    game.write_bytes(io.encode_state(state))
    order_path = tmp_path / "orders.json"
    order_path.write_bytes(io.encode_orders(orders))
    return state, orders, game, order_path


def test_cli_view_show_options_check(tmp_path: Path) -> None:
    state, orders, game, order_path = _files(tmp_path)
    view = tmp_path / "view.json"
    result = run("view", game, "--player", orders.player, "-o", view)
    assert result.exit_code == 0, result.output
    assert io.load_view(view.read_bytes()) == view_of(state, orders.player)
    assert run("show", view).exit_code == 0
    assert run("options", view, "--json").exit_code == 0
    result = run("check", view, order_path)
    assert result.exit_code == 0, result.output
    assert result.stdout == run("check", game, order_path).stdout
    assert run("adjudicate", view, order_path, "-o", tmp_path / "new.json").exit_code == 2
    assert not (tmp_path / "new.json").exists()
    public = run("view", game)
    assert public.exit_code == 0 and json.loads(public.stdout)["viewer"] is None
    assert run("view", game, "--player", "brown" if "brown" not in state.seats else "pink").exit_code == 2


def test_cli_reports_dir(tmp_path: Path) -> None:
    state, _, game, order_path = _files(tmp_path)
    out, folder = tmp_path / "new.json", tmp_path / "reports"
    result = run("adjudicate", game, order_path, "-o", out, "--report", tmp_path / "r.md",
                 "--reports-dir", folder)
    assert result.exit_code == 0, result.output
    expected = ["public.md", *(f"{c}.md" for c in state.seats)]
    assert sorted(p.name for p in folder.iterdir()) == sorted(expected)
    public = (folder / "public.md").read_text()
    assert public == (tmp_path / "r.md").read_text()
    for colour in state.seats:
        text = (folder / f"{colour}.md").read_text()
        assert text.startswith(public.rstrip("\n")) and f"## Only for {colour}" in text


def test_selfplay_keeps_a_report_per_player(tmp_path: Path) -> None:
    selfplay(2, "views-log", ["random"], tmp_path)
    for report in sorted(tmp_path.glob("*-report.md")):
        k = report.name[:4]
        for colour in ("red", "green"):
            mine = (tmp_path / f"{k}-report-{colour}.md").read_text()
            assert mine.startswith(report.read_text().rstrip("\n"))
