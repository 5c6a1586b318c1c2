"""One judge mailbox serving two games (``trajan mail run A B``) over a local Maildir:
orders go to the game whose token they carry, a wrong token from a player of both games
is refused once naming no game, ``resend`` goes to the game the message names, duplicates
are skipped across runs, and games with different inboxes are refused."""

from __future__ import annotations

import mailbox
import subprocess
import sys
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.mail.judge.route import NO_GAME, run_many
from tests.judgeplay import JUDGE, needs_answer, reply, sent_mails, token
from tests.mailtext import text_of

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
RHEA, GAIUS, GINA = "rhea@example.org", "gaius@example.org", "gina@example.org"  # Rhea plays in both


def _two_games(tmp_path: Path) -> tuple[Path, Path, str, str, mailbox.Maildir]:
    from tests.judgeplay import make_gamedir

    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    inbox, outbox = 'kind = "maildir"\npath = "../Maildir"', 'kind = "folder"\npath = "../sent"'
    a_id = make_gamedir(tmp_path / "a", "multi-a", inbox, outbox, addresses={"red": RHEA, "green": GAIUS})
    b_id = make_gamedir(tmp_path / "b", "multi-b", inbox, outbox, addresses={"red": RHEA, "green": GINA})
    return tmp_path / "a", tmp_path / "b", a_id, b_id, box


def _run(*folders: Path, at: datetime = NOW) -> dict[str, dict[str, int]]:
    return {Path(label).name if label != NO_GAME else label: s.counts
            for label, s in run_many(list(folders), at)}


def _mail(tmp_path: Path, game_id: str, address: str) -> EmailMessage:
    return [m for m in sent_mails(tmp_path) if parseaddr(str(m["To"]))[1] == address
            and game_id in str(m["Subject"])][-1]


def _decider(tmp_path: Path, game_id: str, roster: dict[str, str]) -> tuple[str, EmailMessage]:
    return next((c, m) for c, a in roster.items() if needs_answer(m := _mail(tmp_path, game_id, a)))


def _steps(game: Path) -> int:
    return len(list((game / "log").glob("*-game.json"))) - 1


