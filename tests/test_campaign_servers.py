"""A whole campaign by mail through real servers (issue 28): Dovecot (IMAP with STARTTLS)
as the judge's inbox, aiosmtpd (with a login) capturing what the judge sends.

Gaius (green) goes away for a week (the stand-in answers his decisions at once), Rhea
(red) asks for ``status`` and ``history``, the game master pauses the game by mail (an
order meanwhile is refused) and resumes it by command, then gives Rhea's seat to Rita by
mail (Rhea's old token is refused with one note; Rita's new one is accepted); Gaius comes
back when his week is over; an observer follows it all.  When the players go silent the
seats are abandoned and the stand-in finishes the game; everyone gets the final mail,
whose record shows both of red's people and verifies against the mails each player kept.
No file of the game folder is touched by the test after it is set up.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from pathlib import Path

import pytest

from adjudicator.logs.witness import read_witnesses
from adjudicator.mail.judge import gamelog, journal
from adjudicator.mail.judge.gm import command
from adjudicator.mail.judge.run import run
from adjudicator.model.state import GameOver
from adjudicator.records.many import verify_witnessed
from tests.campaignplay import GM_ADDRESS, OBSERVER, gm_token, make_campaign, message, seat_token, text_of
from tests.judgeplay import JUDGE, choose, is_player_mail, needs_answer, reply
from tests.mailservers import Dovecot, SmtpCapture
from tests.sizes import size

HUMAN_ANSWERS = size("TRAJAN_MAIL_GAME_HUMAN")
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
RHEA, GAIUS, RITA = "rhea@example.org", "gaius@example.org", "rita@example.org"
BACK = datetime(2026, 3, 9, 0, 0, tzinfo=UTC)  # the day Gaius is back


def _settings(server: Dovecot, smtp: SmtpCapture) -> tuple[str, str]:
    inbox = (f'kind = "imap"\nhost = "127.0.0.1"\nport = {server.port}\nsecurity = "starttls"\n'
             f'user = "{JUDGE}"\npassword_env = "TRAJAN_TEST_IMAP_PASSWORD"\ncafile = "{server.cafile}"')
    out = (f'kind = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "none"\n'
           'user = "judge"\npassword_file = "../smtp-password"')
    return inbox, out


def _latest(smtp: SmtpCapture, address: str) -> EmailMessage | None:
    mails = [m for m in smtp.to(address) if is_player_mail(m)]
    return mails[-1] if mails else None


class Table:
    """The players, their addresses, and what the judge's runs did."""

    def __init__(self, game: Path, server: Dovecot, smtp: SmtpCapture) -> None:
        self.game, self.server, self.smtp = game, server, smtp
        self.addresses = {"red": RHEA, "green": GAIUS}
        self.answered: set[str] = set()
        self.events: dict[str, int] = {}
        self.human = 0

    def run(self, now: datetime) -> dict[str, int]:
        counts = run(self.game, now).counts
        for what, n in counts.items():
            self.events[what] = self.events.get(what, 0) + n
        return counts

    def send(self, mail: EmailMessage | bytes) -> None:
        self.server.deliver(JUDGE, mail)

    def play(self, colours: tuple[str, ...]) -> int:
        """Each of ``colours`` answers their latest mail if it asks for a decision."""
        sent = 0
        for colour in colours:
            address = self.addresses[colour]
            mail = _latest(self.smtp, address)
            if mail is None or not needs_answer(mail) or str(mail["Message-ID"]) in self.answered:
                continue
            self.answered.add(str(mail["Message-ID"]))
            lines, _ = choose(mail, colour)  # type: ignore[arg-type]
            self.send(reply(mail, colour, sender=address, lines=lines))  # type: ignore[arg-type]
            self.human += 1
            sent += 1
        return sent

    def over(self) -> bool:
        return isinstance(gamelog.latest(self.game / "log").state.pending, GameOver)


