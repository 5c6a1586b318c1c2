"""The mail bomb suite against a real IMAP server (issue 25): Dovecot holds the judge's
inbox; 100 hostile messages are delivered to it (multiparts nested 250 and 1,000 deep,
100,000 parts, a 50 MB body, 20 MB of quoted-printable soft breaks, a 5 MB subject of
encoded words, long header fields and blocks, seven 900 kB Message-IDs, text in 48
charset forms, auto-replies, a ``From`` of nested comments: 190 MB in all, half of it
in a player's own name), then a player's legal order.  One judge run applies the order,
marks every message seen, answers the player's address with one short note and the
stranger with nothing, and keeps its memory far under the issue's 200 MB (``tracemalloc``'s
peak of the run, about 23 MB: the same for the same messages on every machine).

How long the run takes is measured by ``trajan bench`` (``judge_hostile_run_seconds``,
target 10 s), never here.
"""

from __future__ import annotations

import tracemalloc
from datetime import UTC, datetime
from email.utils import parseaddr
from pathlib import Path

import pytest

from adjudicator.mail.judge import record
from adjudicator.mail.judge.run import run
from adjudicator.perf.mail_bombs import COUNT, hostile_messages
from tests.judgeplay import ADDRESSES, JUDGE, make_gamedir, needs_answer, reply
from tests.mailservers import Dovecot, SmtpCapture

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
STRANGER = "stranger@elsewhere.example"


def _unseen(server: Dovecot) -> int:
    from imapclient import IMAPClient  # type: ignore[import-untyped]

    with IMAPClient("127.0.0.1", port=server.port, ssl=False) as client:
        client.login(JUDGE, server.users[JUDGE])
        client.select_folder("INBOX", readonly=True)
        return len(client.search(["UNSEEN"]))


def test_a_legal_order_after_100_hostile_messages_is_applied_in_the_same_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAJAN_TEST_IMAP_PASSWORD", "imap-secret")
    with Dovecot({JUDGE: "imap-secret"}) as server, SmtpCapture() as smtp:
        inbox = (f'kind = "imap"\nhost = "127.0.0.1"\nport = {server.port}\nsecurity = "none"\n'
                 f'user = "{JUDGE}"\npassword_env = "TRAJAN_TEST_IMAP_PASSWORD"')
        out = f'kind = "smtp"\nhost = "127.0.0.1"\nport = {smtp.port}\nsecurity = "none"'
        game = tmp_path / "game"
        make_gamedir(game, "bombs", inbox, out)
        run(game, NOW)
        colour, mail = next((c, m) for c in ADDRESSES for m in smtp.to(ADDRESSES[c]) if needs_answer(m))
        delivered = 0
        for data in hostile_messages(ADDRESSES[colour], STRANGER, JUDGE):  # one at a time: 190 MB in all
            server.deliver(JUDGE, data)
            delivered += 1
        assert delivered == COUNT
        server.deliver(JUDGE, reply(mail, colour))  # type: ignore[arg-type]
        before = len(smtp.messages)
        tracemalloc.start()
        try:
            summary = run(game, NOW)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert summary.counts["accepted"] == 1, summary.counts
        assert (game / "log" / "0001-orders.json").exists()
        assert _unseen(server) == 0  # every message handled, each on its own
        # The bound is 200 MB; the run needs about 23 MB, since no message is read whole
        # if it is larger than the 2 MiB limit (fetched whole, the big ones take 190 MB).
        assert peak < 64 * 1024 * 1024, f"the run's peak was {peak:,} bytes"
        assert summary.counts["ignored (unknown sender)"] >= COUNT // 2
        assert summary.counts["ignored (automatic message)"] == 5
        for code in ("too_many_parts", "too_large", "header_too_long", "too_many_lines", "too_complex"):
            assert summary.counts.get(f"refused (mail.{code})", 0) >= 1, (code, summary.counts)
        new = smtp.messages[before:]
        notes = [m for m in new if m["X-Trajan-Game-File"] is None  # not the receipt (issue 27: "Re: ...")
                 and not str(m["Message-ID"]).startswith("<trajan.receipt.")]
        assert len(notes) == 1 and parseaddr(str(notes[0]["To"]))[1] == ADDRESSES[colour]
        assert all(STRANGER not in rcpts for _, rcpts in smtp.envelopes)
        assert (game / "judge" / "state.json").stat().st_size < 20_000  # hashed keys, whatever the headers
        assert not record.pending(game)
