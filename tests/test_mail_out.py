"""The player's mail (issue 17): one per player per accepted order, complete in itself.

A whole 3-player bot game is adjudicated through the user's path
(:func:`adjudicator.files.pipeline.adjudicate_bytes`) and every player's mail written to
an outbox after each order.  Every mail parses, keeps every line within 78 characters,
shows its player's hand and no other; a reply made from the mail (its template plus
option lines copied from it, quoted under it as a mail client does) is read by the mail
reader and accepted.  Golden mails under ``fixtures/mail-out/`` (headers and text as read) show wording changes in
review (``TRAJAN_UPDATE_GOLDEN=1`` rewrites them).
"""

from __future__ import annotations

import os
import re
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.files import io
from adjudicator.files.pipeline import adjudicate_bytes
from adjudicator.game import engine
from adjudicator.game.engine import deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import bot_names, bot_orders
from adjudicator.mail.outgoing.compose import player_mail, write_player_mails
from adjudicator.mail.outgoing.roster import load_roster
from adjudicator.mail.read import read_orders
from adjudicator.model.state import GameOver, GameState, kind_of
from adjudicator.views.redact import view_of
from tests.mailtext import joined, read_mail

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "fixtures" / "mail-out"
SEED = "mail-out-1"
PICTURED = (1, 10)  # orders whose mails carry the board picture (drawing them all takes long)
ROSTER = b"""game = "GAME"
judge = "judge@trajan.example.org"
[players.red]
name = "Ann *Red*"
address = "ann@example.org"
attach_view = true
[players.green]
name = "Gus Green"
address = "gus@example.org"
[players.blue]
name = "Bea Blue"
address = "bea@example.org"
"""


def _game(tmp: Path) -> list[tuple[GameState, GameState, list[Path]]]:
    """Every (before, after, mails written) of a whole 3-player bot game."""
    state = new_game(("red", "green", "blue"), SEED)
    roster = load_roster(ROSTER.replace(b"GAME", state.game_id.encode()), "roster.toml")
    data, seats, out = io.encode_state(state), bot_names(3, ["greedy"]), []
    for n in range(1, 400):
        if isinstance(state.pending, GameOver):
            return out
        orders = bot_orders(state, seats, SEED)
        result = adjudicate_bytes(data, io.encode_orders(orders))
        paths = write_player_mails(str(tmp), result.state, result.private, roster, n,
                                   pictures="svg" if n in PICTURED else "none")
        out.append((state, result.state, [Path(p) for p in paths]))
        state, data = result.state, result.data
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[GameState, GameState, list[Path]]]:
    return _game(tmp_path_factory.mktemp("outbox"))


