"""One case per problem code of ``verify``, the fair start and the seeding (issue 25, item 1).

Each case builds the situation from files (a copy of an example log, a fair start, a
record), runs the command as a user would (``--json``), and checks that the code is
reported, with an exit code the problem table (``adjudicator/data/problems.json``, read
as data) gives for it.  A test then checks that every such code of the table has a case:
a check deleted from ``verify`` (the first file's missing parent, say) fails its case.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.errors import Malformed
from adjudicator.files import io
from adjudicator.game import fairstart
from adjudicator.game.chain import seal
from adjudicator.game.engine import adjudicate
from adjudicator.game.newgame import new_game
from adjudicator.logs import folder
from adjudicator.model.state import Contribution, GameState
from adjudicator.records.tournament import bot_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_LOG = ROOT / "examples" / "logs" / "2-players"
TABLE = {p["code"]: p for p in json.loads((ROOT / "adjudicator" / "data" / "problems.json").read_text())["problems"]}
SECRET = "0123456789abcdef0123456789abcdef"
SEEDING = {"new.empty_seed", "new.weak_seed", "new.contributions_incomplete", "new.contributions_unfair"}


@dataclass
class Ctx:
    tmp: Path
    log: Path  # a fresh copy of a finished 2-player log (a test seed)

    def file(self, name: str, text: str) -> Path:
        f = self.tmp / name
        f.write_text(text)
        return f


Outcome = tuple[int, list[str]]  # the exit code and the codes reported, in order
CASES: dict[str, Callable[[Ctx], Outcome]] = {}


def case(code: str) -> Callable[[Callable[[Ctx], Outcome]], Callable[[Ctx], Outcome]]:
    def register(make: Callable[[Ctx], Outcome]) -> Callable[[Ctx], Outcome]:
        CASES[code] = make
        return make
    return register


def run(*args: str | Path) -> Outcome:
    """A command with ``--json``: its exit code and every code it reports (verify's results
    on stdout, refusals on stderr)."""
    r = CliRunner().invoke(app, [*map(str, args), "--json"])
    codes = []
    if r.stdout.strip().startswith("["):
        for item in json.loads(r.stdout):
            codes += [p["code"] for p in item.get("problems", [])] if isinstance(item, dict) else []
    if r.stderr.strip().startswith("["):
        codes += [p["code"] for p in json.loads(r.stderr)]
    return r.exit_code, codes


def _edit(path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data, indent=2) + "\n")


def _last(log: Path) -> int:
    return max(int(f.name[:4]) for f in log.glob("*-game.json"))


def _rechain(log: Path, edit: Callable[[GameState], GameState]) -> None:
    """The whole log forged from an edited setup: every order re-adjudicated (its reports
    and views, which would be made again too, removed)."""
    for f in [*log.glob("*.md"), *log.glob("*-view-*.json")]:
        f.unlink()
    state = seal(edit(io.load_game((log / "0000-game.json").read_bytes())))
    (log / "0000-game.json").write_bytes(io.encode_state(state))
    for k in range(1, _last(log) + 1):
        state = adjudicate(state, io.load_orders((log / f"{k:04d}-orders.json").read_bytes())).state
        (log / f"{k:04d}-game.json").write_bytes(io.encode_state(state))


def _begun(ctx: Ctx, state: GameState, name: str = "begun") -> Path:
    """A log of a first game file only."""
    out = ctx.tmp / name
    folder.start(out, state)
    return out


def _fair(ctx: Ctx, edit: Callable[[fairstart.FairStart], fairstart.FairStart] = lambda p: p,
          ) -> tuple[Path, Path, dict[str, Path]]:
    """A fair start's log (its first file), its announcement and the players' receipts."""
    pending = fairstart.propose(("red", "green"), SECRET)
    announcement = ctx.file("announcement.txt", fairstart.announcement(pending))
    receipts = {}
    for colour in pending.contributors:
        made = fairstart.make_contribution(announcement.read_text(), colour, f"{colour}-key-0123456789abcdef",
                                           str(announcement))
        receipts[colour] = ctx.file(f"{colour}-receipt.txt", made.text)
        pending = fairstart.contribute(pending, colour, made.value)
    return _begun(ctx, fairstart.start(edit(pending)), "fair"), announcement, receipts


# --- verify: the log itself -------------------------------------------------------------

@case("verify.no_log")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.tmp / "nothing-here")


@case("verify.missing_file")
def _(ctx: Ctx) -> Outcome:
    (ctx.log / "0000-game.json").unlink()
    return run("verify", ctx.log)


@case("verify.missing_step")
def _(ctx: Ctx) -> Outcome:
    (ctx.log / "0012-orders.json").unlink()
    return run("verify", ctx.log)


@case("verify.not_a_start")
def _(ctx: Ctx) -> Outcome:
    first = io.load_game((ctx.log / "0000-game.json").read_bytes())
    log = _begun(ctx, first)
    for view in log.glob("0000-view-*.json"):
        view.unlink()  # (a view would name the edited file's hash)
    other = io.load_game((ctx.log / "0001-game.json").read_bytes())
    claims_a_parent = seal(first, parent=other)  # sealed: its own hash is right
    (log / "0000-game.json").write_bytes(io.encode_state(claims_a_parent))
    return run("verify", log)


@case("verify.hash_mismatch")
def _(ctx: Ctx) -> Outcome:
    _edit(ctx.log / "0025-game.json", lambda d: d["chain"].update(hash="0" * 64))
    return run("verify", ctx.log)


@case("verify.chain_broken")
def _(ctx: Ctx) -> Outcome:
    _edit(ctx.log / "0025-game.json", lambda d: d["chain"].update(parent="1" * 64))
    return run("verify", ctx.log)


@case("verify.orders_mismatch")
def _(ctx: Ctx) -> Outcome:
    _edit(ctx.log / "0015-orders.json", lambda d: d.update(written_by="someone else"))
    return run("verify", ctx.log)


@case("verify.illegal_orders")
def _(ctx: Ctx) -> Outcome:
    a, b = ctx.log / "0010-orders.json", ctx.log / "0011-orders.json"
    data_a = a.read_bytes()
    a.write_bytes(b.read_bytes())
    b.write_bytes(data_a)
    return run("verify", ctx.log)


@case("verify.not_json")
def _(ctx: Ctx) -> Outcome:
    (ctx.log / "0020-game.json").write_text("this is not JSON\n")
    return run("verify", ctx.log)


@case("verify.state_mismatch")
def _(ctx: Ctx) -> Outcome:
    def edit(d: dict[str, Any]) -> None:
        d["piles"]["deck"][0] = "gems" if d["piles"]["deck"][0] != "gems" else "wine"
    _edit(ctx.log / "0020-game.json", edit)
    return run("verify", ctx.log)


@case("verify.report_mismatch")
def _(ctx: Ctx) -> Outcome:
    report = ctx.log / "0030-report-red.md"
    report.write_text(report.read_text().replace("VP", "VP!", 1))
    return run("verify", ctx.log)


@case("verify.view_mismatch")
def _(ctx: Ctx) -> Outcome:
    _edit(ctx.log / f"{_last(ctx.log):04d}-view-red.json", lambda d: d.update(decision=d["decision"] + 1))
    return run("verify", ctx.log)


@case("verify.commitment_mismatch")
def _(ctx: Ctx) -> Outcome:
    _rechain(ctx.log, lambda s: replace(s, seed="a guessed seed"))
    return run("verify", ctx.log)


@case("verify.bad_seed")
def _(ctx: Ctx) -> Outcome:
    # A 10-character test seed passed off as one the game master drew (16 or more).
    _rechain(ctx.log, lambda s: replace(s, seeding=replace(s.seeding, method="master")))
    return run("verify", ctx.log)


@case("verify.setup_mismatch")
def _(ctx: Ctx) -> Outcome:
    # The last two bonus tiles of a 2-player game are never drawn: only the setup re-derived
    # from the revealed seed finds them swapped.
    def edit(s: GameState) -> GameState:
        bag = s.piles.bonus_bag
        return replace(s, piles=replace(s.piles, bonus_bag=bag[:-2] + bag[:-3:-1]))
    _rechain(ctx.log, edit)
    return run("verify", ctx.log)


@case("verify.game_id_unbound")
def _(ctx: Ctx) -> Outcome:
    honest = new_game(("red", "green"), "the first seed, 32 characters ok", method="master")
    again = new_game(("red", "green"), "a second seed the master prefers", method="master")
    return run("verify", _begun(ctx, seal(replace(again, game_id=honest.game_id))))


@case("verify.contributions")
def _(ctx: Ctx) -> Outcome:
    log, _, _ = _fair(ctx)
    state = io.load_game((log / "0000-game.json").read_bytes())
    shuffled = replace(state.seeding, contributions=state.seeding.contributions[::-1], game_id_chosen=True)
    return run("verify", _begun(ctx, seal(replace(state, seeding=shuffled)), "out-of-order"))


# --- verify: what it is given -------------------------------------------------------------

@case("verify.wrong_kind")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.log / "0000-game.json")


@case("verify.not_one_game")
def _(ctx: Ctx) -> Outcome:
    """The Python API's verify takes one game: a list naming two is refused."""
    from adjudicator import MalformedError, verify

    listing = ctx.file("list.txt", f"{ctx.log}\n{ctx.log}\n")
    try:
        verify(listing)
    except MalformedError as e:
        return e.exit_code, [p.code for p in e.problems]
    return 0, []


