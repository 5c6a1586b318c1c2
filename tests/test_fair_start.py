"""The start of a game is bound to the committed seed; the fair start (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.errors import Illegal, Malformed
from adjudicator.files import io
from adjudicator.game import fairstart
from adjudicator.game.chain import seal
from adjudicator.game.newgame import new_game
from adjudicator.game.seeding import default_game_id
from adjudicator.logs.selfplay import selfplay
from adjudicator.logs.verify import summary, verify_log
from adjudicator.logs.witness import read_witnesses
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
