"""``check`` warnings (issue 17): a legal order that leaves value on the table.

The warnings are computed on the game as the order's player sees it, so the game
master's file and the player's view give the same ones, on every order of bot games;
``trajan check`` exits 0 and prints them (text or JSON, each with code, path and
sentence); a first Door tile's bonus left unused is named.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from msgspec.structs import replace
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.files import io
from adjudicator.game import engine
from adjudicator.game.hints import hints
from adjudicator.model.orders import OrderFile, PlayTurn, Sow
from adjudicator.model.state import GameState
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state
from tests.playout import playout_orders
from tests.sizes import size

GAMES = max(1, size("TRAJAN_GAMES") // 500)


def _warned(code: str) -> tuple[GameState, OrderFile]:
    """The first bot order of the test games that gets the warning ``code``."""
    for n in range(40):
        for state, orders, _ in playout_orders(2 + n % 3, f"hints-{n}", ["random"]):
            if any(w.code == code for w in hints(state, orders)):
                return state, orders
    raise AssertionError(f"no order warned {code}")


def test_view_and_game_file_give_the_same_warnings() -> None:
    seen: Counter[str] = Counter()
    for n in range(GAMES):
        for state, orders, _ in playout_orders(2 + n % 3, f"hints-same-{n}", ["random", "greedy"]):
            found = hints(state, orders)
            assert found == hints(as_state(view_of(state, orders.player)), orders)
            seen.update(w.code for w in found)
    assert seen["hint.action_not_taken"] > 0


def test_the_first_door_bonus_left_unused_is_named(tmp_path: Path) -> None:
    state, orders = _warned("hint.bonus_action_not_taken")
    assert engine.check(state, orders) == []
    game, order_file = tmp_path / "game.json", tmp_path / "orders.json"
    game.write_bytes(io.encode_state(state))
    order_file.write_bytes(io.encode_orders(orders))
    result = CliRunner().invoke(app, ["check", str(game), str(order_file)])
    assert result.exit_code == 0, result.output
    assert "The orders are legal" in result.stdout
    assert "warning: " in result.stderr and "[hint.bonus_action_not_taken]" in result.stderr
    view = tmp_path / "view.json"
    view.write_bytes(io.canonical(view_of(state, orders.player)))
    as_json = CliRunner().invoke(app, ["check", str(view), str(order_file), "--json"])
    assert as_json.exit_code == 0
    warnings = json.loads(as_json.stderr)
    assert {"hint.bonus_action_not_taken"} <= {w["code"] for w in warnings}
    assert all(w["path"].startswith("$.answer.steps") and w["message"] for w in warnings)


def test_sowing_that_misses_a_tile_another_order_would_accomplish() -> None:
    state, orders = _warned("hint.sowing_misses_tile")
    assert isinstance(orders.answer, PlayTurn)
    sow = orders.answer.steps[0]
    assert isinstance(sow, Sow)
    found = [w for w in hints(state, orders) if w.code == "hint.sowing_misses_tile"]
    assert found[0].path == "$.answer.steps[0].markers"
    # Some order of the same markers accomplishes the tile: no warning for it.
    from itertools import permutations

    assert len(sow.markers) <= 8, "pick a shorter example"
    better = [replace(orders, answer=PlayTurn(steps=(Sow(tray=sow.tray, markers=m),)))
              for m in set(permutations(sow.markers))]
    assert any(not [w for w in hints(state, o) if w.code == "hint.sowing_misses_tile"] for o in better)


def test_special_action_left_unused() -> None:
    state, orders = _warned("hint.special_not_taken")
    assert engine.check(state, orders) == []
    assert any("trajan special" in w.message for w in hints(state, orders))
