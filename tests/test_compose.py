"""The order composer's choices, checked against the engine without a browser (issue 29).

* Every path through a turn's graph of steps (walked at random from each tray, the
  Trajan tile accomplished or not as the engine says for the sowing chosen) is an order
  the engine accepts on the game master's file; every order the bots give is a path of
  it (nothing legal missing); the graph after a sowing is the same whichever order of
  the markers leads to the same case (the page's one assumption about the sowing).
* Every complete answer of the other decisions is accepted, and every answer the engine
  accepts (all of them, tried one by one) is there.
* A graph cut short by its limit still offers only legal steps and says it is cut.
* The page: one self-contained document under 250 kB with its Content-Security-Policy,
  the same bytes every time, a hostile game id only as escaped text; ``trajan compose``.
"""

from __future__ import annotations

import base64
import hashlib
import os
import random
import re
from collections.abc import Iterator
from itertools import permutations, product
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from typer.testing import CliRunner  # noqa: E402

from adjudicator.commands.main import app  # noqa: E402
from adjudicator.components import components  # noqa: E402
from adjudicator.compose import compose_html, graph  # noqa: E402
from adjudicator.compose.decisions import decision_data  # noqa: E402
from adjudicator.compose.page import page_for  # noqa: E402
from adjudicator.files import io  # noqa: E402
from adjudicator.files.orders_any import load_orders_any  # noqa: E402
from adjudicator.game import engine  # noqa: E402
from adjudicator.game.engine import deciders  # noqa: E402
from adjudicator.game.options import options  # noqa: E402
from adjudicator.logs.absent import absent_orders  # noqa: E402
from adjudicator.model import events as ev  # noqa: E402
from adjudicator.model.orders import (  # noqa: E402
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    MeetDemandsAnswer,
    OrderFile,
    PlayTurn,
    Sow,
    StartingTiles,
    TakeCards,
)
from adjudicator.model.state import ContinueTurn, GameState, TakeTurn  # noqa: E402
from adjudicator.model.vocab import TRAJAN_CATEGORIES, PlayerColour  # noqa: E402
from adjudicator.notation.text import header_lines, step_text  # noqa: E402
from adjudicator.rules.demands import USES  # noqa: E402
from adjudicator.rules.ops import Changes, player, tray  # noqa: E402
from adjudicator.rules.seen import as_seen_by  # noqa: E402
from adjudicator.rules.turn import apply_step  # noqa: E402
from adjudicator.views.redact import view_of  # noqa: E402
from tests.playout import playout  # noqa: E402

GAMES = int(os.environ.get("TRAJAN_COMPOSE_PATH_GAMES", "6"))
WALKS = 6
ROOT = Path(__file__).resolve().parent.parent
BIG = ROOT / "fixtures" / "compose" / "big-turn-view.json"


def data_of(state: GameState, colour: PlayerColour, limit: int = graph.LIMIT) -> dict[str, Any]:
    seen = as_seen_by(state, colour)
    return decision_data(seen, colour, options(seen, colour).options[0], limit)


def order_of(state: GameState, colour: PlayerColour, lines: list[str]) -> OrderFile:
    text = "\n".join([header_lines(state.game_id, state.decision, colour)[0], *lines])
    return load_orders_any(text.encode(), "page", state.game_id)


def accomplished(state: GameState, colour: PlayerColour, sow: Sow) -> bool:
    """What the engine does with this sowing: is the Trajan tile at the target accomplished?"""
    ch = Changes(state)
    apply_step(ch, colour, None, sow)
    return any(isinstance(e, ev.TrajanTileAccomplished) for e in ch.events)


def walk(g: dict[str, Any], node: int, rng: random.Random) -> list[str]:
    """The lines of a random path from ``node``, ending where the order may end."""
    lines: list[str] = []
    while True:
        end, _, edges = g["nodes"][node]
        if end != graph.MAY_NOT_END and (not edges or rng.random() < 0.3):
            return lines
        edge = rng.choice(edges)
        lines.append(g["lines"][edge[0]])
        node = edge[4]


def follow(g: dict[str, Any], node: int, lines: list[str]) -> bool:
    """Whether the path of ``lines`` is in the graph from ``node`` (True if it reaches a cut)."""
    for line in lines:
        end, cut, edges = g["nodes"][node]
        if cut:
            return True
        found = [e for e in edges if g["lines"][e[0]] == line]
        if len(found) != 1:
            return False
        node = found[0][4]
    return True


def turn_decisions() -> Iterator[tuple[GameState, PlayerColour]]:
    for n in range(GAMES):
        for state, _ in playout(2 + n % 3, f"compose-paths-{n}", ["greedy", "random"] * 2):
            if isinstance(state.pending, (TakeTurn, ContinueTurn)):
                yield state, deciders(state.pending)[0]


