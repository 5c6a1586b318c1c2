"""Every ``judge.*`` problem code the mail judge produces, each made to happen once (issue 25).

One case per code: each builds the situation the code is for and asserts that exactly
that code comes out.  :func:`test_every_judge_code_in_the_code_has_a_case` reads every
string literal of ``adjudicator/`` and fails if a ``judge.*`` code appears there that this
table does not cover (or if one is built at run time, where no test could find it).
"""

from __future__ import annotations

import ast
import mailbox
import shutil
import socket
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.mail.judge.route import run_many
from adjudicator.mail.judge.run import run
from tests.judgeplay import ADDRESSES, make_gamedir, needs_answer, reply, sent_mails, token

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MAILDIR, FOLDER = 'kind = "maildir"\npath = "../Maildir"', 'kind = "folder"\npath = "../sent"'
ROOT = Path(__file__).resolve().parent.parent


def _game(tmp_path: Path, inbox: str = MAILDIR, outbox: str = FOLDER, name: str = "game") -> Path:
    mailbox.Maildir(tmp_path / "Maildir", create=True)
    make_gamedir(tmp_path / name, "codes", inbox, outbox)
    return tmp_path / name


def _settings(tmp_path: Path) -> list[str]:
    game = _game(tmp_path)
    (game / "judge.toml").write_text((game / "judge.toml").read_text() + "[deadlines]\nhours = 0\n")
    with pytest.raises(Malformed) as refused:
        run(game, NOW)
    return [p.code for p in refused.value.problems]


def _inbox(tmp_path: Path) -> list[str]:
    game = _game(tmp_path, inbox='kind = "maildir"\npath = "../no-such-Maildir"')
    with pytest.raises(Malformed) as refused:
        run(game, NOW)
    return [p.code for p in refused.value.problems]


def _outbox(tmp_path: Path) -> list[str]:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    game = _game(tmp_path, outbox=f'kind = "smtp"\nhost = "127.0.0.1"\nport = {port}\nsecurity = "none"')
    with pytest.raises(Malformed) as refused:
        run(game, NOW)
    assert len(list((game / "judge" / "outbox").glob("*.eml"))) == 2  # kept for the next run
    return [p.code for p in refused.value.problems]


def _same_game(tmp_path: Path) -> list[str]:
    game = _game(tmp_path)
    shutil.copytree(game, tmp_path / "copy")
    with pytest.raises(Malformed) as refused:
        run_many([game, tmp_path / "copy"], NOW)
    return [p.code for p in refused.value.problems]


def _not_your_colour(tmp_path: Path) -> list[str]:
    """Red, with red's own token, sends green's orders: refused, with this code in the refusal."""
    game = _game(tmp_path)
    box = mailbox.Maildir(tmp_path / "Maildir", create=False)
    run(game, NOW)
    game_id = str(next(m for m in sent_mails(tmp_path))["X-Trajan-Game"])
    green = next(m for m in sent_mails(tmp_path) if m["X-Trajan-Player"] == "green" and needs_answer(m))
    box.add(reply(green, "green", sender=ADDRESSES["red"],
                  token_text=f"token {token(game_id, 'red')}").as_bytes())
    assert run(game, NOW).counts["refused (orders)"] == 1
    text = sent_mails(tmp_path)[-1].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    return [word.strip("[]") for word in text.split() if word.startswith("[judge.")]


CASES: dict[str, Callable[[Path], list[str]]] = {
    "judge.settings": _settings,
    "judge.inbox": _inbox,
    "judge.outbox": _outbox,
    "judge.same_game": _same_game,
    "judge.not_your_colour": _not_your_colour,
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_judge_code_is_produced_by_its_situation(code: str, tmp_path: Path) -> None:
    assert CASES[code](tmp_path) == [code]


# File names that look like codes.
NOT_CODES = {"judge.toml"}


def _judge_literals() -> tuple[set[str], list[str]]:
    """Every ``judge.*`` string literal of the package, and the f-strings that start one."""
    found: set[str] = set()
    built: list[str] = []
    for path in sorted((ROOT / "adjudicator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= {w for w in node.value.split() if w.startswith("judge.") and w.rstrip(".,") == w}
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant) \
                    and str(node.values[0].value).startswith("judge.") and len(node.values) > 1:
                built.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return {w for w in found if w not in NOT_CODES}, built


def test_every_judge_code_in_the_code_has_a_case() -> None:
    codes, built = _judge_literals()
    assert not built, f"judge codes built at run time (write them as literals): {built}"
    assert codes, "no judge code found: the scan is broken"
    assert codes == set(CASES), f"codes without a case: {sorted(codes - set(CASES))}; " \
                                f"cases for no code: {sorted(set(CASES) - codes)}"
