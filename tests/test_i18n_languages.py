"""Which language a mail is in (issue 31), and what English costs at start-up.

A player's language is their seat's ``language``, else the roster's, else the mail
judge's (``judge.toml``), else English; any other value is refused on reading. The judge's
first mails of a game follow that order, seat by seat. English text (every log's report,
every English mail) is the source text itself: writing it imports neither Babel nor
``gettext`` nor the terms table, so a game with no other language costs nothing more.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.files import io
from adjudicator.game.newgame import new_game
from adjudicator.mail.judge.run import run
from adjudicator.mail.outgoing.roster import load_roster
from tests.i18n_support import english_lines
from tests.judgeplay import SECRET
from tests.mailtext import joined

pytest.importorskip("babel", reason="the i18n extra (Babel) formats the translated mails' dates")

SEATS = b"""[players.red]
name = "Joana"
address = "joana@example.org"
language = "pt-BR"
[players.green]
name = "Klaus"
address = "klaus@example.org"
[players.blue]
name = "Amelie"
address = "amelie@example.org"
"""


def test_a_seats_language_else_the_rosters_else_the_judges_else_english() -> None:
    bare = load_roster(SEATS, "roster.toml")
    assert [bare.language_of(c) for c in ("red", "green", "blue")] == ["pt-BR", "en", "en"]
    assert [bare.language_of(c, "fr") for c in ("red", "green", "blue")] == ["pt-BR", "fr", "fr"]
    table = load_roster(b'language = "de"\n' + SEATS, "roster.toml")
    assert [table.language_of(c, "fr") for c in ("red", "green", "blue")] == ["pt-BR", "de", "de"]


@pytest.mark.parametrize("where", ["table", "seat"])
def test_a_language_not_shipped_is_refused_naming_the_key(where: str) -> None:
    data = b'language = "es"\n' + SEATS if where == "table" else SEATS.replace(b'"pt-BR"', b'"pt"')
    with pytest.raises(Malformed) as refused:
        load_roster(data, "roster.toml")
    [found] = refused.value.problems
    assert found.code.startswith("schema.") and all(f'"{lang}"' in found.message for lang in ("en", "pt-BR", "de", "fr"))
    assert found.path == ("$.language" if where == "table" else "$.players.red.language")


def _first_mails(tmp_path: Path, judge_language: str | None) -> dict[str, EmailMessage]:
    state = new_game(("red", "green", "blue"), "i18n-languages-first-mails", method="test")
    game = tmp_path / "game"
    (game / "log").mkdir(parents=True)
    (game / "log" / "0000-game.json").write_bytes(io.encode_state(state))
    (game / "secret").write_bytes(SECRET)
    (game / "roster.toml").write_bytes(f'game = "{state.game_id}"\n'.encode() + SEATS)
    said = f'language = "{judge_language}"\n' if judge_language else ""
    (game / "judge.toml").write_text(
        f'address = "judge@example.org"\nsecret_file = "secret"\npictures = "none"\n{said}'
        '[inbox]\nkind = "maildir"\npath = "../Maildir"\n[outbox]\nkind = "folder"\npath = "../sent"\n',
        encoding="utf-8")
    import mailbox

    mailbox.Maildir(tmp_path / "Maildir", create=True)
    run(game, datetime(2026, 3, 6, 18, 0, tzinfo=UTC))
    mails = {}
    for path in sorted((tmp_path / "sent").glob("*.eml")):
        mail = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(mail, EmailMessage)
        mails[parseaddr(str(mail["To"]))[1].split("@")[0]] = mail
    assert sorted(mails) == ["amelie", "joana", "klaus"]
    return mails


def test_the_judges_language_is_every_mail_the_roster_names_none_for(tmp_path: Path) -> None:
    mails = _first_mails(tmp_path, "fr")
    assert joined(mails["joana"]).startswith("Olá, Joana (red),")
    for who in ("klaus", "amelie"):
        text = joined(mails[who])
        assert text.startswith("Bonjour ") and english_lines(text) == [], (who, english_lines(text)[:3])
        assert "Arbitre de Trajan" in str(mails[who]["From"])


def test_without_a_language_anywhere_the_mail_is_english(tmp_path: Path) -> None:
    mails = _first_mails(tmp_path, None)
    assert joined(mails["joana"]).startswith("Olá, Joana (red),")
    for who in ("klaus", "amelie"):
        text = joined(mails[who])
        assert text.startswith("Hello ") and "== What you decide now ==" in text, text[:200]
        assert str(mails[who]["From"]).startswith("Trajan judge")


# Plays two steps of an English game in a cold process, writes every player's English mail
# and the judge's English receipt, refusal and reminder, then lists what was imported.
PROBE = """
import json, sys
from datetime import UTC, datetime
from adjudicator.errors import problem
from adjudicator.files import io
from adjudicator.files.pipeline import adjudicate_bytes
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import bot_names, bot_orders
from adjudicator.mail.judge import compose
from adjudicator.mail.outgoing.compose import player_translator, told_from, write_player_mails
from adjudicator.mail.outgoing.roster import load_roster
state = new_game(("red", "green"), "i18n-lean-probe")
roster = load_roster(('game = "%s"\\n[players.red]\\nname = "A"\\naddress = "a@example.org"\\nLANG'
                      '[players.green]\\nname = "B"\\naddress = "b@example.org"\\n' % state.game_id).encode(), "r")
data, seats = io.encode_state(state), bot_names(2, ["greedy"])
for n in (1, 2):
    result = adjudicate_bytes(data, io.encode_orders(bot_orders(state, seats, "i18n-lean-probe")))
    write_player_mails(sys.argv[1], result.state, result.private, roster, n, pictures="none",
                       told=told_from(result.before, result.events, result.state))
    state, data = result.state, result.data
now = datetime(2026, 3, 6, 18, 0, tzinfo=UTC)
tr = player_translator(roster, "red")
compose.receipt("j@example.org", "a@example.org", state.game_id, 2, now, tr=tr)
compose.refusal("j@example.org", "a@example.org", state.game_id,
                [problem("notation.unknown_word", "$", "No such word.")], now, tr=tr)
compose.reminder("j@example.org", "a@example.org", state.game_id, 3, now, now, tr=tr)
print(json.dumps(sorted(sys.modules)))
"""
# What only a translation needs: the catalogues' reader, Babel, the editions' terms, locale dates.
TRANSLATING = ("gettext", "babel", "adjudicator.i18n.terms", "adjudicator.i18n.dates", "adjudicator.i18n.reasons")


def _imported(tmp_path: Path, language: str | None) -> set[str]:
    line = f'language = "{language}"\\n' if language else ""
    script = PROBE.replace("LANG", line)
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return set(json.loads(done.stdout))


def test_english_mail_imports_neither_gettext_nor_babel(tmp_path: Path) -> None:
    english = _imported(tmp_path / "en", None)
    assert "adjudicator.mail.outgoing.compose" in english
    assert [m for m in TRANSLATING if m in english] == []
    german = _imported(tmp_path / "de", "de")  # the probe sees a translation when there is one
    assert {"gettext", "babel", "adjudicator.i18n.terms", "adjudicator.i18n.dates"} <= german