@case("verify.list_entry_missing")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.file("list.txt", f"{ctx.log}\nnot-there\n"))


@case("verify.list_line_too_long")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.file("list.txt", f"{ctx.log}\n{'x' * 256}\n"))


@case("verify.list_too_deep")
def _(ctx: Ctx) -> Outcome:
    previous = str(ctx.log)
    for depth in range(5):
        previous = str(ctx.file(f"list{depth}.txt", previous + "\n"))
    return run("verify", previous)


@case("verify.no_dask")
def _(ctx: Ctx) -> Outcome:
    record = ctx.tmp / "game.trajan.jsonl"
    record.write_bytes(bot_record("codes", ["random", "random"]))
    saved = sys.modules.get("distributed")
    sys.modules["distributed"] = None  # type: ignore[assignment]  # an import of it fails
    try:
        return run("verify", "--backend", "dask", record)
    finally:
        if saved is None:
            del sys.modules["distributed"]
        else:
            sys.modules["distributed"] = saved


# --- verify with witnesses ----------------------------------------------------------------

@case("witness.empty")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.log, "--witness", ctx.file("empty.txt", "nothing to see\n"))


@case("verify.witness_missing")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.log, "--witness", ctx.file("hashes.txt", "ab" * 32 + "\n"))


@case("verify.witness_other_game")
def _(ctx: Ctx) -> Outcome:
    other = ctx.file("other.md", "# Trajan trajan-000000000000: decision 3\n\n- Game file: " + "0" * 64 + "\n")
    return run("verify", ctx.log, "--witness", other)