def test_a_whole_campaign_by_mail_over_imap_and_smtp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAJAN_TEST_IMAP_PASSWORD", "imap-secret")
    with Dovecot({JUDGE: "imap-secret"}, tls=True) as server, SmtpCapture(login=("judge", "smtp-pw")) as smtp:
        game = tmp_path / "game"
        inbox, out = _settings(server, smtp)
        (tmp_path / "smtp-password").write_text("smtp-pw\n")
        game_id = make_campaign(game, "campaign-whole", inbox, out, "[deadlines]\nhours = 48\nremind_hours = 6\n"
                                "[standin]\nabandon_after = 2\n")
        table = Table(game, server, smtp)
        now = START
        table.run(now)
        while table.human < 4:  # both play
            assert table.play(("red", "green")), "nobody has a decision to answer"
            now += timedelta(minutes=30)
            table.run(now)
        # Gaius goes away for a week: the stand-in answers for him at once.
        table.send(message(GAIUS, "away", "absent until 2026-03-09 a week at the sea", seat_token(game_id, "green")))
        now += timedelta(minutes=30)
        table.run(now)
        assert table.events["answered (absent)"] == 1
        table.send(message(RHEA, "status", "", seat_token(game_id, "red")))
        table.send(message(RHEA, "history", "history", seat_token(game_id, "red"), hour=10))
        now = _red_plays(table, now + timedelta(minutes=30), 4)
        status, history = (m for m in smtp.to(RHEA) if str(m["Subject"]).endswith(("] status", "] history")))
        assert "Deadline:" in text_of(status) and "green (Green Player) is away until Mon 9 Mar 2026" in \
            " ".join(text_of(status).split())
        assert "## Only for red" in text_of(history) and "## Only for green" not in text_of(history)
        assert table.events.get("answered by the stand-in at once", 0) >= 1
        # The game master pauses by mail; an order meanwhile is refused; the command resumes.
        now, mail = _until_red_decides(table, now)
        table.send(message(GM_ADDRESS, "act", "pause the club moves house", gm_token(game_id), hour=11))
        now += timedelta(minutes=30)
        assert table.run(now)["done (pause, game master)"] == 1
        paused = reply(mail, "red")  # not counted as answered: Rhea sends it again after the pause
        paused["Date"] = format_datetime(now)
        table.send(paused)
        now += timedelta(hours=50)  # the deadline passes unseen while paused
        counts = table.run(now)
        assert counts["refused (paused)"] == 1 and "answered by the bot at the deadline" not in counts
        command(game, ["resume"], now + timedelta(hours=1))
        now = _red_plays(table, now + timedelta(hours=1), 3)
        # The seat passes to Rita by mail; Rhea's old token no longer works.
        table.send(message(GM_ADDRESS, "act", 'replace red --name "Rita Newcomer" --address rita@example.org',
                           gm_token(game_id), hour=12))
        now += timedelta(minutes=30)
        table.run(now)
        assert table.events["done (replace, game master)"] == 1
        table.addresses["red"] = RITA
        before = len(smtp.to(RHEA))
        accepted = table.events["accepted"]
        table.send(message(RHEA, "Re: my orders", "here they are", seat_token(game_id, "red"), hour=13))
        table.send(message(RHEA, "status", "", seat_token(game_id, "red"), hour=14))
        now += timedelta(minutes=30)
        counts = table.run(now)
        assert counts["refused (seat passed on)"] == 1 and counts["ignored (seat passed on)"] == 1
        notes = [str(m["Subject"]) for m in smtp.to(RHEA)[before:]]
        assert notes == [f"[Trajan {game_id}] this seat has passed to someone else"]
        assert seat_token(game_id, "red", 1) in text_of(smtp.to(RITA)[0])
        now = _red_plays(table, now + timedelta(minutes=30), 3)
        assert table.events["accepted"] >= accepted + 3  # Rita's orders, with her new token
        # Gaius's week is over.
        now = BACK + timedelta(minutes=5)
        assert table.run(now).get("absences ended") == 1
        while not table.over() and table.human < HUMAN_ANSWERS:
            if not table.play(("red", "green")):
                now += timedelta(hours=49)  # nobody to answer (a stand-in's step): the deadline passes
            now += timedelta(minutes=30)
            table.run(now)
        # Silence: at the deadlines the stand-in answers; after two in a row a seat is abandoned,
        # and the stand-in finishes the game.
        while not table.over():
            now += timedelta(hours=49)
            table.run(now)
            assert now < START + timedelta(days=120)
        _check_the_end(table, game_id)


