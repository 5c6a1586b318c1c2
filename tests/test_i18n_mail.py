"""The player's mail in the player's language (issue 31): a whole 3-player bot game with one
player in Portuguese (Brazil), one in German and one in French.

Every mail of the game is checked with the independent checks of :mod:`tests.i18n_support`
(no English prose line, no English sentence of the catalogue, whatever the wrapping), no
line is over 78 columns, every word of the orders the mail shows is explained, and a
reply copied from the mail with the actions named in the player's language is accepted.
Golden mails per language under ``fixtures/mail-out/<language>/`` show wording changes in
review (``TRAJAN_UPDATE_GOLDEN=1`` rewrites them).  Dates are checked against texts
written by hand, with and without Babel.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from adjudicator.files import io
from adjudicator.files.pipeline import adjudicate_bytes
from adjudicator.game import engine
from adjudicator.game.engine import deciders
from adjudicator.game.newgame import new_game
from adjudicator.i18n import ENGLISH, translator
from adjudicator.logs.selfplay import bot_names, bot_orders
from adjudicator.mail.outgoing.compose import told_from, write_player_mails
from adjudicator.mail.outgoing.roster import load_roster
from adjudicator.mail.read import read_orders
from adjudicator.model.state import GameOver, GameState, kind_of
from adjudicator.model.vocab import (
    ACTIONS,
    PROVINCES,  # proper names: no translation
)
from adjudicator.notation.aliases import alias_spellings, fold
from tests.i18n_support import english_fragments, english_lines, is_notation
from tests.mailtext import joined, read_mail

pytest.importorskip("babel", reason="the i18n extra (Babel) formats the translated mails' dates")

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "fixtures" / "mail-out"
SEED = "mail-out-languages"
LANGUAGE = {"red": "pt-BR", "green": "de", "blue": "fr"}
ROSTER = b"""game = "GAME"
judge = "judge@trajan.example.org"
[players.red]
name = "Joana Ribeiro"
address = "joana@example.org"
language = "pt-BR"
[players.green]
name = "Klaus Becker"
address = "klaus@example.org"
language = "de"
[players.blue]
name = "Am\xc3\xa9lie Martin"
address = "amelie@example.org"
language = "fr"
"""


def _game(tmp: Path) -> list[tuple[GameState, list[Path]]]:
    """Every (after, mails written) of a whole 3-player bot game."""
    state = new_game(("red", "green", "blue"), SEED)
    roster = load_roster(ROSTER.replace(b"GAME", state.game_id.encode()), "roster.toml")
    data, seats, out = io.encode_state(state), bot_names(3, ["greedy"]), []
    for n in range(1, 400):
        if isinstance(state.pending, GameOver):
            return out
        result = adjudicate_bytes(data, io.encode_orders(bot_orders(state, seats, SEED)))
        paths = write_player_mails(str(tmp), result.state, result.private, roster, n, pictures="none",
                                   told=told_from(result.before, result.events, result.state))
        out.append((result.state, [Path(p) for p in paths]))
        state, data = result.state, result.data
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[GameState, list[Path]]]:
    return _game(tmp_path_factory.mktemp("outbox"))


def test_every_mail_is_in_its_players_language_with_no_english_left(
        game: list[tuple[GameState, list[Path]]]) -> None:
    checked = 0
    for _, paths in game:
        for path in paths:
            raw = path.read_bytes()
            assert max(len(line) for line in raw.split(b"\n")) <= 78, path.name
            msg = read_mail(path)
            text = joined(msg)
            assert max(len(line) for line in msg.get_body(("plain",)).get_content().split("\n")) <= 78
            assert english_lines(text) == [], (path.name, english_lines(text)[:3])
            assert english_fragments(text) == [], (path.name, english_fragments(text)[:3])
            assert english_lines(str(msg["Subject"]).split("]", 1)[1]) == []
            checked += 1
    assert checked == 3 * len(game) > 300


def test_each_mail_says_its_sections_in_the_players_language(game: list[tuple[GameState, list[Path]]]) -> None:
    titles = {"pt-BR": ("== O que aconteceu desde o seu último e-mail ==", "== O jogo como você o vê =="),
              "de": ("== Was seit deiner letzten Mail geschah ==", "== Die Partie, wie du sie siehst =="),
              "fr": ("== Ce qui s'est passé depuis votre dernier courriel ==", "== La partie telle que vous la voyez ==")}
    for _, paths in game[:20]:
        for path in paths:
            colour = path.stem.rsplit("-", 1)[1]
            text = joined(read_mail(path))
            for line in titles[LANGUAGE[colour]]:
                assert line in text.split("\n"), (path.name, line)


# An edition's name of an action (Senat, Hafen) is the player's own word, not the notation's:
# a line of prose the wrapping left as "Senat." reads as a step, and needs no explaining.
ALIASES = {fold(spelling) for spellings in alias_spellings().values() for spelling in spellings}


def _notation_words(text: str) -> set[str]:
    """The English words of the notation lines a mail shows (the lines a player copies)."""
    words: set[str] = set()
    for line in text.split("\n"):
        if is_notation(line) and not line.lstrip().startswith(("game ", "BEGIN", "END", "token")):
            words |= {w for w in re.findall(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*", line.split("#")[0].lower())
                      if len(w) > 2 and not re.fullmatch(r"[a-e][1-4]", w) and w not in PROVINCES
                      and fold(w) not in ALIASES - set(ACTIONS)}
    return words


def test_every_word_of_the_orders_shown_is_explained(game: list[tuple[GameState, list[Path]]]) -> None:
    for _, paths in game[:60]:
        for path in paths:
            text = joined(read_mail(path))
            shown = _notation_words(text)
            if not shown:
                continue
            glossary = text.split("\n\n== ", )[-1]
            explained = set(re.findall(r"(?:^|; |: )([a-z0-9+-]+) = ", " ".join(glossary.split())))
            parts = {p for w in explained for p in re.split(r"[-_]", w)}
            missing = {w for w in shown if w not in explained
                       and not all(p in explained or p in parts or p.isdigit() for p in re.split(r"[-_]", w))}
            assert missing == set(), (path.name, missing)


def _in_language(lines: list[str], language: str) -> list[str]:
    """The order lines with every action named as the player's edition names it."""
    names = {action: spelling for spelling, action in alias_spellings()[language].items()}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?![\w-])")
    return [line if line.startswith("game ") else pattern.sub(lambda m: names[m.group(1)], line) for line in lines]


