"""``verify`` and ``standings`` never show what a file they cannot use holds (issue 25,
item 11): a file that is neither a log, a record nor a list of them is refused by its kind,
naming only the file; a byte-order mark and a list line too long to be a path get their
own problems, never ``internal.error``."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.files import io
from adjudicator.game import fairstart
from adjudicator.records.replay import verify_record
from adjudicator.records.tournament import bot_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_LOG = ROOT / "examples" / "logs" / "2-players"
MARKER = "s3cret-marker-0f1e2d3c"  # what no output may show


def _problems(args: list[str]) -> tuple[int, list[dict[str, str]], str]:
    """The exit code, the JSON problems on stderr and everything printed."""
    r = CliRunner().invoke(app, [*args, "--json"])
    problems = json.loads(r.stderr) if r.stderr.strip().startswith("[") else []
    return r.exit_code, problems, r.stdout + r.stderr


def _game(tmp_path: Path) -> tuple[Path, list[str]]:
    """A game file, and the secrets it holds (the seed and the deck's order)."""
    f = tmp_path / "GAME.json"
    shutil.copy(EXAMPLE_LOG / "0000-game.json", f)
    data = json.loads(f.read_text())
    return f, [data["seed"], json.dumps(data["piles"]["deck"][:12])[1:-1]]


def _pending(tmp_path: Path) -> tuple[Path, list[str]]:
    f = tmp_path / "pending.json"
    pending = fairstart.propose(("red", "green"), MARKER + "-and-16-more-chars")
    f.write_bytes(io.canonical(pending))
    return f, [pending.secret]


def _environment(tmp_path: Path) -> tuple[Path, list[str]]:
    """A committed "record" that holds an environment (``/proc/self/environ``'s form)."""
    f = tmp_path / "env.trajan.jsonl"
    environ = {**os.environ, "CI_TOKEN": MARKER}
    f.write_bytes(b"\0".join(f"{k}={v}".encode() for k, v in environ.items()) + b"\0")
    return f, [MARKER, *(v for v in os.environ.values() if len(v) >= 12)]


def _dotenv(tmp_path: Path) -> tuple[Path, list[str]]:
    f = tmp_path / "secrets.trajan.jsonl"
    f.write_text(f"API_KEY={MARKER}\nPASSWORD=hunter2-{MARKER}\n")
    return f, [MARKER]


def _view(tmp_path: Path) -> tuple[Path, list[str]]:
    f = tmp_path / "view.json"
    view = max(EXAMPLE_LOG.glob("*-view-red.json"))
    shutil.copy(view, f)
    return f, [json.loads(view.read_text())["commitment"]]


def _binary(tmp_path: Path) -> tuple[Path, list[str]]:
    f = tmp_path / "blob.bin"
    f.write_bytes(b"\xff\xfe\x00" + MARKER.encode() + b"\x80\n")
    return f, [MARKER]


def _bad_json(tmp_path: Path) -> tuple[Path, list[str]]:
    f = tmp_path / "broken.json"
    f.write_text('{"secret": "' + MARKER + '", ')
    return f, [MARKER]


KINDS: dict[str, tuple[Callable[[Path], tuple[Path, list[str]]], str]] = {
    "a game file": (_game, "a game file"),
    "a pending fair start": (_pending, "a pending fair start"),
    "an environment as a record": (_environment, "text with control characters"),
    "a secrets file as a record": (_dotenv, "a text file"),
    "a player's view": (_view, "a player's view"),
    "binary data": (_binary, "not UTF-8 text"),
    "broken JSON": (_bad_json, "a file that is not valid JSON"),
}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("command", ["verify", "standings"])
def test_a_file_of_another_kind_is_refused_by_kind_and_never_shown(tmp_path: Path, kind: str,
                                                                    command: str) -> None:
    make, said = KINDS[kind]
    f, secrets = make(tmp_path)
    code, problems, printed = _problems([command, str(f)])
    assert code == 2 and [(p["code"], p["file"], p["path"]) for p in problems] == [
        ("verify.wrong_kind", str(f), "$")], printed
    assert f"This is {said}" in problems[0]["message"]
    for secret in secrets:
        assert secret not in printed
    # The same file in a list (and in a list of lists) is refused the same way.
    listing = tmp_path / "list.txt"
    listing.write_text(f"# games\n{f.name}\n")
    again = tmp_path / "lists.txt"
    again.write_text("list.txt\n")
    code, problems, printed = _problems([command, str(again)])
    assert code == 2 and [p["code"] for p in problems] == ["verify.wrong_kind"], printed
    assert all(secret not in printed for secret in secrets)


def test_a_file_of_another_kind_is_refused_as_the_log_of_witnesses(tmp_path: Path) -> None:
    f, secrets = _game(tmp_path)
    report = tmp_path / "report.md"
    shutil.copy(EXAMPLE_LOG / "0001-report.md", report)
    code, problems, printed = _problems(["verify", str(f), "--witness", str(report)])
    assert code == 2 and [p["code"] for p in problems] == ["verify.wrong_kind"], printed
    assert all(secret not in printed for secret in secrets)


@pytest.fixture(scope="module")
def record() -> bytes:
    return bot_record("kinds", ["random", "random"])


@pytest.mark.parametrize("command", ["verify", "standings"])
def test_a_record_or_a_list_with_a_byte_order_mark(tmp_path: Path, record: bytes, command: str) -> None:
    bom = tmp_path / "bom.trajan.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + record)
    listing = tmp_path / "bom-list.txt"
    listing.write_bytes(b"\xef\xbb\xbf" + b"good.trajan.jsonl\n")
    (tmp_path / "good.trajan.jsonl").write_bytes(record)
    code, problems, printed = _problems([command, str(bom), str(listing)])
    assert code == 2 and [(p["code"], p["file"]) for p in problems] == [
        ("input.bom", str(bom)), ("input.bom", str(listing))], printed
    assert "internal.error" not in printed


def test_a_record_with_a_byte_order_mark_read_from_its_contents(record: bytes) -> None:
    result = verify_record(b"\xef\xbb\xbf" + record, "r.trajan.jsonl")
    assert [(p.code, p.path) for p in result.problems] == [("input.bom", "$")]


@pytest.mark.parametrize("command", ["verify", "standings"])
def test_a_list_line_too_long_for_a_path(tmp_path: Path, record: bytes, command: str) -> None:
    (tmp_path / "good.trajan.jsonl").write_bytes(record)
    listing = tmp_path / "list.txt"
    listing.write_text("good.trajan.jsonl\n" + "x" * 256 + "\n" + "y" * 255 + "\n")
    code, problems, printed = _problems([command, str(listing)])
    assert code == 2 and [(p["code"], p["path"]) for p in problems] == [
        ("verify.list_line_too_long", "line 2"), ("verify.list_entry_missing", "line 3")], printed
    assert "x" * 256 not in printed and "y" * 255 not in printed
    listing.write_text("x" * 300 + "\n")  # nothing else: not a list at all, and why
    code, problems, _ = _problems([command, str(listing)])
    assert [(p["code"], p["path"]) for p in problems] == [("verify.wrong_kind", "$"),
                                                          ("verify.list_line_too_long", "line 1")]


def test_a_list_entry_that_names_nothing_is_named_by_its_line(tmp_path: Path, record: bytes) -> None:
    (tmp_path / "good.trajan.jsonl").write_bytes(record)
    listing = tmp_path / "list.txt"
    listing.write_text(f"good.trajan.jsonl\n\n# a comment\ngone-{MARKER}.trajan.jsonl\n")
    code, problems, printed = _problems(["verify", str(listing)])
    assert code == 2 and [(p["code"], p["file"], p["path"]) for p in problems] == [
        ("verify.list_entry_missing", str(listing), "line 4")], printed
    assert MARKER not in printed
    listing.write_text("good.trajan.jsonl\n")
    assert _problems(["verify", str(listing)])[0] == 0


def test_lists_nest_at_most_four_deep(tmp_path: Path, record: bytes) -> None:
    (tmp_path / "good.trajan.jsonl").write_bytes(record)
    previous = "good.trajan.jsonl"
    for depth in range(1, 6):
        (tmp_path / f"list{depth}.txt").write_text(previous + "\n")
        previous = f"list{depth}.txt"
    assert _problems(["verify", str(tmp_path / "list4.txt")])[0] == 0
    code, problems, _ = _problems(["verify", str(tmp_path / "list5.txt")])
    assert code == 2 and [(p["code"], Path(p["file"]).name) for p in problems] == [
        ("verify.list_too_deep", "list1.txt")]


def test_a_path_too_long_to_look_up(tmp_path: Path) -> None:
    code, problems, printed = _problems(["verify", str(tmp_path / ("z" * 300))])
    assert code == 2 and [p["code"] for p in problems] == ["input.unreadable"], printed


def test_an_empty_list_names_nothing_to_verify(tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text("# nothing yet\n\n")
    code, problems, _ = _problems(["verify", str(listing)])
    assert code == 2 and [p["code"] for p in problems] == ["verify.wrong_kind"]
