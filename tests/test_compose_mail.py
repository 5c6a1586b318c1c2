"""The order composer page in the player's decision mail (issue 29): attached to the mail of
every player who decides (and to no other), made from the same view as the mail; the
roster's ``order_page = false`` (a seat's) leaves it out; the mail judge's page carries the player's
token and mails the judge's own address; a page that fails is reported, the mail whole."""

from __future__ import annotations

import base64
import gzip
import json
import mailbox
import re
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from adjudicator.compose import compose_html  # noqa: E402
from adjudicator.game.engine import deciders  # noqa: E402
from adjudicator.game.newgame import new_game  # noqa: E402
from adjudicator.mail.outgoing.compose import player_mails  # noqa: E402
from adjudicator.mail.outgoing.roster import load_roster  # noqa: E402
from adjudicator.model.state import GameState  # noqa: E402
from adjudicator.views.redact import view_of  # noqa: E402
from tests.judgeplay import JUDGE, make_gamedir, needs_answer, sent_mails, token  # noqa: E402
from tests.mailtext import text_of

_PAYLOAD = re.compile(r'<script id="compose-data" type="application/json">\s*([A-Za-z0-9+/=]+)\s*</script>')
ROSTER = """game = "{game}"
judge = "gm@trajan.example.org"

[players.red]
name = "Rhea"
address = "rhea@example.org"
{switch}
[players.green]
name = "Gaius"
address = "gaius@example.org"
{switch}
"""


def names_the_page(mail: EmailMessage) -> bool:
    """The text says an order page is attached (the file name, unwrapped)."""
    return bool(re.search(r"The attached page\s+order-\S+\.html", text_of(mail)))


def pages_in(mail: EmailMessage) -> list[tuple[str, str]]:
    """Every HTML attachment of the mail: its file name and its text."""
    found = []
    for part in mail.iter_attachments():
        if part.get_content_type() == "text/html":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            found.append((str(part.get_filename()), payload.decode("utf-8")))
    return found


def payload(html: str) -> dict[str, Any]:
    """What the page carries, unpacked as the browser does (base64, gzip, JSON)."""
    found = _PAYLOAD.search(html)
    assert found is not None, "the page carries no data"
    value = json.loads(gzip.decompress(base64.b64decode(found.group(1))))
    assert isinstance(value, dict)
    return value


def a_game() -> GameState:
    """A 2-player game at its first decision that only one player makes (a turn)."""
    from adjudicator.game.engine import adjudicate
    from adjudicator.logs.absent import absent_orders

    state = new_game(("red", "green"), "compose-mail", method="test")
    while len(deciders(state.pending)) != 1:
        state = adjudicate(state, absent_orders(state, deciders(state.pending)[0], "random", "m")).state
    return state


def test_the_decision_mail_carries_the_page_and_only_the_deciders() -> None:
    state = a_game()
    roster = load_roster(ROSTER.format(game=state.game_id, switch="").encode(), "roster.toml")
    mails = player_mails(state, {}, roster, 0)
    deciding = set(deciders(state.pending))
    assert deciding and deciding != set(state.seats)
    for mail in mails:
        pages = pages_in(mail.message)
        if mail.player not in deciding:
            assert pages == [] and not names_the_page(mail.message), mail.player
            continue
        [(name, html)] = pages
        assert f"The attached page {name} offers" in " ".join(text_of(mail.message).split())  # the text says so
        assert name == f"order-{state.game_id}-{state.decision:04d}-{mail.player}.html"
        data = payload(html)
        assert data["player"] == mail.player and data["decision"] == state.decision
        assert data["mail"]["to"] == "gm@trajan.example.org"  # the roster's judge
        assert data["token"] is None
        assert "Content-Security-Policy" in html and len(html.encode()) <= 250 * 1024
        # the page of the player's own view, which tests/test_compose_leaks.py shows holds nothing hidden
        assert html == compose_html(view_of(state, mail.player), "gm@trajan.example.org")
    # the same game file, the same bytes (a mail written again is the same mail)
    again = player_mails(state, {}, roster, 0)
    assert [bytes(m.message) for m in again] == [bytes(m.message) for m in mails]


def test_the_rosters_switch_leaves_the_page_out() -> None:
    state = a_game()
    off = load_roster(ROSTER.format(game=state.game_id, switch="order_page = false").encode(), "roster.toml")
    assert all(not seat.order_page for seat in off.players.values())
    assert all(pages_in(m.message) == [] and not names_the_page(m.message) for m in player_mails(state, {}, off, 0))
    on = load_roster(ROSTER.format(game=state.game_id, switch="").encode(), "roster.toml")
    assert all(seat.order_page for seat in on.players.values())  # on by default
    assert any(pages_in(m.message) for m in player_mails(state, {}, None, 0))  # no roster: on too


def test_a_page_that_fails_is_reported_and_the_mail_is_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicator.compose.page
    from adjudicator.errors import Malformed
    from adjudicator.mail.outgoing.compose import player_mail
    from adjudicator.views.redact import view_of

    def broken(*_: object) -> str:
        raise RuntimeError("the page broke")
    monkeypatch.setattr(adjudicator.compose.page, "compose_html", broken)
    state = a_game()
    colour = deciders(state.pending)[0]
    found: list[Any] = []
    mail = player_mail(view_of(state, colour), "", None, "svg", warnings=found)
    assert [p.code for p in found] == ["mail.order_page_failed"] and "the page broke" in found[0].message
    assert pages_in(mail) == [] and any(str(a.get_filename()).startswith("view-") for a in mail.iter_attachments())
    assert not names_the_page(mail)  # no page, so the text does not offer one
    with pytest.raises(Malformed):  # a caller that keeps no warnings is told at once
        player_mail(view_of(state, colour), "", None, "svg")


def test_the_judges_decision_mail_carries_the_page_with_the_token(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from adjudicator.mail.judge.run import run

    game = tmp_path / "game"
    game_id = make_gamedir(game, "compose-judge", 'kind = "maildir"\npath = "../Maildir"',
                           'kind = "folder"\npath = "../sent"')
    mailbox.Maildir(tmp_path / "Maildir", create=True)
    run(game, datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    mails = sent_mails(tmp_path)
    assert mails
    for mail in mails:
        colour = str(mail["X-Trajan-Player"])
        pages = pages_in(mail)
        assert len(pages) == needs_answer(mail), mail["Subject"]
        for _, html in pages:
            data = payload(html)
            assert data["token"] == token(game_id, colour)
            assert f"token {data['token']}" in str(mail.get_body(("plain",)).get_content())  # type: ignore[union-attr]
            assert data["mail"]["to"] == JUDGE  # the judge's own address, where it reads orders
