"""A whole 3-player game by mail with one player in Portuguese (Brazil), one in German and
one in French (issue 31), run by the mail judge over a Maildir and a folder outbox as
``tests/test_mail_judge.py`` runs it.

The players answer from their mails (the option lines copied, or a bot's choice from the
attached view), naming the actions in their own language; one sends a misspelt order,
one a wrong token, one asks for the mail again; then they go silent and the deadlines let
the bot finish the game, with reminders.  Every mail each player got is in their language
with no English prose left (:mod:`tests.i18n_support`) and no line over 78 columns; the
log verifies; and the same game played by an English table gives a log that is the same
bytes, file by file.

``TRAJAN_MAIL_GAME_HUMAN`` (default 40) is how many decisions are answered by mail before
the deadlines take over.
"""

from __future__ import annotations

import mailbox
import re
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path

import pytest

from adjudicator.files import io
from adjudicator.game.newgame import new_game
from adjudicator.logs.verify import verify_log
from adjudicator.mail.judge import deadlines, gamelog, record
from adjudicator.mail.judge.run import run
from adjudicator.model.state import GameOver
from adjudicator.notation.aliases import alias_spellings
from tests.i18n_support import english_fragments, english_lines
from tests.judgeplay import SECRET, choose, token_line
from tests.mailtext import joined
from tests.sizes import size

pytest.importorskip("babel", reason="the i18n extra (Babel) formats the translated mails' dates")

HUMAN_ANSWERS = size("TRAJAN_MAIL_GAME_HUMAN")
START = datetime(2026, 3, 6, 18, 0, tzinfo=UTC)  # a Friday evening
JUDGE = "judge@example.org"
PLAYERS = {"red": ("Joana Ribeiro", "joana@example.org", "pt-BR"),
           "green": ("Klaus Becker", "klaus@example.org", "de"),
           "blue": ("Amélie Martin", "amelie@example.org", "fr")}


def _gamedir(folder: Path, languages: bool) -> str:
    state = new_game(("red", "green", "blue"), "judge-languages-game", method="test")
    (folder / "log").mkdir(parents=True)
    (folder / "log" / "0000-game.json").write_bytes(io.encode_state(state))
    (folder / "secret").write_bytes(SECRET)
    seats = "".join(f'[players.{c}]\nname = "{n}"\naddress = "{a}"\nattach_view = true\n'
                    + (f'language = "{lang}"\n' if languages else "")
                    for c, (n, a, lang) in PLAYERS.items())
    (folder / "roster.toml").write_text(f'game = "{state.game_id}"\n{seats}', encoding="utf-8")
    (folder / "judge.toml").write_text(
        f'address = "{JUDGE}"\nsecret_file = "secret"\npictures = "none"\n'
        '[inbox]\nkind = "maildir"\npath = "../Maildir"\n[outbox]\nkind = "folder"\npath = "../sent"\n'
        '[deadlines]\nhours = 48\nweekends = false\nremind_hours = 12\ntimezone = "Europe/Rome"\n',
        encoding="utf-8")
    return state.game_id


def _mails(root: Path) -> list[EmailMessage]:
    out = []
    for path in sorted((root / "sent").glob("*.eml"), key=lambda p: (p.stat().st_mtime_ns, p.name)):
        m = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(m, EmailMessage)
        out.append(m)
    return out


def _to(mails: list[EmailMessage], colour: str) -> list[EmailMessage]:
    return [m for m in mails if parseaddr(str(m["To"]))[1] == PLAYERS[colour][1]]


def _in_language(lines: list[str], language: str) -> list[str]:
    names = {action: spelling for spelling, action in alias_spellings()[language].items()}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?![\w-])")
    return [line if line.startswith("game ") else pattern.sub(lambda m: names[m.group(1)], line) for line in lines]


