"""The judge sends its mails over SMTP with TLS (issue 18): STARTTLS on the submission
port and TLS from the first byte, the server's certificate checked against the game
master's CA file, with a login.  The server is a real aiosmtpd on 127.0.0.1 with a
self-signed certificate (``tests/mailservers.py``); the inbox is a Maildir, so no
Dovecot is needed.  An untrusted certificate or a server that is not there loses no
mail: it stays in the journal and goes with the next run."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.mail.judge import record
from adjudicator.mail.judge.run import run
from tests.judgeplay import ADDRESSES, make_gamedir, token
from tests.mailservers import SmtpCapture, free_port

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


def _game(tmp_path: Path, smtp_settings: str) -> tuple[Path, str]:
    (tmp_path / "Maildir").mkdir()
    for sub in ("cur", "new", "tmp"):
        (tmp_path / "Maildir" / sub).mkdir()
    game = tmp_path / "game"
    game_id = make_gamedir(game, "judge-smtp-tls", 'kind = "maildir"\npath = "../Maildir"', smtp_settings)
    (game / "smtp-password").write_text("smtp-pw\n")
    return game, game_id


def _outbox(smtp: SmtpCapture, security: str, cafile: Path | None) -> str:
    trust = f'\ncafile = "{cafile}"' if cafile else ""
    return (f'kind = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "{security}"\n'
            f'user = "judge"\npassword_file = "smtp-password"{trust}')


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_the_start_mails_go_over_tls_with_a_login(tmp_path: Path, security: str) -> None:
    with SmtpCapture(login=("judge", "smtp-pw"), security=security) as smtp:
        game, game_id = _game(tmp_path, _outbox(smtp, security, smtp.cafile))
        assert run(game, NOW).counts["mails sent"] == 2
        assert sorted(rcpt for _, rcpts in smtp.envelopes for rcpt in rcpts) == sorted(ADDRESSES.values())
        for colour, address in ADDRESSES.items():
            (mail,) = smtp.to(address)
            body = mail.get_body(("plain",))
            assert body is not None and f"token {token(game_id, colour)}" in body.get_content()
        assert record.pending(game) == []


def test_a_plain_connection_to_a_starttls_server_is_refused_and_nothing_is_lost(tmp_path: Path) -> None:
    with SmtpCapture(login=("judge", "smtp-pw"), security="starttls") as smtp:
        game, _ = _game(tmp_path, _outbox(smtp, "none", None))
        with pytest.raises(Malformed) as refused:
            run(game, NOW)
        assert [p.code for p in refused.value.problems] == ["judge.outbox"]
        assert smtp.messages == []
        assert len(record.pending(game)) == 2  # kept for the next run


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_an_untrusted_certificate_sends_nothing_and_keeps_the_mails(tmp_path: Path, security: str) -> None:
    with SmtpCapture(login=("judge", "smtp-pw"), security=security) as smtp:
        game, _ = _game(tmp_path, _outbox(smtp, security, None))  # the self-signed one is not trusted
        with pytest.raises(Malformed) as refused:
            run(game, NOW)
        (problem,) = refused.value.problems
        assert problem.code == "judge.outbox" and "certificate" in problem.message.lower()
        assert smtp.messages == []
        assert len(record.pending(game)) == 2
        settings = (game / "judge.toml").read_text().replace(
            f'security = "{security}"', f'security = "{security}"\ncafile = "{smtp.cafile}"')
        (game / "judge.toml").write_text(settings)
        assert run(game, NOW).counts["mails sent"] == 2  # the journal goes with the next run
        assert len(smtp.messages) == 2 and record.pending(game) == []


def test_no_server_keeps_the_mails_in_the_journal(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    game, _ = _game(tmp_path, f'kind = "smtp"\nhost = "127.0.0.1"\nport = {port}\nsecurity = "tls"')
    with pytest.raises(Malformed) as refused:
        run(game, NOW)
    assert [p.code for p in refused.value.problems] == ["judge.outbox"]
    assert len(record.pending(game)) == 2
