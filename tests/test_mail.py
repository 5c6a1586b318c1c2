"""The mail corpus: every message yields its expected order or reports its expected problem.

Each ``fixtures/mail/NAME.eml`` (a whole message) or ``NAME.txt`` (a pasted body) has
``NAME.expected.json``: ``{"orders": ORDER FILE}`` or ``{"problem": {"code", "path"}}``.
The messages are written by ``fixtures/mail/generate.py`` in the styles of Gmail,
Outlook, Apple Mail and Thunderbird.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.errors import Malformed, Problem
from adjudicator.files.orders_any import load_orders_any
from tests.sizes import size

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "mail"
GAME = "trajan-449ab87432d3"
MESSAGES = sorted(p for p in CORPUS.iterdir() if p.suffix in (".eml", ".txt"))


def test_the_corpus_is_large_enough() -> None:
    assert len(MESSAGES) >= 80
    clients = {"gmail", "outlook", "apple", "ios", "thunderbird", "k9", "samsung"}
    assert clients <= {p.name.split("-")[0] for p in MESSAGES}


@pytest.mark.parametrize("path", MESSAGES, ids=lambda p: p.name)
def test_message(path: Path) -> None:
    expect = json.loads((CORPUS / f"{path.stem}.expected.json").read_text())
    data = path.read_bytes()
    if "orders" in expect:
        order = load_orders_any(data, path.name, GAME)
        assert json.loads(msgspec.json.encode(order)) == expect["orders"]
        return
    with pytest.raises(Malformed) as e:
        load_orders_any(data, path.name, GAME)
    want = expect["problem"]
    found = [p for p in e.value.problems if p.code == want["code"] and want.get("path", p.path) == p.path]
    assert found, e.value.problems
    says = want.get("says", [])
    for words in [says] if isinstance(says, str) else says:
        assert words in found[0].message, found[0].message
    if "quotes" in want:  # the player's own line, as they wrote it
        line = want["quotes"].replace("\\", "\\\\").replace('"', '\\"')
        assert f'"{line}"' in found[0].message, found[0].message
    for p in e.value.problems:
        assert p.file is not None and p.file.startswith(path.name)
        assert all(c.isprintable() for c in p.message), p.message
    _refused_with_the_players_lines(data, e.value.problems)


def _refused_with_the_players_lines(data: bytes, problems: Sequence[Problem]) -> None:
    """A refusal as the judge mails it: every problem at a line of the message quotes that
    line as the player wrote it (found in the message itself, not taken from the problem),
    and no JSON path or line number is said."""
    from adjudicator.mail.judge.refusal import Context, refusal_lines
    from adjudicator.mail.message import is_message, parts

    text = "\n".join(part.text for part in parts(data, "m")) if is_message(data) else data.decode("utf-8", "replace")
    said = refusal_lines(problems, None, Context(game_id=GAME))
    items = "\n".join(said).split("\n\n")
    for p, item in zip(problems, items, strict=False):
        assert "body line" not in item and "$." not in item, item
        if re.search(r"line \d+$", p.path):
            written = re.match(r'^\d+\. You wrote: "((?:[^"\\]|\\.)*)"', item)
            assert written, item
            line = written.group(1).replace('\\"', '"').replace("\\\\", "\\")
            assert line.rstrip("…") in " ".join(text.split()), (line, item)


# --- Hostile text: whatever arrives, a problem (exit 2) or an order, never a crash ---------------

HOSTILE = {
    "many-steps": "game trajan-449a decision 4 player red\n" + "senate\n" * 100_000,
    "many-typos": "game trajan-449a decision 4 player red\n" + "senat\n" * 100_000,
    "many-headers": "game trajan-449a decision 4 player red\n" * 100_000,
    "prose": "hello there, general kenobi\n" * 100_000,
    "long-line": "game trajan-449a decision 4 player red\nsow " + "pink " * 500_000,
    "quotes": '"' * 1_000_000,
    "braces": "x{" * 500_000,
    "quoting": ">" * 1_000_000,
    "control": "game trajan-449a decision 4 player red\n\x00\x1b[2J\x07 senate\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_text_gets_a_problem(name: str) -> None:
    with pytest.raises(Malformed) as e:
        load_orders_any(HOSTILE[name].encode(), name, GAME)
    assert 1 <= len(e.value.problems) <= 101
    assert all(len(p.message) < 2000 and all(c.isprintable() for c in p.message) for p in e.value.problems)


_WORDS = ["game", "trajan-449a", "decision", "4", "player", "red", "sow", "senate", "forum", "BEGIN ORDERS",
          "END ORDERS", "> ", "-- ", "{", "}", '"', "'", "\u201c", "=3D", "=\n", "\u00a0", "\t", "#", "\n",
          "\r\n", "On Mon wrote:", "From: x", "Sent: y", "Content-Type: text/plain", "MIME-Version: 1.0"]


@settings(max_examples=size("TRAJAN_MAIL_EXAMPLES"), deadline=None)
@given(st.lists(st.sampled_from(_WORDS) | st.text(max_size=8), max_size=40))
def test_any_text_is_read_or_refused(parts: list[str]) -> None:
    data = " ".join(parts).encode("utf-8", errors="replace")
    try:
        load_orders_any(data, "x.txt", GAME)
    except Malformed as e:
        assert e.problems


def test_a_whole_game_answered_by_mail_in_the_notation() -> None:
    """Every order of a 3-player game, typed as text into a reply (Gmail-style, quoted-printable,
    with an HTML alternative, a greeting, a signature and the judge's mail quoted below)."""
    from email.message import EmailMessage
    from email.policy import SMTP

    from adjudicator.notation.text import order_text
    from tests.playout import playout_orders

    answered = 0
    for state, order, _ in playout_orders(3, "by-mail"):
        text = order_text(order).replace(state.game_id, state.game_id[:10])
        body = f"Hi judge,\n\n{text}\nCheers\n-- \nA player\n\nOn Mon, 1 Dec 2025, Judge wrote:\n> game x\n"
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = "p@example.org", "judge@example.org", "Re: your turn"
        msg.set_content(body, cte="quoted-printable")
        msg.add_alternative(f"<div>{body.replace(chr(10), '<br>')}</div>", subtype="html")
        assert load_orders_any(msg.as_bytes(policy=SMTP), "reply.eml", state.game_id) == order
        answered += 1
    assert answered > 100


def test_an_order_file_that_lost_its_first_brace_is_broken_json_not_notation() -> None:
    """Found by the fuzz test: without its ``{`` an order file's ``"game_id": …`` line was
    read as a misspelt ``game`` header line of the notation (a problem at "line 3")."""
    whole = json.dumps({"format": 2, "game_id": "trajan-449a", "decision": 4, "player": "red",
                        "answer": {"decision": "setup_markers", "trays": {}}}, indent=2).encode()
    for cut in (1, 2, 4):
        with pytest.raises(Malformed) as e:
            load_orders_any(whole[cut:], "orders.json", GAME)
        assert [(p.code, p.path) for p in e.value.problems] == [("input.not_json", "$")]
