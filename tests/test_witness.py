"""A game master who rewrites history: ``verify`` alone cannot see it, witnesses can (issue 14)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.files import io, write
from adjudicator.files.pipeline import adjudicate_bytes
from adjudicator.logs.selfplay import bot_names, bot_orders, selfplay
from adjudicator.logs.verify import summary, verify_log
from adjudicator.logs.witness import read_witnesses
from adjudicator.model.state import GameOver
from adjudicator.views.redact import view_of

REPLACED = 40  # the log step whose order the game master replaces


def _decision(log: Path, k: int) -> int:
    """The number of the decision that step ``k`` of the log answers (a simultaneous
    decision keeps its number over several steps, so numbers and steps differ)."""
    return io.read_game(str(log / f"{k - 1:04d}-game.json")).decision


@pytest.fixture(scope="module")
def true_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("witness")
    selfplay(2, "witness-a", ["random", "random"], root / "log")
    return root / "log"


@pytest.fixture
def log(true_log: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "log"
    shutil.copytree(true_log, copy)
    return copy


def _last(log: Path) -> int:
    return max(int(f.name[:4]) for f in log.glob("*-game.json"))


def _keep(true_log: Path, tmp_path: Path, *names: str) -> list[str]:
    """Copies of what a player received, kept outside the log."""
    kept = tmp_path / "kept"
    kept.mkdir(exist_ok=True)
    return [str(shutil.copy(true_log / name, kept / name)) for name in names]


def _forge(log: Path, k: int = REPLACED) -> None:
    """Replace the order of decision ``k`` by another legal one and replay the rest by bots."""
    true_orders = (log / f"{k:04d}-orders.json").read_bytes()
    for f in log.iterdir():
        if int(f.name[:4]) >= k:
            f.unlink()
    data = (log / f"{k - 1:04d}-game.json").read_bytes()
    state = io.load_game(data)
    bots = bot_names(2, ["random"])
    seed = 0
    orders = true_orders
    while orders == true_orders:  # another legal order for decision k
        seed += 1
        orders = io.encode_orders(bot_orders(state, bots, f"forged-{seed}"))
    while True:
        result = adjudicate_bytes(data, orders)
        write.write_atomic(str(log / f"{k:04d}-orders.json"), orders)
        write.write_atomic(str(log / f"{k:04d}-game.json"), result.data)
        write.write_atomic(str(log / f"{k:04d}-report.md"), result.report.encode())
        state, data, k = result.state, result.data, k + 1
        if isinstance(state.pending, GameOver):
            return
        orders = io.encode_orders(bot_orders(state, bots, f"forged-{seed}"))


def test_a_replaced_order_replayed_to_the_end_verifies_without_witnesses(log: Path) -> None:
    _forge(log)
    result = verify_log(log)
    assert result.ok and result.game_over and result.witnesses is None
    text = summary(result)
    assert "not the game the players saw" in text and "--witness" in text


def test_a_replaced_order_is_caught_by_a_later_report(log: Path, true_log: Path, tmp_path: Path) -> None:
    kept = _keep(true_log, tmp_path, f"{REPLACED + 5:04d}-report-red.md")
    _forge(log)
    result = verify_log(log, read_witnesses(kept))
    assert not result.ok
    p = result.problems[0]
    assert (Path(p.file or "").name, p.code) == (f"{REPLACED + 5:04d}-report-red.md", "verify.witness_missing")
    assert f"after decision {_decision(true_log, REPLACED + 5)}" in p.message and "rewritten" in p.message


def test_every_report_kept_names_the_rewritten_decision(log: Path, true_log: Path, tmp_path: Path) -> None:
    kept = _keep(true_log, tmp_path, *(f"{k:04d}-report-green.md" for k in range(REPLACED - 3, REPLACED + 3)))
    _forge(log)
    result = verify_log(log, read_witnesses(kept))
    p = result.problems[0]
    assert Path(p.file or "").name == f"{REPLACED:04d}-report-green.md"
    assert f"decision {_decision(true_log, REPLACED)} or an earlier one was rewritten" in p.message
    assert f"after decision {_decision(true_log, REPLACED - 1)} is confirmed" in p.message


def test_a_replaced_order_is_caught_by_the_order_file_its_player_sent(log: Path, true_log: Path,
                                                                     tmp_path: Path) -> None:
    kept = _keep(true_log, tmp_path, f"{REPLACED:04d}-orders.json", f"{REPLACED - 1:04d}-orders.json")
    assert verify_log(log, read_witnesses(kept)).ok
    _forge(log)
    result = verify_log(log, read_witnesses(kept))
    assert [(Path(p.file or "").name, p.code) for p in result.problems] == [
        (f"{REPLACED:04d}-orders.json", "verify.witness_orders")]
    assert f"decision {_decision(true_log, REPLACED)} was rewritten" in result.problems[0].message


def test_a_replaced_order_is_caught_by_a_view(log: Path, tmp_path: Path) -> None:
    later = io.load_game((log / f"{REPLACED + 2:04d}-game.json").read_bytes())
    view = tmp_path / "blue-view.json"
    view.write_bytes(io.canonical(view_of(later, "green")))
    _forge(log)
    result = verify_log(log, read_witnesses([str(view)]))
    assert [p.code for p in result.problems] == ["verify.witness_missing"]
    assert result.problems[0].path == "$.chain.hash"


def test_a_list_of_hashes_is_a_witness(log: Path, tmp_path: Path) -> None:
    hashes = [io.load_game((log / f"{k:04d}-game.json").read_bytes()).chain.hash for k in (10, 50)]
    listing = tmp_path / "hashes.txt"
    listing.write_text("\n".join(hashes) + "\n")
    assert verify_log(log, read_witnesses([str(listing)])).ok
    _forge(log)
    result = verify_log(log, read_witnesses([str(listing)]))
    assert [p.code for p in result.problems] == ["verify.witness_missing"]
    assert "not in the log" in result.problems[0].message


def test_the_end_cut_off_a_finished_game(log: Path, true_log: Path, tmp_path: Path) -> None:
    last = _last(log)
    kept = _keep(true_log, tmp_path, f"{last:04d}-report-red.md")
    for f in log.iterdir():
        if int(f.name[:4]) > last - 6:
            f.unlink()
    alone = verify_log(log)
    assert alone.ok and not alone.game_over and alone.commitment == "not_yet"
    text = summary(alone)
    assert "the game is not over" in text and "cut short" in text
    witnessed = verify_log(log, read_witnesses(kept))
    assert [p.code for p in witnessed.problems] == ["verify.witness_missing"]
    assert "cut from the end" in witnessed.problems[0].message


def test_true_witnesses_pass_and_a_doctored_view_does_not(log: Path, tmp_path: Path) -> None:
    state = io.load_game((log / "0030-game.json").read_bytes())
    view = view_of(state, "red")
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_bytes(io.canonical(view))
    doctored = view.players[0].__class__(**{**{f: getattr(view.players[0], f)
                                                for f in view.players[0].__struct_fields__}, "vp": 99})
    import msgspec

    bad.write_bytes(io.canonical(msgspec.structs.replace(view, players=(doctored, *view.players[1:]))))
    reports = [str(log / f"{k:04d}-report.md") for k in (1, 20, _last(log))]
    result = verify_log(log, read_witnesses([str(good), *reports]))
    assert result.ok and result.witnesses == 4
    assert "Witnesses: 4, all in the log" in summary(result)
    wrong = verify_log(log, read_witnesses([str(bad)]))
    assert [(p.code, p.path) for p in wrong.problems] == [("verify.witness_differs", "$.players[0].vp")]


def test_the_cli_takes_witnesses(log: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    report = str(log / "0035-report-green.md")
    ok = runner.invoke(app, ["verify", str(log), "--witness", report])
    assert ok.exit_code == 0, ok.output
    two = runner.invoke(app, ["verify", str(log), str(log), "--witness", report])
    assert two.exit_code == 2 and "args.witness_needs_one_log" in two.output
    empty = tmp_path / "empty.txt"
    empty.write_text("nothing to see\n")
    none = runner.invoke(app, ["verify", str(log), "--witness", str(empty)])
    assert none.exit_code == 2 and "witness.empty" in none.output
    other = tmp_path / "other.md"
    other.write_text("# Trajan trajan-000000000000: decision 3\n\n- Game file: " + "0" * 64 + "\n")
    bad = runner.invoke(app, ["verify", str(log), "--witness", str(other)])
    assert bad.exit_code == 1 and "verify.witness_other_game" in bad.output


def test_witnesses_inside_a_simultaneous_decision_are_borne_out(true_log: Path, tmp_path: Path) -> None:
    # Steps 1 and 2 both answer decision 1 (the initial markers, in any order).
    assert _decision(true_log, 1) == _decision(true_log, 2) == 1
    kept = _keep(true_log, tmp_path, "0001-orders.json", "0002-orders.json", "0001-game.json",
                 "0001-report-red.md", "0002-report-green.md")
    assert verify_log(true_log, read_witnesses(kept)).ok
