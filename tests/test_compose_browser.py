"""The order composer page in a real browser (issue 29), played by a scripted player who
uses only what the page shows (:mod:`tests.composer_player`).

* ``TRAJAN_COMPOSE_GAMES`` random games (default 30, 2 to 4 players) are played to the
  end through the page alone: at every decision, every player who decides opens their
  page (made from their view), and the order text the page shows is the order sent.
  In even games the player clicks at random among the visible choices; in odd games it
  builds the order a bot (greedy or random) gives.  Every order must be accepted by
  the engine's check (what ``trajan check`` runs; a sample through the command itself),
  the bot's order must come out exactly, and where the page says each sown marker lands
  and whether the Trajan tile is accomplished must be what the engine does.
* For a sample of decisions every answer and step ``trajan options`` lists can be built.
* Every page loads without a console error and asks for nothing beyond its own file; it
  is at most 250 kB; at 360 pixels wide every control fits without scrolling sideways;
  it can be used by keyboard alone; undo, start over, copy, the mail link and the saved
  order file work; tampering with the script stops it (the Content-Security-Policy).

The clicks per decision and the page sizes are summed up at the end (and written to
``TRAJAN_COMPOSE_STATS`` when set): ``docs/incoming/composer.md`` reports them.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

import pytest

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from adjudicator.compose import compose_html  # noqa: E402
from adjudicator.files.orders_any import load_orders_any  # noqa: E402
from adjudicator.game.engine import adjudicate, check, deciders  # noqa: E402
from adjudicator.game.newgame import new_game  # noqa: E402
from adjudicator.logs.absent import absent_orders  # noqa: E402
from adjudicator.mail.judge.compose import game_in_subject  # noqa: E402
from adjudicator.model import events as ev  # noqa: E402
from adjudicator.model.orders import OrderFile, PlaceMarkers, PlayTurn, Sow  # noqa: E402
from adjudicator.model.state import GameOver, GameState  # noqa: E402
from adjudicator.model.vocab import ACTIONS, PLAYER_COLOURS, PlayerColour  # noqa: E402
from adjudicator.rules.ops import player  # noqa: E402
from adjudicator.rules.sowing import sown_trays  # noqa: E402
from adjudicator.views.redact import view_of  # noqa: E402
from tests.browser import Watched, browser_context  # noqa: E402
from tests.composer_player import PagePlayer, Played  # noqa: E402

GAMES = int(os.environ.get("TRAJAN_COMPOSE_GAMES", "30"))
MOST_BYTES = 250 * 1024
STATS: dict[str, list[int]] = {}


@pytest.fixture(scope="module")
def context() -> Iterator[Any]:
    yield from browser_context(1000, 900)


class Opened:
    """One page of the module's browser, reused for every page opened in a test."""

    def __init__(self, context: Any, folder: Path) -> None:
        self.watched = Watched(context)
        self.folder = folder
        self.count = 0
        self.uri = ""

    def open(self, html: str) -> Any:
        assert len(html.encode()) <= MOST_BYTES
        self.count += 1
        path = self.folder / f"page-{self.count % 2}.html"
        path.write_text(html, encoding="utf-8")
        self.settled()
        self.watched.requests.clear()
        self.watched.page.goto(path.as_uri(), wait_until="commit")
        self.watched.page.wait_for_selector("body[data-ready='1']", timeout=30_000)
        self.uri = path.as_uri()
        return self.watched.page

    def settled(self) -> None:
        """The page opened last gave no console error and asked for nothing but its file."""
        if self.count > 1:
            assert self.watched.errors() == [], self.watched.console
            assert self.watched.requests == [self.uri], self.watched.requests

    def close(self) -> None:
        self.settled()
        self.watched.close()


def record(name: str, value: int) -> None:
    STATS.setdefault(name, []).append(value)


# --- Whole games through the page -----------------------------------------------------------


def same_answer(a: OrderFile, b: OrderFile) -> bool:
    """The same answer; the two markers of a tray in either order."""
    x, y = a.answer, b.answer
    if isinstance(x, PlaceMarkers) and isinstance(y, PlaceMarkers):
        return all(sorted(getattr(x.trays, t)) == sorted(getattr(y.trays, t)) for t in ACTIONS)
    return x == y


