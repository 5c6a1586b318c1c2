"""A whole 3-player game played by mail through the judge with the default roster (issue 27):
every mail the judge sent parses under ``email.policy.strict`` and has a Date, a subject
that fits one line and names the game, no line over 78 columns and no Markdown in its
text; receipts and refusals answer the player's own message; every decision mail states
its deadline with a time zone; no answer to a simultaneous decision reaches a player's
mail before every decider has answered, and then all of them do; each player gets at most
a third of the mails the judge before issue 27 sent (the bytes, with the board pictures,
are ``trajan bench``'s mail figure: :mod:`adjudicator.perf.bench_mail_game`).

The players reply as most mail clients do: their order lines at the top, the judge's whole
mail quoted below (its reply template gives the header and the token).
"""

from __future__ import annotations

import email
import json
import re
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.perf.bench_mail_game import BEFORE, MAIL_SHARE, MailGame, play
from tests.mailtext import text_of

DEADLINE = re.compile(r"^Deadline: \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d [A-Z]{2,5}\b", re.MULTILINE)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> MailGame:
    return play(tmp_path_factory.mktemp("mail-game") / "game", judge_extra='pictures = "none"\n')


def _sent(game: MailGame) -> list[tuple[bytes, EmailMessage]]:
    out = []
    for path in sorted((game.folder / "sent").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
        raw = path.read_bytes()
        mail = email.message_from_bytes(raw, policy=policy.strict)  # raises on any defect
        assert isinstance(mail, EmailMessage)
        out.append((raw, mail))
    return out


def _game_id(game: MailGame) -> str:
    return str(json.loads((game.folder / "log" / "0000-game.json").read_bytes())["game_id"])


def test_the_game_is_played_to_its_end_with_no_refusal(game: MailGame) -> None:
    final = json.loads(max((game.folder / "log").glob("*-game.json")).read_bytes())
    assert final["pending"]["kind"] == "game_over" and game.steps > 60
    assert game.refused == 0  # every top-posted reply was read


def test_every_mail_parses_strictly_and_has_a_date(game: MailGame) -> None:
    mails = _sent(game)
    assert len(mails) > 60
    for raw, mail in mails:
        assert mail["Date"] is not None and mail["Message-ID"] is not None
        for part in mail.walk():
            assert not part.defects, (mail["Subject"], part.defects)
        assert max(len(line) for line in raw.split(b"\n")) <= 78, mail["Subject"]


def test_subjects_fit_one_line_and_name_the_game(game: MailGame) -> None:
    named = re.compile(r"^(Re: )?\[Trajan " + re.escape(_game_id(game)) + r"\] ")
    for raw, mail in _sent(game):
        head = raw.split(b"\n\n", 1)[0].split(b"\n")
        at = next(i for i, line in enumerate(head) if line.startswith(b"Subject: "))
        assert at + 1 == len(head) or head[at + 1][:1] not in (b" ", b"\t"), "the subject folds"
        assert named.match(str(mail["Subject"])), mail["Subject"]


def test_receipts_and_refusals_answer_the_players_message(game: MailGame) -> None:
    import mailbox

    theirs = {str(m["Message-ID"]) for m in mailbox.Maildir(game.folder / "Maildir", create=False)}
    answers = 0
    for _, mail in _sent(game):
        text = text_of(mail)
        receipt = "were accepted" in text.split("\n\n", 2)[1] or "was accepted" in text.split("\n\n", 2)[1]
        if mail["X-Trajan-Game-File"] is None or receipt:
            assert mail["In-Reply-To"] in theirs, mail["Subject"]
            assert str(mail["References"]).split()[-1] == mail["In-Reply-To"]
            answers += 1
    assert answers > 20


def test_no_markdown_reaches_the_text(game: MailGame) -> None:
    for _, mail in _sent(game):
        text = text_of(mail)
        assert "**" not in text and "`" not in text and "](" not in text
        prose = text.split("== What happened since your last mail ==")[-1] if "== What happened" in text else \
            text.split("== The game as you see it ==")[-1]
        assert not re.search(r"^#", prose, re.MULTILINE), mail["Subject"]


def test_every_decision_mail_states_the_deadline_and_who_else_is_waited_for(game: MailGame) -> None:
    asked = 0
    for _, mail in _sent(game):
        text = text_of(mail)
        if "== What you decide now ==" not in text:
            continue
        asked += 1
        assert DEADLINE.search(text), text[:400]
        assert "The game waits for you only." in text or "The game waits also for " in text
        first = text.index("== What you decide now ==")
        assert first < text.index("== Your reply ==") < text.find("== The game as you see it ==")
    assert asked >= sum(f.decision_mails for f in game.players.values()) > 60


def _held(game: MailGame) -> dict[int, tuple[int, int]]:
    """The log steps after which a simultaneous decision still waits for answers: step ->
    (decision number, answers so far), read from the game files themselves."""
    out = {}
    for path in sorted((game.folder / "log").glob("*-game.json")):
        raw = json.loads(path.read_bytes())
        pending = raw["pending"]
        if pending["kind"] in ("setup_markers", "demands") and pending.get("answered"):
            out[int(path.name[:4])] = (raw["decision"], len(pending["answered"]))
    return out


def test_simultaneous_answers_are_revealed_together(game: MailGame) -> None:
    held = _held(game)
    assert len(held) >= 2  # the initial markers (the demands: tests/test_mail_reveal.py)
    steps = {json.loads(p.read_bytes())["chain"]["hash"]: int(p.name[:4])
             for p in (game.folder / "log").glob("*-game.json")}
    revealed = 0
    for _, mail in _sent(game):
        if mail["X-Trajan-Game-File"] is None:  # a receipt: names only the player's own answer
            assert "tray " not in text_of(mail) and "demands " not in text_of(mail)
            continue
        step = steps[str(mail["X-Trajan-Game-File"]).strip()]
        assert step not in held, f"a mail about step {step} reveals answers before all were given"
        decision = step - 1
        if decision in held:  # the first mail after the last answer: every answer in it
            number, so_far = held[decision]
            answers = re.findall(rf"^Decision {number}: answered by", text_of(mail), re.MULTILINE)
            assert len(answers) >= so_far + 1
            revealed += 1
    assert revealed >= 1


def test_each_player_gets_at_most_a_third_of_the_mails_of_before(game: MailGame) -> None:
    for colour, figure in game.players.items():
        mails, _ = BEFORE[colour]
        assert figure.mails <= mails * MAIL_SHARE, (colour, figure.mails, mails)
        assert figure.without_deadline == 0
    assert game.without_date == 0
    print("\n" + game.text())


def test_a_mails_board_picture_is_a_small_png_shown_inline(tmp_path: Path) -> None:
    pytest.importorskip("drawsvg", reason="the drawing extra is not installed: no picture")
    pytest.importorskip("PIL", reason="Pillow is not installed: the PNG is not made small")
    from adjudicator.drawing import png_converter
    from adjudicator.files import io
    from adjudicator.mail.outgoing.compose import player_mail
    from adjudicator.views.redact import view_of

    if png_converter() is None:
        pytest.skip("no headless browser: no PNG")
    log = Path(__file__).resolve().parent.parent / "examples" / "logs" / "3-players"
    before, after = (view_of(io.load_game((log / f"{k:04d}-game.json").read_bytes()), "red") for k in (38, 41))
    mail = player_mail(after, "", pictures="png", before=before, attach_view=False)
    (picture,) = list(mail.iter_attachments())
    data = picture.get_content()
    assert picture.get_content_type() == "image/png" and picture.get_content_disposition() == "inline"
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 60_000
    from adjudicator.drawing import board_svg

    assert len(data) < len(board_svg(after).encode())  # smaller than the SVG
