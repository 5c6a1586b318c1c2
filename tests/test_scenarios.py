"""The conformance suite: every scenario under fixtures/scenarios/ (see tests/scenario.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from adjudicator.game.options import ContinueOptions, TurnOptions, options
from adjudicator.model.state import GameState
from adjudicator.rules.invariants import validate_state
from tests.scenario import ROOT, all_scenarios, get_path, load, run, set_up, with_values


def _codes(problems: list[Any]) -> list[str]:
    return sorted(p if isinstance(p, str) else p["code"] for p in problems)


def _event_matches(actual: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(actual.get(k) == v for k, v in wanted.items())


def _check_events(events: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> None:
    i = 0
    for w in wanted:
        while i < len(events) and not _event_matches(events[i], w):
            i += 1
        assert i < len(events), f"event {w} not found in order; events were:\n" + "\n".join(map(str, events))
        i += 1


def _check_options(state: GameState, want: dict[str, Any]) -> None:
    """``offered`` steps are listed by ``trajan options`` (for ``tray``), ``withheld`` are not."""
    found = options(state).options[0]
    if isinstance(found, TurnOptions):
        trays = {t.tray: t for t in found.trays}
        if want.get("tray_withheld"):
            assert want["tray"] not in trays
            return
        listed = [_builtins(a) for a in trays[want["tray"]].actions]
    else:
        assert isinstance(found, ContinueOptions), found
        listed = [_builtins(a) for a in found.steps]
    for step in want.get("offered", []):
        assert step in listed, f"{step} not offered; offered: {listed}"
    for step in want.get("withheld", []):
        assert step not in listed, f"{step} offered"


def _builtins(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))


@pytest.mark.parametrize("path", all_scenarios(), ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario(path: Path) -> None:
    spec = load(path)
    assert spec["id"] == path.stem, "a scenario's id is its file name"
    assert spec.get("rule") and spec.get("description"), "say which rule and what is tested"
    expect = spec["expect"]
    if "inconsistent" in expect:
        state = with_values(set_up(spec["game"]), spec.get("set", {}))
        assert _codes([p.code for p in validate_state(state)]) == _codes(expect["inconsistent"])
        return
    if "options" in expect:
        state = run(spec)[0] if spec.get("orders") else with_values(set_up(spec["game"]), spec.get("set", {}))
        _check_options(state, expect["options"])
        return
    before, outcome, problems = run(spec)
    if "problems" in expect:
        assert outcome is None, "the last order was accepted, but problems were expected"
        assert _codes([p.code for p in problems]) == _codes(expect["problems"]), problems
        for want in expect["problems"]:
            if isinstance(want, dict) and "path" in want:
                assert any(p.code == want["code"] and p.path == want["path"] for p in problems), problems
        return
    assert not problems, problems
    after = outcome.state if outcome else before
    data = msgspec.json.decode(msgspec.json.encode(after))
    for p, value in expect.get("state", {}).items():
        assert get_path(data, p) == value, f"{p}: {get_path(data, p)!r} != {value!r}"
    if "pending" in expect:
        assert data["pending"] == expect["pending"]
    if "events" in expect:
        assert outcome is not None
        _check_events([msgspec.json.decode(msgspec.json.encode(e)) for e in outcome.events], expect["events"])
    if not validate_state(before):  # a consistent state stays consistent
        assert validate_state(after) == [], validate_state(after)