def check_sowing(state: GameState, colour: PlayerColour, orders: OrderFile, played: Played) -> None:
    """Where the page said the markers landed, the target and the Trajan tile: as the engine does."""
    answer = orders.answer
    if not isinstance(answer, PlayTurn) or not answer.steps or not isinstance(answer.steps[0], Sow):
        return
    sow = answer.steps[0]
    p = player(state, colour)
    trays = {a: [] if a == sow.tray else list(getattr(p.trays, a)) for a in ACTIONS}
    for line in played.sowing:
        if line.startswith("Marker "):
            colour_said, where = line.split(": ", 1)[1].split(" \u2192 ")
            trays[where.split(" tray")[0]].append(colour_said)
    engine = sown_trays(p, sow.tray, sow.markers)
    assert {a: tuple(m) for a, m in trays.items() if a in engine} == engine, played.sowing
    events = adjudicate(state, orders).events
    target = next(e.target for e in events if isinstance(e, ev.Sown))
    time = next(e for e in events if isinstance(e, ev.TimeAdvanced))
    said = next(line for line in played.sowing if line.startswith("Target tray"))
    assert said.startswith(f"Target tray {target} ") and f"time {time.position}" in said, said
    accomplished = any(isinstance(e, ev.TrajanTileAccomplished) for e in events)
    assert said.endswith(": accomplished") == accomplished, said
    assert said.endswith(": not accomplished") == (not accomplished and "no Trajan tile" not in said), said


def play_game(opened: Opened, n: int) -> None:
    players = 2 + n % 3
    seed = f"compose-{n}"
    rng = random.Random(seed)
    state = new_game(PLAYER_COLOURS[:players], seed)
    bots = ["greedy", "random", "greedy", "random"][n % 2:][:players] + ["greedy"]
    by_bot = n % 2 == 1
    for _ in range(3000):
        if isinstance(state.pending, GameOver):
            return
        colour = deciders(state.pending)[0]
        html = compose_html(view_of(state, colour))
        record("bytes", len(html.encode()))
        page = opened.open(html)
        kind = type(state.pending).__struct_config__.tag
        if by_bot:
            target = absent_orders(state, colour, bots[state.seats.index(colour)], seed)
            played = PagePlayer(page).build(target)
        else:
            played = PagePlayer(page).random_order(rng)
        orders = load_orders_any(played.text.encode(), "page", state.game_id)
        assert check(state, orders) == [], played.text
        if by_bot:
            assert same_answer(orders, target), (played.text, target)
        check_sowing(state, colour, orders, played)
        record(f"clicks {'bot' if by_bot else 'random'} {kind}", played.clicks)
        if kind == "turn" and opened.count % 97 == 0:  # now and then through `trajan check` itself
            cli_check(state, played.text, opened.folder)
        state = adjudicate(state, orders).state
    raise AssertionError(f"game {seed} did not finish")


def cli_check(state: GameState, text: str, folder: Path) -> None:
    from adjudicator.files import io

    (folder / "game.json").write_bytes(io.encode_state(state))
    (folder / "orders.txt").write_text(text + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "adjudicator", "check", str(folder / "game.json"),
                           str(folder / "orders.txt")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


CHUNKS = 5


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_games_played_through_the_page(context: Any, tmp_path: Path, chunk: int) -> None:
    opened = Opened(context, tmp_path)
    for n in range(chunk, GAMES, CHUNKS):
        play_game(opened, n)
    opened.close()


def test_clicks_and_sizes(context: Any) -> None:
    """After the games: a turn takes a median of at most 8 clicks (the bots' orders built on
    the page, and the random player's), and no page exceeded 250 kB."""
    if not STATS:
        pytest.skip("the games did not run in this process (run the whole module)")
    summary = {name: {"decisions": len(v), "median": statistics.median(v), "worst": max(v)}
               for name, v in sorted(STATS.items())}
    if os.environ.get("TRAJAN_COMPOSE_STATS"):
        Path(os.environ["TRAJAN_COMPOSE_STATS"]).write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary, indent=1))
    for name in ("clicks bot turn", "clicks random turn"):
        if name in summary:
            assert summary[name]["median"] <= 8, summary[name]
    assert summary["bytes"]["worst"] <= MOST_BYTES


