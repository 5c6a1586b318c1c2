"""The mail judge against hostile mail (issue 25), over a local Maildir and a folder outbox.

Whatever arrives, every message is handled on its own and the run goes on: a legal order
delivered after a batch of hostile messages is applied in the same run, and the
deadlines still run; the judge's record grows by a bounded amount per message; a
program's message (an auto-reply) gets no answer; a message that does not prove its
sender gets one short note a day; orders must be for the sender's own colour, and the
sender is a whole roster address; no name or game id becomes a header; a receipt written
again after a crash keeps its Message-ID; steps added by hand between runs are mailed;
a board picture that fails is reported.  (The same over real IMAP: test_mail_bombs.py.)
"""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr
from pathlib import Path

import pytest

from adjudicator.mail.judge import record
from adjudicator.mail.judge.run import run
from tests.judgeplay import ADDRESSES, JUDGE, make_gamedir, needs_answer, reply, sent_mails, token

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
MAILDIR, FOLDER = 'kind = "maildir"\npath = "../Maildir"', 'kind = "folder"\npath = "../sent"'


def _game(tmp_path: Path, **kw: object) -> tuple[Path, str, mailbox.Maildir]:
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    game = tmp_path / "game"
    game_id = make_gamedir(game, str(kw.pop("seed", "hostile")), MAILDIR, FOLDER, **kw)  # type: ignore[arg-type]
    return game, game_id, box


def _to(tmp_path: Path, colour: str) -> list[EmailMessage]:
    return [m for m in sent_mails(tmp_path) if parseaddr(str(m["To"]))[1] == ADDRESSES[colour]]


def _decider(tmp_path: Path) -> tuple[str, EmailMessage]:
    return next((c, m) for c in ADDRESSES for m in _to(tmp_path, c) if needs_answer(m))


def _steps(game: Path) -> int:
    return len(list((game / "log").glob("*-game.json"))) - 1


def _unread(box: mailbox.Maildir) -> int:
    return sum("S" not in box.get_message(k).get_flags() for k in box.iterkeys())


def _raw(sender: str, extra: bytes = b"", body: bytes | None = None, subject: bytes = b"my orders",
         message_id: bytes | None = None) -> bytes:
    if body is None:  # a text of its own (the same text from the same sender is a duplicate)
        body = b"hello " + make_msgid().encode() + b"\r\n"
    message_id = message_id or make_msgid("h", domain="example.org").encode()
    return (b"From: " + sender.encode() + b"\r\nTo: " + JUDGE.encode() + b"\r\nSubject: " + subject
            + b"\r\nMessage-ID: " + message_id + b"\r\n" + extra + b"\r\n" + body)


def _hostile(sender: str) -> dict[str, bytes]:
    """One message of each kind of attack, from ``sender``."""
    nested = b"MIME-Version: 1.0\r\n" + b"".join(
        b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i) for i in range(300))
    parts = b"Content-Type: multipart/mixed; boundary=p\r\n\r\n" + b"--p\r\n\r\nx\r\n" * 5_000 + b"--p--\r\n"
    return {
        "nesting 300": _raw(sender, nested, b"x\r\n"),
        "5,000 parts": _raw(sender, parts, b""),
        "a 3 MB body": _raw(sender, body=b"x" * 3_000_000),
        "a long subject of encoded words": _raw(sender, subject=b"=?utf-8?q?a?= " * 10_000),
        "a 900 kB Message-ID": _raw(sender, message_id=b"<" + b"m" * 900_000 + b"@x>"),
        "an unknown charset": _raw(sender, b"Content-Type: text/plain; charset=x-unknown\r\n", b"\xe9t\xe9\r\n"),
        "rot13": _raw(sender, b"Content-Type: text/plain; charset=rot13\r\n"),
        "a malformed charset": _raw(sender, b"Content-Type: text/plain; charset*=idna''%ff\r\n"),
        "a From of nested comments": _raw("(" * 3000 + sender),
        "soft breaks": _raw(sender, b"Content-Transfer-Encoding: quoted-printable\r\n", b"=\r\n" * 50_000),
        "HTML of unclosed tags": _raw(sender, b"Content-Type: text/html\r\n", b"<a " * 50_000),
        "binary": _raw(sender, body=bytes(range(256)) * 100),
        "no header": b"\r\n\r\n" + bytes(range(256)),
        "an auto-reply": _raw(sender, b"Auto-Submitted: auto-replied\r\nX-Autoreply: yes\r\n"),
    }