def test_one_mail_per_player_per_decision(game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    outbox = game[0][2][0].parent
    names = sorted(p.name for p in outbox.iterdir())
    assert names == sorted(p.name for _, _, paths in game for p in paths)
    assert len(names) == 3 * len(game) and len(set(names)) == len(names)
    assert names == [p.name for _, _, paths in game for p in sorted(paths)]  # they sort in play order


def test_every_mail_parses_fits_and_shows_only_its_hand(
        game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    for _, after, paths in game:
        for path in paths:
            raw = path.read_bytes()
            assert max(len(line) for line in raw.split(b"\n")) <= 78, path.name
            msg = read_mail(path)
            colour = str(msg["X-Trajan-Player"])
            text = joined(msg)
            assert max(len(line) for line in msg.get_body(("plain",)).get_content().split("\n")) <= 78
            assert after.chain.hash in text and str(msg["X-Trajan-Game-File"]).strip() == after.chain.hash
            me = next(p for p in after.players if p.colour == colour)
            hands = re.findall(r"^Hand: (\d+) card\(s\)( \(([a-z,\s]+)\))?;", text, re.MULTILINE)
            assert len(hands) == 3
            for p, (count, _, cards) in zip(after.players, hands, strict=True):
                assert int(count) == len(p.hand)
                assert " ".join(cards.split()) == (", ".join(p.hand) if p is me else "")  # wrapped or not
            decides = colour in deciders(after.pending)
            assert ("BEGIN ORDERS" in text) == decides
            attached = [a for a in msg.iter_attachments() if a.get_content_type() == "application/json"]
            assert len(attached) == (colour == "red")  # only the seat that asks for it (attach_view)
            assert all(a.get_content() == io.canonical(view_of(after, colour)) for a in attached)
            assert msg["To"].addresses[0].addr_spec.endswith("@example.org")


def _chosen(text: str, kind: str) -> list[str]:
    """The lines a player copies from the mail's options for a legal answer (comments and
    the grouped alternatives "#   or: ..." left out)."""
    section = text.split("== What you decide now ==", 1)[1].split("== Your reply ==", 1)[0]
    lines = section.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("game "))
    block = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        if not line.lstrip().startswith("#"):
            block.append(line.split("  #")[0])
    if kind == "setup_markers":
        return block
    if kind == "turn":
        follow = block[1:2] if len(block) > 1 and block[1].startswith("  ") else []
        return [block[0], *(s.strip() for s in follow)]
    return block[:1]


def reply_to(mail: EmailMessage, lines: list[str]) -> bytes:
    """A reply as most mail clients write it: the lines on top (no header), the judge's
    mail quoted below (its reply template gives the header)."""
    text = joined(mail)
    reply = EmailMessage()
    reply["From"] = mail["To"]
    reply["To"] = mail["From"]
    reply["Subject"] = "Re: " + mail["Subject"]
    quoted = "\n".join("> " + line for line in text.split("\n"))
    reply.set_content("\n".join(lines) + f"\n\nThanks!\n\nOn Monday, the judge wrote:\n{quoted}\n")
    return bytes(reply)


def test_a_reply_copied_from_the_mail_is_accepted(game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    kinds: set[str] = set()
    for _, after, paths in game:
        for path in paths:
            msg = read_mail(path)
            colour = str(msg["X-Trajan-Player"])
            if colour not in deciders(after.pending):
                continue
            kind = kind_of(after.pending)
            order = read_orders(reply_to(msg, _chosen(joined(msg), kind)), path.name, [after.game_id])
            assert order.player == colour and order.decision == after.decision
            assert engine.check(after, order) == [], (path.name, order)
            kinds.add(kind)
    assert {"setup_markers", "setup_cards", "setup_trajan", "turn", "demands"} <= kinds, kinds


# --- Golden mails -----------------------------------------------------------------------


def _golden_cases(game: list[tuple[GameState, GameState, list[Path]]]) -> dict[str, Path]:
    """The first mail of each kind of decision (to its decider), and one of news."""
    cases: dict[str, Path] = {}
    for _, after, paths in game:
        who = deciders(after.pending)
        for path in paths:
            colour = path.stem.rsplit("-", 1)[1]
            name = kind_of(after.pending) if colour in who else "news"
            cases.setdefault(name, path)
    return cases


def test_golden_mails(game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    cases = _golden_cases(game)
    assert set(cases) == {"setup_markers", "setup_cards", "setup_trajan", "turn", "turn_continue",
                          "demands", "consul", "news"}
    update = os.environ.get("TRAJAN_UPDATE_GOLDEN") == "1"
    for name, path in sorted(cases.items()):
        golden = GOLDEN / f"{name}.txt"
        if update:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            golden.write_text(readable(read_mail(path)), encoding="utf-8")
        assert golden.exists(), f"{golden} is missing: run with TRAJAN_UPDATE_GOLDEN=1"
        assert readable(read_mail(path)) == golden.read_text(encoding="utf-8"), \
            f"{name}: the mail changed (TRAJAN_UPDATE_GOLDEN=1 rewrites {golden})"


def readable(msg: EmailMessage) -> str:
    """A mail as its reader sees it: the headers, the text, the attachments' names."""
    heads = [f"{k}: {' '.join(str(v).split())}" for k, v in msg.items() if k != "Content-Type"]
    files = [f"[attached: {a.get_filename()}, {a.get_content_type()}]" for a in msg.iter_attachments()]
    return "\n".join([*heads, "", joined(msg).rstrip("\n"), "", *files]) + "\n"


# --- The roster -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "code", "path"), [
    (b"[players.red\nname = 1", "roster.toml", "$"),
    (b"[players.purple]\nname = \"P\"\naddress = \"p@example.org\"", "schema.enum", "$.players"),
    (b"[players.red]\nname = \"R\"\naddress = \"r@example.org\"\nphone = 1", "schema.unknown_field",
     "$.players.red.phone"),
    (b"[players.red]\nname = \"R\\nX\"\naddress = \"r@example.org\"", "schema.invalid", "$.players.red.name"),
    (b"[players.red]\nname = \"R\"\naddress = \"r@example.org\\r\\nBcc: x@y.org\"", "schema.invalid",
     "$.players.red.address"),
    (b"[players.red]\naddress = \"r@example.org\"", "schema.required", "$.players.red"),
])
def test_roster_problems_have_code_and_path(text: bytes, code: str, path: str) -> None:
    from adjudicator.errors import Malformed

    with pytest.raises(Malformed) as e:
        load_roster(text, "roster.toml")
    assert any(p.code == code and p.path == path and p.file == "roster.toml" for p in e.value.problems), \
        e.value.problems


def test_player_text_is_escaped(game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    """A roster name with a bidi override and a report's player-supplied text stay inert."""
    _, after, _ = game[5]
    roster = load_roster(b'[players.red]\nname = "Eve \\u202e evil"\naddress = "e@example.org"\n'
                         b'[players.green]\nname = "G"\naddress = "g@example.org"\n'
                         b'[players.blue]\nname = "B"\naddress = "b@example.org"\n', "r.toml")
    msg = player_mail(view_of(after, "red"), "# report\n", roster)
    assert "\u202e" not in bytes(msg).decode("utf-8", "replace") and "\u202e" not in joined(msg)
    assert "\\u202e" in joined(msg)


def test_the_board_picture_is_attached_where_it_can_be_drawn(
        game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    pytest.importorskip("drawsvg", reason="the drawing extra is not installed: no picture to attach")
    for n, (_, _, paths) in enumerate(game, start=1):
        for path in paths:
            names = [a.get_filename() or "" for a in read_mail(path).iter_attachments()]
            assert any(name.endswith(".svg") for name in names) == (n in PICTURED), (path.name, names)


# --- The mails of a log folder (trajan mail-out) --------------------------------------------


def test_mail_out_writes_the_mails_of_a_logs_steps(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from adjudicator.commands.main import app

    log, outbox = tmp_path / "log", tmp_path / "outbox"
    runner = CliRunner()
    played = runner.invoke(app, ["selfplay", "--players", "2", "--seed", "mail-out-log", "--out", str(log)])
    assert played.exit_code == 0, played.output
    for args in (["--step", "0"], ["--step", "3"], []):
        result = runner.invoke(app, ["mail-out", str(log), "--outbox", str(outbox), "--mail-pictures",
                                     "none", *args])
        assert result.exit_code == 0, result.output
    names = sorted(p.name for p in outbox.iterdir())
    last = max(int(p.name[:4]) for p in log.glob("*-game.json"))
    assert [n[:4] for n in names] == ["0000", "0000", "0003", "0003", f"{last:04d}", f"{last:04d}"]
    first = joined(read_mail(outbox / names[0]))
    assert "The game has begun" in first and "BEGIN ORDERS" in first
    again = runner.invoke(app, ["mail-out", str(log), "--outbox", str(tmp_path / "again"), "--step", "3",
                                "--mail-pictures", "none"])
    assert again.exit_code == 0
    for name in names[2:4]:  # the same step gives the same bytes
        assert (tmp_path / "again" / name).read_bytes() == (outbox / name).read_bytes()
    bad = runner.invoke(app, ["mail-out", str(log), "--outbox", str(outbox), "--step", "99999"])
    assert bad.exit_code == 2 and "log.no_step" in bad.stderr


def test_log_add_writes_the_mails_of_the_new_step(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from adjudicator.commands.main import app

    log, outbox, orders = tmp_path / "log", tmp_path / "outbox", tmp_path / "orders.json"
    runner = CliRunner()
    assert runner.invoke(app, ["log", "new", str(log), "--players", "red,green",
                               "--test-seed", "log-mail"]).exit_code == 0
    made = runner.invoke(app, ["bot", str(log / "0000-game.json"), "--player", "red", "-o", str(orders)])
    assert made.exit_code == 0, made.output
    added = runner.invoke(app, ["log", "add", str(log), str(orders), "--outbox", str(outbox)])
    assert added.exit_code == 0, added.output
    names = sorted(p.name for p in outbox.iterdir())
    assert [n[:5] for n in names] == ["0001-", "0001-"] and {n.rsplit("-", 1)[1] for n in names} == \
        {"red.eml", "green.eml"}


# --- Grouped options (issue 27): shorter, and the same legal steps ----------------------------


def _expanded(lines: list[str]) -> list[str]:
    """The steps a grouped listing stands for: each line, and for a line followed by
    "#   or: X, Y" the same line ending in X, Y instead; the construction sites listed by
    tile type each as a "construction build SITE" line."""
    out: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("#   or: "):
            stem = out[-1].rsplit(" ", 1)[0]  # the line without its last word (the choice)
            out += [f"{stem} {alt}" for alt in text[len("#   or: "):].split(", ")]
        elif text.startswith("#   ") and ": " in text and out and out[-1].startswith("construction build"):
            out += [f"construction build {site}" for site in text.split(": ", 1)[1].split()]
        elif text and not text.startswith("#"):
            out.append(text)
    return out


def test_grouped_turn_options_stand_for_exactly_the_legal_steps(
        game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    from adjudicator.game.options import TurnOptions, options
    from adjudicator.notation.text import step_text
    from adjudicator.rendering.options_text import grouped_steps

    checked = 0
    for _, after, _ in game:
        if kind_of(after.pending) != "turn":
            continue
        colour = deciders(after.pending)[0]
        (found,) = options(after, colour).options
        assert isinstance(found, TurnOptions)
        for tray in found.trays:
            lines = grouped_steps(tray.actions, colour, view_of(after, colour))
            legal = [step_text(s) for s in tray.actions]
            assert sorted(set(_expanded(lines))) == sorted(legal)
            assert len(lines) <= len(legal) + 6
            checked += 1
    assert checked > 50


def test_the_facts_to_choose_by_are_named(game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    """The first-tile bonus action of every construction type a player lacks (from the
    component data), and the icon of every Trajan demand tile."""
    import json

    data = json.loads((ROOT / "adjudicator" / "data" / "construction_tiles.json").read_text())
    bonus = {t["type"]: t["bonus_action"] for t in data["types"]}
    seen, icons = set(), 0
    for _, _, paths in game:
        for path in paths:
            text = joined(read_mail(path))
            for kind, action in bonus.items():
                if f"  #   {kind} (first brings a " in text:
                    assert f"  #   {kind} (first brings a {action} action)" in text
                    seen.add(kind)
            for tile in re.findall(r"\bdemand-\d+ \([a-z]+\+[a-z]+, ([^,\n]+), 1 VP\)", text):
                assert tile in ("demand: bread", "demand: games", "demand: religion"), tile
                icons += 1
    assert seen == set(bonus) and icons > 0


def test_before_you_send_says_only_what_the_turn_can_meet(
        game: list[tuple[GameState, GameState, list[Path]]]) -> None:
    """The warning names an extra action tile only to a player holding one, a Trajan tile's
    special action only where a sowing accomplishes one, and is left out where nothing applies."""
    from adjudicator.game.options import TurnOptions, options

    seen = {"extra": [0, 0], "special": [0, 0], "none": 0}
    for _, after, paths in game:
        if kind_of(after.pending) != "turn":
            continue
        for path in paths:
            msg = read_mail(path)
            colour = str(msg["X-Trajan-Player"])
            if colour not in deciders(after.pending):
                continue
            text = " ".join(joined(msg).split())
            me = next(p for p in after.players if p.colour == colour)
            option = options(after, colour).options[0]
            assert isinstance(option, TurnOptions)
            holds = bool(me.extra_tiles) or any(t.startswith("extra-") or t == "wild-extra" for t in me.forum_tiles)
            accomplishes = any(t.accomplishable for t in option.trays)
            assert ("('extra ACTION' after it)" in text) == holds, path.name
            assert ("('trajan special')" in text) == accomplishes, path.name
            seen["extra"][holds] += 1
            seen["special"][accomplishes] += 1
            seen["none"] += "Before you send" not in text
    assert min(seen["extra"]) and min(seen["special"]) and seen["none"], seen