def _reply(mail: EmailMessage, colour: str, lines: list[str], token: str | None = None) -> bytes:
    head, *rest = lines
    quoted = "\n".join("> " + line for line in joined(mail).splitlines()[:30])
    answer = EmailMessage()
    answer["From"], answer["To"] = PLAYERS[colour][1], JUDGE
    answer["Subject"] = "Re: " + str(mail["Subject"])
    answer["Message-ID"] = make_msgid("player", domain="example.org")
    answer.set_content("Olá / Hallo / Bonjour,\n\nBEGIN ORDERS\n" + head + "\n" + (token or token_line(mail)) + "\n"
                       + "\n".join(rest) + f"\nEND ORDERS\n\nOn a day, the judge wrote:\n{quoted}\n")
    return bytes(answer)


def _over(game: Path) -> bool:
    return isinstance(io.load_game(gamelog.latest(game / "log").data).pending, GameOver)


def _play(root: Path, languages: bool) -> dict[str, int]:
    """The whole game; the judge's counts."""
    box = mailbox.Maildir(root / "Maildir", create=True)
    game = root / "game"
    _gamedir(game, languages)
    counts: dict[str, int] = {}

    def judge(now: datetime) -> None:
        for what, n in run(game, now).counts.items():
            counts[what] = counts.get(what, 0) + n

    now, answered, human = START, set(), 0
    judge(now)
    while not _over(game) and human < HUMAN_ANSWERS:
        waiting = [(c, m) for c in PLAYERS if (mails := [m for m in _to(_mails(root), c) if m["X-Trajan-Game-File"]])
                   and "BEGIN ORDERS" in joined(m := mails[-1]) and str(m["Message-ID"]) not in answered]
        assert waiting, "no player has a mail to answer, yet the game is not over"
        for colour, mail in waiting:
            answered.add(str(mail["Message-ID"]))
            lines, _ = choose(mail, colour)  # type: ignore[arg-type]
            language = PLAYERS[colour][2]
            mine = _in_language(lines, language) if languages else lines
            if human == 2:  # a misspelt action, refused in words in the player's language
                box.add(_reply(mail, colour, [lines[0], "sow Hafn blue"]))
            if human == 4:  # a wrong token, and a request for the mail again
                box.add(_reply(mail, colour, mine, token="token abcdefgh23456723"))
                ask = EmailMessage()  # a resend quotes the mail, with its token line
                ask["From"], ask["To"], ask["Subject"] = PLAYERS[colour][1], JUDGE, "resend"
                ask["Message-ID"] = make_msgid("player", domain="example.org")
                ask.set_content("resend\n\n" + "\n".join("> " + line for line in joined(mail).splitlines()) + "\n")
                box.add(bytes(ask))
            box.add(_reply(mail, colour, mine))
            human += 1
        now += timedelta(minutes=30)
        judge(now)
    silent = 0
    while not _over(game):  # everyone silent: a reminder, then the bot at each deadline
        opened = deadlines.parse_time(record.load_state(game).opened[str(gamelog.latest(game / "log").step)])
        due = deadlines.due(opened, 48, False, deadlines.zone("Europe/Rome"))
        for now in ([due - timedelta(hours=6), due] if silent < 3 else [due]):
            judge(now)
        silent += 1
    result = verify_log(game / "log")
    assert result.ok and result.game_over, result.problems
    return counts


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    root = tmp_path_factory.mktemp("languages")
    return root, _play(root, languages=True)


def test_the_game_runs_to_the_end_with_every_kind_of_mail(played: tuple[Path, dict[str, int]]) -> None:
    _, counts = played
    assert counts.get("accepted", 0) >= min(HUMAN_ANSWERS, 10)
    assert counts.get("refused (orders)") == 1 and counts.get("refused (token)") == 1
    assert counts.get("resent") == 1 and counts.get("reminders", 0) >= 1
    assert counts.get("answered by the bot at the deadline", 0) >= 1