def test_a_legal_order_after_hostile_messages_is_applied_in_the_same_run(tmp_path: Path) -> None:
    game, game_id, box = _game(tmp_path)
    run(game, NOW)
    colour, mail = _decider(tmp_path)
    for who in (ADDRESSES[colour], "stranger@elsewhere.example"):
        for data in _hostile(who).values():
            box.add(data)
    box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
    before = len(sent_mails(tmp_path))
    summary = run(game, NOW)
    assert summary.counts["accepted"] == 1 and _steps(game) == 1
    assert _unread(box) == 0  # every message handled, each on its own
    assert summary.counts["ignored (unknown sender)"] >= len(_hostile("x"))
    assert summary.counts["ignored (automatic message)"] == 1  # the roster player's auto-reply
    new = [m for m in sent_mails(tmp_path)[before:] if "refused" in str(m["Subject"]) or "not read" in str(m["Subject"])]
    assert len(new) == 1  # the hostile messages in the player's name: one note, not one each
    assert parseaddr(str(new[0]["To"]))[1] == ADDRESSES[colour] and game_id not in new[0].as_string()
    refused = {k: n for k, n in summary.counts.items() if k.startswith("refused (mail.")}
    assert set(refused) >= {"refused (mail.too_many_parts)", "refused (mail.too_large)",
                            "refused (mail.header_too_long)", "refused (mail.too_many_lines)"}, summary.counts


def test_deadlines_still_run_after_hostile_messages(tmp_path: Path) -> None:
    game, _, box = _game(tmp_path, deadlines="[deadlines]\nhours = 24\n")
    run(game, NOW)
    for data in _hostile(ADDRESSES["red"]).values():
        box.add(data)
    summary = run(game, NOW + timedelta(hours=25))
    assert summary.counts.get("answered by the bot at the deadline", 0) >= 1 and _steps(game) >= 1
    assert _unread(box) == 0


def test_the_record_grows_by_a_bounded_amount_per_message_and_is_compacted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, box = _game(tmp_path)
    run(game, NOW)
    size = (game / "judge" / "state.json").stat().st_size
    for k in range(7):  # the seven 900 kB Message-IDs, from the player's address
        box.add(_raw(ADDRESSES["red"], message_id=b"<" + bytes([97 + k]) * 900_000 + b"@x>"))
    for k in range(20):  # and long but legal ones (under the field limit)
        box.add(_raw(ADDRESSES["green"], message_id=b"<" + b"%02d" % k * 5000 + b"@example.org>",
                     body=b"hello %d\r\n" % k))
    counts = run(game, NOW).counts
    assert counts["refused (token)"] == 20 and counts["refused (mail.header_too_long)"] == 7
    grown = (game / "judge" / "state.json").stat().st_size - size
    assert grown <= 27 * 2 * 100 + 200, grown  # two fixed-size keys per message
    monkeypatch.setattr(record, "MAX_HANDLED", 10)
    for k in range(12):
        box.add(_raw(ADDRESSES["green"], body=b"more %d\r\n" % k))
    run(game, NOW)
    assert len(record.load_state(game).handled) == 10  # the oldest keys dropped


