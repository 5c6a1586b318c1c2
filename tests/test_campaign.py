"""A campaign by mail (issue 28) over a local Maildir and a folder outbox: absences, the
game master's pause, resume and extend (by command and by mail), the deadline in every
mail, late players, information commands and their bound, observers, and the journal.
Seats that pass on, stand-ins and the end of the game: ``test_campaign_seats.py``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from email.utils import parseaddr
from pathlib import Path

import msgspec
import pytest

from adjudicator.files import io
from adjudicator.mail.judge import gamelog, journal
from adjudicator.mail.judge.gm import command
from adjudicator.mail.judge.run import run
from tests.campaignplay import (
    ADDRESSES,
    GM_ADDRESS,
    OBSERVER,
    STRANGER,
    files_of,
    gm_token,
    maildir_campaign,
    message,
    seat_token,
    text_of,
    to,
)
from tests.judgeplay import is_player_mail, needs_answer, reply, sent_mails

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
RED, GREEN = ADDRESSES["red"], ADDRESSES["green"]


def _state(game: Path):  # type: ignore[no-untyped-def]
    return gamelog.latest(game / "log").state


def _deciders(game: Path) -> list[str]:
    from adjudicator.game.engine import deciders

    return list(deciders(_state(game).pending))


def _latest(tmp_path: Path, address: str) -> object:
    return [m for m in to(tmp_path, address) if is_player_mail(m)][-1]


def _orders(game: Path, step: int) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((game / "log" / f"{step:04d}-orders.json").read_text())
    return loaded


def test_an_absence_lets_the_stand_in_answer_at_once_and_back_ends_it(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-absence")
    run(game, NOW)
    box.add(message(GREEN, "away", "absent until 2026-03-09 holiday by the sea", seat_token(game_id, "green"))
            .as_bytes())
    counts = run(game, NOW).counts
    assert counts["answered (absent)"] == 1 and counts["answered by the stand-in at once"] == 1
    (said,) = [m for m in to(tmp_path, GREEN) if "absent" in str(m["Subject"])]
    assert "You are away until Mon 9 Mar 2026, 00:00 UTC (holiday by the sea)" in " ".join(text_of(said).split())
    step = gamelog.latest(game / "log").step
    assert step == 1 and _orders(game, 1)["player"] == "green" and _orders(game, 1)["stand_in"] == "greedy bot"
    told = "green (Green Player) is away until Mon 9 Mar 2026, 00:00 UTC (holiday by the sea); the greedy bot " \
           "answers for them meanwhile."
    def told_in(address: str) -> int:
        return sum(told in " ".join(text_of(m).split()) for m in to(tmp_path, address)
                   if m["X-Trajan-Game-File"] is not None)
    # Red plays on; while green is away every decision of green's is answered at once.
    for _ in range(6):
        mail = _latest(tmp_path, RED)
        if not needs_answer(mail):  # type: ignore[arg-type]
            break
        box.add(reply(mail, "red").as_bytes())  # type: ignore[arg-type]
        run(game, NOW + timedelta(hours=1))
        assert "green" not in _deciders(game)
    # Red's and the observer's next mail (the markers are revealed together) told it, once.
    assert told_in(RED) == 1 and told_in(OBSERVER) == 1
    box.add(message(GREEN, "back", "back", seat_token(game_id, "green"), hour=11).as_bytes())
    assert run(game, NOW + timedelta(hours=2)).counts["answered (back)"] == 1
    entries = [(e.by, e.action) for e in journal.read(game)]
    assert entries == [("green", "absent"), ("green", "back")]
    before = gamelog.latest(game / "log").step
    run(game, NOW + timedelta(hours=3))
    if "green" in _deciders(game):  # green's own decisions wait for green again
        assert gamelog.latest(game / "log").step == before


def test_an_absence_ends_on_its_date_by_itself(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-expiry")
    run(game, NOW)
    box.add(message(RED, "absent until 2026-03-04T12:00", "", seat_token(game_id, "red")).as_bytes())
    run(game, NOW)
    assert run(game, datetime(2026, 3, 4, 11, 59, tzinfo=UTC)).counts.get("absences ended") is None
    counts = run(game, datetime(2026, 3, 4, 12, 0, tzinfo=UTC)).counts
    assert counts["absences ended"] == 1
    assert [(e.by, e.action) for e in journal.read(game)] == [("red", "absent"), ("judge", "absence ended")]


def test_with_the_pause_policy_an_absence_stops_the_clock(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-pause-policy",
                                          "[deadlines]\nhours = 48\n[absence]\npolicy = \"pause\"\n")
    run(game, NOW)
    box.add(message(GREEN, "away", "absent until 2026-03-09", seat_token(game_id, "green")).as_bytes())
    run(game, NOW)
    assert gamelog.latest(game / "log").step == 0  # nobody answers for green meanwhile
    # Opened Mon 2 Mar 09:00, due 48 h later; the clock stands from Mon 09:00 to Mon 9 Mar 00:00
    # (6 days 15 hours), so the deadline is Wed 4 Mar 09:00 + 6 d 15 h = Wed 11 Mar 00:00.
    assert run(game, datetime(2026, 3, 10, 23, 59, tzinfo=UTC)).counts.get("answered by the bot at the deadline") \
        is None
    assert gamelog.latest(game / "log").step == 0
    counts = run(game, datetime(2026, 3, 11, 0, 0, tzinfo=UTC)).counts
    assert counts["answered by the bot at the deadline"] >= 1


def test_the_game_master_pauses_resumes_and_extends_and_the_log_never_changes(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-gm", "[deadlines]\nhours = 48\n")
    run(game, NOW)
    log_before = files_of(game / "log")
    done = subprocess.run([sys.executable, "-m", "adjudicator", "mail", "gm", str(game), "pause", "the", "server",
                           "moves", "--now", "2026-03-02T10:00"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Paused the game (the server moves)."
    assert run(game, NOW + timedelta(hours=1)).counts == {"mails sent": 3}  # red, green, the observer
    for address in (RED, GREEN, OBSERVER):
        assert "the game is paused" in str(to(tmp_path, address)[-1]["Subject"])
    # Orders while paused are refused; the deadline passes unseen.
    mail = _latest(tmp_path, RED)
    box.add(reply(mail, "red").as_bytes())  # type: ignore[arg-type]
    counts = run(game, NOW + timedelta(days=3)).counts
    assert counts == {"refused (paused)": 1, "mails sent": 1}
    assert "[judge.paused]" in text_of(to(tmp_path, RED)[-1])
    assert files_of(game / "log") == log_before
    again = subprocess.run([sys.executable, "-m", "adjudicator", "mail", "gm", str(game), "pause",
                            "--now", "2026-03-05T10:00"], capture_output=True, text=True, check=False)
    assert again.returncode == 1 and "[judge.gm_state]" in again.stderr and "Traceback" not in again.stderr
    # Paused from Mon 10:00 to Fri 09:00 (95 hours): the deadline moves from Wed 4 Mar 09:00 to
    # Sun 8 Mar 08:00; then 24 hours more: Mon 9 Mar 08:00.
    assert command(game, ["resume"], datetime(2026, 3, 6, 9, 0, tzinfo=UTC))[0] == \
        "Resumed the game. The deadline of the pending decision is now Sun 8 Mar 2026, 08:00 UTC."
    assert command(game, ["extend", "--hours", "24"], datetime(2026, 3, 6, 9, 0, tzinfo=UTC))[0] == \
        "Extended decision 1 by 24 hour(s): it is now Mon 9 Mar 2026, 08:00 UTC."
    assert files_of(game / "log") == log_before
    assert run(game, datetime(2026, 3, 9, 7, 59, tzinfo=UTC)).counts.get("answered by the bot at the deadline") \
        is None
    assert run(game, datetime(2026, 3, 9, 8, 0, tzinfo=UTC)).counts["answered by the bot at the deadline"] >= 1
    entries = journal.read(game)
    assert [(e.by, e.action, e.time) for e in entries] == [
        ("gm", "pause", "2026-03-02T10:00:00+00:00"), ("gm", "resume", "2026-03-06T09:00:00+00:00"),
        ("gm", "extend", "2026-03-06T09:00:00+00:00")]
    assert entries[0].detail == {"reason": "the server moves"} and entries[2].detail == {"decision": "1",
                                                                                          "hours": "24"}


def test_the_game_master_acts_by_mail_with_their_token(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-gm-mail")
    run(game, NOW)
    box.add(message(GM_ADDRESS, "act", "note\nThe next round starts on Monday.\nBring snacks.",
                    gm_token(game_id)).as_bytes())
    box.add(message(GM_ADDRESS, "act", "pause", None, hour=10).as_bytes())  # no token
    box.add(message(STRANGER, "act", "pause", gm_token(game_id), hour=11).as_bytes())  # not the gm's address
    box.add(message(RED, "act", "pause", gm_token(game_id), hour=12).as_bytes())  # a player with the gm's token
    counts = run(game, NOW).counts
    assert counts["done (note, game master)"] == 1 and counts["refused (token)"] == 2
    assert counts["ignored (unknown sender)"] == 1
    note = to(tmp_path, GREEN)[-1]
    assert "a note from the game master" in str(note["Subject"])
    assert "The next round starts on Monday.\nBring snacks." in text_of(note)
    gm_mails = to(tmp_path, GM_ADDRESS)
    assert [str(m["Subject"]) for m in gm_mails] == [f"[Trajan {game_id}] game master: note",
                                                    "[Trajan] message refused"]
    assert [(e.by, e.action) for e in journal.read(game)] == [("gm by mail", "note")]
    box.add(message(GM_ADDRESS, "act", "extend --hours many", gm_token(game_id), hour=13).as_bytes())
    assert run(game, NOW).counts["refused (game master)"] == 1
    assert "[judge.gm_usage]" in text_of(to(tmp_path, GM_ADDRESS)[-1])
    assert len(journal.read(game)) == 1


def test_every_mail_states_the_deadline_and_a_late_player_is_named(tmp_path: Path) -> None:
    game, _, _ = maildir_campaign(tmp_path, "campaign-deadline", "[deadlines]\nhours = 48\n")
    run(game, NOW)
    first = [m for m in sent_mails(tmp_path) if is_player_mail(m) and needs_answer(m)]
    assert len(first) == 2  # both players place their markers
    for mail in first:
        assert "Deadline: Wed 4 Mar 2026, 09:00 UTC; after it, a bot answers for you." \
            in " ".join(text_of(mail).split())
    run(game, datetime(2026, 3, 4, 9, 0, tzinfo=UTC))  # nobody answered: the bot, twice
    assert gamelog.latest(game / "log").step >= 2
    # The markers are revealed together: one mail tells both late players.
    news = " ".join(" ".join(text_of(m).split()) for m in to(tmp_path, OBSERVER)[1:])
    for who in ("red (Red Player)", "green (Green Player)"):
        assert news.count(f"Decision 1: the deadline (Wed 4 Mar 2026, 09:00 UTC) passed; {who} was late, and "
                          "the greedy bot answered for them.") == 1, who


def test_status_options_history_and_help_answer_the_player_alone(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-commands")
    run(game, NOW)
    for _ in range(3):  # a few decisions, so there is a history
        for colour, address in ADDRESSES.items():
            mail = _latest(tmp_path, address)
            if needs_answer(mail):  # type: ignore[arg-type]
                box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
        run(game, NOW)
    red_token = seat_token(game_id, "red")
    for subject, text in (("status", ""), ("Re: something", "options\nplease"), ("history", ""),
                          ("history 1 2", ""), ("frobnicate", ""), ("help", "")):
        box.add(message(RED, subject, text, red_token).as_bytes())
    before = len(sent_mails(tmp_path))
    counts = run(game, NOW).counts
    assert counts["answered (status)"] == 1 and counts["answered (options)"] == 1
    assert counts["answered (history)"] == 2 and counts["answered (help)"] == 2
    answers = sent_mails(tmp_path)[before:]
    assert {parseaddr(str(m["To"]))[1] for m in answers} == {RED}
    status, options, history, history_1_2, unknown, help_mail = (text_of(m) for m in answers)
    state = _state(game)
    red, green = (next(p for p in state.players if p.colour == c) for c in ("red", "green"))
    assert f"Hand: {len(red.hand)} card(s) ({', '.join(red.hand)})" in " ".join(status.split())
    assert (not green.hand or ", ".join(green.hand) not in status) and "Answers so far:" in status
    if "red" in _deciders(game):
        assert f"token {red_token}" in options and "BEGIN ORDERS" in options and "What you decide now" in options
    else:
        assert options.startswith("You have nothing to decide now.")
    assert "## Only for red" in history and "## Only for green" not in history
    told = [int(n) for n in re.findall(r"^# Trajan \S+: decision (\d+)$", history_1_2, re.MULTILINE)]
    assert told and set(told) <= {1, 2} and set(told) < set(
        int(n) for n in re.findall(r"^# Trajan \S+: decision (\d+)$", history, re.MULTILINE))
    assert unknown.startswith("Your message held neither orders nor a command the judge knows.")
    assert "absent until DATE" in help_mail
    for m in answers:  # nothing of green's, ever
        assert seat_token(game_id, "green") not in m.as_string()


def test_commands_need_the_registered_sender_and_the_token(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-commands-bad")
    run(game, NOW)
    before, record_before = len(sent_mails(tmp_path)), files_of(game / "log")
    box.add(message(STRANGER, "status", "", seat_token(game_id, "red")).as_bytes())
    box.add(message(OBSERVER, "status", "").as_bytes())  # an observer has no commands
    box.add(message(RED, "status", "", "aaaaaaaaaaaaaaaa", hour=10).as_bytes())
    box.add(message(GREEN, "absent until 2026-03-09", "", seat_token(game_id, "red"), hour=11).as_bytes())
    counts = run(game, NOW).counts
    assert counts == {"ignored (unknown sender)": 2, "refused (token)": 2, "mails sent": 2}
    assert [parseaddr(str(m["To"]))[1] for m in sent_mails(tmp_path)[before:]] == [RED, GREEN]
    assert files_of(game / "log") == record_before and journal.read(game) == []


def test_a_flood_of_commands_gets_the_days_bound_and_one_note(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-flood", "[requests]\nper_day = 5\n")
    run(game, NOW)
    before = len(to(tmp_path, RED))
    for n in range(30):
        box.add(message(RED, "status", f"status {n}", seat_token(game_id, "red")).as_bytes())
    counts = run(game, NOW).counts
    assert counts["answered (status)"] == 5 and counts["refused (too many requests)"] == 1
    assert counts["ignored (too many requests)"] == 24
    new = to(tmp_path, RED)[before:]
    assert len(new) == 6 and "too many requests" in str(new[-1]["Subject"])
    assert gamelog.latest(game / "log").step == 0
    box.add(message(RED, "status", "the next day", seat_token(game_id, "red"), day=3).as_bytes())
    assert run(game, NOW + timedelta(days=1)).counts["answered (status)"] == 1


def test_observers_get_the_public_mails_only(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-observer")
    run(game, NOW)
    for _ in range(4):
        for colour, address in ADDRESSES.items():
            mail = _latest(tmp_path, address)
            if needs_answer(mail):  # type: ignore[arg-type]
                box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
        run(game, NOW)
    seen = to(tmp_path, OBSERVER)
    steps = gamelog.latest(game / "log").step
    # One mail a step, the start's too (a simultaneous decision's answers come in one, together).
    files = [str(m["X-Trajan-Game-File"]).strip() for m in seen]
    assert len(set(files)) == len(files) and 2 <= len(files) <= steps + 1
    assert files[-1] == gamelog.latest(game / "log").state.chain.hash
    for mail in seen:
        assert "(observer)" in str(mail["Subject"])
        text = mail.as_string()
        assert seat_token(game_id, "red") not in text and seat_token(game_id, "green") not in text
        assert [p.get_filename() for p in mail.iter_attachments()] == [
            f"view-public-{int(str(mail['X-Trajan-Decision'])):04d}.json"]
        view = msgspec.json.decode([p for p in mail.iter_attachments()][0].get_content())
        assert view["viewer"] is None and all(p["hand"] is None for p in view["players"])
        assert "## Only for" not in text_of(mail)
        assert re.search(r"Hand: \d+ card\(s\) \(", text_of(mail)) is None  # counts only, no card listed


def test_a_roster_without_campaign_fields_reads_as_before(tmp_path: Path) -> None:
    from adjudicator.mail.outgoing.roster import load_roster

    roster = load_roster(b'[players.red]\nname = "Ann"\naddress = "ann@example.org"\n', "roster.toml")
    assert roster.gm is None and roster.observers == () and roster.players["red"].generation == 0
    assert roster.players["red"].history == () and not roster.players["red"].vacant
    with pytest.raises(Exception) as bad:
        load_roster(b'[players.red]\nname = "Ann"\naddress = "ann@example.org"\ngeneration = -1\n', "roster.toml")
    assert "generation" in str(bad.value)


def test_the_first_holders_token_is_the_one_before_campaigns(tmp_path: Path) -> None:
    import base64
    import hashlib
    import hmac

    from tests.judgeplay import SECRET

    # Worked here as the README gives it: base32(HMAC-SHA256(secret, game id NUL colour)), 16 characters.
    def by_hand(message_text: str) -> str:
        digest = hmac.new(SECRET, message_text.encode(), hashlib.sha256).digest()
        return base64.b32encode(digest).decode()[:16].lower()
    assert seat_token("trajan-x", "red") == by_hand("trajan-x\0red")
    assert seat_token("trajan-x", "red", 2) == by_hand("trajan-x\0red\0" + "2")
    assert gm_token("trajan-x") == by_hand("trajan-x\0gm")
    assert len({seat_token("trajan-x", "red", g) for g in range(5)}) == 5
    assert io is not None


def test_a_forger_writing_as_the_game_master_gets_one_note_a_day(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-gm-forged")
    run(game, NOW)
    for n in range(5):
        box.add(message(GM_ADDRESS, "act", f"pause {n}", None, hour=9 + n).as_bytes())
    counts = run(game, NOW).counts
    assert counts == {"refused (token)": 1, "ignored (token)": 4, "mails sent": 1}
    assert len(to(tmp_path, GM_ADDRESS)) == 1 and journal.read(game) == []
    box.add(message(GM_ADDRESS, "act", "pause", None, day=3).as_bytes())
    assert run(game, NOW + timedelta(days=1)).counts["refused (token)"] == 1


def test_games_sharing_an_inbox_route_the_game_masters_acts_by_their_token(tmp_path: Path) -> None:
    import mailbox

    from adjudicator.mail.judge.route import run_many
    from tests.campaignplay import make_campaign

    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    inbox, out = 'kind = "maildir"\npath = "../Maildir"', 'kind = "folder"\npath = "../sent"'
    ids = [make_campaign(tmp_path / name, f"campaign-route-{name}", inbox, out) for name in ("a", "b")]
    run_many([tmp_path / "a", tmp_path / "b"], NOW)
    box.add(message(GM_ADDRESS, "act", "pause for b", gm_token(ids[1])).as_bytes())
    done = {Path(label).name: s.counts for label, s in run_many([tmp_path / "a", tmp_path / "b"], NOW)}
    assert done["b"]["done (pause, game master)"] == 1 and "done (pause, game master)" not in done["a"]
    assert journal.read(tmp_path / "a") == [] and [e.action for e in journal.read(tmp_path / "b")] == ["pause"]


def test_a_first_line_that_only_begins_with_a_command_word_is_not_a_command(tmp_path: Path) -> None:
    from adjudicator.mail.judge.commands import Request

    def command(subject: str, text: str) -> list[str] | None:
        return Request(sender=RED, subject=subject, texts=[text], carries=lambda _: True).command()
    assert command("Re: my orders", "Back from my holiday, here are my orders:\n\nBEGIN ORDERS") is None
    assert command("Re: my orders", "Status of my turn: see below") is None
    assert command("Re: my orders", "back") == ["back"] and command("", "\n  Status.\n") == ["status"]
    assert command("trajan-abc: history 3 5", "hello") == ["history", "3", "5"]
    assert command("", "history from the start please now") is None
    assert command("Re: [trajan g] status", "resend") == ["resend"]  # the subject is not "status" alone
    assert command("", "> status\nabsent until 2026-03-09 holiday") == ["absent", "until", "2026-03-09", "holiday"]


def test_each_reader_is_told_each_notice_once_even_if_not_mailed_at_that_step() -> None:
    from adjudicator.mail.judge.campaign import Campaign
    from adjudicator.mail.judge.tablemail import notice_text

    c = Campaign()

    def unseen(reader: str) -> list[str]:
        return [notice_text(n) for n in c.unseen(reader)]

    c.note("green is away.")
    assert unseen("red") == ["green is away."] and unseen("red") == []
    c.note("green is back.")
    c.forget_seen({"red", "green", "olga@example.org"})
    assert unseen("green") == ["green is away.", "green is back."]  # not mailed before: both now
    assert unseen("red") == ["green is back."]
    c.forget_seen({"red", "green", "olga@example.org"})
    assert len(c.notices) == 2  # the observer has seen none yet
    assert unseen("olga@example.org") == ["green is away.", "green is back."]
    c.forget_seen({"red", "green", "olga@example.org"})
    assert c.notices == [] and set(c.notices_seen.values()) == {0}


def _answers(game: Path, since: int = 1) -> dict[tuple[str, bool], int]:
    """The log's orders from step ``since`` on, counted by (player, whether a stand-in's)."""
    counted: dict[tuple[str, bool], int] = {}
    for path in sorted((game / "log").glob("*-orders.json"))[since - 1:]:
        order = json.loads(path.read_text())
        key = (order["player"], bool(order.get("stand_in")))
        counted[key] = counted.get(key, 0) + 1
    return counted


def test_each_players_figures_count_on_time_late_missed_and_away_answers(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-figures", "[deadlines]\nhours = 2\n"
                                          "remind_hours = 0\n[standin]\nabandon_after = 0\n")
    run(game, NOW)
    own = {"red": 0, "green": 0}
    for n in range(8):  # both answer at once (on time), until red has a decision to answer late
        if n >= 2 and "red" in _deciders(game):
            break
        for colour, address in ADDRESSES.items():
            mail = _latest(tmp_path, address)
            if needs_answer(mail):  # type: ignore[arg-type]
                box.add(reply(mail, colour).as_bytes())  # type: ignore[arg-type]
                own[colour] += 1
        run(game, NOW)
    assert {c: _answers(game).get((c, False), 0) for c in ADDRESSES} == own and own["green"] >= 1
    on_time = dict(own)
    # Red's answer is read after the deadline: late (whoever else was due gets the stand-in).
    later = NOW + timedelta(hours=3)
    box.add(reply(_latest(tmp_path, RED), "red").as_bytes())  # type: ignore[arg-type]
    step = gamelog.latest(game / "log").step
    run(game, later)
    mine = _answers(game, step + 1)
    assert mine.get(("red", False)) == 1
    later += timedelta(hours=2)  # nobody answers: the stand-in at the next deadline
    run(game, later)
    mine = _answers(game, step + 1)
    missed = {c: mine.get((c, True), 0) for c in ADDRESSES}
    assert sum(missed.values()) >= 1
    # Green goes away: the stand-in answers green's decisions at once; red answers in time.
    box.add(message(GREEN, "away", "absent until 2026-03-09", seat_token(game_id, "green")).as_bytes())
    step = gamelog.latest(game / "log").step
    run(game, later)
    for _ in range(3):
        mail = _latest(tmp_path, RED)
        if needs_answer(mail):  # type: ignore[arg-type]
            box.add(reply(mail, "red").as_bytes())  # type: ignore[arg-type]
            on_time["red"] += 1
        run(game, later)
    during = _answers(game, step + 1)
    assert during.get(("green", False), 0) == 0 and during.get(("red", True), 0) == 0
    away = during.get(("green", True), 0)
    assert away >= 1 and during.get(("red", False), 0) == on_time["red"] - own["red"]
    box.add(message(RED, "status", "", seat_token(game_id, "red"), hour=12).as_bytes())
    run(game, later)
    status = " ".join(text_of(to(tmp_path, RED)[-1]).split())
    assert (f"red (Red Player): {on_time['red']} on time, 1 after the deadline, {missed['red']} by the "
            "stand-in at a deadline, 0 by the stand-in while away") in status
    assert (f"green (Green Player): {on_time['green']} on time, 0 after the deadline, {missed['green']} by "
            f"the stand-in at a deadline, {away} by the stand-in while away") in status
    said = " ".join(" ".join(command(game, ["status"], later)).split())
    assert f"green (Green Player): {on_time['green']} on time, 0 after the deadline" in said


def test_the_planner_without_look_ahead_may_stand_in(tmp_path: Path) -> None:
    """``[standin] bot = "planner"`` with ``budget = 0`` (the quick planner, for runs that
    answer many decisions at once) is accepted and answers; a negative budget is refused."""
    from adjudicator.errors import Malformed
    from adjudicator.mail.judge.config import load_config

    game, game_id, box = maildir_campaign(tmp_path, "campaign-planner", '[standin]\nbot = "planner"\nbudget = 0\n')
    run(game, NOW)
    box.add(message(GREEN, "away", "absent until 2026-03-09", seat_token(game_id, "green")).as_bytes())
    assert run(game, NOW).counts["answered by the stand-in at once"] == 1
    assert _orders(game, 1)["player"] == "green" and _orders(game, 1)["stand_in"] == "planner bot"
    settings = game / "judge.toml"
    settings.write_text(settings.read_text().replace("budget = 0", "budget = -1"))
    with pytest.raises(Malformed) as refused:
        load_config(settings)
    assert [(p.code, p.path) for p in refused.value.problems] == [("judge.settings", "$.standin.budget")]