def _plain(sender: str, subject: str, text: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, JUDGE, subject
    message.set_content(text)
    return message.as_bytes()


def test_orders_go_to_the_game_whose_token_they_carry_and_duplicates_are_skipped(tmp_path: Path) -> None:
    a, b, a_id, b_id, box = _two_games(tmp_path)
    assert _run(b, a) == {"a": {"mails sent": 2}, "b": {"mails sent": 2}}  # in sorted order
    answers = []
    for game_id, roster in ((a_id, {"red": RHEA, "green": GAIUS}), (b_id, {"red": RHEA, "green": GINA})):
        colour, mail = _decider(tmp_path, game_id, roster)
        answers.append(reply(mail, colour, sender=roster[colour]))  # type: ignore[arg-type]
        box.add(answers[-1].as_bytes())
    box.add(answers[0].as_bytes())  # a duplicate delivery
    counts = _run(a, b)
    assert counts["a"]["accepted"] == 1 and counts["b"]["accepted"] == 1
    assert counts["a"]["duplicates skipped"] == 1 and _steps(a) == 1 and _steps(b) == 1
    for answer in answers:  # delivered again in a later run: known to the game that took it
        box.add(answer.as_bytes())
    assert _run(a, b) == {"a": {"duplicates skipped": 1}, "b": {"duplicates skipped": 1}}
    assert _steps(a) == 1 and _steps(b) == 1


def test_a_wrong_token_from_a_player_of_both_games_is_refused_once_naming_no_game(tmp_path: Path) -> None:
    a, b, a_id, b_id, box = _two_games(tmp_path)
    _run(a, b)
    mail = _mail(tmp_path, a_id, RHEA)
    forged = reply(mail, "red", token_text="token aaaaaaaaaaaaaaaa").as_bytes()
    box.add(forged)
    box.add(reply(_mail(tmp_path, b_id, GINA), "green", sender=GINA, token_text="").as_bytes())  # Gina plays only in B
    box.add(reply(mail, "red", sender="mallory@example.net").as_bytes())
    before = len(sent_mails(tmp_path))
    counts = _run(a, b)
    assert counts[NO_GAME] == {"refused (token)": 1, "ignored (unknown sender)": 1}
    assert counts["b"]["refused (token)"] == 1 and _steps(a) == 0 and _steps(b) == 0
    new = sent_mails(tmp_path)[before:]
    assert sorted(parseaddr(str(m["To"]))[1] for m in new) == [GINA, RHEA]
    for m in new:
        assert a_id not in m.as_string() and b_id not in m.as_string() and "token" in text_of(m)
    box.add(forged)  # the same message again: not answered twice
    assert _run(a, b) == {"a": {"duplicates skipped": 1}, "b": {}}
    assert len(sent_mails(tmp_path)) == before + 2


def test_resend_goes_to_the_game_the_message_names_else_a_hint(tmp_path: Path) -> None:
    a, b, a_id, b_id, box = _two_games(tmp_path)
    _run(a, b)
    latest_b = _mail(tmp_path, b_id, RHEA)
    both = f"token {token(a_id, 'red')}\ntoken {token(b_id, 'red')}\n"  # a request carries tokens too
    box.add(_plain(RHEA, f"{b_id}: resend", "please\n" + both))
    box.add(_plain(RHEA, "Re: " + str(latest_b["Subject"]), "resend\n\n> " + both.replace("\n", "\n> ")))
    box.add(_plain(GAIUS, "resend", f"please\ntoken {token(a_id, 'green')}\n"))  # Gaius plays only in A
    counts = _run(a, b)
    assert counts["b"] == {"resent": 2, "mails sent": 2} and counts["a"] == {"resent": 1, "mails sent": 1}
    again = sent_mails(tmp_path)[-3:]
    assert [text_of(m) for m in again if parseaddr(str(m["To"]))[1] == RHEA] == [text_of(latest_b)] * 2
    before = len(sent_mails(tmp_path))
    box.add(_plain(RHEA, "resend", "please, Rhea\n" + both))  # which game? a hint that names none
    counts = _run(a, b)
    assert counts[NO_GAME] == {"refused (which game?)": 1}
    (hint,) = sent_mails(tmp_path)[before:]
    assert parseaddr(str(hint["To"]))[1] == RHEA and "which" in text_of(hint)
    assert a_id not in hint.as_string() and b_id not in hint.as_string()
    box.add(_plain(RHEA, f"{b_id}: resend", "no token\n"))  # without a token: one short note, no full mail
    box.add(_plain(RHEA, f"{a_id}: resend", "no token again\n"))
    counts = _run(a, b)
    assert counts[NO_GAME] == {"refused (token)": 2}
    assert counts["a"] == {"notes held back (one a day)": 1, "mails sent": 1}
    (note,) = sent_mails(tmp_path)[before + 1:]
    assert "resend" in text_of(note) and a_id not in note.as_string() and b_id not in note.as_string()


def test_tokens_of_both_games_in_one_message_go_by_the_game_it_names(tmp_path: Path) -> None:
    a, b, a_id, b_id, box = _two_games(tmp_path)
    _run(a, b)
    colour, mail = _decider(tmp_path, b_id, {"red": RHEA, "green": GINA})
    assert colour == "red"  # with this seed Rhea decides first in game B
    answer = reply(mail, "red")  # B's token line, quoted and copied
    answer["X-Trajan-Token"] = token(a_id, "red")  # and A's token too
    box.add(answer.as_bytes())  # the subject names game B
    counts = _run(a, b)
    assert counts["b"]["accepted"] == 1 and _steps(b) == 1 and _steps(a) == 0, counts


def test_games_with_different_inboxes_or_addresses_are_refused(tmp_path: Path) -> None:
    a, b, _, _, _ = _two_games(tmp_path)
    settings = (b / "judge.toml").read_text()
    (b / "judge.toml").write_text(settings.replace("../Maildir", "../Other").replace(JUDGE, "j2@example.org"))
    with pytest.raises(Malformed) as refused:
        run_many([a, b], NOW)
    assert {(p.code, p.path, p.file) for p in refused.value.problems} == {
        ("judge.settings", "$.address", str(b / "judge.toml")),
        ("judge.settings", "$.inbox.path", str(b / "judge.toml"))}
    assert not (a / "judge").exists() and not (b / "judge").exists()
    done = subprocess.run([sys.executable, "-m", "adjudicator", "mail", "run", str(a), str(b), "--once"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "judge.settings" in done.stderr and "inbox.path" in done.stderr
    assert str(b / "judge.toml") in done.stderr and "Traceback" not in done.stderr


def test_the_command_runs_several_games_and_prints_a_line_for_each(tmp_path: Path) -> None:
    a, b, _, _, _ = _two_games(tmp_path)
    done = subprocess.run([sys.executable, "-m", "adjudicator", "mail", "run", str(b), str(a), str(a),
                           "--once", "--now", "2026-03-02T09:00"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"2026-03-02T09:00:00+00:00: {a}: 2 mails sent",
                                        f"2026-03-02T09:00:00+00:00: {b}: 2 mails sent"]



def test_locks_are_taken_in_sorted_order_and_deadlines_run_per_game(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import contextmanager
    from datetime import timedelta

    from adjudicator.files import lock
    from adjudicator.mail.judge import route

    a, b, _, _, _ = _two_games(tmp_path)
    for game in (a, b):
        (game / "judge.toml").write_text((game / "judge.toml").read_text() + "[deadlines]\nhours = 2\n"
                                         "remind_hours = 1\n")
    order: list[str] = []

    @contextmanager
    def noting(path: str, wait: float = lock.WAIT_SECONDS):  # type: ignore[no-untyped-def]
        order.append(Path(path).name)
        with lock.locked(path, wait):
            yield
    monkeypatch.setattr(route, "locked", noting)
    _run(b, a)
    assert order == ["a", "b"]
    reminded = _run(b, a, at=NOW + timedelta(minutes=90))
    assert reminded["a"]["reminders"] == 1 and reminded["b"]["reminders"] == 1
    counts = _run(a, b, at=NOW + timedelta(hours=3))
    assert counts["a"].get("answered by the bot at the deadline", 0) >= 1
    assert counts["b"].get("answered by the bot at the deadline", 0) >= 1
    assert _steps(a) >= 1 and _steps(b) >= 1 and order == ["a", "b"] * 3


def test_a_reply_with_another_games_token_is_told_which_game_that_token_is_for(tmp_path: Path) -> None:
    """Rhea answers game A's mail but copies her token of game B (issue 27, item 8): the
    message goes to B (its token), and B's refusal says whose token it carried."""
    a, b, a_id, b_id, box = _two_games(tmp_path)
    _run(a, b)
    mail = _mail(tmp_path, a_id, RHEA)
    box.add(reply(mail, "red", token_text=f"token {token(b_id, 'red')}").as_bytes())
    before = len(sent_mails(tmp_path))
    counts = _run(a, b)
    assert counts["b"] == {"refused (orders)": 1, "mails sent": 1} and _steps(a) == 0 and _steps(b) == 0
    (refusal,) = sent_mails(tmp_path)[before:]
    said = " ".join(text_of(refusal).split())
    assert parseaddr(str(refusal["To"]))[1] == RHEA
    assert f"The token in your message is your token for the game {b_id} (where you play red)" in said
    assert a_id[:11] in said  # the game the orders name