def test_a_record_of_format_1_is_read_and_its_keys_hashed(tmp_path: Path) -> None:
    game, _, _ = _game(tmp_path)
    (game / "judge").mkdir()
    (game / "judge" / "state.json").write_text('{"format": 1, "handled": {"id:<x@y>": "accepted", "sha:'
                                               + "ab" * 32 + '": "accepted"}, "mailed": 0}')
    state = record.load_state(game)
    assert state.format == 2 and set(state.handled) == {"id:" + record.digest("<x@y>"), "sha:" + "ab" * 16}


@pytest.mark.parametrize("fields", [
    b"Auto-Submitted: auto-replied", b"Precedence: bulk", b"Precedence: junk", b"Precedence: list",
    b"X-Autoreply: yes", b"X-Autorespond: vacation", b"List-Id: <list.example.org>", b"Return-Path: <>",
])
def test_an_automatic_message_gets_no_answer_even_quoting_the_template(tmp_path: Path, fields: bytes) -> None:
    """A vacation responder quoting the judge's mail (its template and token) answers nothing
    and is never read as orders."""
    game, _, box = _game(tmp_path)
    run(game, NOW)
    colour, mail = _decider(tmp_path)
    answer = reply(mail, colour)  # type: ignore[arg-type]
    data = answer.as_bytes().replace(b"\nSubject:", b"\n" + fields + b"\nSubject:", 1)
    box.add(data)
    before = len(sent_mails(tmp_path))
    assert run(game, NOW).counts == {"ignored (automatic message)": 1}
    assert len(sent_mails(tmp_path)) == before and _steps(game) == 0 and _unread(box) == 0


def test_every_mail_of_the_judge_says_it_is_automatic(tmp_path: Path) -> None:
    game, _, box = _game(tmp_path, deadlines="[deadlines]\nhours = 4\nremind_hours = 2\n")
    run(game, NOW)
    colour, mail = _decider(tmp_path)
    box.add(reply(mail, colour, token_text="").as_bytes())  # type: ignore[arg-type]
    box.add(_raw(ADDRESSES["green"], body=b"resend\r\n", subject=b"resend"))
    run(game, NOW + timedelta(hours=3))  # a note and reminders
    box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
    run(game, NOW + timedelta(hours=3))  # a receipt and the next mails
    kinds = {str(m["Subject"]).split(":")[-1].strip() for m in sent_mails(tmp_path)}
    # (Since issue 27 the answer to the initial markers is revealed with the other's: a receipt now.)
    assert len(sent_mails(tmp_path)) >= 7 and len(kinds) >= 4
    assert all(m["Auto-Submitted"] == "auto-generated" for m in sent_mails(tmp_path))


def test_a_request_without_the_token_gets_one_short_note_a_day(tmp_path: Path) -> None:
    game, game_id, box = _game(tmp_path)
    run(game, NOW)

    def ask(n: int) -> bytes:
        return _raw(ADDRESSES["red"], b"Date: " + format_datetime(NOW).encode() + b"\r\n",
                    body=b"resend %d\r\n" % n, subject=b"resend")
    for n in range(5):  # a forger asking again and again in the player's name
        box.add(ask(n))
    before = len(sent_mails(tmp_path))
    summary = run(game, NOW)
    assert summary.counts["refused (token)"] == 5 and summary.counts["notes held back (one a day)"] == 4
    (note,) = sent_mails(tmp_path)[before:]
    assert note["X-Trajan-Game-File"] is None and game_id not in note.as_string()  # no full mail
    assert len(note.as_bytes()) < 3000
    box.add(ask(9))
    run(game, NOW + timedelta(hours=23))
    assert len(sent_mails(tmp_path)) == before + 1
    box.add(ask(10))
    run(game, NOW + timedelta(hours=25))
    assert len(sent_mails(tmp_path)) == before + 2  # the next day, one more


