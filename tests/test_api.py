"""The Python API (issue 26): each operation against what the command line gives for it.

The oracle of each test is the command line (``trajan new``, ``check``, ``bot``), a
shipped example (the example turn's report) or the engine's own check on the full game
file, never the API function under test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from typer.testing import CliRunner

import adjudicator
from adjudicator import (
    Bot,
    Game,
    IllegalOrderError,
    InconsistentGameError,
    MalformedError,
    MalformedOrderError,
    TrajanError,
    View,
    builtin_bot,
    parse_orders,
    play,
    verify,
)
from adjudicator.commands.main import app
from adjudicator.model.orders import SeaportDraw, Sow

ROOT = Path(__file__).resolve().parent.parent
TURN = ROOT / "examples" / "turn"
LOGS = ROOT / "examples" / "logs"
MARKERS = ("tray seaport yellow orange\ntray forum green white\ntray military pink blue\n"
           "tray senate yellow orange\ntray trajan green white\ntray construction pink blue\n")


def test_import_adjudicator_does_not_load_the_engine() -> None:
    """``trajan``'s start-up imports the package: the API is loaded when first used."""
    probe = ("import sys, adjudicator; before = 'adjudicator.game.engine' in sys.modules; "
             "adjudicator.Game; print(before, 'adjudicator.game.engine' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60)
    assert out.stdout.split() == ["False", "True"], out.stderr
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        adjudicator.Nothing  # noqa: B018
    assert set(adjudicator.__all__) <= set(dir(adjudicator))


def test_a_new_game_is_the_one_trajan_new_writes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["new", "--players", "red,green,blue", "--test-seed", "api-1",
                                      "--first", "blue", "-o", str(path)])
    assert result.exit_code == 0, result.output
    game = Game.new(["red", "green", "blue"], "api-1", test=True, first="blue")
    assert game.dumps() == path.read_bytes()
    assert Game.load(path).dumps() == path.read_bytes() == Game.loads(path.read_text()).dumps()
    assert game.pending.kind == "setup_markers" and game.pending.simultaneous
    assert set(game.pending.players) == {"red", "green", "blue"} and game.seats == ("red", "green", "blue")
    game.dump(tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()


def test_a_new_game_refuses_what_trajan_new_refuses() -> None:
    with pytest.raises(MalformedError) as e:
        Game.new(["red", "purple"], "a seed of sixteen+")
    assert [p.code for p in e.value.problems] == ["new.unknown_colour"]
    with pytest.raises(MalformedError) as e:
        Game.new(["red", "green"], "short")
    assert [p.code for p in e.value.problems] == ["new.weak_seed"]
    with pytest.raises(MalformedError) as e:
        Game.new(["red", "green"], "x", test=True, options={"no_such_rule": True})
    assert [p.code for p in e.value.problems] == ["new.unknown_option"]
    options = Game.new(["red", "green"], "x", test=True, options={"trajan_tiles_score_at_end": True}).state.options
    assert options.trajan_tiles_score_at_end is True


def test_the_example_turn_through_the_api_gives_its_shipped_report() -> None:
    game = Game.load(TURN / "game.json")
    order = parse_orders((TURN / "orders.json").read_bytes())
    assert game.check(order) == []
    after, events = game.apply(order)
    assert after.report() == (TURN / "report.md").read_text(encoding="utf-8")
    assert events and after.pending.decision == game.pending.decision + 1
    assert game.pending.kind == "turn"  # the game applied to is unchanged
    with pytest.raises(ValueError, match="not made by Game.apply"):
        game.report()


def test_an_illegal_order_raises_with_every_problem_check_returns() -> None:
    game = Game.load(TURN / "game.json")
    stale = parse_orders(f"game {game.game_id} decision 35 player green\nsenate\n")
    problems = game.check(stale)
    assert {p.code for p in problems} >= {"orders.stale", "orders.wrong_player"}
    with pytest.raises(IllegalOrderError) as e:
        game.apply(stale)
    assert list(e.value.problems) == problems
    assert isinstance(e.value, ValueError) and isinstance(e.value, TrajanError) and e.value.exit_code == 1


def test_a_malformed_order_names_its_line() -> None:
    with pytest.raises(MalformedOrderError) as e:
        parse_orders("game trajan-0f297786e681 decision 36 player red\nsow military blue pink green\nmilatary recruit\n")
    [p] = e.value.problems
    assert (p.code, p.path) == ("notation.unknown_word", "line 3") and "military" in p.message
    assert isinstance(e.value, MalformedError) and e.value.exit_code == 2


def test_orders_text_reads_back_to_the_same_order() -> None:
    order = parse_orders((TURN / "orders.json").read_bytes())
    text = adjudicator.orders_text(order)
    assert text.startswith("game trajan-0f297786e681 decision 36 player red\nsow military")
    assert parse_orders(text) == order
    assert parse_orders(adjudicator.orders_json(order)) == order


def test_a_broken_game_file_is_malformed_or_inconsistent() -> None:
    with pytest.raises(MalformedError) as e:
        Game.loads(b"{not json")
    assert [p.code for p in e.value.problems] == ["input.not_json"]
    doc = json.loads((TURN / "game.json").read_bytes())
    doc["players"][0]["hand"].append("fish")  # a card more than the box holds
    with pytest.raises(InconsistentGameError) as bad:
        Game.loads(json.dumps(doc))
    assert "state.card_count" in {p.code for p in bad.value.problems} and bad.value.exit_code == 3


def test_a_view_checks_as_the_game_master_does_and_hides_the_others_hands(tmp_path: Path) -> None:
    game = Game.load(TURN / "game.json")
    view = game.view("red")
    assert isinstance(view, View) and view.player == "red" and view.to_decide
    assert view.hand == next(p.hand for p in game.state.players if p.colour == "red")
    assert all(p.hand is None for p in view.data.players if p.colour != "red")
    order = parse_orders((TURN / "orders.json").read_bytes(), view)
    assert view.check(order) == game.check(order) == []
    illegal = parse_orders(f"game {game.game_id} decision 36 player red\nsow forum orange yellow\nmilitary recruit\n")
    assert view.check(illegal) == game.check(illegal) != []
    cli = tmp_path / "red.json"
    assert CliRunner().invoke(app, ["view", str(TURN / "game.json"), "--player", "red", "-o", str(cli)]).exit_code == 0
    assert view.dumps() == cli.read_bytes() and View.load(cli).dumps() == cli.read_bytes()
    with pytest.raises(MalformedError) as e:
        game.view("green").check(order)
    assert [p.code for p in e.value.problems] == ["view.other_player"]
    with pytest.raises(MalformedError):
        game.view("purple")


def _after_markers(seed: str) -> Game:
    """A 2-player game just past the initial markers: the start player takes cards."""
    game = Game.new(["red", "green"], seed, test=True)
    while game.pending.kind == "setup_markers":
        colour = game.pending.players[0]
        game, _ = game.apply(parse_orders(f"game {game.game_id} decision 1 player {colour}\n{MARKERS}"))
    return game


def test_the_legal_answers_are_every_answer_the_engine_accepts() -> None:
    game = _after_markers("api-cards")
    assert game.pending.kind == "setup_cards"
    colour = game.pending.players[0]
    view = game.view(colour)
    listed = list(view.legal_answers())
    cards_left = game.state.pending.cards_left  # type: ignore[union-attr]
    everything = [json.dumps({"decision": "setup_cards", "take": list(t)})
                  for t in product(("deck", "discard1", "discard2"), repeat=cards_left)]
    accepted = [a for a in everything
                if not game.check(parse_orders(json.dumps({"game_id": game.game_id, "decision": game.pending.decision,
                                                           "player": colour, "answer": json.loads(a)})))]
    assert sorted(json.dumps({"decision": "setup_cards", "take": list(a.take)}) for a in listed) == sorted(accepted)
    assert accepted


def test_the_marker_placements_are_all_different_and_legal() -> None:
    game = Game.new(["red", "green"], "api-markers", test=True)
    view = game.view("red")
    placements = view.legal_answers()
    first = [next(placements) for _ in range(50)]
    assert len({str(p) for p in first}) == 50
    assert all(game.check(view.order(p)) == [] for p in first)
    assert sum(1 for _ in placements) + 50 == 202410  # 6 x 6 matrices with every row and column summing to 2


def test_a_turn_planned_step_by_step_is_accepted_and_stops_after_new_cards() -> None:
    game = Game.load(TURN / "game.json")
    view = game.view("red")
    plan = view.turn()
    assert not plan.may_end and all(isinstance(s, Sow) for s in plan.legal_steps())
    for step in plan.legal_steps():
        after = plan.after(step)
        assert after.steps == (step,) and plan.steps == ()
        order = view.order(after.answer())
        assert game.check(order) == [], order
        for second in after.legal_steps()[:5]:
            assert game.check(view.order(after.after(second).answer())) == []
    with pytest.raises(IllegalOrderError) as e:
        plan.play(parse_orders(f"game {game.game_id} decision 36 player red\nsow forum orange yellow\nsenate\n")
                  .answer.steps[1])
    assert [p.code for p in e.value.problems] == ["turn.sow_first"]
    sowings = plan.sowings("military")
    assert len(sowings) == len({s.markers for s in sowings}) == 6  # 3 markers, all different


def test_a_plan_stops_after_a_draw() -> None:
    game = Game.load(TURN / "game.json")
    view = game.view("red")
    for sow in view.turn().legal_steps():
        plan = view.turn()
        plan.play(sow)
        draw = [s for s in plan.legal_steps() if isinstance(s, SeaportDraw)]
        if draw:
            plan.play(draw[0])
            assert plan.stopped and plan.legal_steps() == [] and not plan.may_end
            assert game.check(view.order(plan.answer())) == []
            return
    pytest.fail("no seaport draw in the example turn")


@pytest.mark.parametrize("name", ["random", "greedy", "search", "planner"])
def test_a_builtin_bot_answers_through_the_protocol_as_trajan_bot_does(name: str, tmp_path: Path) -> None:
    bot = builtin_bot(name, budget=8)
    assert isinstance(bot, Bot) and bot.name == name
    view_file = tmp_path / "red.json"
    out = tmp_path / "orders.json"
    runner = CliRunner()
    assert runner.invoke(app, ["view", str(TURN / "game.json"), "--player", "red", "-o", str(view_file)]).exit_code == 0
    result = runner.invoke(app, ["bot", str(view_file), "--player", "red", "--bot", name, "--budget", "8",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    view = View.load(view_file)
    assert bot.answer(view) == parse_orders(out.read_bytes()).answer


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(MalformedError) as e:
        builtin_bot("oracle")
    assert [p.code for p in e.value.problems] == ["args.unknown_bot"]


def test_the_api_offers_every_bot_the_command_line_offers() -> None:
    from adjudicator.bots import BOT_NAMES as COMMAND_LINE_BOTS

    assert set(adjudicator.BOT_NAMES) == set(COMMAND_LINE_BOTS) == {"random", "greedy", "search", "planner"}


def test_a_planner_time_limit_must_be_positive() -> None:
    with pytest.raises(MalformedError) as e:
        builtin_bot("planner", seconds=0)
    assert [p.code for p in e.value.problems] == ["args.usage"]
    assert builtin_bot("planner", seconds=0.5).name == "planner"


class _Spy:
    """A bot that records what it is handed and answers as the random bot."""

    name = "spy"

    def __init__(self) -> None:
        self.handed: list[object] = []
        self._inner = builtin_bot("random")

    def answer(self, view: View) -> adjudicator.Answer:
        self.handed.append(view)
        return self._inner.answer(view)


def test_play_hands_each_bot_only_its_own_view() -> None:
    spy = _Spy()
    final = play(Game.new(["red", "green"], "api-spy", test=True), {"red": spy, "green": builtin_bot("greedy")})
    assert final.over and final.ranking is not None and set(final.ranking) == {"red", "green"}
    assert spy.handed and all(type(v) is View for v in spy.handed)
    views = [v for v in spy.handed if isinstance(v, View)]
    assert all(v.player == "red" and v.data.seed is None for v in views)
    assert all(p.hand is None for v in views for p in v.data.players if p.colour != "red")
    with pytest.raises(MalformedError):
        play(Game.new(["red", "green"], "api-spy", test=True), {"red": spy})


def test_verify_a_log_a_record_and_a_tampered_log(tmp_path: Path) -> None:
    good = verify(LOGS / "2-players")
    assert good.ok and good.game_over and good.commitment == "checked" and good.summary.startswith("ok")
    record = verify(ROOT / "examples" / "tournament" / "game-001.trajan.jsonl")
    assert record.ok and record.decisions > 50
    copy = tmp_path / "log"
    shutil.copytree(LOGS / "2-players", copy)
    step = copy / "0006-orders.json"
    doc = json.loads(step.read_bytes())
    doc["answer"]["slots"]["VI"] = "plus2" if doc["answer"]["slots"]["VI"] != "plus2" else "demand"
    step.write_text(json.dumps(doc))
    bad = verify(copy)
    assert not bad.ok and bad.problems and bad.problems[0].file and "0006" in bad.problems[0].file
    with pytest.raises(MalformedError) as e:
        verify(ROOT / "examples" / "tournament")
    assert [p.code for p in e.value.problems] == ["verify.not_one_game"]


def test_the_package_is_typed() -> None:
    assert (ROOT / "adjudicator" / "py.typed").is_file()