@case("verify.witness_differs")
def _(ctx: Ctx) -> Outcome:
    view = ctx.tmp / "view.json"
    shutil.copy(ctx.log / f"{_last(ctx.log):04d}-view-red.json", view)
    _edit(view, lambda d: d["players"][0].update(vp=d["players"][0]["vp"] + 1))
    return run("verify", ctx.log, "--witness", view)


@case("verify.witness_orders")
def _(ctx: Ctx) -> Outcome:
    sent = ctx.tmp / "sent.json"  # what red says they sent for decision 10
    shutil.copy(ctx.log / "0010-orders.json", sent)
    _edit(sent, lambda d: d.update(written_by="red, from the train"))
    return run("verify", ctx.log, "--witness", sent)


@case("verify.witness_commitment")
def _(ctx: Ctx) -> Outcome:
    return run("verify", ctx.log, "--witness", ctx.file("announcement.txt", f"Commitment: {'c' * 64}\n"))


@case("verify.witness_contribution")
def _(ctx: Ctx) -> Outcome:
    log, _, _ = _fair(ctx)
    return run("verify", log, "--witness", ctx.file("sent.txt", f"Contribution: red={'r' * 32}\n"))


@case("verify.witness_receipt")
def _(ctx: Ctx) -> Outcome:
    log, _, _ = _fair(ctx)
    return run("verify", log, "--witness", ctx.file("key.txt", f"Contribution key: red={'k' * 32}\n"))


@case("verify.witness_announcement")
def _(ctx: Ctx) -> Outcome:
    # The start player chosen by hand after every contribution, the announced id kept.
    log, announcement, _ = _fair(ctx, lambda p: replace(p, first="green", game_id_chosen=True))
    return run("verify", log, "--witness", announcement)


@case("verify.contribution_unconfirmed")
def _(ctx: Ctx) -> Outcome:
    # green never sent a value; the game master made one up. green holds their view.
    pending = fairstart.propose(("red", "green"), SECRET)
    announcement = ctx.file("announcement.txt", fairstart.announcement(pending))
    made = fairstart.make_contribution(announcement.read_text(), "red", "k" * 32, str(announcement))
    red = ctx.file("red-receipt.txt", made.text)
    pending = fairstart.contribute(fairstart.contribute(pending, "red", made.value), "green", "m" * 32)
    log = _begun(ctx, fairstart.start(pending))
    return run("verify", log, "--witness", announcement, "--witness", red, "--witness",
               log / "0000-view-green.json")


# --- the fair start -------------------------------------------------------------------------

def _pending(ctx: Ctx, *contributors: str) -> Path:
    pending = ctx.tmp / "pending.json"
    extra = ["--contributors", ",".join(contributors)] if contributors else []
    code, _ = run("new", "--fair", "--players", "red,green,blue", *extra, "-o", pending)
    assert code == 0
    return pending


@case("fair.bad_value")
def _(ctx: Ctx) -> Outcome:
    return run("contribute", _pending(ctx), "--player", "red", "--value", "short")