def test_orders_for_another_colour_are_refused_even_with_the_senders_token(tmp_path: Path) -> None:
    """Red, with red's own token, sends orders for green (both decide the initial markers)."""
    game, game_id, box = _game(tmp_path)
    run(game, NOW)
    green = _to(tmp_path, "green")[-1]
    assert needs_answer(green) and needs_answer(_to(tmp_path, "red")[-1])
    forged = reply(green, "green", sender=ADDRESSES["red"], token_text=f"token {token(game_id, 'red')}")  # type: ignore[arg-type]
    box.add(forged.as_bytes())
    summary = run(game, NOW)
    assert summary.counts == {"refused (orders)": 1, "mails sent": 1} and _steps(game) == 0
    refusal = sent_mails(tmp_path)[-1]
    assert parseaddr(str(refusal["To"]))[1] == ADDRESSES["red"]
    assert "judge.not_your_colour" in refusal.get_body(("plain",)).get_content()  # type: ignore[union-attr]


def test_a_sender_is_a_whole_roster_address(tmp_path: Path) -> None:
    """``hea@example.org`` is not ``rhea@example.org``, even with Rhea's token; the domain and
    the local part are compared without case."""
    game, _, box = _game(tmp_path, seed="whole-address")
    run(game, NOW)
    colour, mail = _decider(tmp_path)
    address = ADDRESSES[colour]
    for near in (address[1:], "x" + address, address + ".evil.example", address.replace("@", "+x@")):
        box.add(reply(mail, colour, sender=near).as_bytes())  # type: ignore[arg-type]
    assert run(game, NOW).counts == {"ignored (unknown sender)": 4} and _steps(game) == 0
    box.add(reply(mail, colour, sender=address.upper()).as_bytes())  # type: ignore[arg-type]
    assert run(game, NOW).counts["accepted"] == 1


HOSTILE_NAME = "=?utf-8?q?Ann=0D=0ABcc:_evil@x.org?="


def test_a_name_or_game_id_written_as_an_encoded_word_stays_text(tmp_path: Path) -> None:
    from tests.mailservers import SmtpCapture

    with SmtpCapture() as smtp:
        box = mailbox.Maildir(tmp_path / "Maildir", create=True)
        game = tmp_path / "game"
        out = f'kind = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "none"'
        game_id = make_gamedir(game, "names", MAILDIR, out, names={"red": HOSTILE_NAME, "green": "G\u00fcnther"},
                               game_id="=?utf-8?q?g=0D=0ABcc:_evil@x.org?=")
        run(game, NOW)
        colour, mail = next((c, m) for c in ADDRESSES for m in smtp.to(ADDRESSES[c]) if needs_answer(m))
        box.add(reply(mail, colour, token_text="").as_bytes())  # type: ignore[arg-type]
        box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
        run(game, NOW)
        assert len(smtp.messages) >= 4
        for (_, rcpts), message in zip(smtp.envelopes, smtp.messages, strict=True):
            assert len(rcpts) == 1 and rcpts[0] in ADDRESSES.values()
            assert message["Bcc"] is None and message["Cc"] is None
            assert [a.addr_spec for a in message["To"].addresses] == rcpts
        red = [m for m in smtp.messages if m["X-Trajan-Player"] == "red"]
        assert red and all(m["To"].addresses[0].display_name == HOSTILE_NAME for m in red)
        assert all(game_id in str(m["Subject"]) for m in smtp.messages if m["X-Trajan-Game"])
        assert all(str(m["X-Trajan-Game"]) == game_id for m in smtp.messages if m["X-Trajan-Game"])
        greens = [m for m in smtp.messages if m["X-Trajan-Player"] == "green"]
        assert greens[0]["To"].addresses[0].display_name == "G\u00fcnther"
    for path in (game / "judge" / "sent").glob("*.eml"):  # and as journaled: one line per field
        head = path.read_bytes().split(b"\n\n", 1)[0]
        assert b"\r" not in head and b"Bcc" not in head and b"=?utf-8?q?" not in head


