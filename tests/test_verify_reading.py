"""``trajan verify`` reads a log's files the short way (:mod:`adjudicator.logs.logfiles`)
with the same verdict as the long way: every file that is not exactly what the log
writes is still read, compared and refused as ``io`` refuses it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import msgspec
import pytest

from adjudicator.errors import Malformed
from adjudicator.files import io
from adjudicator.logs import logfiles
from adjudicator.logs.selfplay import selfplay
from adjudicator.logs.verify import verify_log


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("reading") / "log"
    selfplay(2, "verify-reading", ["random", "random"], log)
    return log


@pytest.fixture
def log(played: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "log"
    shutil.copytree(played, copy)
    return copy


def _failure(log: Path) -> tuple[str, str, str]:
    result = verify_log(log)
    assert not result.ok
    p = result.problems[0]
    return Path(p.file or "").name, p.code, p.path


def test_order_files_written_another_way_still_verify(log: Path) -> None:
    for f in log.glob("*-orders.json"):
        f.write_bytes(b" " + msgspec.json.encode(msgspec.json.decode(f.read_bytes())) + b"\r\n")
    result = verify_log(log)
    assert result.ok and result.game_over, result.problems


def test_an_order_file_with_a_duplicate_key_is_refused(log: Path) -> None:
    f = log / "0012-orders.json"
    f.write_bytes(f.read_bytes().replace(b'  "player": ', b'  "player": "red",\n  "player": ', 1))
    assert _failure(log) == ("0012-orders.json", "input.duplicate_key", "$")


@pytest.mark.parametrize(("field", "value", "code"), [
    ("decision", 10**16, "input.number_too_large"),
    ("written_by", "x" * 1200, "input.too_long"),
])
def test_a_canonical_order_file_beyond_a_limit_is_refused(log: Path, field: str, value: object,
                                                          code: str) -> None:
    f = log / "0012-orders.json"
    orders = msgspec.structs.replace(io.load_orders(f.read_bytes()), **{field: value})
    f.write_bytes(io.encode_orders(orders))  # what the model accepts, written canonically
    assert _failure(log) == ("0012-orders.json", code, f"$.{field}")


@pytest.mark.parametrize("edit", ["same_size", "one_more_byte", "one_less_byte"])
def test_a_report_changed_by_one_byte_is_a_divergence(log: Path, edit: str) -> None:
    f = log / "0030-report-red.md"
    data = f.read_bytes()
    data = {"same_size": data[:-2] + b"?\n", "one_more_byte": data + b"\n",
            "one_less_byte": data[:-1]}[edit]
    f.write_bytes(data)
    name, code, _ = _failure(log)
    assert (name, code) == ("0030-report-red.md", "verify.report_mismatch")


def test_a_folder_in_place_of_a_report_is_refused(log: Path) -> None:
    f = log / "0030-report.md"
    f.unlink()
    f.mkdir()
    assert _failure(log) == ("0030-report.md", "input.not_a_file", "$")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("kind", ["orders", "view"])
def test_a_fifo_in_place_of_a_file_is_refused_unread(log: Path, kind: str) -> None:
    last = max(int(f.name[:4]) for f in log.glob("*-game.json"))
    name = {"orders": "0007-orders.json", "view": f"{last:04d}-view-red.json"}[kind]
    (log / name).unlink()
    os.mkfifo(log / name)  # nobody writes to it: reading it would wait forever
    assert _failure(log) == (name, "input.special_file", "$")


def test_read_gives_what_io_gives(tmp_path: Path) -> None:
    f = tmp_path / "a.json"
    for data in (b"", b"{}", b"x" * 70_000):
        f.write_bytes(data)
        assert logfiles.read(str(f)) == io.read_bytes(str(f)) == data
    for path in (tmp_path / "missing.json", tmp_path):
        with pytest.raises(Malformed) as refused:
            logfiles.read(str(path))
        with pytest.raises(Malformed) as too:
            io.read_bytes(str(path))
        assert refused.value.problems == too.value.problems


def test_holds(tmp_path: Path) -> None:
    f = tmp_path / "a.md"
    f.write_bytes(b"abc\n")
    assert logfiles.holds(str(f), b"abc\n") is True
    assert logfiles.holds(str(f), b"abd\n") is False
    assert logfiles.holds(str(f), b"abc") is False
    assert logfiles.holds(str(tmp_path), b"") is False
    assert logfiles.holds(str(tmp_path / "missing.md"), b"") is None


def test_a_link_in_place_of_a_report_is_followed_as_io_follows_it(log: Path, tmp_path: Path) -> None:
    f = log / "0030-report.md"
    kept = tmp_path / "kept.md"
    kept.write_bytes(f.read_bytes())
    f.unlink()
    f.symlink_to(kept)
    assert verify_log(log).ok
    kept.write_bytes(kept.read_bytes().replace(b"VP", b"VP!", 1))
    assert _failure(log)[:2] == ("0030-report.md", "verify.report_mismatch")


def test_a_file_listed_as_regular_is_opened_without_following_a_link(tmp_path: Path) -> None:
    f, link = tmp_path / "a.md", tmp_path / "b.md"
    f.write_bytes(b"abc\n")
    link.symlink_to(f)
    assert logfiles.listing(str(tmp_path)) == {"a.md": True, "b.md": False}
    assert logfiles.holds(str(f), b"abc\n", listed=True) is True
    assert logfiles.holds(str(link), b"abc\n", listed=False) is True
    # A link put where the listing showed a regular file: not followed, so not the same
    # (io.read_bytes then reads it the long way).
    assert logfiles.holds(str(link), b"abc\n", listed=True) is False
    assert logfiles.read(str(link), listed=True) == b"abc\n"
    assert logfiles.holds(str(tmp_path / "gone.md"), b"", listed=True) is None


def test_adjudicate_encoded_gives_adjudicates_state_and_exactly_its_encoding(played: Path) -> None:
    from adjudicator.game.engine import adjudicate, adjudicate_encoded

    state = io.load_game((played / "0000-game.json").read_bytes())
    for f in sorted(played.glob("*-orders.json")):
        orders = io.load_orders(f.read_bytes())
        outcome, compact = adjudicate_encoded(state, orders)
        assert outcome == adjudicate(state, orders)
        assert compact == msgspec.json.encode(outcome.state)
        assert io.encode_state(outcome.state, compact) == (played / f.name.replace("orders", "game")).read_bytes()
        state = outcome.state