# --- Nothing legal missing --------------------------------------------------------------------


def listed_answers(state: GameState, colour: PlayerColour) -> list[OrderFile]:
    """Every answer (for a turn: each sow line with each step listed under it) that
    ``trajan options`` prints for the player's view, read back from its text."""
    from adjudicator.rendering.options_text import render_options
    from adjudicator.views.standin import options_any

    view = view_of(state, colour)
    text = render_options(options_any(view, colour)).split("\n")
    header = next(line for line in text if line.startswith("game "))
    body = [line for line in text[text.index(header) + 1:] if line.strip() and not line.lstrip().startswith("#")]
    body = [line.split("  #")[0] for line in body]
    kind = type(state.pending).__struct_config__.tag
    if kind == "setup_markers":
        blocks = [body]
    elif kind == "setup_trajan":
        blocks = [[body[0]]]
    elif kind == "turn":
        blocks, sow = [], ""
        for line in body:
            if line.startswith("sow "):
                sow = line
                blocks.append([line])
            else:
                blocks.append([sow, line.strip()])
    else:
        blocks = [[line.strip()] for line in body]
    return [load_orders_any("\n".join([header, *lines]).encode(), "options", state.game_id) for lines in blocks]


SAMPLE = int(os.environ.get("TRAJAN_COMPOSE_SAMPLE", "40"))


def sample_states() -> Iterator[tuple[GameState, PlayerColour]]:
    """Every decision of each kind but the turn, and every SAMPLE-th turn, of three bot games."""
    from tests.playout import playout

    for players in (2, 3, 4):
        turns = 0
        for state, _ in playout(players, f"compose-sample-{players}", ["greedy", "random"] * 2):
            kind = type(state.pending).__struct_config__.tag
            turns += kind == "turn"
            if kind != "turn" or turns % SAMPLE == 1:
                for colour in deciders(state.pending):
                    yield state, colour


def test_every_listed_answer_can_be_built(context: Any, tmp_path: Path) -> None:
    opened = Opened(context, tmp_path)
    kinds: set[str] = set()
    built = 0
    for state, colour in sample_states():
        kinds.add(type(state.pending).__struct_config__.tag)
        page = opened.open(compose_html(view_of(state, colour)))
        for orders in listed_answers(state, colour):
            if page.locator("#restart").is_enabled():
                page.locator("#restart").click()
            played = PagePlayer(page).build(orders)
            got = load_orders_any(played.text.encode(), "page", state.game_id)
            assert same_answer(got, orders), (played.text, orders)
            built += 1
    assert kinds >= {"setup_markers", "setup_cards", "setup_trajan", "turn", "demands"}, kinds
    opened.close()


# --- The page itself ----------------------------------------------------------------------------


def first_turn() -> tuple[GameState, PlayerColour]:
    from tests.playout import playout

    for state, _ in playout(3, "compose-first-turn", ["greedy"] * 3):
        if type(state.pending).__struct_config__.tag == "turn" and state.quarter == 2:
            return state, deciders(state.pending)[0]
    raise AssertionError("no turn")


def one_of_each_kind() -> Iterator[tuple[str, GameState, PlayerColour]]:
    from tests.playout import playout

    seen: set[str] = set()
    for state, _ in playout(4, "compose-kinds", ["greedy", "random", "greedy", "random"]):
        kind = type(state.pending).__struct_config__.tag
        if kind not in seen and kind != "game_over":
            seen.add(kind)
            yield kind, state, deciders(state.pending)[0]


def test_a_phone_screen_shows_every_control(context: Any, tmp_path: Path) -> None:
    phone = context.new_page()
    phone.set_viewport_size({"width": 360, "height": 740})
    kinds = []
    for kind, state, colour in one_of_each_kind():
        kinds.append(kind)
        path = tmp_path / f"{kind}.html"
        path.write_text(compose_html(view_of(state, colour)), encoding="utf-8")
        phone.goto(path.as_uri())
        phone.wait_for_selector("body[data-ready='1']", timeout=30_000)
        for _ in range(3):  # the first screens of the decision
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360, kind
            for control in phone.locator("button, a.button, summary").all():
                box = control.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, (kind, box)
                assert control.inner_text().strip(), kind  # a text label on every control
            buttons = phone.locator("#choices button")
            if not buttons.count():
                break
            buttons.first.click()
    assert {"setup_markers", "setup_cards", "setup_trajan", "turn"} <= set(kinds), kinds
    phone.close()