def test_the_roster_and_settings_refuse_line_breaks_and_controls(tmp_path: Path) -> None:
    from adjudicator.errors import Malformed
    from adjudicator.mail.judge.config import load_config
    from adjudicator.mail.outgoing.roster import load_roster

    for name in ("Ann\\r\\nBcc: x@y.org", "Ann\\u2028Bcc", "Ann\\u0085", "Ann\\u0000"):
        with pytest.raises(Malformed):
            load_roster(f'[players.red]\nname = "{name}"\naddress = "a@example.org"\n'.encode(), "r.toml")
    for address in ("a@example.org\\r\\nBcc: x@y.org", "a\\u0001@example.org", "a\\u202e@example.org",
                    "=?utf-8?q?a?=@example.org", "a@example.org>"):
        with pytest.raises(Malformed):
            load_roster(f'[players.red]\nname = "A"\naddress = "{address}"\n'.encode(), "r.toml")
        (tmp_path / "judge.toml").write_text(f'address = "{address}"\nsecret_file = "s"\n[inbox]\n{MAILDIR}\n'
                                             f"[outbox]\n{FOLDER}\n")
        with pytest.raises(Malformed) as refused:
            load_config(tmp_path / "judge.toml")
        assert refused.value.problems[0].code == "judge.settings"


def test_a_receipt_written_again_after_a_crash_in_the_record_commit_keeps_its_message_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.files import write

    game, _, box = _game(tmp_path)
    run(game, NOW)
    colour, mail = _decider(tmp_path)
    box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
    real_commit = write.OutputSet.commit

    def crash_before_the_record(self: write.OutputSet) -> None:
        """The record's commit: the journal's mails are in place, the record is not (a kill
        during the renames, the record being renamed last)."""
        record_file = [o for o in self._outputs if o.path.endswith("state.json")]
        self._outputs = [o for o in self._outputs if o not in record_file]
        real_commit(self)
        if record_file:
            raise KeyboardInterrupt
    monkeypatch.setattr(write.OutputSet, "commit", crash_before_the_record)
    with pytest.raises(KeyboardInterrupt):
        run(game, NOW)
    monkeypatch.undo()
    assert record.load_state(game).mailed == 0 and _steps(game) == 1
    from adjudicator.mail.judge import outbox

    went: list[bytes] = []
    real_send = outbox.FolderSink.send

    def noting(self: outbox.FolderSink, mail: outbox.Outgoing) -> None:
        went.append(mail.data)
        real_send(self, mail)
    monkeypatch.setattr(outbox.FolderSink, "send", noting)
    run(game, NOW)  # the journal goes first (the receipt), then the message is handled again
    receipts = [m for m in (message_from_bytes(d, policy=policy.default) for d in went)
                if str(m["Message-ID"]).startswith("<trajan.receipt.")]  # threaded: "Re: ..." (issue 27)
    assert len(receipts) == 2 and receipts[0]["Message-ID"] == receipts[1]["Message-ID"]


def test_steps_added_by_hand_between_runs_are_mailed_by_the_next_run(tmp_path: Path) -> None:
    from adjudicator.files import io
    from adjudicator.logs import folder
    from adjudicator.logs.absent import absent_orders

    game, game_id, _ = _game(tmp_path)
    run(game, NOW)
    for _ in range(2):  # the game master adds two steps with `trajan log add`
        latest = folder.latest(game / "log")
        state = io.load_game(latest.data)
        from adjudicator.game.engine import deciders

        order = absent_orders(state, deciders(state.pending)[0], "random", "by-hand")
        folder.add(game / "log", io.encode_orders(order), "by-hand.json")
    before = len(sent_mails(tmp_path))
    # The next decider is mailed (issue 27: a player gets mail when they decide), with both
    # steps in its news, as plain text.
    assert run(game, NOW).counts == {"mails sent": 1}
    for mail in sent_mails(tmp_path)[before:]:
        text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        assert text.count("Decision 1: answered by ") == 2, text[:600]  # both steps' reports
        assert "answered by red" in text and "answered by green" in text
    assert record.load_state(game).mailed == 2


