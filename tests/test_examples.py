"""The shipped examples still work exactly as the README says."""

from __future__ import annotations

from pathlib import Path

from adjudicator.files.pipeline import adjudicate_bytes

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_example_turn_adjudicates_to_its_report() -> None:
    turn = EXAMPLES / "turn"
    result = adjudicate_bytes((turn / "game.json").read_bytes(), (turn / "orders.json").read_bytes())
    assert result.report == (turn / "report.md").read_text(encoding="utf-8")


def test_the_example_logs_verify() -> None:
    from adjudicator.logs.verify import verify_log

    for log in ("3-players", "2-players"):
        result = verify_log(EXAMPLES / "logs" / log)
        assert result.ok, result.problems
        assert result.game_over and result.commitment == "checked"
