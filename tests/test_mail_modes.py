"""How often each player gets mail (issue 27): the roster's ``mail`` setting ("decisions",
"every-step", "digest"), the receipt (folded into the next mail, or one short mail),
``attach_view``, reminders answering the decision mail, and a steps-only reply to an old
decision's mail refused as stale (exit 1), not as unreadable."""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.mail.judge.run import run
from adjudicator.mail.outgoing.roster import load_roster
from adjudicator.perf.bench_mail_game import ADDRESSES, asks, make_game
from tests.judgeplay import sent_mails

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


def _reply_on_top(mail: EmailMessage, lines: list[str]) -> EmailMessage:
    """The player's lines at the top, the judge's mail quoted below (its template and token)."""
    body = mail.get_body(("plain",))
    assert body is not None
    quoted = "\n".join(("> " + line).rstrip() for line in str(body.get_content()).split("\n"))
    answer = EmailMessage()
    answer["From"] = parseaddr(str(mail["To"]))[1]
    answer["To"] = "judge@example.org"
    answer["Subject"] = "Re: " + str(mail["Subject"])
    answer["Message-ID"] = f"<{len(lines)}.{abs(hash(quoted))}@example.org>"
    answer.set_content("\n".join(lines) + f"\n\nOn Monday, the judge wrote:\n{quoted}\n")
    return answer


def _markers(colour: str) -> list[str]:
    pairs = ["yellow orange", "green white", "pink blue", "yellow orange", "green white", "pink blue"]
    trays = ["seaport", "forum", "military", "senate", "trajan", "construction"]
    return [f"tray {t} {p}" for t, p in zip(trays, pairs, strict=True)]


def _game(tmp_path: Path, seat: str, judge: str = 'pictures = "none"\n') -> tuple[Path, mailbox.Maildir]:
    folder = tmp_path / "game"
    make_game(folder, "modes", seat, judge)
    return folder, mailbox.Maildir(folder / "Maildir", create=False)


def _to(folder: Path, colour: str) -> list[EmailMessage]:
    return [m for m in sent_mails(folder) if parseaddr(str(m["To"]))[1] == ADDRESSES[colour]]


def _answer_markers(folder: Path, box: mailbox.Maildir, now: datetime) -> None:
    """Every player answers the initial markers, each in its own run."""
    for colour in ADDRESSES:
        asked = [m for m in _to(folder, colour) if asks(m)][-1]
        box.add(_reply_on_top(asked, _markers(colour)).as_bytes())
        run(folder, now)


def test_decisions_mode_mails_a_player_when_they_decide_with_the_receipt_on_top(tmp_path: Path) -> None:
    folder, box = _game(tmp_path, "")
    run(folder, NOW)
    assert all(len(_to(folder, c)) == 1 for c in ADDRESSES)  # the initial markers: everyone decides
    _answer_markers(folder, box, NOW)
    for colour in ADDRESSES:
        mails = _to(folder, colour)
        # One receipt while the others had still to answer (the last one's receipt is folded
        # into the mail the completed decision brings), then mails only as decisions come.
        receipts = [m for m in mails if m["X-Trajan-Game-File"] is None]
        assert len(receipts) == (0 if colour == "blue" else 1)
        for receipt in receipts:
            assert "revealed together once" in " ".join(str(receipt.get_body(("plain",)).get_content()).split())
    first = next(c for c in ADDRESSES if any(asks(m) for m in _to(folder, c)[1:]))
    nxt = [m for m in _to(folder, first)[1:] if asks(m)][0]
    text = str(nxt.get_body(("plain",)).get_content())
    assert "Decision 2:" in text and "Deadline: " in text
    others = [c for c in ADDRESSES if c != first and not any(asks(m) for m in _to(folder, c)[1:])]
    assert others and all(len([m for m in _to(folder, c) if m["X-Trajan-Game-File"]]) == 1 for c in others)


def test_every_step_mails_everyone_after_every_step(tmp_path: Path) -> None:
    folder, box = _game(tmp_path, 'mail = "every-step"\n')
    run(folder, NOW)
    _answer_markers(folder, box, NOW)
    for colour in ADDRESSES:  # the start, then the step that completed the markers (held before)
        player_mails = [m for m in _to(folder, colour) if m["X-Trajan-Game-File"] is not None]
        assert len(player_mails) == 2
        assert "Decision 1: answered by" in str(player_mails[-1].get_body(("plain",)).get_content())
    blue = [m for m in _to(folder, "blue") if m["X-Trajan-Game-File"]][-1]
    assert "Your orders for decision 1 were accepted." in str(blue.get_body(("plain",)).get_content())
    assert blue["In-Reply-To"] is not None  # the folded receipt answers blue's message


