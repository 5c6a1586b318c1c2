"""Refusals a person can act on (issue 27): each problem quotes the player's own line, says
what is wrong and what to write instead, every problem of the message at once; no JSON
path and no line number reaches the mail."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from email.message import EmailMessage

from adjudicator.errors import Malformed, problem
from adjudicator.mail.judge.compose import Answering, refusal
from adjudicator.mail.judge.refusal import Context, refusal_lines
from adjudicator.mail.read import read_orders_located

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
GAME = "trajan-449ab87432d3"
QUOTE = f"> BEGIN ORDERS\n> game {GAME} decision 41 player red\n> token abcdefghijklmnop\n> END ORDERS\n"


def _message(text: str) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "r@example.org", "judge@example.org", f"Re: [Trajan {GAME}] decision 41"
    m["Message-ID"] = "<reply-1@example.org>"
    m.set_content(text)
    return bytes(m)


def _words(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def test_every_bad_line_is_listed_with_the_players_words_and_the_correction() -> None:
    data = _message(f"sow militray pinc green orange\ntrajan speical\nsenate\n\nThe judge wrote:\n{QUOTE}")
    try:
        read_orders_located(data, "your message", [GAME])
        raise AssertionError("read")
    except Malformed as e:
        problems = list(e.problems)
    said = _words(refusal_lines(problems, None, Context(game_id=GAME)))
    assert '1. You wrote: "sow militray pinc green orange"' in said
    assert 'Did you mean "military"?' in said and 'Did you mean "pink"?' in said
    assert "Write instead: sow military pink green orange" in said
    assert '2. You wrote: "trajan speical"' in said and "Write instead: trajan special" in said
    assert "body line" not in said and "$." not in said


def test_a_rule_problem_quotes_the_step_and_offers_the_nearest_legal_lines() -> None:
    data = _message(f"sow military pink green orange\nconstruction build E1\n\nThe judge wrote:\n{QUOTE}")
    order, sources = read_orders_located(data, "your message", [GAME])
    assert order.decision == 41 and sources.line_of("$.answer.steps[1].site") == "construction build E1"
    assert sources.borrowed_path("$.decision") and not sources.borrowed_path("$.answer.steps[0]")
    rule = problem("construction.not_adjacent", "$.answer.steps[1].site",
                   "Site E1 is not next to a site with one of your workers.")
    legal = ("construction build E2", "construction build D1", "senate", "construction hire")
    said = _words(refusal_lines([rule], sources, Context(game_id=GAME, legal=legal)))
    assert '1. You wrote: "construction build E1" Site E1 is not next to' in said
    offered = said.split("Lines you may write instead: ")[1].split(". [")[0].split("; ")
    assert sorted(offered) == ["construction build D1", "construction build E2"]  # not the hire


def test_a_stale_answer_says_which_mail_to_answer_and_names_no_line_of_the_judges() -> None:
    data = _message(f"senate\n\nThe judge wrote:\n{QUOTE}")
    _, sources = read_orders_located(data, "your message", [GAME])
    stale = problem("orders.stale", "$.decision", "These orders answer decision 41, but the game is at decision 44.")
    said = _words(refusal_lines([stale], sources, Context(game_id=GAME, decision=44, decides=True)))
    assert "You wrote" not in said  # the header came from the judge's quoted mail
    assert "You replied to an older mail; it is your decision now" in said and "decision 44" in said


def test_the_refusal_mail_answers_the_players_message() -> None:
    from email import message_from_bytes, policy

    theirs = message_from_bytes(_message("hello\n"), policy=policy.default)
    assert isinstance(theirs, EmailMessage)
    mail = refusal("judge@example.org", "r@example.org", GAME, [problem("mail.no_orders", "$", "No orders.")], NOW,
                   name="Rhea", reply_to=Answering.of(theirs), decision=41)
    assert str(mail["In-Reply-To"]) == "<reply-1@example.org>" and mail["Date"] is not None
    assert str(mail["Subject"]) == f"Re: [Trajan {GAME}] decision 41" and str(mail["To"]) == "Rhea <r@example.org>"
    assert all(len(line) <= 78 for line in bytes(mail).decode().split("\n"))


def test_a_json_orders_problem_names_its_field_in_words_not_by_path() -> None:
    body = json.dumps({"format": 2, "game_id": GAME, "decision": "x", "player": "red",
                       "answer": {"decision": "turn", "steps": [{"do": "senate"}, {"do": "senat"}]}})
    try:
        read_orders_located(_message(body), "your message", [GAME])
        raise AssertionError("read")
    except Malformed as e:
        problems = list(e.problems)
    assert {p.path for p in problems} == {"$.decision", "$.answer.steps[1].do"}  # for tools: the paths
    said = _words(refusal_lines(problems, None, Context(game_id=GAME)))
    assert 'In your order file, the field "decision": Expected integer' in said
    assert 'In your order file, the field "do" of item 2 of "steps" of "answer": Expected one of' in said
    assert "$" not in said
