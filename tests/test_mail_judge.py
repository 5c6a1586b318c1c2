"""The mail judge's core over a local Maildir and a folder outbox (issue 18): tokens,
refusals, receipts, the processed record, resend, the crash rules and the lock."""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.mail.judge import record
from adjudicator.mail.judge.run import run
from tests.judgeplay import ADDRESSES, is_player_mail, make_gamedir, needs_answer, reply, sent_mails, token

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


def _folder_game(tmp_path: Path) -> tuple[Path, str, mailbox.Maildir]:
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    game = tmp_path / "game"
    game_id = make_gamedir(game, "judge-core", 'kind = "maildir"\npath = "../Maildir"',
                           'kind = "folder"\npath = "../sent"')
    return game, game_id, box


def _to(mails: list[EmailMessage], colour: str) -> list[EmailMessage]:
    return [m for m in mails if parseaddr(str(m["To"]))[1] == ADDRESSES[colour]]


def _steps(game: Path) -> int:
    return len(list((game / "log").glob("*-game.json"))) - 1


def test_first_mails_carry_the_token_and_a_reply_is_accepted_once(tmp_path: Path) -> None:
    game, game_id, box = _folder_game(tmp_path)
    assert "mails sent" in run(game, NOW).counts
    first = {c: _to(sent_mails(tmp_path), c)[-1] for c in ADDRESSES}
    for colour, mail in first.items():
        assert f"token {token(game_id, colour)}" in mail.get_body(("plain",)).get_content()
        assert token(game_id, "red" if colour == "green" else "green") not in mail.as_string()
    colour = next(c for c, m in first.items() if needs_answer(m))
    answer = reply(first[colour], colour)  # type: ignore[arg-type]
    box.add(answer.as_bytes())
    box.add(answer.as_bytes())  # a duplicate delivery
    summary = run(game, NOW)
    assert summary.counts["accepted"] == 1 and summary.counts["duplicates skipped"] == 1
    assert _steps(game) == 1
    mails = _to(sent_mails(tmp_path), colour)
    receipt = next(m for m in mails if "was accepted" in m.get_body(("plain",)).get_content())
    assert receipt["In-Reply-To"] == answer["Message-ID"]  # threaded to the player's message
    # Step 1 is one answer of a simultaneous decision: nothing of it reaches a player's mail yet.
    assert sum(is_player_mail(m) for m in sent_mails(tmp_path)) == 2  # the start's only
    # The same message again, as a new delivery after the first was marked seen: skipped.
    box.add(answer.as_bytes())
    assert run(game, NOW).counts == {"duplicates skipped": 1}
    assert _steps(game) == 1


def test_a_forged_sender_and_a_wrong_token_are_refused_at_the_registered_address(tmp_path: Path) -> None:
    game, game_id, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    before = len(sent_mails(tmp_path))
    box.add(reply(mail, colour, token_text="").as_bytes())  # type: ignore[arg-type]
    box.add(reply(mail, colour, token_text="token aaaaaaaaaaaaaaaa").as_bytes())  # type: ignore[arg-type]
    box.add(reply(mail, colour, sender="mallory@example.net").as_bytes())  # type: ignore[arg-type]
    summary = run(game, NOW)
    assert summary.counts["refused (token)"] == 2 and summary.counts["ignored (unknown sender)"] == 1
    assert summary.counts["notes held back (one a day)"] == 1  # one note a day to an address (issue 25)
    assert _steps(game) == 0
    new = sent_mails(tmp_path)[before:]
    assert [parseaddr(str(m["To"]))[1] for m in new] == [ADDRESSES[colour]]
    for m in new:
        text = m.get_body(("plain",)).get_content()
        assert game_id not in text and "token" in text and "decision" not in text


def test_bad_orders_get_their_problems_and_resend_sends_the_latest_mail(tmp_path: Path) -> None:
    game, game_id, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    bad = reply(mail, colour)  # type: ignore[arg-type]
    body = bad.get_body(("plain",)).get_content().replace("END ORDERS", "sow milatary red\nEND ORDERS")
    bad.set_content(body)
    box.add(bad.as_bytes())
    ask = EmailMessage()
    ask["From"], ask["To"], ask["Subject"] = ADDRESSES[colour], "judge@example.org", "resend"
    ask.set_content(f"please\ntoken {token(game_id, colour)}\n")  # a request carries the token too
    box.add(ask.as_bytes())
    summary = run(game, NOW)
    assert summary.counts["refused (orders)"] == 1 and summary.counts["resent"] == 1
    refusal, again = sent_mails(tmp_path)[-2:]
    said = " ".join(refusal.get_body(("plain",)).get_content().split())
    assert "were refused" in said and '"milatary"' in said and 'Did you mean "military"?' in said
    assert refusal["In-Reply-To"] == bad["Message-ID"] and "body line" not in said and "$." not in said
    assert again.get_body(("plain",)).get_content() == mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert again["Message-ID"] != mail["Message-ID"]
    assert _steps(game) == 0