def test_keyboard_alone(context: Any, tmp_path: Path) -> None:
    opened = Opened(context, tmp_path)
    for kind, state, colour in one_of_each_kind():
        target = absent_orders(state, colour, "greedy", "keys")
        page = opened.open(compose_html(view_of(state, colour)))
        page.keyboard.press("Tab")
        played = PagePlayer(page, keyboard=True).build(target)
        got = load_orders_any(played.text.encode(), "page", state.game_id)
        assert same_answer(got, target), (kind, played.text)
        assert played.keys > 0
    opened.close()


def test_undo_and_start_over(context: Any, tmp_path: Path) -> None:
    state, colour = first_turn()
    opened = Opened(context, tmp_path)
    page = opened.open(compose_html(view_of(state, colour)))
    first = (PagePlayer(page).choices(), PagePlayer(page).order_text())
    assert page.locator("#undo").is_disabled()
    p = PagePlayer(page)
    p.press(0)
    after_one = (p.choices(), p.order_text())
    assert after_one != first
    p.press(0)
    p.undo()
    assert (p.choices(), p.order_text()) == after_one
    p.undo()
    assert (p.choices(), p.order_text()) == first
    p.press(0)
    p.press(0)
    page.locator("#restart").click()
    assert (p.choices(), p.order_text()) == first
    assert opened.watched.errors() == []
    opened.close()


def test_getting_the_order_out(context: Any, tmp_path: Path) -> None:
    state, colour = first_turn()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    opened = Opened(context, tmp_path)
    html = compose_html(view_of(state, colour), judge="judge@trajan.example.org", token="abcdefgh12345678")
    page = opened.open(html)
    assert page.locator("#copy").is_disabled()
    assert page.locator("#mail").get_attribute("href") is None
    played = PagePlayer(page).random_order(random.Random(3), send_chance=0.0)
    text = played.text
    assert text.splitlines()[1] == "token abcdefgh12345678"
    page.locator("#copy").click()
    assert page.evaluate("navigator.clipboard.readText()") == text
    href = page.locator("#mail").get_attribute("href") or ""
    mail = urlparse(href)
    assert mail.scheme == "mailto" and unquote(mail.path) == "judge@trajan.example.org"
    query = parse_qs(mail.query)
    subject = query["subject"][0]
    assert subject == f"[Trajan {state.game_id}] decision {state.decision}: orders ({colour})"
    assert game_in_subject(subject) == state.game_id  # the judge knows the game by it
    body = query["body"][0].replace("\r\n", "\n")
    assert body == f"BEGIN ORDERS\n{text}\nEND ORDERS\n"
    orders = load_orders_any(body.encode(), "mail", state.game_id)
    assert check(state, orders) == []
    with page.expect_download() as download:
        page.locator("#download").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert saved == text + "\n"
    assert download.value.suggested_filename == f"orders-{state.game_id}-{state.decision:04d}-{colour}.txt"
    assert "#send-help" and "any one of these ways" in page.locator("#send-help").inner_text()
    assert opened.watched.errors() == []
    opened.close()


def test_a_long_order_warns_about_the_mail_link(context: Any, tmp_path: Path) -> None:
    from adjudicator.compose import page as page_module

    state, colour = first_turn()
    opened = Opened(context, tmp_path)
    most = page_module.MAIL_BODY_MOST
    try:
        page_module.MAIL_BODY_MOST = 60
        page = opened.open(compose_html(view_of(state, colour)))
    finally:
        page_module.MAIL_BODY_MOST = most
    PagePlayer(page).random_order(random.Random(5), send_chance=0.0)
    note = page.locator("#send-note").inner_text()
    assert "characters long" in note and "copy the order" in note
    assert page.locator("#mail").get_attribute("href")  # the link is still there
    opened.close()


