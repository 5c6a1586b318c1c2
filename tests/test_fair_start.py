"""The start of a game is bound to the committed seed; the fair start (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.errors import Illegal, Inconsistent, Malformed
from adjudicator.files import io
from adjudicator.game import fairstart
from adjudicator.game.chain import seal
from adjudicator.game.newgame import new_game
from adjudicator.game.seeding import default_game_id
from adjudicator.logs import folder
from adjudicator.logs.selfplay import selfplay
from adjudicator.logs.verify import summary, verify_log
from adjudicator.logs.witness import read_witnesses
from adjudicator.model.fairstart import FairStart
from adjudicator.model.state import Contribution, GameState, Options

SEATS = ("red", "green")
SECRET = "0123456789abcdef0123456789abcdef"
RED, GREEN = "a" * 8 + "1" * 8 + "red-value", "b" * 16 + "green-value"


def _played(tmp_path: Path, start: GameState, name: str = "log") -> Path:
    selfplay(2, "fair-bots", ["random"], tmp_path / name, start=start)
    return tmp_path / name


def _fair(secret: str = SECRET, red: str = RED, green: str = GREEN) -> GameState:
    pending = fairstart.propose(SEATS, secret)
    pending = fairstart.contribute(pending, "green", green)
    pending = fairstart.contribute(pending, "red", red)
    return fairstart.start(pending)


def _problem(log: Path, witnesses: list[str] | None = None) -> tuple[str, str]:
    result = verify_log(log, read_witnesses(witnesses) if witnesses else None)
    assert not result.ok, summary(result)
    return result.problems[0].code, result.problems[0].path


# --- (b) what was drawn at setup is bound to the committed seed ---------------------------

def test_a_new_seed_under_the_same_game_id_fails(tmp_path: Path) -> None:
    honest = new_game(SEATS, "the first seed, 32 characters ok", method="master")
    again = new_game(SEATS, "a second seed the master prefers", method="master")
    forged = seal(replace(again, game_id=honest.game_id))
    assert _problem(_played(tmp_path, forged)) == ("verify.game_id_unbound", "$.game_id")


def test_a_game_id_chosen_by_hand_is_shown_as_such(tmp_path: Path) -> None:
    log = _played(tmp_path, new_game(SEATS, "seed-for-a-named-game", method="master", game_id="club-7"))
    result = verify_log(log)
    assert result.ok and "game id chosen by hand" in summary(result)
    # A seed the game master drew alone (and could have drawn many times) is shown as not fair.
    assert "Start: not fair (the game master drew the seed alone" in summary(result)


def test_a_start_player_chosen_by_hand_cannot_pass_as_drawn(tmp_path: Path) -> None:
    drawn = new_game(SEATS, "seed-where-the-start-is-drawn", method="master")
    other = next(c for c in SEATS if c != drawn.start_player)
    chosen = new_game(SEATS, "seed-where-the-start-is-drawn", method="master", first=other)
    assert chosen.seeding.start_player_chosen
    honest = verify_log(_played(tmp_path, chosen, "honest"))
    assert honest.ok and "start player chosen by hand" in summary(honest)
    # Flagged as drawn, with the game id derived as for a drawn start player.
    forged = seal(replace(chosen, seeding=replace(chosen.seeding, start_player_chosen=False),
                          game_id=default_game_id(chosen.commitment, SEATS)))
    assert _problem(_played(tmp_path, forged, "forged")) == ("verify.setup_mismatch", "$.start_player")
    # Flagged as drawn, the game id left as it was: caught from the first file already.
    early = seal(replace(chosen, seeding=replace(chosen.seeding, start_player_chosen=False)))
    assert _problem(_played(tmp_path, early, "early")) == ("verify.game_id_unbound", "$.game_id")


def test_a_short_seed_cannot_pass_as_a_real_one(tmp_path: Path) -> None:
    test = new_game(SEATS, "42")
    assert test.seeding.method == "test"
    forged = seal(replace(test, seeding=replace(test.seeding, method="master")))
    assert _problem(_played(tmp_path, forged)) == ("verify.bad_seed", "$.seed")


def test_the_game_id_is_derived_from_the_commitment() -> None:
    state = new_game(SEATS, "any seed of sixteen or more", method="master")
    assert state.game_id == default_game_id(state.commitment, SEATS)
    assert not state.seeding.game_id_chosen and not state.seeding.start_player_chosen


@pytest.mark.parametrize(("args", "code"), [
    (["--seed", ""], "new.empty_seed"),
    (["--seed", "42"], "new.weak_seed"),
    (["--seed", "fifteen chars.."], "new.weak_seed"),
    (["--test-seed", ""], "new.empty_seed"),
    (["--seed", "x" * 16, "--test-seed", "y"], "args.conflict"),
    (["--fair"], "args.missing_output"),
])
def test_new_refuses_weak_seeds(args: list[str], code: str) -> None:
    result = CliRunner().invoke(app, ["new", "--players", "red,green", *args])
    assert result.exit_code == 2 and code in result.output, result.output


def test_new_marks_every_kind_of_seed() -> None:
    def seeding(*args: str) -> dict[str, object]:
        result = CliRunner().invoke(app, ["new", "--players", "red,green", *args])
        assert result.exit_code == 0, result.output
        return dict(json.loads(result.stdout)["seeding"])

    assert seeding()["method"] == "master"
    assert seeding("--seed", "x" * 16)["method"] == "master"
    assert seeding("--test-seed", "42", "--first", "green") == {
        "method": "test", "contributions": [], "start_player_chosen": True, "game_id_chosen": False}


# --- (c) the fair start -------------------------------------------------------------------

def test_a_fair_game_verifies_and_says_so(tmp_path: Path) -> None:
    state = _fair()
    assert state.seeding.method == "fair" and state.seed == SECRET
    assert [c.player for c in state.seeding.contributions] == list(SEATS)  # seat order
    log = _played(tmp_path, state)
    announcement = tmp_path / "announcement.txt"
    announcement.write_text(f"Game: {state.game_id}\nCommitment: {state.commitment}\n")
    mail = tmp_path / "sent.txt"
    mail.write_text(f"Contribution: red={RED}\n")
    result = verify_log(log, read_witnesses([str(announcement), str(mail)]))
    assert result.ok and result.commitment == "checked", result.problems
    text = summary(result)
    assert "Start: fair" in text and "every player's contribution" in text


def test_every_contribution_changes_the_shuffles() -> None:
    base = _fair()
    for other in (_fair(red=RED + "x"), _fair(green=GREEN + "x"), _fair(secret=SECRET + "x")):
        assert other.piles != base.piles


def test_a_contribution_replaced_by_the_game_master_is_caught_by_its_sender(tmp_path: Path) -> None:
    forged = _fair(red="the-masters-own-choice-" + "0" * 8)  # a self-consistent game
    log = _played(tmp_path, forged)
    assert verify_log(log).ok
    mail = tmp_path / "sent.txt"
    mail.write_text(f"> Contribution: red={RED}\n")
    assert _problem(log, [str(mail)]) == ("verify.witness_contribution", "$")


def test_a_fair_start_set_up_again_is_caught_by_the_announcement(tmp_path: Path) -> None:
    first = _fair()
    log = _played(tmp_path, _fair(secret="another secret of 32 characters!"))
    announcement = tmp_path / "announcement.txt"
    announcement.write_text(f"Commitment: {first.commitment}\n")
    assert _problem(log, [str(announcement)]) == ("verify.witness_commitment", "$")


@pytest.mark.parametrize("edit", [{"first": "green"},
                                  {"options": Options(trajan_tiles_score_at_end=True)}])
def test_a_start_player_or_option_changed_after_the_announcement(tmp_path: Path, edit: dict[str, object]) -> None:
    pending = fairstart.propose(SEATS, SECRET)
    announcement = tmp_path / "announcement.txt"
    announcement.write_text(f"Game: {pending.game_id}\nCommitment: {pending.commitment}\n")
    for colour, value in (("red", RED), ("green", GREEN)):
        pending = fairstart.contribute(pending, colour, value)
    state = fairstart.start(replace(pending, **edit))  # the master's private file, edited
    assert state.game_id != pending.game_id
    log = _played(tmp_path, state)
    assert verify_log(log).ok
    assert _problem(log, [str(announcement)]) == ("verify.witness_other_game", "$")


def test_edited_contributions_do_not_re_derive_the_setup(tmp_path: Path) -> None:
    state = _fair()
    edited = (Contribution(player="red", value=RED + "x"), state.seeding.contributions[1])
    forged = seal(replace(state, seeding=replace(state.seeding, contributions=edited)))
    assert _problem(_played(tmp_path, forged))[0] == "verify.setup_mismatch"


def test_the_protocol_refuses_what_it_must() -> None:
    pending = fairstart.propose(SEATS, SECRET)
    with pytest.raises(Malformed):
        fairstart.propose(SEATS, "short")
    with pytest.raises(Illegal):
        fairstart.start(fairstart.contribute(pending, "red", RED))
    with pytest.raises(Malformed):
        fairstart.contribute(pending, "blue", RED)
    with pytest.raises(Malformed):
        fairstart.contribute(pending, "red", "short")
    with pytest.raises(Malformed):
        fairstart.contribute(pending, "red", "has spaces and *stars* " * 2)
    with pytest.raises(Illegal):
        fairstart.contribute(fairstart.contribute(pending, "red", RED), "red", GREEN)


def test_the_fair_start_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    pending, game = tmp_path / "pending.json", tmp_path / "game.json"
    made = runner.invoke(app, ["new", "--fair", "--players", "red,green", "-o", str(pending)])
    assert made.exit_code == 0, made.output
    secret = json.loads(pending.read_text())["secret"]
    assert secret not in made.output and "Commitment: " in made.output
    waiting = runner.invoke(app, ["start", str(pending), "-o", str(game)])
    assert waiting.exit_code == 1 and "fair.waiting" in waiting.output and not game.exists()
    for colour, value in (("red", RED), ("green", GREEN)):
        done = runner.invoke(app, ["contribute", str(pending), "--player", colour, "--value", value])
        assert done.exit_code == 0, done.output
    twice = runner.invoke(app, ["contribute", str(pending), "--player", "red", "--value", GREEN])
    assert twice.exit_code == 1 and "fair.already_contributed" in twice.output
    started = runner.invoke(app, ["start", str(pending), "-o", str(game)])
    assert started.exit_code == 0, started.output
    state = io.load_game(game.read_bytes())
    assert state.seed == secret and state.seeding.method == "fair"
    assert state.game_id == json.loads(pending.read_text())["game_id"]
    shown = runner.invoke(app, ["show", str(game)])
    assert "Start: fair" in shown.output and state.chain.hash in shown.output
    view = runner.invoke(app, ["view", str(game), "--player", "red"])
    assert msgspec.json.decode(view.stdout)["seeding"]["method"] == "fair"


def test_a_pending_fair_start_is_schema_checked(tmp_path: Path) -> None:
    bad = tmp_path / "pending.json"
    bad.write_text(json.dumps({"format": 1, "kind": "fair_start", "game_id": "g", "seats": ["red"],
                               "secret": 5, "commitment": "c"}))
    result = CliRunner().invoke(app, ["start", str(bad)])
    assert result.exit_code == 2 and "$.secret" in result.output


def test_an_older_file_without_seeding_claims_nothing(tmp_path: Path) -> None:
    state = new_game(SEATS, "an older game's seed", first="green", game_id="old-game")
    data = json.loads(io.encode_state(state))
    del data["seeding"]
    older = msgspec.json.decode(json.dumps(data).encode(), type=GameState)
    assert older.seeding.method == "unmarked"
    assert older.seeding.start_player_chosen and older.seeding.game_id_chosen
    resealed = seal(older)
    result = verify_log(_played(tmp_path, resealed))
    assert result.ok, result.problems
    assert "Start: unmarked" in summary(result) and "start player and game id chosen by hand" in summary(result)


# --- (d) the announcement binds every term, a receipt binds its sender's value (issue 25) --

SEATS3 = ("red", "green", "blue")


def _announce(tmp_path: Path, seats: tuple[str, ...] = SEATS, contributors: tuple[str, ...] | None = None,
              ) -> tuple[FairStart, Path]:
    pending = fairstart.propose(seats, SECRET, contributors=contributors)
    announcement = tmp_path / "announcement.txt"
    announcement.write_text(fairstart.announcement(pending))
    return pending, announcement


def _reply(tmp_path: Path, announcement: Path, colour: str) -> tuple[str, Path]:
    """A player's value made with their own key, and the receipt they keep."""
    made = fairstart.make_contribution(announcement.read_text(), colour, f"{colour}-key-0123456789abcdef",
                                       str(announcement))
    receipt = tmp_path / f"{colour}-receipt.txt"
    receipt.write_text(made.text)
    return made.value, receipt


