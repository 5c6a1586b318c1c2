"""Simultaneous decisions are revealed together (issue 27): while some deciders of the
people's demands have answered and others have not, the judge mails no player anything
about the game; once the last one has answered, every player's next mail holds every
answer.  The game is a self-played 3-player game in which two players must choose how to
meet the demands of a quarter; the judge is given its log up to one answer, then the rest.
"""

from __future__ import annotations

import json
import mailbox
import shutil
from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path

from adjudicator.logs.selfplay import selfplay
from adjudicator.mail.judge.run import run

SEED, BOTS = "reveal-30", ["greedy", "random", "greedy"]  # a quarter whose demands two players choose
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _pending(log: Path, step: int) -> dict[str, object]:
    raw = json.loads((log / f"{step:04d}-game.json").read_bytes())
    assert isinstance(raw, dict)
    return {"decision": raw["decision"], **raw["pending"]}


def _copy(full: Path, log: Path, steps: range) -> None:
    for k in steps:
        for path in full.glob(f"{k:04d}-*"):
            shutil.copy(path, log / path.name)


def test_answers_to_the_demands_reach_no_mail_before_all_are_given(tmp_path: Path) -> None:
    full = tmp_path / "full"
    selfplay(3, SEED, BOTS, full)
    last = max(int(p.name[:4]) for p in full.glob("*-game.json"))
    partial = next(k for k in range(last)
                   if _pending(full, k)["kind"] == "demands" and _pending(full, k)["answered"])
    done = next(k for k in range(partial, last) if _pending(full, k)["kind"] != "demands")
    decision = _pending(full, partial)["decision"]
    game = tmp_path / "game"
    (game / "log").mkdir(parents=True)
    _copy(full, game / "log", range(partial + 1))
    (game / "secret").write_bytes(b"a test secret of the game master, 32+ bytes")
    (game / "roster.toml").write_text("".join(f'[players.{c}]\nname = "{c}"\naddress = "{c}@example.org"\n'
                                              for c in ("red", "green", "blue")))
    (game / "judge.toml").write_text(
        'address = "judge@example.org"\nsecret_file = "secret"\npictures = "none"\n[inbox]\nkind = "maildir"\n'
        'path = "Maildir"\n[outbox]\nkind = "folder"\npath = "sent"\n[deadlines]\nenabled = false\n')
    mailbox.Maildir(game / "Maildir", create=True)
    run(game, NOW)  # the log's latest step is one answer of two
    assert not list((game / "sent").glob("*.eml")), "a mail went out while the demands were open"
    seen: set[str] = set()
    mails = []
    for k in range(partial + 1, done + 2):  # the last answer, then the step the quarter ends
        _copy(full, game / "log", range(k, k + 1))
        run(game, NOW)
        for path in sorted((game / "sent").glob("*.eml")):
            if path.name not in seen:
                seen.add(path.name)
                mails.append(message_from_bytes(path.read_bytes(), policy=policy.default))
    assert {str(m["To"]).split("<")[-1].strip(">") for m in mails} == {f"{c}@example.org" for c in
                                                                      ("red", "green", "blue")}
    choosers = [str(c) for c in _pending(full, partial - 1)["players"]]  # type: ignore[attr-defined]
    for colour in ("red", "green", "blue"):  # every answer in the player's mails of these steps
        text = "\n".join(m.get_body(("plain",)).get_content() for m in mails  # type: ignore[union-attr]
                         if f"{colour}@example.org" in str(m["To"]))
        for chooser in choosers:
            assert f"Decision {decision}: answered by {chooser}" in text, (colour, chooser)