def _red_plays(table: Table, now: datetime, answers: int) -> datetime:
    """Red answers ``answers`` decisions (green's are the stand-in's, or green's own); the time after."""
    goal = table.human + answers
    for _ in range(60):
        if table.human >= goal or table.over():
            return now
        table.play(("red",))
        table.run(now)
        now += timedelta(minutes=20)
    raise AssertionError(f"red never got a decision: {table.events}, "
                         f"{[str(m['Subject']) for m in table.smtp.to(table.addresses['red'])][-5:]}")


def _until_red_decides(table: Table, now: datetime) -> tuple[datetime, EmailMessage]:
    """Runs until red's latest mail asks for a decision red has not answered."""
    for _ in range(60):
        mail = _latest(table.smtp, table.addresses["red"])
        if mail is not None and needs_answer(mail) and str(mail["Message-ID"]) not in table.answered:
            return now, mail
        table.play(("green",))
        now += timedelta(minutes=20)
        table.run(now)
    raise AssertionError("red never got a decision")


def _check_the_end(table: Table, game_id: str) -> None:
    game, smtp = table.game, table.smtp
    finals = {address: [m for m in smtp.to(address) if str(m["Subject"]).endswith("] the game is over")]
              for address in (RITA, GAIUS, OBSERVER, GM_ADDRESS)}
    assert all(len(found) == 1 for found in finals.values()), {a: len(f) for a, f in finals.items()}
    record = next(p.get_content() for p in finals[GAIUS][0].iter_attachments()
                  if str(p.get_filename()).endswith(".trajan.jsonl"))
    record = record if isinstance(record, bytes) else record.encode()
    path = game.parent / f"{game_id}.trajan.jsonl"
    path.write_bytes(record)
    import json

    header = json.loads(record.split(b"\n", 1)[0])
    assert [t["person"] for t in header["holders"]["red"]] == ["Red Player", "Rita Newcomer"]
    assert header["people"] == {"red": "Rita Newcomer", "green": "Green Player"}
    # The record verifies against what each player kept: Gaius's mails, Rhea's, Rita's.
    for address in (GAIUS, RHEA, RITA):
        kept = game.parent / f"kept-{address}.txt"
        kept.write_bytes(b"".join(m.as_bytes() + b"\n" for m in smtp.to(address)))
        result = verify_witnessed(path, read_witnesses([str(kept)]))
        assert result.ok and result.witnesses, (address, result.problems)
    # Every act of the game master is in the journal, in order, with its time.
    acts = [(e.by, e.action) for e in journal.read(game) if e.by.startswith("gm")]
    assert acts == [("gm by mail", "pause"), ("gm", "resume"), ("gm by mail", "replace")]
    assert all(e.time for e in journal.read(game))
    # The observer got the public mails only; nobody got another's token.
    for mail in smtp.to(OBSERVER):
        assert "(observer)" in str(mail["Subject"]) or str(mail["Subject"]).startswith(f"[Trajan {game_id}]") \
            or "the game is over" in str(mail["Subject"])
        assert "## Only for" not in text_of(mail)
    tokens = {RHEA: seat_token(game_id, "red"), RITA: seat_token(game_id, "red", 1),
              GAIUS: seat_token(game_id, "green"), GM_ADDRESS: gm_token(game_id)}
    for mail, (_, rcpts) in zip(smtp.messages, smtp.envelopes, strict=True):
        for address, token in tokens.items():
            if address not in rcpts:
                assert token not in mail.as_string(), (rcpts, address)
        assert parseaddr(str(mail["From"]))[1] == JUDGE
    assert any(e.action == "abandoned" for e in journal.read(game))