def _all_replies(tmp_path: Path, pending: FairStart, announcement: Path) -> tuple[FairStart, dict[str, Path]]:
    receipts = {}
    for colour in pending.contributors:
        value, receipts[colour] = _reply(tmp_path, announcement, colour)
        pending = fairstart.contribute(pending, colour, value)
    return pending, receipts


def _begun(tmp_path: Path, state: GameState, name: str = "log") -> Path:
    """A log of the game's first file only (what every check of the start needs)."""
    out = tmp_path / name
    folder.start(out, state)
    return out


def _codes(log: Path, witnesses: list[Path]) -> list[str]:
    return [p.code for p in verify_log(log, read_witnesses([str(w) for w in witnesses])).problems]


def _key_line(tmp_path: Path, receipt: Path) -> Path:
    """The receipt's key line alone (so only the key is held against the game)."""
    line = next(x for x in receipt.read_text().splitlines() if x.startswith("Contribution key:"))
    only = tmp_path / f"key-{receipt.name}"
    only.write_text(line + "\n")
    return only


def test_an_honest_fair_start_is_borne_out_by_every_witness(tmp_path: Path) -> None:
    # blue is the game master's seat: it does not contribute (it would know the secret).
    pending, announcement = _announce(tmp_path, SEATS3, contributors=("red", "green"))
    assert "Contributors: red, green\n" in announcement.read_text()
    pending, receipts = _all_replies(tmp_path, pending, announcement)
    state = fairstart.start(pending)
    assert [c.player for c in state.seeding.contributions] == ["red", "green"]
    log = _begun(tmp_path, state)
    views = [log / f"0000-view-{c}.json" for c in SEATS3]
    result = verify_log(log, read_witnesses([str(w) for w in [announcement, *receipts.values(), *views]]))
    assert result.ok, result.problems
    assert result.announced[-1] == "Announcement" and result.receipts == ("green", "red")
    assert "Game master: could have chosen nothing of the setup" in summary(result)
    alone = summary(verify_log(log))
    assert ("could still have chosen the seats, start player, options, game id and contributors after "
            "seeing the contributions") in alone and "the values of red and green" in alone