def test_every_path_is_legal_and_every_bot_order_is_a_path() -> None:
    rng = random.Random("compose-paths")
    turns = 0
    for state, colour in turn_decisions():
        data = data_of(state, colour)
        g = data["graph"]
        for _ in range(WALKS):
            if isinstance(state.pending, ContinueTurn):
                lines = walk(g, data["root"], rng) or ["end turn"]
            else:
                t = rng.choice(data["trays"])
                markers = list(tray(player(state, colour), t["tray"]))
                rng.shuffle(markers)
                sow = Sow(tray=t["tray"], markers=tuple(markers))
                node = t["yes" if accomplished(state, colour, sow) else "no"]
                lines = [step_text(sow), *walk(g, node, rng)]
            assert engine.check(state, order_of(state, colour, lines)) == [], lines
        for bot in ("random", "greedy"):
            answer = absent_orders(state, colour, bot, f"paths-{turns}").answer
            assert isinstance(answer, PlayTurn)
            steps = [step_text(s) for s in answer.steps]
            if isinstance(state.pending, ContinueTurn):
                assert follow(g, data["root"], steps), steps
            else:
                sow = answer.steps[0]
                assert isinstance(sow, Sow)
                t = next(x for x in data["trays"] if x["tray"] == sow.tray)
                assert follow(g, t["yes" if accomplished(state, colour, sow) else "no"], steps[1:]), steps
        turns += 1
    assert turns > 50


def test_the_order_of_the_markers_within_a_case_changes_nothing_after() -> None:
    """Two sowings of a tray that both accomplish the Trajan tile (or both do not) lead to
    the same graph of steps: the page needs only the case, not the order."""
    compared = 0
    for k, (state, colour) in enumerate(turn_decisions()):
        if not isinstance(state.pending, TakeTurn) or k % 5:
            continue
        seen = as_seen_by(state, colour)
        for a in ("seaport", "forum", "military", "senate", "trajan", "construction"):
            held = tray(player(seen, colour), a)
            cases: dict[bool, list[Any]] = {}
            for order in list(dict.fromkeys(permutations(held)))[:6]:
                sow = Sow(tray=a, markers=order)
                ch = Changes(seen)
                progress = apply_step(ch, colour, None, sow)
                case = any(isinstance(e, ev.TrajanTileAccomplished) for e in ch.events)
                cases.setdefault(case, []).append((ch.state, progress, graph.ENDS))
            for roots in cases.values():
                if len(roots) > 1:
                    _, ids = graph.explore(roots)
                    assert len(set(ids)) == 1, (a, held)
                    compared += 1
    assert compared > 20


def test_a_graph_cut_short_offers_only_legal_steps_and_says_so() -> None:
    state = next(s for s, c in turn_decisions() if isinstance(s.pending, TakeTurn) and s.quarter == 2)
    colour = deciders(state.pending)[0]
    data = data_of(state, colour, limit=3)
    assert data["cut"] and data["explored"] == 3
    g = data["graph"]
    assert any(cut for _, cut, _ in g["nodes"])
    rng = random.Random(1)
    for t in data["trays"]:
        for case in ("yes", "no"):
            if case in t:
                sow = Sow(tray=t["tray"], markers=tray(player(state, colour), t["tray"]))
                if accomplished(state, colour, sow) == (case == "yes"):
                    lines = [step_text(sow), *walk(g, t[case], rng)]
                    assert engine.check(state, order_of(state, colour, lines)) == []


# --- The other decisions: every answer, and only those -----------------------------------------


def complete_paths(data: dict[str, Any]) -> list[str]:
    """The text of every complete answer of a tree of choices."""
    out = []
    stack: list[tuple[int, list[str]]] = [(0, [])]
    while stack:
        node, texts = stack.pop()
        done, edges = data["nodes"][node]
        if done:
            out.append(" ".join([data["word"], *texts]))
        stack += [(child, [*texts, text]) for _, text, child in edges]
    return out


def every_answer(state: GameState) -> list[Any]:
    """Every answer of the decision's form (the engine judges them)."""
    kind = type(state.pending).__struct_config__.tag
    if kind == "setup_cards":
        sources = ("deck", "discard1", "discard2")
        return [TakeCards(take=t) for n in (1, 2, 3) for t in product(sources, repeat=n)]
    if kind == "setup_trajan":
        return [ChooseTrajanTiles(slots=StartingTiles(II=a, IV=b, VI=c))
                for a, b, c in product(TRAJAN_CATEGORIES, repeat=3)]
    if kind == "demands":
        return [MeetDemandsAnswer(use=u) for u in product(USES, repeat=len(state.board.demands))]
    return [ChooseBonusAnswer(tile=t) for t in components().bonus_tile]


