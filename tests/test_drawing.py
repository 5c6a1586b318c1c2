"""The board picture and the replay page, without a browser (issue 19).

The counts of every kind of piece on the board are checked against the view it is
drawn from, for a known game at several decisions, publicly and for a player; the
cached parts are checked against a fresh drawing; the commands are run end to end.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from typer.testing import CliRunner  # noqa: E402

from adjudicator import drawing  # noqa: E402
from adjudicator.commands.main import app  # noqa: E402
from adjudicator.drawing import board_parts, board_svg  # noqa: E402
from adjudicator.drawing.log_steps import read_log  # noqa: E402
from adjudicator.drawing.replay import replay_html, unpack  # noqa: E402
from adjudicator.files import io  # noqa: E402
from adjudicator.model.state import GameOver  # noqa: E402
from adjudicator.views.redact import view_of  # noqa: E402
from tests.drawing_support import MID_GAME, expected_counts, known_log  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """Exit code, standard output, and everything printed (problems included)."""
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout, result.output


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return known_log(tmp_path_factory.mktemp("known"))


def select(root: ET.Element, selector: str) -> list[ET.Element]:
    """The elements matching a CSS selector of descendant class compounds (``.a .b.c[data-x='y']``)."""
    def matches(e: ET.Element, compound: str) -> bool:
        attr = re.search(r"\[([\w-]+)='([^']*)'\]", compound)
        classes = set(re.sub(r"\[.*\]", "", compound).split(".")[1:])
        if not classes <= set(e.get("class", "").split()):
            return False
        return attr is None or e.get(attr.group(1)) == attr.group(2)

    found = [root]
    for compound in selector.split():
        found = list({id(d): d for e in found for d in e.iter() if d is not e and matches(d, compound)}.values())
    return found


@pytest.mark.parametrize("number", [0, 30, MID_GAME, -1])
@pytest.mark.parametrize("viewer", [None, "green"])
def test_every_piece_is_drawn(log: Path, number: int, viewer: str | None) -> None:
    files = sorted(log.glob("*-game.json"))
    view = view_of(io.read_game(str(files[number])), viewer)  # type: ignore[arg-type]
    root = ET.fromstring(board_svg(view).encode())
    for selector, count in expected_counts(view).items():
        assert len(select(root, selector)) == count, selector
    current = select(root, ".time-track .time-space.current")[0]
    assert current.get("data-space") == str(view.board.time)
    for score in select(root, ".scores .score"):
        player = next(p for p in view.players if p.colour == score.get("data-player"))
        assert score.get("data-vp") == str(player.vp)
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any(f"quarter {view.quarter}" in t for t in texts)
    if viewer is not None:
        own = next(p for p in view.players if p.colour == viewer)
        shown = sorted(t.text or "" for e in select(root, ".hand-card") for t in e.iter(f"{SVG}text"))
        assert shown == sorted(own.hand or ())


def test_a_paused_turn_is_drawn(log: Path) -> None:
    paused = [v for f in sorted(log.glob("*-game.json")) if (v := view_of(io.read_game(str(f)), None)).turn]
    assert paused, "the known game has a paused turn"
    root = ET.fromstring(board_svg(paused[0]).encode())
    assert len(select(root, ".header .turn-progress")) == 1


def test_every_coloured_piece_has_a_label(log: Path) -> None:
    view = view_of(io.read_game(str(sorted(log.glob("*-game.json"))[MID_GAME])), None)
    root = ET.fromstring(board_svg(view).encode())
    for selector in (".marker", ".tile-colour", ".leader", ".legionnaire", ".worker", ".senate-disc"):
        pieces = select(root, selector)
        assert pieces, selector
        for piece in pieces:
            label = [t.text for t in piece.iter(f"{SVG}text")]
            assert label and all(label), selector


def test_cached_parts_equal_a_fresh_drawing(log: Path) -> None:
    views = [view_of(io.read_game(str(f)), None) for f in sorted(log.glob("*-game.json"))]
    cached = [board_parts(v) for v in views]
    for v, parts in list(zip(views, cached, strict=True))[::9]:
        drawing._CACHE.clear()
        assert board_parts(v) == parts


def test_show_svg_of_a_game_and_of_a_view(log: Path, tmp_path: Path) -> None:
    game = sorted(log.glob("*-game.json"))[MID_GAME]
    code, out, _ = run_cli(["show", str(game), "--svg", "-o", str(tmp_path / "board.svg")])
    assert code == 0 and "Wrote" in out
    public = (tmp_path / "board.svg").read_text()
    assert public == board_svg(view_of(io.read_game(str(game)), None))
    assert "hand-card" not in public
    run_cli(["view", str(game), "--player", "red", "-o", str(tmp_path / "red.json")])
    code, out, _ = run_cli(["show", str(tmp_path / "red.json"), "--svg"])
    red = next(p for p in io.read_game(str(game)).players if p.colour == "red")
    assert code == 0 and out.count('class="tile hand-card"') == len(red.hand)
    code, out, _ = run_cli(["show", str(game)])
    assert code == 0 and out.startswith("Trajan, game")


def test_replay_command(log: Path, tmp_path: Path) -> None:
    code, out, _ = run_cli(["replay", str(log), "-o", str(tmp_path / "game.html")])
    assert code == 0, out
    page = (tmp_path / "game.html").read_text()
    data = unpack(page)
    steps = read_log(log)
    assert len(data["frames"]) == len(steps)
    final = steps[-1].game
    assert isinstance(final.pending, GameOver)
    assert {c: s[-1] for c, s in data["scores"].items()} == {p.colour: p.vp for p in final.players}
    assert _words(data["frames"][5]["report"]) == _words(steps[5].report)
    assert "http://" not in page.replace("http://www.w3.org/", "")
    assert "https://" not in page
    code, _, err = run_cli(["replay", str(log), "-o", str(tmp_path / "x.html"), "--player", "pink"])
    assert code == 2 and "args.not_seated" in err
    code, _, err = run_cli(["replay", str(tmp_path / "nothing"), "-o", str(tmp_path / "x.html")])
    assert code == 2 and "log.not_a_folder" in err


def _words(report: object) -> list[str]:
    """The words of a report (Markdown, its title line left out) or of a replay frame's
    report blocks, in order: the page shows every word of the report and no other."""
    import re

    def texts(node: object) -> list[str]:  # the text of every run [kind, text] in the blocks
        if isinstance(node, list) and len(node) == 2 and node[0] in ("t", "b", "c") and isinstance(node[1], str):
            return [node[1]]
        values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
        return [t for v in values for t in texts(v)]
    if isinstance(report, str):
        text = report.split("\n", 1)[1] if report.startswith("# ") else report
        text = re.sub(r"^\s*\d+[.)]\s", "", text, flags=re.MULTILINE)  # a numbered list's numbers
    else:
        text = " ".join(texts(report))
    return re.findall(r"[A-Za-z0-9]+", text)


def test_player_replay_adds_only_that_players_hand(log: Path) -> None:
    steps = read_log(log)[:40]
    data = unpack(replay_html(steps, "blue"))
    for step, frame in zip(steps, data["frames"], strict=True):
        svg = "".join(data["parts"][i] for i in frame["parts"])
        blue = next(p for p in step.game.players if p.colour == "blue")
        assert svg.count('class="tile hand-card"') == len(blue.hand)
        assert _words(frame["report"]) == _words(step.private.get("blue", step.report)) or step.number == 0
    public = unpack(replay_html(steps))
    assert all('class="tile hand-card"' not in part for part in public["parts"])


def test_hostile_game_id_is_escaped(tmp_path: Path) -> None:
    evil = '<script>alert(1)</script>&"\x1b[31m\x00'  # markup, a terminal escape, a NUL
    run_cli(["new", "--players", "red,green", "--test-seed", "1", "--game-id", evil, "-o", str(tmp_path / "g.json")])
    code, out, _ = run_cli(["show", str(tmp_path / "g.json"), "--svg"])
    assert code == 0 and "<script>" not in out and "&lt;script&gt;" in out
    ET.fromstring(out.split("?>", 1)[1].encode())


def test_board_png_where_a_converter_exists(log: Path, tmp_path: Path) -> None:
    view = view_of(io.read_game(str(sorted(log.glob("*-game.json"))[MID_GAME])), None)
    if drawing.png_converter() is None:
        assert drawing.board_png(view) is None
        pytest.skip("no headless browser installed: board_png gives None (checked)")
    png = drawing.board_png(view)
    assert png is not None and png.startswith(b"\x89PNG")
    game = str(sorted(log.glob("*-game.json"))[MID_GAME])
    code, out, _ = run_cli(["show", game, "--png", "-o", str(tmp_path / "board.png")])
    assert code == 0 and (tmp_path / "board.png").read_bytes() == png
    code, _, err = run_cli(["show", game, "--png"])
    assert code == 2 and "args.png_needs_output" in err


def test_score_chart_labels_do_not_overlap() -> None:
    from adjudicator.drawing.chart import score_chart

    svg = score_chart({"red": [0, 5, 73], "green": [0, 3, 74], "blue": [0, 1, 75], "brown": [0, 0, 73]})
    root = ET.fromstring(svg.encode())
    finals = {e.get("data-player"): e for e in select(root, ".score-line")}
    assert {p: e.get("data-final") for p, e in finals.items()} == {"red": "73", "green": "74", "blue": "75",
                                                                   "brown": "73"}
    heights = sorted(float(t.get("y", "0")) for t in root.iter(f"{SVG}text") if t.get("class") == "score-final")
    assert len(heights) == 4 and all(b - a >= 13 for a, b in zip(heights, heights[1:], strict=False))