def _edited(pending: FairStart, edit: str) -> FairStart:
    """What a dishonest game master does to the pending file after every contribution (the
    announced game id kept, marked as chosen by hand, so the game verifies on its own)."""
    kept = replace(pending, game_id_chosen=True)
    if edit == "start player":
        return replace(kept, first="green")
    if edit == "option":
        return replace(kept, options=Options(trajan_tiles_score_at_end=True))
    if edit == "seats":
        return replace(kept, seats=("green", "red"), contributors=("green", "red"),
                       contributions=pending.contributions[::-1])
    if edit == "contributor dropped":
        return replace(kept, contributors=("red",), contributions=pending.contributions[:1])
    assert edit == "game id"
    return kept


@pytest.mark.parametrize("edit", ["start player", "option", "seats", "contributor dropped", "game id"])
def test_a_term_changed_after_the_contributions_fails_with_the_announcement(tmp_path: Path, edit: str) -> None:
    pending, announcement = _announce(tmp_path)
    pending, receipts = _all_replies(tmp_path, pending, announcement)
    state = fairstart.start(_edited(pending, edit))
    assert state.game_id == pending.game_id  # the announced id is kept
    log = _begun(tmp_path, state)
    assert verify_log(log).ok  # a self-consistent game
    failed = verify_log(log, read_witnesses([str(announcement)]))
    assert {p.code for p in failed.problems} == {"verify.witness_announcement"}, failed.problems
    label = {"start player": "Start player", "option": "Options", "seats": "Seats",
             "contributor dropped": "Contributors", "game id": "Game id"}[edit]
    assert any(f"{label} line says" in p.message for p in failed.problems)
    # The receipts bind the terms too: each key gives another value under the changed terms.
    red_key = _key_line(tmp_path, receipts["red"])
    assert _codes(log, [red_key]) == ["verify.witness_receipt"]
    if edit == "contributor dropped":
        assert "verify.witness_contribution" in _codes(log, [receipts["green"]])