def test_every_answer_of_the_other_decisions_and_only_those() -> None:
    from adjudicator.notation.text import answer_lines

    kinds: dict[str, int] = {}
    for n in range(30):  # until each kind has been met a few times (the people's demands rarely give a choice)
        if len(kinds) == 4 and min(kinds.values()) >= 3:
            break
        for state, _ in playout(2 + n % 3, f"compose-answers-{n}"):
            kind = type(state.pending).__struct_config__.tag
            if kind not in ("setup_cards", "setup_trajan", "demands", "consul"):
                continue
            kinds[kind] = kinds.get(kind, 0) + 1
            for colour in deciders(state.pending):
                shown = sorted(complete_paths(data_of(state, colour)))
                legal = []
                for answer in every_answer(state):
                    orders = OrderFile(game_id=state.game_id, decision=state.decision, player=colour,
                                       answer=answer)
                    if not engine.check(state, orders):
                        legal += answer_lines(answer)
                assert shown == sorted(legal), kind
    assert set(kinds) == {"setup_cards", "setup_trajan", "demands", "consul"}, kinds


# --- The page ----------------------------------------------------------------------------------


def test_the_biggest_turn_seen_makes_a_page_under_250_kB() -> None:
    """The turn with the most points of 3 random games (34,144 before merging)."""
    view = io.read_game_or_view(str(BIG))
    page = compose_html(view)  # type: ignore[arg-type]
    assert len(page.encode()) <= 250 * 1024


def test_the_page_is_self_contained_under_its_policy() -> None:
    state = next(s for s, c in turn_decisions())
    page = page_for(state, deciders(state.pending)[0])
    assert page_for(state, deciders(state.pending)[0]) == page  # the same bytes every time
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    rules = dict(r.strip().split(" ", 1) for r in policy.group(1).split(";"))
    assert rules["default-src"] == "'none'" and rules["connect-src"] == "'none'"
    assert rules["form-action"] == "'none'" and rules["base-uri"] == "'none'"
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert rules["script-src"] == f"'sha256-{digest}'"
    assert not re.search(r"\b(src|href)=\"(https?:)?//", page)  # nothing from elsewhere
    assert "@import" not in page and "url(" not in page.split("<style>")[1].split("</style>")[0]


def test_a_hostile_game_id_is_only_text() -> None:
    state = next(s for s, c in turn_decisions())
    evil = "x<img src=y onerror=alert(1)>\"'</script>"
    page = page_for(replace(state, game_id=evil), deciders(state.pending)[0])
    assert "<img" not in page and evil not in page
    assert "x&lt;img src=y onerror=alert(1)&gt;" in page


def run(*args: str | Path) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


def test_trajan_compose(tmp_path: Path) -> None:
    game = ROOT / "examples" / "turn" / "game.json"
    out = tmp_path / "order.html"
    done = run("compose", game, "--player", "red", "-o", out, "--judge", "judge@example.org",
               "--token", "abcdefgh12345678")
    assert done.exit_code == 0, done.output
    state = io.read_game(str(game))
    assert out.read_text(encoding="utf-8") == page_for(state, "red", "judge@example.org", "abcdefgh12345678")
    view = tmp_path / "view.json"
    view.write_bytes(io.canonical(view_of(state, "red")))
    assert run("compose", view, "-o", tmp_path / "v.html").exit_code == 0
    assert (tmp_path / "v.html").read_text(encoding="utf-8") == page_for(state, "red")
    for args, code in [(("--player", "green"), "compose.nothing_to_decide"), ((), "args.missing"),
                       (("--player", "red", "--judge", "a b@c"), "args.judge"),
                       (("--player", "red", "--token", "short"), "args.token"),
                       (("--player", "purple"), "args.unknown_colour")]:
        done = run("compose", game, *args, "-o", tmp_path / "no.html", "--json")
        assert done.exit_code == 2 and f'"code":"{code}"' in done.stderr.replace(" ", ""), (args, done.stderr)
    assert not (tmp_path / "no.html").exists()
    public = tmp_path / "public.json"
    public.write_bytes(io.canonical(view_of(state, None)))
    done = run("compose", public, "-o", tmp_path / "no.html")
    assert done.exit_code == 2 and "view.no_viewer" in done.stderr
    done = run("compose", view, "--player", "green", "-o", tmp_path / "no.html")
    assert done.exit_code == 2 and "view.other_player" in done.stderr