@case("fair.not_seated")
def _(ctx: Ctx) -> Outcome:
    return run("contribute", _pending(ctx), "--player", "brown", "--value", "v" * 16)


@case("fair.not_a_contributor")
def _(ctx: Ctx) -> Outcome:
    return run("contribute", _pending(ctx, "red", "green"), "--player", "blue", "--value", "v" * 16)


@case("fair.no_contributors")
def _(ctx: Ctx) -> Outcome:
    return run("new", "--fair", "--players", "red,green", "--contributors", ",", "-o", ctx.tmp / "p.json")


@case("fair.already_contributed")
def _(ctx: Ctx) -> Outcome:
    pending = _pending(ctx)
    assert run("contribute", pending, "--player", "red", "--value", "v" * 16)[0] == 0
    return run("contribute", pending, "--player", "red", "--value", "w" * 16)


@case("fair.waiting")
def _(ctx: Ctx) -> Outcome:
    pending = _pending(ctx)
    assert run("contribute", pending, "--player", "red", "--value", "v" * 16)[0] == 0
    return run("start", pending, "-o", ctx.tmp / "game.json")


def _announcement(ctx: Ctx) -> str:
    return fairstart.announcement(fairstart.propose(("red", "green"), SECRET))


@case("fair.no_announcement")
def _(ctx: Ctx) -> Outcome:
    return run("contribution", ctx.file("a.txt", "Dear players, a game soon.\n"), "--player", "red",
               "-o", ctx.tmp / "r.txt")


@case("fair.old_announcement")
def _(ctx: Ctx) -> Outcome:
    older = "".join(line + "\n" for line in _announcement(ctx).splitlines()
                    if not line.startswith(("Contributors:", "Game id:", "Announcement:")))
    return run("contribution", ctx.file("a.txt", older), "--player", "red", "-o", ctx.tmp / "r.txt")


@case("fair.announcement_altered")
def _(ctx: Ctx) -> Outcome:
    altered = _announcement(ctx).replace("Start player: drawn from the shuffles", "Start player: red (chosen by hand)")
    return run("contribution", ctx.file("a.txt", altered), "--player", "red", "-o", ctx.tmp / "r.txt")


@case("fair.announcement_game_id")
def _(ctx: Ctx) -> Outcome:
    import dataclasses

    from adjudicator.game.announcement import terms_of_pending

    terms = terms_of_pending(fairstart.propose(("red", "green"), SECRET))
    lying = dataclasses.replace(terms, game_id="trajan-000000000000")  # its hash line made to match
    return run("contribution", ctx.file("a.txt", lying.text()), "--player", "red", "-o", ctx.tmp / "r.txt")


# --- the seeding ------------------------------------------------------------------------------

@case("new.empty_seed")
def _(ctx: Ctx) -> Outcome:
    return run("new", "--players", "red,green", "--seed", "", "-o", ctx.tmp / "g.json")


@case("new.weak_seed")
def _(ctx: Ctx) -> Outcome:
    return run("new", "--players", "red,green", "--seed", "fifteen chars..", "-o", ctx.tmp / "g.json")


@case("new.contributions_incomplete")
def _(ctx: Ctx) -> Outcome:
    pending = _pending(ctx)
    for colour in ("red", "green", "blue"):
        assert run("contribute", pending, "--player", colour, "--value", colour * 6)[0] == 0
    _edit(pending, lambda d: d.update(contributions=d["contributions"][::-1]))  # out of seat order
    return run("start", pending, "-o", ctx.tmp / "game.json")


@case("new.contributions_unfair")
def _(ctx: Ctx) -> Outcome:
    try:
        new_game(("red", "green"), SECRET, method="master", contributions=(Contribution(player="red", value="v" * 16),))
    except Malformed as e:
        return e.exit_code, [p.code for p in e.problems]
    return 0, []


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("example") / "log"
    shutil.copytree(EXAMPLE_LOG, copy)
    return copy


@pytest.mark.parametrize("code", sorted(CASES))
def test_the_situation_gives_its_code(code: str, example: Path, tmp_path: Path) -> None:
    log = tmp_path / "log"
    shutil.copytree(example, log)
    exit_code, codes = CASES[code](Ctx(tmp_path, log))
    assert codes[:1] == [code], codes
    assert exit_code in TABLE[code]["exit"], (exit_code, TABLE[code])


def test_every_verify_fair_and_seeding_code_has_a_case() -> None:
    wanted = {c for c in TABLE if c.split(".")[0] in ("verify", "fair", "witness")} | SEEDING
    assert sorted(wanted - set(CASES)) == []
    assert sorted(set(CASES) - set(TABLE)) == []


def test_the_untouched_example_verifies(example: Path) -> None:
    """The cases' log is sound: each case's code comes from its edit alone."""
    assert run("verify", example) == (0, [])