def test_the_announcements_hash_alone_binds_every_term(tmp_path: Path) -> None:
    pending, announcement = _announce(tmp_path)
    pending, _ = _all_replies(tmp_path, pending, announcement)
    kept = tmp_path / "hash-only.txt"
    kept.write_text(next(x for x in announcement.read_text().splitlines() if x.startswith("Announcement:")))
    assert _codes(_begun(tmp_path, fairstart.start(pending), "honest"), [kept]) == []
    forged = _begun(tmp_path, fairstart.start(_edited(pending, "option")), "forged")
    assert _codes(forged, [kept]) == ["verify.witness_announcement"]


def test_an_older_announcement_still_binds_the_lines_it_has(tmp_path: Path) -> None:
    pending = fairstart.propose(SEATS, SECRET)
    older = tmp_path / "older.txt"  # what the release before issue 25 printed
    older.write_text(f"Game: {pending.game_id}\nSeats: red, green\nStart player: drawn from the shuffles\n"
                     f"Options: none\nCommitment: {pending.commitment}\n\nKeep this message. Reply with a "
                     "random value...\n")
    for colour, value in (("red", RED), ("green", GREEN)):
        pending = fairstart.contribute(pending, colour, value)
    assert _codes(_begun(tmp_path, fairstart.start(pending), "honest"), [older]) == []
    forged = _begun(tmp_path, fairstart.start(_edited(pending, "start player")), "forged")
    assert _codes(forged, [older]) == ["verify.witness_announcement"]
    with pytest.raises(Malformed) as refused:
        fairstart.make_contribution(older.read_text(), "red", "k" * 32, str(older))
    assert refused.value.problems[0].code == "fair.old_announcement"


