"""``trajan bot``: the order a bot gives for an absent player is legal, deterministic,
and the same from the full game file and from the player's view (a bot never uses
what the player could not see)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.game.engine import check, deciders
from adjudicator.logs.selfplay import absent_orders
from adjudicator.views.redact import view_of
from tests.playout import playout
from tests.sizes import size

GAMES = size("TRAJAN_BOT_VIEW_GAMES")
CHUNKS = min(10, GAMES)  # never a chunk without a game


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_bot_orders_are_the_same_from_the_view_and_legal(chunk: int) -> None:
    for n in range(chunk, GAMES, CHUNKS):
        players = 2 + n % 3
        bots = ["greedy", "random", "greedy", "random"][:players]
        for before, _ in playout(players, f"absent-{n}", bots):
            for colour in deciders(before.pending):
                bot = bots[before.seats.index(colour)]
                full = absent_orders(before, colour, bot, f"s{n}")
                assert absent_orders(view_of(before, colour), colour, bot, f"s{n}") == full
                assert check(before, full) == []


def test_the_report_says_a_bot_wrote_the_orders(tmp_path: Path) -> None:
    runner = CliRunner()
    game, orders, new = tmp_path / "g.json", tmp_path / "o.json", tmp_path / "n.json"
    assert runner.invoke(app, ["new", "--players", "red,brown", "--test-seed", "3", "-o", str(game)]).exit_code == 0
    made = runner.invoke(app, ["bot", str(game), "--player", "brown", "--bot", "greedy", "-o", str(orders)])
    assert made.exit_code == 0, made.output
    assert '"stand_in": "greedy bot"' in orders.read_text()
    assert runner.invoke(app, ["check", str(game), str(orders)]).exit_code == 0
    done = runner.invoke(app, ["adjudicate", str(game), str(orders), "-o", str(new)])
    assert done.exit_code == 0, done.output
    assert "brown was absent; orders by the greedy bot." in done.stdout


def test_a_bot_answers_only_a_pending_decision(tmp_path: Path) -> None:
    runner = CliRunner()
    game = tmp_path / "g.json"
    runner.invoke(app, ["new", "--players", "red,brown", "--test-seed", "3", "--first", "red", "-o", str(game)])
    view = tmp_path / "v.json"
    assert runner.invoke(app, ["view", str(game), "--player", "red", "-o", str(view)]).exit_code == 0
    wrong = runner.invoke(app, ["bot", str(view), "--player", "brown", "-o", str(tmp_path / "o.json")])
    assert wrong.exit_code == 1 and "view.other_player" in wrong.output