GREETING = {"pt-BR": "Olá, ", "de": "Hallo ", "fr": "Bonjour "}
REMINDER = {"pt-BR": "lembrete", "de": "Erinnerung", "fr": "rappel"}
ACCEPTED = {"pt-BR": "ordens aceitas", "de": "Befehle angenommen", "fr": "ordres acceptés"}


def _kind(mail: EmailMessage, language: str) -> str:
    subject = str(mail["Subject"])
    if mail["X-Trajan-Game-File"]:
        return "decision"
    if subject.endswith(REMINDER[language]):
        return "reminder"
    return "receipt" if subject.endswith(ACCEPTED[language]) else "refusal"


def test_every_mail_is_in_the_players_language(played: tuple[Path, dict[str, int]]) -> None:
    root, _ = played
    kinds: dict[str, set[str]] = {c: set() for c in PLAYERS}
    for colour, (name, _, language) in PLAYERS.items():
        mails = _to(_mails(root), colour)
        assert len(mails) > 20
        for mail in mails:
            text = joined(mail)
            raw = mail.as_bytes()
            assert max(len(line) for line in raw.split(b"\n")) <= 78
            assert max(len(line) for line in str(mail.get_body(("plain",)).get_content()).split("\n")) <= 78
            assert english_lines(text) == [], (colour, mail["Subject"], english_lines(text)[:3])
            assert english_fragments(text) == [], (colour, mail["Subject"], english_fragments(text)[:3])
            subject = str(mail["Subject"]).split("]", 1)[-1].split(":", 1)[-1]
            assert english_lines(subject) == [], subject
            kind = _kind(mail, language)
            if kind == "decision":  # greeted in their own language, not another player's
                assert text.startswith(f"{GREETING[language]}{name} ({colour}),"), text[:60]
            kinds[colour].add(kind)
    for colour in PLAYERS:  # receipts fold into the next mail (the next test reads them there)
        assert {"decision", "reminder"} <= kinds[colour], (colour, kinds[colour])
    assert "refusal" in set().union(*kinds.values())


def test_refusals_receipts_and_reminders_say_it_in_the_players_words(played: tuple[Path, dict[str, int]]) -> None:
    root, _ = played
    mails = _mails(root)
    said = {"pt-BR": ("foram aceitas.", "lembrete", "O prazo é", "às"),
            "de": ("wurden angenommen.", "Erinnerung", "Die Frist endet am", "Uhr (Europe/Rome, UTC+"),
            "fr": ("ont été acceptés.", "rappel", "Le délai expire le", "(Europe/Rome, UTC+")}
    for colour, (_, _, language) in PLAYERS.items():
        mine = _to(mails, colour)
        accepted, reminder, deadline, zone = said[language]
        # The receipt: a mail of its own, or the first line of the next mail (roster mail = "decisions").
        assert any(accepted in " ".join(joined(m).split()) for m in mine), colour
        reminders = [joined(m) for m in mine if str(m["Subject"]).endswith(reminder)]
        assert reminders and all(deadline in " ".join(t.split()) and zone in " ".join(t.split()) for t in reminders)
    refused = [m for m in mails if "Hafn" in joined(m)]
    assert len(refused) == 1 and "[notation.unknown_word]" in joined(refused[0])


def test_the_log_is_the_english_games_byte_for_byte(played: tuple[Path, dict[str, int]],
                                                     tmp_path: Path) -> None:
    root, _ = played
    english = tmp_path / "english"
    english.mkdir()
    _play(english, languages=False)
    mine, theirs = root / "game" / "log", english / "game" / "log"
    names = sorted(p.name for p in mine.iterdir())
    assert names == sorted(p.name for p in theirs.iterdir()) and len(names) > 100
    for name in names:
        assert (mine / name).read_bytes() == (theirs / name).read_bytes(), name
    english_mails = [m for m in _mails(english) if m["X-Trajan-Game-File"]]
    assert english_mails and any("== What happened since your last mail ==" in joined(m) for m in english_mails)
    assert all(english_lines(joined(m)) for m in english_mails)  # the checks do see English
