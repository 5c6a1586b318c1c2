"""A campaign's mails in the reader's language (issues 28 and 31): red plays in Brazilian
Portuguese, green in German, the observer follows in French (the roster's language, as an
observer has no seat to choose one); red is away and back, green asks for the status,
the help and its history, red's seat passes to a newcomer (who keeps the seat's
language), both seats fall silent and the stand-in ends the game.  Every mail to a
player, the observer, the new holder and the former one is checked line by line for
English (:mod:`tests.i18n_support`, which does not use the code under test), and each
kind of campaign mail is found in each language by its own words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.mail.judge import gamelog
from adjudicator.mail.judge.gm import command
from adjudicator.mail.judge.run import run
from tests.campaignplay import ADDRESSES, OBSERVER, maildir_campaign, message, seat_token, text_of, to
from tests.i18n_support import english_fragments, english_lines
from tests.mailtext import joined

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
RED, GREEN = ADDRESSES["red"], ADDRESSES["green"]
RITA = "rita@example.org"
LANGUAGE = {RED: "pt-BR", GREEN: "de", OBSERVER: "fr", RITA: "pt-BR"}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    tmp_path = tmp_path_factory.mktemp("languages")
    game, game_id, box = maildir_campaign(tmp_path, "campaign-languages", "[deadlines]\nhours = 2\n"
                                          "remind_hours = 0\n[standin]\nabandon_after = 1\n")
    roster = game / "roster.toml"
    roster.write_text('language = "fr"\n' + roster.read_text()
                      .replace("[players.red]\n", '[players.red]\nlanguage = "pt-BR"\n')
                      .replace("[players.green]\n", '[players.green]\nlanguage = "de"\n'))
    run(game, NOW)
    red, green = seat_token(game_id, "red"), seat_token(game_id, "green")
    for sender, subject, text, token in [
            (RED, "note", "absent until 2026-03-01", red),  # refused: not ahead
            (RED, "note", "absent until 2026-03-04 holiday", red),
            (GREEN, "status", "status", green), (GREEN, "help", "help", green),
            (GREEN, "history", "history", green), (GREEN, "hello", "How are you all?", green)]:
        box.add(message(sender, subject, text, token).as_bytes())
    run(game, NOW + timedelta(minutes=10))
    box.add(message(RED, "back", "back", red, hour=10).as_bytes())
    run(game, NOW + timedelta(minutes=20))
    at = NOW + timedelta(hours=2, minutes=30)  # green's deadline passed: the stand-in answers, green is late
    run(game, at)
    command(game, ["replace", "red", "--name", "Rita Newcomer", "--address", RITA], at)
    while gamelog.latest(game / "log").state.pending.__class__.__name__ != "GameOver":
        at += timedelta(hours=2)
        run(game, at)
        assert at < NOW + timedelta(days=3)
    return tmp_path, game_id


def test_every_campaign_mail_is_in_its_readers_language(played: tuple[Path, str]) -> None:
    tmp_path, _ = played
    for address in LANGUAGE:
        mails = to(tmp_path, address)
        assert len(mails) > 3, address
        for mail in mails:
            text = joined(mail)
            assert english_lines(text) == [], (address, mail["Subject"], english_lines(text)[:3])
            assert english_fragments(text) == [], (address, mail["Subject"], english_fragments(text)[:3])
            subject = str(mail["Subject"]).split("]", 1)[-1]
            assert english_lines(subject) == [] and english_fragments(subject) == [], subject
            assert max(len(line) for line in text_of(mail).split("\n")) <= 78, (address, mail["Subject"])


# Words of each kind of campaign mail in its reader's language (written here, not read
# from the catalogues): the absence refused and confirmed, the return, the status, the
# help, the history, a message with neither orders nor a command, the table's notices,
# the former holder's note, the new holder's welcome, the observer's mail, the final mail.
SAID = {
    RED: ["não está à frente", "Você está ausente até", "Bem-vindo de volta",
          "seu lugar passou para outra pessoa", "Olá,"],
    GREEN: ["Frist", "Kommandos: der Betreff", "Deine Berichte der Entscheidungen",
            "Deine Nachricht enthielt weder Befehle", "Am Tisch:", "ist bis", "ist zurück.",
            "Der Endstand", "Die Partie", "ist zu Ende; danke fürs Mitspielen.", "Der Seed"],
    OBSERVER: ["Vous suivez la partie", "La partie telle que tous la voient", "nouvelles (observateur)",
               "À la table :", "est absent jusqu'au", "Les scores finaux", "que vous avez suivie est finie",
               "Vérifiez vous-même"],
    RITA: ["Bem-vindo à partida", "o mestre do jogo lhe deu o lugar de red", "A pontuação final",
           "obrigado por jogar", "Confira você mesmo"],
}


@pytest.mark.parametrize("address", list(SAID))
def test_each_kind_of_campaign_mail_says_it_in_the_readers_words(played: tuple[Path, str], address: str) -> None:
    tmp_path, _ = played
    everything = " ".join(" ".join(f"{m['Subject']} {joined(m)}".split()) for m in to(tmp_path, address))
    missing = [words for words in SAID[address] if words not in everything]
    assert missing == [], (address, missing)


def test_the_game_masters_mails_stay_in_the_judges_language(played: tuple[Path, str]) -> None:
    from tests.campaignplay import GM_ADDRESS

    tmp_path, _ = played
    (final,) = [m for m in to(tmp_path, GM_ADDRESS) if str(m["Subject"]).endswith("] the game is over")]
    assert "== The final scores ==" in joined(final)


def test_a_notice_is_kept_untranslated_and_told_in_each_readers_words() -> None:
    import msgspec

    from adjudicator.i18n import translator
    from adjudicator.mail.judge.campaign import Campaign
    from adjudicator.mail.judge.tablemail import notice_text

    # A notice written before notices were kept untranslated is a plain line, shown as it is.
    old = msgspec.json.decode(b'{"notices": ["green is away."]}', type=Campaign)
    assert [notice_text(n, translator("de")) for n in old.notices] == ["green is away."]
    c = Campaign()
    c.note("{who} is back.", who="red (Rhea)")
    c.note("Decision {decision}: the deadline ({due}) passed; {who} was late, and the {bot} bot answered "
           "for them.", {"due": "2026-03-02T11:00:00+00:00"}, decision="4", who="green (Gaius)", bot="greedy")
    stored = msgspec.json.encode(c)
    assert b"ist zur" not in stored and b"red (Rhea)" in stored  # the file holds no translation
    english = [notice_text(n, translator("en"), UTC) for n in c.notices]
    assert english == ["red (Rhea) is back.", "Decision 4: the deadline (Mon 2 Mar 2026, 11:00 UTC) passed; "
                       "green (Gaius) was late, and the greedy bot answered for them."]
    german = [notice_text(n, translator("de"), UTC) for n in c.notices]
    assert german[0] == "red (Rhea) ist zurück."
    assert german[1].startswith("Entscheidung 4: die Frist (Montag, 2. März 2026, 11:00") and "greedy" in german[1]
