"""A whole 2-player game played by mail through real servers (issue 18): Dovecot (IMAP
with STARTTLS, the certificate checked against the test's CA file) as the judge's inbox,
aiosmtpd (with a login) capturing what the judge sends.  The test plays both players by
reading their mails from the capture and replying to the judge's mailbox (orders copied
from the mail's option lines where those pass ``check`` against the attached view, else a
bot's choice from the view), with a forged
sender, a wrong token, a duplicated message, a crash between adjudication and sending,
and missed deadlines on the way; the final log verifies.

``TRAJAN_MAIL_GAME_HUMAN`` (default 40) is how many of a player's decisions are answered
by mail before both players go silent and the deadlines let the bot finish the game.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path

import pytest

from adjudicator.files import io
from adjudicator.logs.verify import verify_log
from adjudicator.mail.judge import deadlines, gamelog, outbox, record
from adjudicator.mail.judge.run import run
from adjudicator.model.state import GameOver
from tests.judgeplay import ADDRESSES, JUDGE, choose, is_player_mail, make_gamedir, needs_answer, reply
from tests.mailservers import Dovecot, SmtpCapture
from tests.sizes import size

HUMAN_ANSWERS = size("TRAJAN_MAIL_GAME_HUMAN")
START = datetime(2026, 3, 6, 18, 0, tzinfo=UTC)  # a Friday evening


def _settings(server: Dovecot, smtp: SmtpCapture) -> tuple[str, str]:
    inbox = (f'kind = "imap"\nhost = "127.0.0.1"\nport = {server.port}\nsecurity = "starttls"\n'
             f'user = "{JUDGE}"\npassword_env = "TRAJAN_TEST_IMAP_PASSWORD"\ncafile = "{server.cafile}"')
    out = (f'kind = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "none"\n'
           'user = "judge"\npassword_file = "smtp-password"')
    return inbox, out


def _latest(smtp: SmtpCapture, colour: str) -> EmailMessage | None:
    mails = [m for m in smtp.to(ADDRESSES[colour]) if is_player_mail(m)]
    return mails[-1] if mails else None  # sent in order


def _over(game: Path) -> bool:
    latest = gamelog.latest(game / "log")
    return isinstance(io.load_game(latest.data).pending, GameOver)


def test_a_whole_game_by_mail_over_imap_and_smtp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAJAN_TEST_IMAP_PASSWORD", "imap-secret")
    with Dovecot({JUDGE: "imap-secret"}, tls=True) as server, SmtpCapture(login=("judge", "smtp-pw")) as smtp:
        game = tmp_path / "game"
        inbox, out = _settings(server, smtp)
        game_id = make_gamedir(game, "judge-whole-game", inbox, out,
                               "[deadlines]\nhours = 48\nweekends = false\nremind_hours = 12\n")
        (game / "smtp-password").write_text("smtp-pw\n")
        now = START
        assert "mails sent" in run(game, now).counts
        answered: set[str] = set()
        events: dict[str, int] = {}
        human = 0
        crashed = False
        from_options = 0
        while not _over(game) and human < HUMAN_ANSWERS:
            waiting = [(c, m) for c in ADDRESSES if (m := _latest(smtp, c)) is not None
                       and needs_answer(m) and str(m["Message-ID"]) not in answered]
            assert waiting, "no player has a mail to answer, yet the game is not over"
            for colour, mail in waiting:
                answered.add(str(mail["Message-ID"]))
                lines, copied = choose(mail, colour)  # type: ignore[arg-type]
                from_options += copied
                answer = reply(mail, colour, lines=lines)  # type: ignore[arg-type]
                server.deliver(JUDGE, answer)
                human += 1
                if human == 3:  # the same message delivered twice
                    server.deliver(JUDGE, answer)
                if human == 5:  # a forger using the player's address, and a wrong token
                    server.deliver(JUDGE, reply(mail, colour, token_text=""))  # type: ignore[arg-type]
                    server.deliver(JUDGE, reply(mail, colour,  # type: ignore[arg-type]
                                                token_text="token abcdefgh23456723"))
            now += timedelta(minutes=30)
            if human >= 7 and not crashed:  # a crash after the log, before sending
                crashed = True
                monkeypatch.setattr(outbox.SmtpSink, "send", _crash)
                with pytest.raises(KeyboardInterrupt):
                    run(game, now)
                assert record.pending(game)
                monkeypatch.undo()
                monkeypatch.setenv("TRAJAN_TEST_IMAP_PASSWORD", "imap-secret")
            for what, n in run(game, now).counts.items():
                events[what] = events.get(what, 0) + n
        assert from_options >= 3, "no answer was copied from the mails' option lines"
        assert events.get("duplicates skipped", 0) >= 1
        assert events.get("refused (token)", 0) == 2
        assert not record.pending(game)
        # Both players go silent: reminders, then the bot answers at each deadline (weekends
        # do not count) until the game ends.
        steps_before = gamelog.latest(game / "log").step
        silent = 0
        while not _over(game):
            state = record.load_state(game)
            due = deadlines.due(deadlines.parse_time(state.opened[str(gamelog.latest(game / "log").step)]),
                                48, False)
            times = [due - timedelta(hours=6), due] if silent < 3 else [due]
            for now in times:
                assert now >= START
                for what, n in run(game, now).counts.items():
                    events[what] = events.get(what, 0) + n
            silent += 1
        assert events.get("reminders", 0) >= 1
        assert events.get("answered by the bot at the deadline", 0) >= 1
        assert gamelog.latest(game / "log").step > steps_before
        result = verify_log(game / "log")
        assert result.ok and result.game_over, result.problems
        # Every message was handled once; a forged or duplicated one changed nothing.
        final = [m for m in smtp.to(ADDRESSES["red"]) if "game is over" in m.get_body(("plain",)).get_content()]  # type: ignore[union-attr]
        assert final
        for colour, address in ADDRESSES.items():
            for mail in smtp.to(address):
                assert parseaddr(str(mail["From"]))[1] == JUDGE
                other = "green" if colour == "red" else "red"
                from tests.judgeplay import token
                assert token(game_id, other) not in mail.as_string()


def _crash(self: outbox.SmtpSink, message: EmailMessage) -> None:
    raise KeyboardInterrupt


def test_imaps_checks_the_certificate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.errors import Malformed
    from tests.judgeplay import reply

    monkeypatch.setenv("TRAJAN_TEST_IMAP_PASSWORD", "imap-secret")
    with Dovecot({JUDGE: "imap-secret"}, tls=True) as server, SmtpCapture() as smtp:
        imaps = (f'kind = "imap"\nhost = "127.0.0.1"\nport = {server.tls_port}\nsecurity = "imaps"\n'
                 f'user = "{JUDGE}"\npassword_env = "TRAJAN_TEST_IMAP_PASSWORD"')
        out = f'kind = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "none"'
        game = tmp_path / "game"
        make_gamedir(game, "judge-imaps", imaps, out)
        with pytest.raises(Malformed) as refused:  # a self-signed certificate, not trusted
            run(game, START)
        assert [p.code for p in refused.value.problems] == ["judge.inbox"]
        assert "certificate" in refused.value.problems[0].message.lower()
        settings = (game / "judge.toml").read_text().replace(
            'security = "imaps"', f'security = "imaps"\ncafile = "{server.cafile}"')
        (game / "judge.toml").write_text(settings)
        assert len(smtp.messages) == 2  # the start's mails went before the inbox was opened
        assert run(game, START).counts == {}
        colour, mail = next((c, m) for c in ADDRESSES for m in smtp.to(ADDRESSES[c]) if needs_answer(m))
        server.deliver(JUDGE, reply(mail, colour))  # type: ignore[arg-type]
        assert run(game, START).counts["accepted"] == 1


def test_two_games_share_one_imap_inbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games served from one IMAP mailbox; Rhea plays in both, so her orders go to the
    game whose token they carry; a game reading another IMAP folder is refused."""
    from adjudicator.errors import Malformed
    from adjudicator.mail.judge.route import run_many

    monkeypatch.setenv("TRAJAN_TEST_IMAP_PASSWORD", "imap-secret")
    with Dovecot({JUDGE: "imap-secret"}, tls=True) as server, SmtpCapture(login=("judge", "smtp-pw")) as smtp:
        inbox, out = _settings(server, smtp)
        games = [tmp_path / "a", tmp_path / "b"]
        ids = [make_gamedir(g, f"judge-imap-{g.name}", inbox, out) for g in games]
        for g in games:
            (g / "smtp-password").write_text("smtp-pw\n")
        assert [s.counts for _, s in run_many(games, START)] == [{"mails sent": 2}] * 2
        for game_id in ids:
            colour, mail = next((c, m) for c in ADDRESSES for m in smtp.to(ADDRESSES[c])
                                if needs_answer(m) and game_id in str(m["Subject"]))
            server.deliver(JUDGE, reply(mail, colour))  # type: ignore[arg-type]
        done = run_many(games, START)
        assert [s.counts["accepted"] for _, s in done] == [1, 1]
        assert all(gamelog.latest(g / "log").step == 1 for g in games)
        assert [s.counts for _, s in run_many(games, START)] == [{}, {}]  # marked seen on the server
        settings = (games[1] / "judge.toml").read_text().replace("cafile", 'folder = "Other"\ncafile')
        (games[1] / "judge.toml").write_text(settings)
        with pytest.raises(Malformed) as refused:
            run_many(games, START)
        assert [(p.code, p.path) for p in refused.value.problems] == [("judge.settings", "$.inbox.folder")]