def test_a_picture_that_fails_is_reported_in_the_summary_and_on_stderr(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("drawsvg", reason="the drawing extra is not installed: no picture to fail")
    from typer.testing import CliRunner

    import adjudicator.drawing
    from adjudicator.commands.main import app

    game, _, _ = _game(tmp_path, settings='pictures = "svg"\n')

    def broken(view: object) -> str:
        raise RuntimeError("the drawing broke")
    monkeypatch.setattr(adjudicator.drawing, "board_svg", broken)
    done = CliRunner().invoke(app, ["mail", "run", str(game), "--once", "--now", NOW.isoformat()])
    assert done.exit_code == 0, done.output
    assert "2 mails without their board picture" in done.stdout
    assert "mail.picture_failed" in done.stderr and "the drawing broke" in done.stderr
    assert all(not any(a.get_filename().endswith(".svg") for a in m.iter_attachments()) for m in sent_mails(tmp_path))


def test_a_shared_inbox_keeps_each_games_mail_for_its_own_run(tmp_path: Path) -> None:
    """Two games read one Maildir in separate runs (``shared = true``): a reply that lost its
    game id, and a message from a player of the other game only, are left unread for it."""
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    shared = MAILDIR + "\nshared = true"
    rhea, gaius, gina = ADDRESSES["red"], ADDRESSES["green"], "gina@example.org"
    a_id = make_gamedir(tmp_path / "a", "shared-a", shared, FOLDER, addresses={"red": rhea, "green": gaius})
    b_id = make_gamedir(tmp_path / "b", "shared-b", shared, FOLDER, addresses={"red": rhea, "green": gina})
    run(tmp_path / "a", NOW)
    run(tmp_path / "b", NOW)
    b_mails = [m for m in sent_mails(tmp_path) if b_id in str(m["Subject"])]
    colour, mail = next((parseaddr(str(m["To"]))[1], m) for m in b_mails if needs_answer(m))
    who = "red" if colour == rhea else "green"
    lost = reply(mail, who, sender=colour)  # type: ignore[arg-type]
    del lost["Subject"]
    lost["Subject"] = "my orders"  # the game id is gone; the token is B's
    box.add(lost.as_bytes())
    assert run(tmp_path / "a", NOW).counts == {"left for another game": 1}
    assert _unread(box) == 1
    assert run(tmp_path / "b", NOW).counts["accepted"] == 1 and _unread(box) == 0
    assert a_id != b_id


def test_the_commands_report_a_picture_left_out_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("drawsvg", reason="the drawing extra is not installed: no picture to fail")
    from typer.testing import CliRunner

    import adjudicator.drawing
    from adjudicator.commands.main import app
    from adjudicator.errors import Malformed
    from adjudicator.game.newgame import new_game
    from adjudicator.logs.selfplay import selfplay
    from adjudicator.mail.outgoing.compose import write_player_mails

    def broken(view: object) -> str:
        raise RuntimeError("the drawing broke")
    monkeypatch.setattr(adjudicator.drawing, "board_svg", broken)
    selfplay(2, "pictures", ["random", "random"], tmp_path / "log")
    done = CliRunner().invoke(app, ["mail-out", str(tmp_path / "log"), "--outbox", str(tmp_path / "out")])
    assert done.exit_code == 0 and "warning: " in done.stderr and "mail.picture_failed" in done.stderr
    assert list((tmp_path / "out").glob("*.eml"))  # the mails are written, without the picture
    state = new_game(("red", "green"), "pictures", method="test")
    with pytest.raises(Malformed) as refused:  # a caller that keeps no warnings is told at once
        write_player_mails(str(tmp_path / "none"), state, {}, None, 0)
    assert [p.code for p in refused.value.problems] == ["mail.picture_failed"]
    assert not (tmp_path / "none").exists() or not list((tmp_path / "none").iterdir())
    found: list[object] = []
    write_player_mails(str(tmp_path / "kept"), state, {}, None, 0, warnings=found)  # type: ignore[arg-type]
    assert len(found) == 1 and len(list((tmp_path / "kept").glob("*.eml"))) == 2
