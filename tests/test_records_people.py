"""Records bind their players (issue 25 item 10, issue 30): a format-2 header names each
seat's person, its counts of answers and stand-ins and its date, sealed; an edited header
fails `verify` and `standings`; a game counts once; names are escaped in the table and
never start a formula in the CSV; format-1 records still verify and count."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.logs.selfplay import selfplay
from adjudicator.records.replay import verify_record
from adjudicator.records.tournament import bot_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "tournament"


def run_cli(args: list[str]) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, args)
    return r.exit_code, r.stdout, r.stderr


def lines(record: bytes) -> list[Any]:
    return [json.loads(line) for line in record.decode().splitlines()]


def joined(values: list[Any]) -> bytes:
    return "".join(json.dumps(v, separators=(",", ":"), ensure_ascii=False) + "\n" for v in values).encode()


def resealed(header: dict[str, Any]) -> dict[str, Any]:
    """The header with a seal made the way the format says (worked here, not by the code):
    SHA-256 of the prefix and the header's compact JSON, fields in the header's order, seal empty."""
    unsealed = {**header, "seal": ""}
    data = json.dumps(unsealed, separators=(",", ":"), ensure_ascii=False).encode()
    return {**header, "seal": hashlib.sha256(b"trajan-record-seal:" + data).hexdigest()}


@pytest.fixture(scope="module")
def game() -> bytes:
    """Ann (red, her own orders) against Bob (green, whose orders a stand-in gave)."""
    return bot_record("people-1", ["greedy", "random"], people={"red": "Ann", "green": "Bob"}, own={"red"},
                      date="2025-03-01")


def test_a_packed_header_names_people_counts_and_date_and_its_seal_is_the_formats(game: bytes) -> None:
    header = lines(game)[0]
    assert header["format"] == 2
    assert header["people"] == {"red": "Ann", "green": "Bob"}
    assert header["players"] == {"red": "Ann", "green": "Bob"}
    moves = lines(game)[1:]
    assert header["answers"] == {c: sum(m[1] == c for m in moves) for c in ("red", "green")}
    assert header["stand_ins"] == {"red": 0, "green": header["answers"]["green"]}
    assert all(m[2].startswith("standin ") == (m[1] == "green") for m in moves)
    assert header["date"] == "2025-03-01"
    assert resealed(header) == header  # the seal is what the format says, computed independently
    assert verify_record(game, "r").ok


def _edited(game: bytes, edit: Any, reseal: bool = False) -> bytes:
    values = lines(game)
    edit(values[0])
    if reseal:
        values[0] = resealed(values[0])
    return joined(values)


def _swap(h: dict[str, Any]) -> None:
    h["players"] = {"red": h["players"]["green"], "green": h["players"]["red"]}
    h["people"] = {"red": h["people"]["green"], "green": h["people"]["red"]}


EDITS: dict[str, tuple[Any, bool, str, str]] = {
    "names swapped": (_swap, False, "record.seal_mismatch", "$[0].seal"),
    "a person renamed": (lambda h: h["people"].update(red="Eve") or h["players"].update(red="Eve"), False,
                         "record.seal_mismatch", "$[0].seal"),
    "the date moved": (lambda h: h.update(date="2024-01-01"), False, "record.seal_mismatch", "$[0].seal"),
    "the stand-ins hidden, resealed": (lambda h: h.update(stand_ins={"red": 0, "green": 0}), True,
                                       "record.count_mismatch", "$[0].answers"),
    "a person unlike the player, resealed": (lambda h: h["people"].update(red="Eve"), True,
                                             "record.players_mismatch", "$[0].people.red"),
    "the seal removed": (lambda h: h.pop("seal"), False, "record.malformed", "$[0].seal"),
    "a date that is no date, resealed": (lambda h: h.update(date="2025-02-30"), True, "record.malformed",
                                         "$[0].date"),
    "a format-1 header with a date": (lambda h: [h.update(format=1), *(h.pop(k) for k in (
        "people", "answers", "stand_ins", "seal"))], False, "record.malformed", "$[0].date"),
}


@pytest.mark.parametrize("what", list(EDITS))
def test_an_edited_header_fails_verify(what: str, game: bytes) -> None:
    edit, reseal, code, path = EDITS[what]
    result = verify_record(_edited(game, edit, reseal), "edited.trajan.jsonl")
    assert [(p.code, p.path) for p in result.problems] == [(code, path)]


def test_swapped_names_fail_verify_and_standings_and_do_not_move_the_win(game: bytes, tmp_path: Path) -> None:
    good, bad = tmp_path / "good.trajan.jsonl", tmp_path / "bad.trajan.jsonl"
    good.write_bytes(game)
    bad.write_bytes(_edited(game, _swap))
    code, out, _ = run_cli(["verify", str(bad)])
    assert code == 1 and "record.seal_mismatch" in out
    code, _, err = run_cli(["standings", str(bad)])
    assert code == 1 and "record.seal_mismatch" in err
    code, out, err = run_cli(["standings", str(good), "--json"])
    assert code == 0, err
    winner = lines(game)[0]["players"][lines(game)[0]["result"]["ranking"][0]]
    assert [p["name"] for p in json.loads(out)["players"] if p["wins"]] == [winner]


def test_a_game_counts_once_by_its_final_hash(game: bytes, tmp_path: Path) -> None:
    (tmp_path / "a.trajan.jsonl").write_bytes(game)
    (tmp_path / "copy.trajan.jsonl").write_bytes(game)
    code, out, err = run_cli(["standings", str(tmp_path), "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 1 and sum(p["games"] for p in data["players"]) == 2
    assert data["duplicates"] == [str(tmp_path / "copy.trajan.jsonl")]
    # Two records of one game that disagree (here a format-1 copy with other names) are refused.
    old = _edited(game, lambda h: [h.update(format=1, players={"red": "Bob", "green": "Ann"}),
                                   *(h.pop(k) for k in ("people", "answers", "stand_ins", "date", "seal"))])
    (tmp_path / "copy.trajan.jsonl").write_bytes(old)
    code, _, err = run_cli(["standings", str(tmp_path)])
    assert code == 1 and "standings.conflicting_records" in err


HOSTILE = ["Ann\n    1 Mallory                     99    99     99   99.00", "=HYPERLINK(\"http://x\")",
           "+1+1", "-2", "@SUM(A1)", "\tTab", "\rCR", " =spaced", "\uff1dwide"]


def _format1(seed: str, names: list[str]) -> bytes:
    """A format-1 record (unsealed: its names are whatever it says) of a bot game."""
    record = bot_record(seed, ["random"] * len(names), names)
    return _edited(record, lambda h: [h.update(format=1), *(h.pop(k) for k in (
        "people", "answers", "stand_ins", "date", "seal"))])


def test_names_are_escaped_in_the_table_and_never_start_a_formula_in_the_csv(tmp_path: Path) -> None:
    for k in range(0, len(HOSTILE), 3):
        record = _format1(f"hostile-{k}", HOSTILE[k:k + 3])
        assert verify_record(record, "r").ok  # a format-1 record's names are not bound
        (tmp_path / f"g{k}.trajan.jsonl").write_bytes(record)
    code, out, err = run_cli(["standings", str(tmp_path), "--ratings"])
    assert code == 0, err
    assert not any(line.lstrip().startswith("1 Mallory") for line in out.splitlines())
    assert "Ann\\u000a" in out and "\\u0009Tab" in out and "\\u000dCR" in out
    assert len(out.splitlines()) == 2 + 9 + 2 + 3 + 2 + 9  # no name adds a line (3 seat rows: 3 players)
    code, out, err = run_cli(["standings", str(tmp_path), "--csv", "--ratings"])
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    names = [r[1] for r in rows[1:] if r[0] in ("player", "rating")]
    assert len(names) == 2 * len(HOSTILE)
    for cell in names:
        assert not cell.lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d")), cell
        assert cell.startswith("'") or cell == HOSTILE[0]
    assert sum(c.startswith("'") for c in names) == 2 * (len(HOSTILE) - 1)
    assert "'=HYPERLINK(\"http://x\")" in names and "'-2" in names and "' =spaced" in names


def test_pack_takes_people_from_the_roster_and_names_and_a_date(tmp_path: Path) -> None:
    selfplay(2, "people-pack", ["random", "greedy"], tmp_path / "game" / "log")
    roster = tmp_path / "roster.toml"
    roster.write_text('[players.red]\nname = "Ann Roster"\naddress = "ann@example.org"\n'
                      '[players.green]\nname = "Bob Roster"\naddress = "bob@example.org"\n')
    out = tmp_path / "r.trajan.jsonl"
    code, _, err = run_cli(["pack", str(tmp_path / "game" / "log"), "-o", str(out), "--roster", str(roster),
                            "--name", "green=Bea", "--date", "2025-03-01T19:30:00+01:00"])
    assert code == 0, err
    header = lines(out.read_bytes())[0]
    assert header["people"] == {"red": "Ann Roster", "green": "Bea"}
    assert header["date"] == "2025-03-01T18:30:00Z"
    assert header["stand_ins"] == header["answers"]  # self-play: every order a stand-in's
    for args, code_wanted in ((["--name", "red=A\nB"], "args.name"), (["--date", "yesterday"], "args.date"),
                              (["--date", "2025-03-01T10:00:00"], "args.date")):
        code, _, err = run_cli(["pack", str(tmp_path / "game" / "log"), "-o", str(tmp_path / "x.jsonl"), *args])
        assert code == 2 and code_wanted in err, err
        assert not (tmp_path / "x.jsonl").exists()


def test_pack_takes_the_date_from_the_mail_judges_record(tmp_path: Path) -> None:
    selfplay(2, "people-judge", ["random", "random"], tmp_path / "game" / "log")
    steps = len(list((tmp_path / "game" / "log").glob("*-orders.json")))
    (tmp_path / "game" / "judge").mkdir()
    (tmp_path / "game" / "judge" / "state.json").write_text(json.dumps(
        {"format": 1, "opened": {"1": "2025-01-01T10:00:00+00:00", str(steps): "2025-02-03T23:30:00-02:00"}}))
    out = tmp_path / "r.trajan.jsonl"
    code, _, err = run_cli(["pack", str(tmp_path / "game" / "log"), "-o", str(out)])
    assert code == 0, err
    assert lines(out.read_bytes())[0]["date"] == "2025-02-04T01:30:00Z"


def test_format_1_records_still_verify_count_and_rate(tmp_path: Path) -> None:
    assert all(lines(p.read_bytes())[0]["format"] == 1 for p in EXAMPLE.glob("*.trajan.jsonl"))
    code, out, _ = run_cli(["verify", str(EXAMPLE)])
    assert code == 0, out
    code, out, err = run_cli(["standings", str(EXAMPLE), "--ratings", "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 24 and data["ratings"]["rated_games"] == 24
    assert {p["name"] for p in data["ratings"]["players"]} == {
        "Aurelia", "Brutus", "Cassia", "Decimus", "Livia", "Marcus"}
    shutil.copy(EXAMPLE / "game-001.trajan.jsonl", tmp_path / "old.trajan.jsonl")
    code, out, _ = run_cli(["verify", str(tmp_path / "old.trajan.jsonl")])
    assert code == 0, out


def test_a_judges_record_that_cannot_be_read_is_a_clear_problem(tmp_path: Path) -> None:
    selfplay(2, "people-judge-bad", ["random", "random"], tmp_path / "game" / "log")
    (tmp_path / "game" / "judge").mkdir()
    (tmp_path / "game" / "judge" / "state.json").write_text('{"opened": {"1": 5}}')
    code, _, err = run_cli(["pack", str(tmp_path / "game" / "log"), "-o", str(tmp_path / "r.trajan.jsonl")])
    assert code == 2 and "record.judge_state" in err and not (tmp_path / "r.trajan.jsonl").exists()
    code, _, err = run_cli(["pack", str(tmp_path / "game" / "log"), "-o", str(tmp_path / "r.trajan.jsonl"),
                            "--date", "2025-01-01"])
    assert code == 0, err


def test_ratings_without_openskill_ask_for_the_league_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "openskill.models", None)  # an import of it fails
    code, _, err = run_cli(["standings", str(EXAMPLE), "--ratings"])
    assert code == 2 and "league.no_openskill" in err and "trajan-adjudicator[league]" in err