def test_a_crash_after_the_log_or_before_sending_loses_nothing(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
    real_write = record.Commit.write

    def crash(self: record.Commit) -> None:
        raise KeyboardInterrupt  # the process dies after the log step, before the record
    monkeypatch.setattr(record.Commit, "write", crash)
    with pytest.raises(KeyboardInterrupt):
        run(game, NOW)
    assert _steps(game) == 1 and record.load_state(game).mailed == 0
    monkeypatch.setattr(record.Commit, "write", real_write)
    sent_before = len(sent_mails(tmp_path))
    from adjudicator.mail.judge import outbox

    def die(self: outbox.FolderSink, message: EmailMessage) -> None:
        raise KeyboardInterrupt  # dies after the record, before sending
    monkeypatch.setattr(outbox.FolderSink, "send", die)
    with pytest.raises(KeyboardInterrupt):
        run(game, NOW)
    assert _steps(game) == 1 and record.load_state(game).mailed == 1
    # The receipt was journaled (the step is one answer of the simultaneous initial
    # markers: no player's mail reveals it yet); the message is known as applied by the log.
    assert len(record.pending(game)) == 1
    monkeypatch.undo()
    summary = run(game, NOW)
    assert summary.counts == {"mails sent": 1, "duplicates skipped": 1}
    assert len(sent_mails(tmp_path)) == sent_before + 1 and _steps(game) == 1


def test_json_orders_carry_the_token_beside_them(tmp_path: Path) -> None:
    from adjudicator.files import io
    from adjudicator.logs.absent import absent_orders
    from tests.judgeplay import view_in

    game, game_id, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    order = absent_orders(io.load_view(view_in(mail)), colour, "random", "json")  # type: ignore[arg-type]
    answer = EmailMessage()
    answer["From"], answer["To"], answer["Subject"] = ADDRESSES[colour], "judge@example.org", "orders"
    answer.set_content(io.encode_orders(order).decode() + f"\ntoken {token(game_id, colour)}\n")
    box.add(answer.as_bytes())
    assert run(game, NOW).counts["accepted"] == 1 and _steps(game) == 1


def test_two_runs_at_once_take_turns_and_a_hung_one_makes_the_other_give_up(tmp_path: Path) -> None:
    import subprocess
    import sys

    from adjudicator.errors import Malformed
    from adjudicator.files import lock

    game, _, _ = _folder_game(tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, os, sys, time\n"
                               f"fd = os.open({str(game)!r}, os.O_RDONLY)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
                               "print('locked', flush=True)\ntime.sleep(60)\n"], stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"locked\n"
        original = lock.WAIT_SECONDS
        with pytest.raises(Malformed) as refused:  # how long it waits: trajan bench (lock_refusal_s)
            with lock.locked(str(game), wait=0.5):
                pass
        assert [p.code for p in refused.value.problems] == ["output.locked"]
        assert original == lock.WAIT_SECONDS
        assert not (game / "judge").exists()
    finally:
        holder.kill()  # the holder dies: the kernel releases its lock, no stale lock is left
        holder.wait()
    assert "mails sent" in run(game, NOW).counts


def test_deadlines_skip_weekends_when_asked() -> None:
    from datetime import timedelta

    from adjudicator.mail.judge.deadlines import due

    friday = datetime(2026, 3, 6, 18, 0, tzinfo=UTC)
    assert due(friday, 48, True) == friday + timedelta(hours=48)
    assert due(friday, 48, False) == datetime(2026, 3, 10, 18, 0, tzinfo=UTC)  # Tuesday
    saturday = datetime(2026, 3, 7, 12, 0, tzinfo=UTC)
    assert due(saturday, 24, False) == datetime(2026, 3, 10, 0, 0, tzinfo=UTC)


def test_weekends_fall_in_the_games_time_zone_and_summer_time_moves_no_deadline() -> None:
    from datetime import timedelta

    from adjudicator.mail.judge.deadlines import due, zone

    tokyo, new_york = zone("Asia/Tokyo"), zone("America/New_York")
    friday_evening = datetime(2026, 3, 6, 14, 0, tzinfo=UTC)  # Friday 23:00 in Tokyo
    # In Tokyo the weekend begins an hour later: 1 hour, then Monday 00:00 JST (Sunday 15:00 UTC).
    assert due(friday_evening, 2, False, tokyo) == datetime(2026, 3, 8, 16, 0, tzinfo=UTC)
    assert due(friday_evening, 2, False) == datetime(2026, 3, 6, 16, 0, tzinfo=UTC)  # UTC: still Friday
    # New York's clocks go forward on Sunday 8 March 2026: the weekend is 47 hours long there,
    # and the deadline is the same instant however the hours are written.
    friday_noon = datetime(2026, 3, 6, 12, 0, tzinfo=new_york)
    deadline = due(friday_noon, 24, False, new_york)
    assert deadline == datetime(2026, 3, 9, 12, 0, tzinfo=new_york)
    saturday = datetime(2026, 3, 7, 0, 0, tzinfo=new_york).astimezone(UTC)  # elapsed time, not wall time
    monday = datetime(2026, 3, 9, 0, 0, tzinfo=new_york).astimezone(UTC)
    assert deadline - friday_noon == timedelta(hours=24) + (monday - saturday)
    assert monday - saturday == timedelta(hours=47)
    with pytest.raises(ValueError):
        zone("Mars/Olympus_Mons")


def test_an_unknown_time_zone_is_named_in_the_settings(tmp_path: Path) -> None:
    game, _, _ = _folder_game(tmp_path)
    (game / "judge.toml").write_text((game / "judge.toml").read_text()
                                     + '[deadlines]\ntimezone = "Europe/Atlantis"\n')
    with pytest.raises(Malformed) as refused:
        run(game, NOW)
    (problem,) = refused.value.problems
    assert problem.code == "judge.settings" and problem.path == "$.deadlines.timezone"
    assert "Europe/Atlantis" in problem.message


def test_the_command_runs_once_and_names_bad_settings(tmp_path: Path) -> None:
    import subprocess
    import sys

    game, _, _ = _folder_game(tmp_path)
    done = subprocess.run([sys.executable, "-m", "adjudicator", "mail", "run", str(game), "--once",
                           "--now", "2026-03-02T09:00"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "2 mails sent" in done.stdout
    (game / "judge.toml").write_text((game / "judge.toml").read_text() + "[deadlines]\nhours = 0\n")
    done = subprocess.run([sys.executable, "-m", "adjudicator", "mail", "run", str(game), "--once"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "judge.settings" in done.stderr and "Traceback" not in done.stderr


def test_a_reply_quoting_the_judges_mail_carries_the_token_in_the_quote(tmp_path: Path) -> None:
    from tests.judgeplay import choose

    game, _, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    lines, _ = choose(mail, colour)  # type: ignore[arg-type]
    quoted = "\n".join("> " + ln for ln in mail.get_body(("plain",)).get_content().splitlines())  # type: ignore[union-attr]
    answer = EmailMessage()
    answer["From"], answer["To"], answer["Subject"] = ADDRESSES[colour], "judge@example.org", "Re: orders"
    answer.set_content("BEGIN ORDERS\n" + "\n".join(lines) + "\nEND ORDERS\n\nThe judge wrote:\n" + quoted + "\n")
    box.add(answer.as_bytes())
    assert run(game, NOW).counts["accepted"] == 1 and _steps(game) == 1


def test_a_second_resend_later_is_a_new_message_and_a_copy_is_not(tmp_path: Path) -> None:
    from email.utils import format_datetime, make_msgid

    game, game_id, box = _folder_game(tmp_path)
    run(game, NOW)

    def ask(day: int) -> EmailMessage:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = ADDRESSES["red"], "judge@example.org", "resend"
        message["Date"] = format_datetime(datetime(2026, 3, day, 8, 0, tzinfo=UTC))
        message["Message-ID"] = make_msgid("player", domain="example.org")
        message.set_content(f"token {token(game_id, 'red')}\n")
        return message
    box.add(ask(2).as_bytes())
    assert run(game, NOW).counts == {"resent": 1, "mails sent": 1}
    later = ask(3)
    box.add(later.as_bytes())
    copy = later
    del copy["Message-ID"]
    copy["Message-ID"] = make_msgid("relay", domain="example.org")  # a relay's copy: same date and text
    box.add(copy.as_bytes())
    assert run(game, NOW).counts == {"resent": 1, "mails sent": 1, "duplicates skipped": 1}


def _unread(box: mailbox.Maildir) -> int:
    return sum("S" not in box.get_message(k).get_flags() for k in box.iterkeys())


def test_a_message_for_another_game_is_left_unread_in_a_shared_inbox(tmp_path: Path) -> None:
    game, game_id, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    other = str(mail["Subject"]).replace(game_id, "trajan-0123456789ab")
    assert other != str(mail["Subject"])
    stranger = reply(mail, colour, sender="someone@elsewhere.example", token_text="token AAAA")
    del stranger["Subject"]
    stranger["Subject"] = "Re: " + other
    foreign = reply(mail, colour, token_text="token BBBBBBBBBBBBBBBB")  # another game's token
    del foreign["Subject"]
    foreign["Subject"] = "Re: " + other
    box.add(stranger.as_bytes())
    box.add(foreign.as_bytes())
    before = len(sent_mails(tmp_path))
    summary = run(game, NOW)
    assert summary.counts == {"left for another game": 2}
    assert len(sent_mails(tmp_path)) == before and _unread(box) == 2  # no refusal; still unread
    assert run(game, NOW).counts == {"left for another game": 2}  # and again, until that game reads them


def test_a_message_naming_another_game_with_this_games_token_is_this_games(tmp_path: Path) -> None:
    game, game_id, box = _folder_game(tmp_path)
    run(game, NOW)
    colour, mail = next((c, m) for c in ADDRESSES for m in _to(sent_mails(tmp_path), c) if needs_answer(m))
    answer = reply(mail, colour)  # the player edited the subject, the token is this game's
    del answer["Subject"]
    answer["Subject"] = "Re: [trajan some-other-game] my orders"
    box.add(answer.as_bytes())
    assert run(game, NOW).counts["accepted"] == 1
    assert _unread(box) == 0