def _grind(pending: FairStart, colour: str, wanted: str) -> GameState:
    """The game master tries values in ``colour``'s name until ``wanted`` starts."""
    for i in range(1000):
        state = fairstart.start(fairstart.contribute(pending, colour, f"made-up-by-the-master-{i:04d}"))
        if state.start_player == wanted:
            return state
    raise AssertionError("no value found")


def test_a_value_invented_for_a_player_who_sent_none_fails_with_their_view(tmp_path: Path) -> None:
    pending, announcement = _announce(tmp_path)
    red_value, red_receipt = _reply(tmp_path, announcement, "red")
    pending = fairstart.contribute(pending, "red", red_value)
    state = _grind(pending, "green", "red")  # green never replied
    log = _begun(tmp_path, state)
    passed = verify_log(log, read_witnesses([str(announcement), str(red_receipt)]))
    assert passed.ok and "could still have chosen the value of green" in summary(passed)
    green_view = log / "0000-view-green.json"
    witnesses = [announcement, red_receipt, green_view]
    assert _codes(log, witnesses) == ["verify.contribution_unconfirmed"]
    # red's own view is borne out by red's receipt.
    assert _codes(log, [announcement, red_receipt, log / "0000-view-red.json"]) == []


def test_a_value_replaced_and_ground_fails_with_its_senders_receipt(tmp_path: Path) -> None:
    pending, announcement = _announce(tmp_path)
    red_value, red_receipt = _reply(tmp_path, announcement, "red")
    _, green_receipt = _reply(tmp_path, announcement, "green")  # sent, then thrown away
    state = _grind(fairstart.contribute(pending, "red", red_value), "green", "red")
    log = _begun(tmp_path, state)
    assert _codes(log, [green_receipt]) == ["verify.witness_contribution", "verify.witness_receipt"]
    assert _codes(log, [_key_line(tmp_path, green_receipt)]) == ["verify.witness_receipt"]


def test_a_value_from_a_seat_that_was_not_to_contribute_fails_with_the_announcement(tmp_path: Path) -> None:
    pending, announcement = _announce(tmp_path, SEATS3, contributors=("red", "green"))
    pending, _ = _all_replies(tmp_path, pending, announcement)
    widened = replace(pending, contributors=SEATS3, game_id_chosen=True)
    state = _grind(widened, "blue", "blue")  # the master's own seat, ground
    log = _begun(tmp_path, state)
    assert verify_log(log).ok
    assert _codes(log, [announcement]) == ["verify.witness_announcement"] * 2  # game id, contributors
    # With the id left derived, the game gets another id than the announced one.
    again = _grind(replace(widened, game_id_chosen=False), "blue", "blue")
    assert again.game_id != pending.game_id
    assert set(_codes(_begun(tmp_path, again, "derived"), [announcement])) == {
        "verify.witness_announcement", "verify.witness_other_game"}


def test_a_contributor_dropped_without_witnesses_unbinds_the_derived_id(tmp_path: Path) -> None:
    pending, announcement = _announce(tmp_path)
    pending, _ = _all_replies(tmp_path, pending, announcement)
    state = fairstart.start(pending)
    dropped = seal(replace(state, seeding=replace(state.seeding, contributions=state.seeding.contributions[:1])))
    assert _problem(_begun(tmp_path, dropped)) == ("verify.game_id_unbound", "$.game_id")


def test_an_announcement_held_against_a_game_that_did_not_start_fair(tmp_path: Path) -> None:
    pending, announcement = _announce(tmp_path)
    state = new_game(SEATS, SECRET, method="master", game_id=pending.game_id)
    assert _codes(_begun(tmp_path, state), [announcement]) == ["verify.witness_announcement"]