def test_only_the_pages_own_script_may_run(context: Any, tmp_path: Path) -> None:
    state, colour = first_turn()
    html = compose_html(view_of(state, colour))
    assert "'unsafe-inline'" not in html.split("script-src", 1)[1].split(";")[0]
    tampered = tmp_path / "tampered.html"
    tampered.write_text(html.replace('"use strict";', '"use strict"; ', 1), encoding="utf-8")
    watched = Watched(context)
    watched.page.goto(tampered.as_uri())
    watched.page.wait_for_timeout(1000)
    assert watched.page.evaluate("document.body.dataset.ready") is None
    assert any("Content Security Policy" in m for m in watched.console), watched.console
    watched.close()


# --- The page in the judge's decision mail ------------------------------------------------------


def test_the_page_in_the_judges_mail_builds_an_order_the_judge_accepts(context: Any, tmp_path: Path) -> None:
    """A 2-player game by mail: each decider opens the page attached to the judge's mail,
    builds an order by clicking, and sends the mail the page's mail link writes (to, subject
    and body as the link gives them); the judge accepts every one."""
    import mailbox
    from datetime import UTC, datetime
    from email.message import EmailMessage

    from adjudicator.files import io
    from adjudicator.mail.judge.run import run
    from tests.judgeplay import ADDRESSES, make_gamedir, needs_answer, sent_mails

    game = tmp_path / "game"
    make_gamedir(game, "compose-by-mail", 'kind = "maildir"\npath = "../Maildir"', 'kind = "folder"\npath = "../sent"')
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    run(game, now)
    opened = Opened(context, tmp_path)
    rng = random.Random("by-mail")
    kinds = set()
    for _ in range(12):
        last = max(game.glob("log/*-game.json"))
        state = io.load_game(last.read_bytes(), str(last))
        colour = deciders(state.pending)[0]
        mail = next(m for m in reversed(sent_mails(tmp_path)) if needs_answer(m)
                    and str(m["X-Trajan-Player"]) == colour and str(m["X-Trajan-Decision"]) == str(state.decision))
        [html] = [p.get_payload(decode=True) for p in mail.iter_attachments() if p.get_content_type() == "text/html"]
        assert isinstance(html, bytes)
        page = opened.open(html.decode("utf-8"))
        PagePlayer(page).random_order(rng)
        link = urlparse(page.locator("#mail").get_attribute("href") or "")
        query = parse_qs(link.query)
        answer = EmailMessage()
        answer["From"] = ADDRESSES[colour]
        answer["To"] = unquote(link.path)
        answer["Subject"] = query["subject"][0]
        answer.set_content(query["body"][0].replace("\r\n", "\n"))
        box.add(answer.as_bytes())
        kinds.add(type(state.pending).__struct_config__.tag)
        assert run(game, now).counts.get("accepted") == 1, [str(m["Subject"]) for m in sent_mails(tmp_path)[-3:]]
    assert "turn" in kinds, kinds
    opened.close()


def test_a_hostile_game_id_is_shown_as_text_and_runs_nothing(context: Any, tmp_path: Path) -> None:
    """A game id made to break out of the page (markup, a script end, an image that would
    fetch and run script) is shown only as text: no element, no request, no dialog; the
    order text, the mail link's subject and the saved file name carry it harmlessly."""
    from msgspec.structs import replace

    state, colour = first_turn()
    evil = "x<img src=https://e.invalid/y onerror=alert(1)></script><b>bold</b>&amp;\u202e"
    state = replace(state, game_id=evil)
    opened = Opened(context, tmp_path)
    page = opened.open(compose_html(view_of(state, colour), judge="judge@trajan.example.org"))
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    played = PagePlayer(page).random_order(random.Random(11), send_chance=0.0)
    from adjudicator.notation.text import header_lines

    assert played.text.splitlines()[0] == header_lines(evil, state.decision, colour)[0]  # quoted, as text
    assert check(state, load_orders_any(played.text.encode(), "page", evil)) == []
    assert page.locator("img").count() == 0 and page.locator("body b").count() == 0
    assert evil in page.title()
    query = parse_qs(urlparse(page.locator("#mail").get_attribute("href") or "").query)
    assert evil in query["subject"][0]
    with page.expect_download() as download:
        page.locator("#download").click()
    assert "<" not in download.value.suggested_filename and "/" not in download.value.suggested_filename
    page.wait_for_timeout(300)
    assert dialogs == []
    opened.close()  # no console error, no request but the page itself
