"""Files written by an earlier release keep working; a newer format is refused by name.

``fixtures/format1/`` was written by the release before format 2 (simultaneous
decisions that keep their number, ``stand_in`` split from ``written_by``): a log of 24
decisions, a 3-player game after the first marker answer with the other two answers,
a 4-player demands decision with two players to choose and their answers, a view.
"""

from __future__ import annotations

import json
import shutil
from itertools import permutations
from pathlib import Path

import msgspec
import pytest

from adjudicator.errors import Illegal, Malformed
from adjudicator.files import io
from adjudicator.game.engine import adjudicate
from adjudicator.logs import legacy
from adjudicator.logs.verify import verify_log
from adjudicator.model.state import FORMAT, SetupCards, SetupMarkers
from adjudicator.rendering.report import render

F1 = Path(__file__).resolve().parent.parent / "fixtures" / "format1"


def _read(name: str) -> bytes:
    return (F1 / name).read_bytes()


def test_the_fixtures_are_format_1() -> None:
    for name in ("setup-game.json", "demands-game.json", "setup-view-blue.json", "setup-orders-green.json",
                 "log/0000-game.json", "log/0001-orders.json"):
        assert json.loads(_read(name))["format"] == 1, name


def test_a_format_1_game_goes_on_with_its_numbering() -> None:
    game = io.load_game(_read("setup-game.json"))
    assert game.format == FORMAT
    assert isinstance(game.pending, SetupMarkers)
    assert game.pending.answered == ("red",)  # who answered before: every seat not waiting
    blue = io.load_orders(_read("setup-orders-blue.json"))
    green = io.load_orders(_read("setup-orders-green.json"))
    assert blue.stand_in == "random bot" and blue.written_by is None
    after = adjudicate(game, blue).state
    assert after.decision == game.decision  # still open: same number
    with pytest.raises(Illegal) as e:
        adjudicate(after, blue)
    assert [p.code for p in e.value.problems] == ["orders.already_answered"]
    final = adjudicate(after, green).state
    assert isinstance(final.pending, SetupCards) and final.decision == game.decision + 1
    assert final.chain.parent == after.chain.hash and after.chain.parent == game.chain.hash


def test_a_format_1_demands_decision_takes_answers_in_any_order() -> None:
    game = io.load_game(_read("demands-game.json"))
    answers = [io.load_orders(_read(f"demands-orders-{c}.json")) for c in ("red", "green")]
    finals = set()
    for arrival in permutations(answers):
        state = game
        for orders in arrival:
            state = adjudicate(state, orders).state
        finals.add(msgspec.json.encode(legacy.comparable(state)))
    assert len(finals) == 1


def test_a_format_1_order_by_a_bot_still_reads_as_an_absence() -> None:
    game = io.load_game(_read("setup-game.json"))
    out = adjudicate(game, io.load_orders(_read("setup-orders-blue.json")))
    assert "blue was absent; orders by the random bot." in render(out.events, game, out.state)


def test_a_format_1_view_is_read() -> None:
    view = io.load_view(_read("setup-view-blue.json"))
    assert view.format == FORMAT and view.viewer == "blue"


def test_the_format_1_log_verifies() -> None:
    result = verify_log(F1 / "log")
    assert result.ok, result.problems
    assert result.decisions == 24 and result.format == 1


def _tamper(tmp_path: Path, name: str, change: str, reseal: bool) -> Path:
    log = tmp_path / "log"
    shutil.copytree(F1 / "log", log)
    raw = json.loads((log / name).read_text())
    exec(change, {"g": raw})  # noqa: S102 - a fixed statement from this file
    if reseal:
        raw["chain"]["hash"] = legacy.own_hash(raw)
    (log / name).write_text(json.dumps(raw, indent=2))
    return log


@pytest.mark.parametrize(("change", "reseal", "code"), [
    ("g['players'][0]['vp'] = 60", False, "verify.hash_mismatch"),
    ("g['players'][0]['vp'] = 60", True, "verify.state_mismatch"),
    ("g['decision'] += 1", False, "verify.hash_mismatch"),
])
def test_a_changed_format_1_log_fails(tmp_path: Path, change: str, reseal: bool, code: str) -> None:
    result = verify_log(_tamper(tmp_path, "0012-game.json", change, reseal))
    assert [p.code for p in result.problems] == [code]


def test_a_resealed_last_format_1_step_fails_on_the_rules(tmp_path: Path) -> None:
    result = verify_log(_tamper(tmp_path, "0024-game.json", "g['players'][0]['vp'] += 5", True))
    assert [(p.code, p.path) for p in result.problems] == [("verify.state_mismatch", "$.players[0].vp")]



@pytest.mark.parametrize(("name", "load"), [
    ("setup-game.json", io.load_game), ("setup-view-blue.json", io.load_view),
    ("setup-orders-blue.json", io.load_orders),
])
def test_a_newer_format_is_refused_by_name(name: str, load: object) -> None:
    raw = json.loads(_read(name))
    raw["format"] = 7
    with pytest.raises(Malformed) as e:
        load(json.dumps(raw).encode(), name)  # type: ignore[operator]
    [p] = e.value.problems
    assert p.code == "input.format_too_new" and p.path == "$.format"
    assert "format 7" in p.message and "newer release" in p.message