def _chosen(text: str, kind: str) -> list[str]:
    """The lines a player copies from the mail's options for a legal answer."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("game ") and "BEGIN ORDERS" not in line)
    block = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        if not line.lstrip().startswith("#"):
            block.append(line)
    if kind == "setup_markers":
        return [lines[start], *block]
    if kind == "turn":
        follow = block[1:2] if len(block) > 1 and block[1].startswith("  ") else []
        return [lines[start], block[0], *(s.strip() for s in follow)]
    return [lines[start], *block[:1]]


def test_a_reply_with_the_actions_in_the_players_language_is_accepted(
        game: list[tuple[GameState, list[Path]]]) -> None:
    renamed = 0
    for after, paths in game:
        for path in paths:
            msg = read_mail(path)
            colour = str(msg["X-Trajan-Player"])
            if colour not in deciders(after.pending) or kind_of(after.pending) not in ("turn", "setup_markers"):
                continue
            english = _chosen(joined(msg), kind_of(after.pending))
            mine = _in_language(english, LANGUAGE[colour])
            renamed += mine != english
            reply = EmailMessage()
            reply["From"], reply["To"], reply["Subject"] = msg["To"], msg["From"], "Re: " + str(msg["Subject"])
            quoted = "\n".join("> " + line for line in joined(msg).split("\n"))
            reply.set_content("Voilà.\n\nBEGIN ORDERS\n" + "\n".join(mine) + f"\nEND ORDERS\n\n{quoted}\n")
            order = read_orders(bytes(reply), path.name, [after.game_id])
            assert order == read_orders(bytes(reply).replace("\n".join(mine).encode(), "\n".join(english).encode()),
                                        path.name, [after.game_id])
            assert engine.check(after, order) == [], (path.name, mine)
    assert renamed > 20


# --- Golden mails per language ----------------------------------------------------------


def readable(msg: EmailMessage) -> str:
    heads = [f"{k}: {' '.join(str(v).split())}" for k, v in msg.items() if k != "Content-Type"]
    files = [f"[attached: {a.get_filename()}, {a.get_content_type()}]" for a in msg.iter_attachments()]
    return "\n".join([*heads, "", joined(msg).rstrip("\n"), "", *files]) + "\n"


def test_golden_mails_per_language(game: list[tuple[GameState, list[Path]]]) -> None:
    cases: dict[tuple[str, str], Path] = {}
    for after, paths in game:
        for path in paths:
            colour = path.stem.rsplit("-", 1)[1]
            name = kind_of(after.pending) if colour in deciders(after.pending) else "news"
            cases.setdefault((LANGUAGE[colour], name), path)
    assert {name for (_, name) in cases} >= {"setup_markers", "setup_cards", "setup_trajan", "turn", "news"}
    update = os.environ.get("TRAJAN_UPDATE_GOLDEN") == "1"
    for (language, name), path in sorted(cases.items()):
        golden = GOLDEN / language / f"{name}.txt"
        if update:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(readable(read_mail(path)), encoding="utf-8")
        assert golden.exists(), f"{golden} is missing: run with TRAJAN_UPDATE_GOLDEN=1"
        assert readable(read_mail(path)) == golden.read_text(encoding="utf-8"), \
            f"{language}/{name}: the mail changed (TRAJAN_UPDATE_GOLDEN=1 rewrites {golden})"


# --- The checks themselves, dates, and the English mail -----------------------------------


def test_the_english_checks_find_english_left_in_a_mail() -> None:
    assert english_lines("Hallo Klaus,\n\nsow seaport blue orange\n") == []
    assert english_lines("Der Zug endet.\nThe turn ends with the seaport action not taken.\n") == \
        ["The turn ends with the seaport action not taken."]
    wrapped = "rot hat die Mulde Hafen geleert.\nReply to this mail with your lines\nat the top"
    assert "Reply to this mail with your lines at the top" in english_fragments(wrapped)
    assert english_fragments("Reply to diesem Brief") == []


MOMENT = datetime(2026, 3, 8, 18, 0, tzinfo=ZoneInfo("Europe/Rome"))


def test_dates_in_the_players_locale_and_the_games_time_zone() -> None:
    assert translator("pt-BR").when(MOMENT) == "domingo, 8 de março de 2026, às 18:00 (Europe/Rome, UTC+01:00)"
    assert translator("de").when(MOMENT) == "Sonntag, 8. März 2026, 18:00 Uhr (Europe/Rome, UTC+01:00)"
    assert translator("fr").when(MOMENT) == "dimanche 8 mars 2026 à 18:00 (Europe/Rome, UTC+01:00)"
    summer = datetime(2026, 7, 1, 9, 30, tzinfo=ZoneInfo("Europe/Berlin"))
    assert translator("de").when(summer) == "Mittwoch, 1. Juli 2026, 09:30 Uhr (Europe/Berlin, UTC+02:00)"
    assert ENGLISH.when(MOMENT) == "Sun, 08 Mar 2026 18:00:00 +0100"


def test_without_babel_a_date_is_in_the_rfc_2822_form(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.i18n import dates

    monkeypatch.setattr(dates, "babel_installed", lambda: False)
    assert translator("de").when(MOMENT) == "Sun, 08 Mar 2026 18:00:00 +0100"


def test_a_mail_is_the_same_bytes_whatever_the_environments_locale(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = ("import sys; from adjudicator.i18n import translator; from adjudicator.rendering.show import "
              "render_show; from adjudicator.game.newgame import new_game; s = new_game(('red', 'green'), "
              "'locale-test-seed-1234', method='test'); sys.stdout.buffer.write("
              "render_show(s, translator('fr')).encode())")
    outs = {subprocess.run([sys.executable, "-c", script], capture_output=True, check=True,
                           env={**os.environ, "LANG": lang, "LC_ALL": lang, "LANGUAGE": lang}).stdout
            for lang in ("C", "de_DE.UTF-8", "pt_BR.UTF-8", "fr_FR.UTF-8")}
    assert len(outs) == 1 and "Plateau" in next(iter(outs)).decode()


def test_a_broken_log_step_is_not_told(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from adjudicator.commands.main import app
    from adjudicator.errors import Inconsistent
    from adjudicator.i18n.steps import step_report

    log = tmp_path / "log"
    played = CliRunner().invoke(app, ["selfplay", "--players", "2", "--seed", "i18n-steps", "--out", str(log)])
    assert played.exit_code == 0, played.output
    english = (log / "0003-report-red.md").read_text(encoding="utf-8")
    assert step_report(log, 3, "red", ENGLISH) == english
    german = step_report(log, 3, "red", translator("de"))
    assert german != english and "Entscheidung 3" in german and english_lines(german) == []
    (log / "0003-orders.json").write_bytes((log / "0002-orders.json").read_bytes())
    with pytest.raises(Inconsistent) as broken:
        step_report(log, 3, "red", translator("de"))
    assert [p.code for p in broken.value.problems] == ["log.step_mismatch"]
