"""Seats in a campaign (issue 28): a seat passes to someone else (the old token refused
at once, one note to the former holder, the roster's history and comments kept, the
record attributing each part), a kicked seat stands vacant, a silent seat is abandoned,
and the final mail (scores and their breakdown, the record and the replay page, the
seed, the verify command that checks the record against a player's mails)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from msgspec.structs import replace as msgspec_replace

from adjudicator.mail.judge import gamelog, journal
from adjudicator.mail.judge.gm import command
from adjudicator.mail.judge.run import run
from adjudicator.mail.outgoing.roster import read_roster
from adjudicator.records.replay import verify_record
from tests.campaignplay import (
    ADDRESSES,
    GM_ADDRESS,
    OBSERVER,
    files_of,
    maildir_campaign,
    message,
    seat_token,
    text_of,
    to,
)
from tests.judgeplay import is_player_mail, needs_answer, reply, sent_mails

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
RED, GREEN = ADDRESSES["red"], ADDRESSES["green"]
RITA = "rita@example.org"


def _latest(tmp_path: Path, address: str) -> EmailMessage:
    return [m for m in to(tmp_path, address) if is_player_mail(m)][-1]


def _play(tmp_path: Path, box: object, game: Path, rounds: int, at: datetime,
          addresses: dict[str, str] | None = None) -> None:
    for _ in range(rounds):
        for colour, address in (addresses or ADDRESSES).items():
            mail = _latest(tmp_path, address)
            if needs_answer(mail):
                box.add(reply(mail, colour, sender=address).as_bytes())  # type: ignore[arg-type, attr-defined]
        run(game, at)


def _holders(record: bytes) -> dict[str, list[dict[str, object]]]:
    header = json.loads(record.split(b"\n", 1)[0])
    found: dict[str, list[dict[str, object]]] = header.get("holders") or {}
    return found


def test_a_replaced_seat_revokes_the_old_token_and_the_record_shows_both_people(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-replace")
    run(game, NOW)
    _play(tmp_path, box, game, 3, NOW)
    step = gamelog.latest(game / "log").step
    assert step >= 3
    old_mail = _latest(tmp_path, RED)
    log_before = files_of(game / "log")
    said = command(game, ["replace", "red", "--name", "Rita Newcomer", "--address", RITA], NOW + timedelta(hours=1))
    assert said[0] == "red (Red Player)'s seat passed to red (Rita Newcomer)."
    assert files_of(game / "log") == log_before
    roster_text = (game / "roster.toml").read_text()
    assert "# The league game of March." in roster_text and "# green joined late" in roster_text
    roster = read_roster(str(game / "roster.toml"))
    seat = roster.players["red"]
    assert (seat.name, seat.address, seat.generation) == ("Rita Newcomer", RITA, 1)
    assert [(p.name, p.address, p.until_step) for p in seat.history] == [("Red Player", RED, step)]
    run(game, NOW + timedelta(hours=1))
    (welcome,) = to(tmp_path, RITA)
    assert seat_token(game_id, 'red', 1) in text_of(welcome)
    assert seat_token(game_id, "red") not in welcome.as_string()
    assert "Welcome to the game" in text_of(welcome)
    assert "your seat passed on" in str(to(tmp_path, RED)[-1]["Subject"])
    # The former holder's mails: one note, then nothing; the game does not change.
    before = len(to(tmp_path, RED))
    box.add(message(RED, "Re: " + str(old_mail["Subject"]), "my orders follow", seat_token(game_id, "red")).as_bytes())
    assert run(game, NOW + timedelta(hours=2)).counts["refused (seat passed on)"] == 1
    (note,) = to(tmp_path, RED)[before:]
    assert "this seat has passed to someone else" in str(note["Subject"])
    box.add(message(RED, "status", "", seat_token(game_id, "red"), hour=12).as_bytes())
    assert run(game, NOW + timedelta(hours=2)).counts["ignored (seat passed on)"] == 1
    assert len(to(tmp_path, RED)) == before + 1 and files_of(game / "log") == log_before
    # The old token from the new address is refused; the new one is accepted.
    if needs_answer(welcome):
        box.add(reply(welcome, "red", sender=RITA, token_text=f"token {seat_token(game_id, 'red')}").as_bytes())
        assert run(game, NOW + timedelta(hours=3)).counts["refused (token)"] == 1
    _play(tmp_path, box, game, 4, NOW + timedelta(hours=3), {"red": RITA, "green": GREEN})
    assert gamelog.latest(game / "log").step > step
    assert [(e.by, e.action) for e in journal.read(game)] == [("gm", "replace"), ("judge", "former holder told")]
    # The record: both people in red's seat, each with their own answers.
    out = tmp_path / "game.trajan.jsonl"
    done = subprocess.run([sys.executable, "-m", "adjudicator", "pack", str(game / "log"), "--roster",
                           str(game / "roster.toml"), "-o", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    record = out.read_bytes()
    assert verify_record(record, str(out)).ok
    red = _holders(record)["red"]
    orders = [json.loads(p.read_text()) for p in sorted((game / "log").glob("*-orders.json"))]
    rhea = sum(o["player"] == "red" for o in orders[:step])
    rita = sum(o["player"] == "red" for o in orders[step:])
    assert red == [{"person": "Red Player", "from_step": 1, "answers": rhea, "stand_ins": 0},
                   {"person": "Rita Newcomer", "from_step": step + 1, "answers": rita, "stand_ins": 0}]
    assert json.loads(record.split(b"\n", 1)[0])["people"]["red"] == "Rita Newcomer"


def test_replacing_is_refused_for_an_address_that_holds_another_seat_or_a_bad_one(tmp_path: Path) -> None:
    from adjudicator.errors import Illegal, Malformed

    game, _, _ = maildir_campaign(tmp_path, "campaign-replace-bad")
    run(game, NOW)
    before = files_of(game)
    with pytest.raises(Illegal) as taken:
        command(game, ["replace", "red", "--name", "Gus", "--address", GREEN], NOW)
    assert [p.code for p in taken.value.problems] == ["judge.gm_address_taken"]
    with pytest.raises(Malformed) as bad:
        command(game, ["replace", "red", "--name", "Eve\nEvil", "--address", "eve@example.org"], NOW)
    assert [p.code for p in bad.value.problems] == ["judge.gm_person"]
    with pytest.raises(Malformed) as colour:
        command(game, ["kick", "blue"], NOW)
    assert [p.code for p in colour.value.problems] == ["judge.gm_colour"]
    assert files_of(game) == before


def test_a_kicked_seat_is_vacant_and_played_by_the_stand_in_at_once(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-kick")
    run(game, NOW)
    command(game, ["kick", "green"], NOW)
    before = len(to(tmp_path, GREEN))
    counts = run(game, NOW).counts
    assert counts["answered by the stand-in at once"] >= 1
    kicked = to(tmp_path, GREEN)[before:]
    assert [str(m["Subject"]) for m in kicked] == [f"[Trajan {game_id}] your seat passed on"]
    assert read_roster(str(game / "roster.toml")).players["green"].vacant
    _play(tmp_path, box, game, 5, NOW, {"red": RED})
    assert len(to(tmp_path, GREEN)) == before + 1  # a vacant seat gets no mail
    from tests.judgeplay import JUDGE

    assert to(tmp_path, JUDGE) == []  # not even at its placeholder address
    from adjudicator.game.engine import deciders

    assert "green" not in deciders(gamelog.latest(game / "log").state.pending)
    box.add(message(GREEN, "status", "", seat_token(game_id, "green")).as_bytes())
    assert run(game, NOW).counts["refused (seat passed on)"] == 1


def test_a_silent_seat_is_abandoned_and_the_game_master_told(tmp_path: Path) -> None:
    game, game_id, box = maildir_campaign(tmp_path, "campaign-abandon",
                                          "[deadlines]\nhours = 2\nremind_hours = 0\n[standin]\nabandon_after = 2\n")
    run(game, NOW)
    at = NOW
    while "[Trajan" not in " ".join(str(m["Subject"]) for m in to(tmp_path, GM_ADDRESS)):
        at += timedelta(hours=2)
        run(game, at)
        assert at < NOW + timedelta(days=3), "no seat was abandoned"
    (told,) = to(tmp_path, GM_ADDRESS)
    colour = re.search(r"\] (\w+)'s seat is abandoned", str(told["Subject"])).group(1)  # type: ignore[union-attr]
    assert f"replace {colour} --name NAME" in " ".join(text_of(told).split())
    assert [(e.by, e.action, e.detail["colour"]) for e in journal.read(game)][0] == ("judge", "abandoned", colour)
    # From now on the stand-in answers for that seat at once, without waiting for a deadline.
    from adjudicator.game.engine import deciders

    run(game, at)
    assert colour not in deciders(gamelog.latest(game / "log").state.pending)
    box.add(message(ADDRESSES[colour], "back", "back", seat_token(game_id, colour)).as_bytes())
    assert run(game, at).counts["answered (back)"] == 1


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """A campaign played to its end: both seats go silent, are abandoned after one
    deadline each, and the stand-in finishes the game in one run; red's seat passed to
    Rita before that."""
    tmp_path = tmp_path_factory.mktemp("finished")
    game, game_id, box = maildir_campaign(tmp_path, "campaign-end", "[deadlines]\nhours = 2\nremind_hours = 0\n"
                                          "[standin]\nabandon_after = 1\n")
    run(game, NOW)
    _play(tmp_path, box, game, 2, NOW)
    command(game, ["replace", "red", "--name", "Rita Newcomer", "--address", RITA], NOW)
    at = NOW
    while not gamelog.latest(game / "log").state.pending.__class__.__name__ == "GameOver":
        at += timedelta(hours=2)
        run(game, at)
        assert at < NOW + timedelta(days=2)
    return tmp_path, game, game_id


def test_the_final_mail_has_the_scores_the_record_the_seed_and_the_check(finished: tuple[Path, Path, str]) -> None:
    tmp_path, game, game_id = finished
    last = gamelog.latest(game / "log").state
    vp = {p.colour: p.vp for p in last.players}
    readers = {}
    for address in (RITA, GREEN, OBSERVER, GM_ADDRESS):
        (final,) = [m for m in to(tmp_path, address) if str(m["Subject"]).endswith("] the game is over")]
        readers[address] = final
    text = " ".join(text_of(readers[GREEN]).split())
    places = re.findall(r"(\d)\. (\w+) \([^)]*\)(?: \[before: [^]]*\])?: (\d+) VP", text)
    assert [(c, int(v)) for _, c, v in places] == [(c, vp[c]) for c in last.pending.ranking]  # type: ignore[attr-defined]
    blocks = text_of(readers[GREEN]).split("== How they scored ==", 1)[1].split("\n== ", 1)[0]
    for colour in last.seats:  # the breakdown adds up to each player's victory points
        block = re.search(rf"^{colour} .*?: (\d+) VP\n(.*?)(?=^\w|\Z)", blocks, re.MULTILINE | re.DOTALL)
        assert block is not None, colour
        numbers = [int(n) for n in re.findall(r": ([+-]\d+)$", block.group(2), re.MULTILINE)]
        assert int(block.group(1)) == vp[colour] and sum(numbers) == vp[colour], (colour, block.group(0))
    assert "[before: Red Player until step" in text
    assert f"{last.seed}" in text and "secret until now" in text
    verify = f"trajan verify {game_id}.trajan.jsonl --witness trajan-mails.txt"
    assert f"\n    cat trajan-mails/*.eml > trajan-mails.txt\n    {verify}\n" in text_of(readers[GREEN])
    files = {p.get_filename(): p.get_content() for p in readers[GREEN].iter_attachments()}
    assert {f"{game_id}.trajan.jsonl", f"{game_id}-replay.html"} <= set(files)
    # One mail at the end: a player's and an observer's final mail is their mail of the last
    # step (its news and the final state); the game master, who had none, gets it alone.
    for address, state_title in ((RITA, "== The game as you see it =="), (GREEN, "== The game as you see it =="),
                                 (OBSERVER, "== The game as everyone sees it =="), (GM_ADDRESS, None)):
        last_file = [m for m in to(tmp_path, address) if str(m["X-Trajan-Game-File"]).strip() == last.chain.hash]
        assert [str(m["Message-ID"]) for m in last_file] == [str(readers[address]["Message-ID"])], \
            (address, [str(m["Subject"]) for m in last_file])
        body = text_of(readers[address])
        if state_title is None:
            assert "== The game as" not in body and "== The final scores ==" in body
        else:
            assert body.index("== The final scores ==") < body.index(state_title), address
    record = files[f"{game_id}.trajan.jsonl"]
    record = record if isinstance(record, bytes) else record.encode()
    assert verify_record(record, "record").ok
    assert [t["person"] for t in _holders(record)["red"]] == ["Red Player", "Rita Newcomer"]
    assert json.loads(record.split(b"\n", 1)[0])["stand_ins"]["green"] >= 1
    page = files[f"{game_id}-replay.html"]
    assert "<html" in (page if isinstance(page, str) else page.decode())
    # The exact command, run where a player kept their mails: it verifies.
    keep = tmp_path / "player"
    (keep / "trajan-mails").mkdir(parents=True)
    (keep / f"{game_id}.trajan.jsonl").write_bytes(record)
    mine = [m for m in to(tmp_path, GREEN) if is_player_mail(m)]
    for n, mail in enumerate(mine):
        (keep / "trajan-mails" / f"{n:04d}.eml").write_bytes(mail.as_bytes())
    shell = f"cat trajan-mails/*.eml > trajan-mails.txt && {sys.executable} -m adjudicator " \
            f"{verify.removeprefix('trajan ')}"
    done = subprocess.run(shell, shell=True, cwd=keep, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all in the log: up to the latest of them, this is the game the players saw" in done.stdout
    (keep / "trajan-mails" / "9999.eml").write_text("Game file: " + "0" * 64 + "\n")  # a game file never played
    done = subprocess.run(shell, shell=True, cwd=keep, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "verify.witness_missing" in done.stdout + done.stderr


def test_the_final_mail_states_the_size_of_what_it_does_not_attach(finished: tuple[Path, Path, str]) -> None:
    from adjudicator.mail.judge.final import files

    tmp_path, game, game_id = finished
    from adjudicator.mail.judge.config import load_config
    from adjudicator.mail.judge.run import open_game

    (game / "judge.toml").write_text((game / "judge.toml").read_text() + "[endgame]\nattach_kb = 1\n")
    g = open_game(game, load_config(game / "judge.toml"), NOW)
    found = files(g, b"x" * 2000, b"y" * 500)
    assert [(f.name, f.data is None, f.size) for f in found] == [
        (f"{game_id}.trajan.jsonl", True, 2000), (f"{game_id}-replay.html", False, 500)]
    assert "trajan replay" in found[1].how


def test_standings_give_the_game_to_the_last_holder_and_count_the_first_as_left(
        finished: tuple[Path, Path, str]) -> None:
    from adjudicator.records.standings import decode_header, standings

    tmp_path, game, game_id = finished
    (final,) = [m for m in to(tmp_path, GREEN) if str(m["Subject"]).endswith("] the game is over")]
    record = next(p.get_content() for p in final.iter_attachments() if p.get_filename().endswith(".jsonl"))
    header = decode_header((record if isinstance(record, bytes) else record.encode()).split(b"\n", 1)[0])
    table = standings([header])
    assert "Rita Newcomer" in table.players and "Red Player" not in table.players
    assert table.left == {"Red Player": 1}


def test_every_mail_of_the_campaign_went_to_its_reader_only(finished: tuple[Path, Path, str]) -> None:
    tmp_path, _, game_id = finished
    tokens = {RED: seat_token(game_id, "red"), RITA: seat_token(game_id, "red", 1),
              GREEN: seat_token(game_id, "green")}
    for mail in sent_mails(tmp_path):
        reader = str(mail["To"]).rpartition("<")[2].rstrip(">")
        for address, token in tokens.items():
            if address != reader:
                assert token not in mail.as_string(), (reader, address)


def test_the_final_mail_gives_each_holders_answers_counted_from_the_log(finished: tuple[Path, Path, str]) -> None:
    tmp_path, game, _ = finished
    until = read_roster(str(game / "roster.toml")).players["red"].history[0].until_step
    counted: dict[tuple[str, bool], int] = {}
    for path in sorted((game / "log").glob("*-orders.json")):
        order = json.loads(path.read_text())
        who = "Rita Newcomer" if order["player"] == "red" and int(path.name[:4]) > until else order["player"]
        key = (who, bool(order.get("stand_in")))
        counted[key] = counted.get(key, 0) + 1
    (final,) = [m for m in to(tmp_path, OBSERVER) if str(m["Subject"]).endswith("] the game is over")]
    text = " ".join(text_of(final).split("== Answers ==", 1)[1].split("==", 1)[0].split())
    for name, key in (("red (Red Player)", "red"), ("red (Rita Newcomer)", "Rita Newcomer"),
                      ("green (Green Player)", "green")):
        own, stand_in = counted.get((key, False), 0), counted.get((key, True), 0)
        assert f"{name}: {own} on time, 0 after the deadline, {stand_in} by the stand-in at a deadline, " \
               "0 by the stand-in while away" in text, (name, text)
    assert counted.get(("Rita Newcomer", True), 0) >= 1 and counted.get(("red", False), 0) >= 1


def test_a_seat_replaced_before_the_game_moved_packs_with_its_new_holder_alone(tmp_path: Path) -> None:
    """Found while translating the campaign: a replacement before any step wrote the first
    holder's time as ending at step 0, and the record of the game could not be packed
    (its seat's times did not follow each other), so the final mails failed."""
    from adjudicator.model.roster import PastHolder, Seat, tenures

    past = PastHolder(name="Red Player", address=RED, generation=0, until_step=0, decision=1,
                      left="2026-03-02T09:00:00+00:00")
    assert tenures(Seat(name="Rita Newcomer", address=RITA, generation=1, history=(past,))) == [("Rita Newcomer", 1)]
    later = msgspec_replace(past, until_step=4)
    assert tenures(Seat(name="Rita Newcomer", address=RITA, generation=2, history=(past, later))) == [
        ("Red Player", 1), ("Rita Newcomer", 5)]
    game, _, box = maildir_campaign(tmp_path, "campaign-replace-early")
    command(game, ["replace", "red", "--name", "Rita Newcomer", "--address", RITA], NOW)
    run(game, NOW)
    _play(tmp_path, box, game, 3, NOW, {"red": RITA, "green": GREEN})
    assert gamelog.latest(game / "log").step >= 3
    out = tmp_path / "early.trajan.jsonl"
    done = subprocess.run([sys.executable, "-m", "adjudicator", "pack", str(game / "log"), "--roster",
                           str(game / "roster.toml"), "-o", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    header = json.loads(out.read_bytes().split(b"\n", 1)[0])
    assert header["people"]["red"] == "Rita Newcomer" and "red" not in (header.get("holders") or {})
    assert verify_record(out.read_bytes(), str(out)).ok