@pytest.mark.parametrize(("change", "code"), [
    (lambda t: t.replace("Options: none", "Options: trajan_tiles_score_at_end=true"), "fair.announcement_altered"),
    (lambda t: t.replace("Game: trajan-", "Game: trajan-0"), "fair.announcement_altered"),
    (lambda t: "", "fair.no_announcement"),
    (lambda t: t + "\n" + t, "fair.no_announcement"),
])
def test_a_player_contributes_only_to_an_announcement_that_checks(tmp_path: Path, change: Any, code: str) -> None:
    _, announcement = _announce(tmp_path)
    with pytest.raises((Malformed, Inconsistent)) as refused:
        fairstart.make_contribution(change(announcement.read_text()), "red", "k" * 32, "a.txt")
    assert [p.code for p in refused.value.problems] == [code]


def test_a_player_checks_that_the_game_id_is_derived_as_announced(tmp_path: Path) -> None:
    import dataclasses

    from adjudicator.game.announcement import terms_of_pending

    pending = fairstart.propose(SEATS, SECRET)
    lying = dataclasses.replace(terms_of_pending(pending), game_id="trajan-000000000000")  # its digest made to match
    with pytest.raises(Inconsistent) as refused:
        fairstart.make_contribution(lying.text(), "red", "k" * 32, "a.txt")
    assert [(p.code, p.path) for p in refused.value.problems] == [("fair.announcement_game_id", "line 1")]


def test_a_pending_fair_start_of_format_1_reads_with_every_seat_contributing() -> None:
    pending = fairstart.propose(SEATS, SECRET)
    data = json.loads(io.canonical(pending))
    data["format"] = 1
    del data["contributors"]
    older = io.load_fair_start(json.dumps(data).encode())
    assert older.contributors == SEATS and older.format == 2


def test_the_contributors_and_contribution_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    pending = tmp_path / "pending.json"
    made = runner.invoke(app, ["new", "--fair", "--players", "red,green,blue", "--contributors", "green,red",
                               "-o", str(pending)])
    assert made.exit_code == 0, made.output
    announcement = tmp_path / "announcement.txt"
    announcement.write_text(made.output)  # the whole output, as a mail would quote it
    receipt = tmp_path / "receipt.txt"
    mine = runner.invoke(app, ["contribution", str(announcement), "--player", "red", "-o", str(receipt)])
    assert mine.exit_code == 0, mine.output
    value = mine.output.strip().splitlines()[-1]
    assert f"Contribution: red={value}\n" in receipt.read_text()
    for argv, exit_code, code in [
        (["contribution", str(announcement), "--player", "blue", "-o", str(tmp_path / "b.txt")], 2,
         "fair.not_a_contributor"),
        (["contribute", str(pending), "--player", "blue", "--value", "x" * 16], 2, "fair.not_a_contributor"),
        (["new", "--players", "red,green", "--contributors", "red"], 2, "args.needs_fair"),
        (["new", "--fair", "--players", "red,green", "--contributors", "blue", "-o", str(tmp_path / "p")], 2,
         "fair.not_seated"),
        (["new", "--fair", "--players", "red,green", "--contributors", ",", "-o", str(tmp_path / "p")], 2,
         "fair.no_contributors"),
    ]:
        refused = runner.invoke(app, argv)
        assert refused.exit_code == exit_code and code in refused.output, (argv, refused.output)
    assert not (tmp_path / "b.txt").exists() and not (tmp_path / "p").exists()
    done = runner.invoke(app, ["contribute", str(pending), "--player", "red", "--value", value])
    assert done.exit_code == 0 and "still waiting for green" in done.output, done.output


def test_a_players_mail_with_a_seats_line_is_no_announcement(tmp_path: Path) -> None:
    from adjudicator.rendering.show import render_show
    from adjudicator.views.redact import view_of

    pending, announcement = _announce(tmp_path)
    pending, receipts = _all_replies(tmp_path, pending, announcement)
    state = fairstart.start(pending)
    shown = tmp_path / "mail.txt"  # what a player's mail holds: "Seats: red (start player), green"
    shown.write_text(render_show(view_of(state, "red")))
    assert "\nSeats: " in shown.read_text()
    log = _begun(tmp_path, state)
    result = verify_log(log, read_witnesses([str(shown), str(receipts["red"])]))
    assert result.ok, result.problems
    assert [w.kind for w in read_witnesses([str(shown)])] == ["hash"]