def test_digest_sends_news_at_most_once_a_day(tmp_path: Path) -> None:
    folder, box = _game(tmp_path, 'mail = "digest"\n')
    run(folder, NOW)
    _answer_markers(folder, box, NOW)
    later = NOW + timedelta(hours=1)
    run(folder, later)
    counts = {c: len(_to(folder, c)) for c in ADDRESSES}
    run(folder, NOW + timedelta(hours=25))  # a day after their last mail: the news of the day
    for colour in ADDRESSES:
        new = _to(folder, colour)[counts[colour]:]
        assert len(new) <= 1
    assert sum(len(_to(folder, c)) - counts[c] for c in ADDRESSES) >= 1
    before = {c: len(_to(folder, c)) for c in ADDRESSES}
    run(folder, NOW + timedelta(hours=26))  # within the day: nothing more
    assert {c: len(_to(folder, c)) for c in ADDRESSES} == before


def test_the_view_is_attached_only_when_the_roster_asks(tmp_path: Path) -> None:
    folder, _ = _game(tmp_path, "")
    (folder / "roster.toml").write_text((folder / "roster.toml").read_text().replace(
        'address = "rhea@example.org"\n', 'address = "rhea@example.org"\nattach_view = true\n'))
    run(folder, NOW)
    for colour in ADDRESSES:
        (mail,) = _to(folder, colour)
        views = [a for a in mail.iter_attachments() if a.get_content_type() == "application/json"]
        assert len(views) == (colour == "red")


def test_a_reminder_answers_the_decision_mail(tmp_path: Path) -> None:
    folder, _ = _game(tmp_path, "")
    run(folder, NOW)
    asked = {c: _to(folder, c)[0] for c in ADDRESSES}
    run(folder, NOW + timedelta(hours=37))  # 48 h deadline, reminder 12 h before
    for colour, mail in asked.items():
        reminder = _to(folder, colour)[-1]
        assert "The judge is waiting for your answer" in str(reminder.get_body(("plain",)).get_content())
        assert reminder["In-Reply-To"] == mail["Message-ID"] and reminder["Date"] is not None


def test_old_rosters_load_and_the_new_settings_are_checked() -> None:
    roster = load_roster(b'[players.red]\nname = "R"\naddress = "r@example.org"\n', "r.toml")
    seat = roster.players["red"]
    assert (seat.mail, seat.attach_view, seat.pictures, roster.pictures) == ("decisions", False, None, None)
    chosen = load_roster(b'pictures = "svg"\n[players.red]\nname = "R"\naddress = "r@example.org"\n'
                         b'mail = "digest"\nattach_view = true\npictures = "none"\n', "r.toml")
    assert (chosen.pictures, chosen.players["red"].mail, chosen.players["red"].pictures) == ("svg", "digest", "none")
    for bad, path in ((b'mail = "weekly"', "$.players.red.mail"), (b'pictures = "gif"', "$.players.red.pictures"),
                      (b"attach_view = 1", "$.players.red.attach_view")):
        with pytest.raises(Malformed) as e:
            load_roster(b'[players.red]\nname = "R"\naddress = "r@example.org"\n' + bad + b"\n", "r.toml")
        assert [p.path for p in e.value.problems] == [path]


def test_steps_answering_an_old_decisions_mail_are_refused_as_stale(tmp_path: Path) -> None:
    """``trajan check`` on a reply whose steps are above the quoted mail of decision 35, at a
    game at decision 36: stale (exit 1, orders.stale), not unreadable; the same reply to the
    mail of decision 36 is accepted."""
    from typer.testing import CliRunner

    from adjudicator.commands.main import app

    game = Path(__file__).resolve().parent.parent / "examples" / "turn" / "game.json"
    steps = "sow military blue pink green\ntrajan special\nconstruction build B1\nsenate\n"
    for decision, code in ((35, 1), (36, 0)):
        quoted = (f"> BEGIN ORDERS\n> game trajan-0f297786e681 decision {decision} player red\n"
                  "> token abcdefghijklmnop\n> END ORDERS\n")
        reply = EmailMessage()
        reply["From"], reply["To"], reply["Subject"] = "r@example.org", "judge@example.org", "Re: your turn"
        reply.set_content(f"{steps}\nOn Monday, the judge wrote:\n{quoted}")
        path = tmp_path / f"reply-{decision}.eml"
        path.write_bytes(bytes(reply))
        result = CliRunner().invoke(app, ["check", str(game), str(path)])
        assert result.exit_code == code, result.output
        if code:
            assert "orders.stale" in result.output + (result.stderr or "")
