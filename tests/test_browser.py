"""The board and the replay page in a real browser (headless Chromium, issue 19).

The SVG and the replay page load with no console error and no request beyond the
file itself; every piece is present with the right count for a known game; next,
previous, the slider and the arrow keys change the board and the report; the score
chart has one line per player ending on the final scores; a screenshot of a known
position matches the golden picture in ``fixtures/drawing/`` within a tolerance.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from adjudicator.drawing import board_svg  # noqa: E402
from adjudicator.drawing.log_steps import read_log  # noqa: E402
from adjudicator.drawing.replay import replay_html  # noqa: E402
from adjudicator.files import io  # noqa: E402
from adjudicator.views.redact import view_of  # noqa: E402
from adjudicator.views.view import GameView  # noqa: E402
from tests.browser import Watched, browser_context  # noqa: E402
from tests.drawing_support import MID_GAME, expected_counts, known_log  # noqa: E402

# The public view of the known game after 90 decisions, and its picture.
POSITION = Path(__file__).parent.parent / "fixtures" / "drawing" / "mid-game-view.json"
GOLDEN = POSITION.with_name("mid-game-public.png")
# A pixel differs when a channel moves by more than PIXEL; at most SHARE of them may.
PIXEL, SHARE = 40, 0.0005


@pytest.fixture(scope="module")
def context() -> Iterator[Any]:
    yield from browser_context()


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return known_log(tmp_path_factory.mktemp("known"))


@pytest.fixture(scope="module")
def replay_page(log: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("replay") / "game.html"
    page.write_text(replay_html(read_log(log)), encoding="utf-8")
    return page


def open_page(context: Any, path: Path) -> Watched:
    watched = Watched(context)
    watched.page.goto(path.as_uri())
    return watched


def only_the_file(watched: Watched, path: Path) -> None:
    assert watched.requests == [path.as_uri()], watched.requests


@pytest.mark.parametrize("viewer", [None, "red"])
def test_board_svg_in_the_browser(context: Any, log: Path, tmp_path: Path, viewer: str | None) -> None:
    view = view_of(io.read_game(str(sorted(log.glob("*-game.json"))[MID_GAME])), viewer)  # type: ignore[arg-type]
    path = tmp_path / "board.svg"
    path.write_text(board_svg(view), encoding="utf-8")
    watched = open_page(context, path)
    for selector, count in expected_counts(view).items():
        assert watched.page.locator(selector).count() == count, selector
    box = watched.page.locator("#board").bounding_box()
    assert box is not None and box["width"] == 1500
    assert watched.errors() == []
    only_the_file(watched, path)
    watched.close()


def frame_state(page: Any) -> tuple[str, str, str]:
    return (page.locator("#board .header").text_content() or "", page.locator("#report").inner_text(),
            page.evaluate("document.body.dataset.frame"))


def test_replay_steps_through_the_game(context: Any, log: Path, replay_page: Path) -> None:
    steps = read_log(log)
    watched = open_page(context, replay_page)
    page = watched.page
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    first = frame_state(page)
    assert first[2] == "0" and "as set up · next: setup_markers" in first[0]
    page.click("#next")
    second = frame_state(page)
    assert second[2] == "1" and second[0] != first[0] and second[1] != first[1]
    who = (steps[1].report or "").split("**")[1]
    assert f"Answered by {who} (setup_markers, quarter 1)." in second[1] and "**" not in second[1]
    assert page.locator("#board .changed").count() > 0  # what changed since the first board
    page.click("#prev")
    assert frame_state(page) == first
    page.click("#prev")                                  # already at the first board: stays
    assert frame_state(page)[2] == "0"
    page.locator("body").press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert frame_state(page)[2] == "2"
    page.keyboard.press("ArrowLeft")
    assert frame_state(page)[2] == "1"
    page.locator("#slider").fill(str(MID_GAME))
    assert frame_state(page)[2] == str(MID_GAME)
    # One number for the moment: the decision the board follows, in the title, the caption
    # and over the report.
    number = steps[MID_GAME - 1].game.decision
    title = page.locator("#report-title").text_content() or ""
    assert title.startswith(f"Decision {number}: ") and page.locator("#where").text_content() == title
    assert f"after decision {number} · next: " in frame_state(page)[0]
    assert re.findall(r"\d+", frame_state(page)[0].split("·")[3]) == [str(number)]
    view = view_of(steps[MID_GAME].game, None)
    for selector, count in expected_counts(view).items():
        assert page.locator(f"#board {selector}").count() == count, selector
    page.keyboard.press("End")
    assert frame_state(page)[2] == str(len(steps) - 1)
    assert "game over" in frame_state(page)[0]
    assert page.locator("#board svg").count() == 1
    assert watched.errors() == []
    only_the_file(watched, replay_page)
    watched.close()


def test_a_link_opens_a_given_board(context: Any, replay_page: Path) -> None:
    watched = Watched(context)
    watched.page.goto(replay_page.as_uri() + "#7")
    watched.page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    assert frame_state(watched.page)[2] == "7"
    watched.page.click("#next")
    assert watched.page.evaluate("location.hash") == "#8"
    assert watched.errors() == []
    watched.close()


def test_score_chart_has_one_line_per_player(context: Any, log: Path, replay_page: Path) -> None:
    steps = read_log(log)
    final, frames = steps[-1].game, len(steps)
    watched = open_page(context, replay_page)
    page = watched.page
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    lines = page.locator("#score-chart .score-line")
    assert lines.count() == len(final.players)
    for p in final.players:
        line = page.locator(f"#score-chart .score-line[data-player='{p.colour}']")
        assert line.get_attribute("data-final") == str(p.vp)
        assert line.locator("path").count() == 1
        assert line.locator(".score-final").text_content() == f"{p.colour} {p.vp}"
        path = line.locator("path").get_attribute("d") or ""
        assert path.count("L") + 1 == frames  # one point per board
    assert watched.errors() == []
    watched.close()


def test_hostile_report_is_shown_as_text(context: Any, log: Path, tmp_path: Path) -> None:
    steps = read_log(log)[:3]
    evil = "<img src=x onerror=alert(1)><script>alert(2)</script> **bold**"
    steps[1] = type(steps[1])(steps[1].number, steps[1].game, evil, {})
    path = tmp_path / "evil.html"
    path.write_text(replay_html(steps), encoding="utf-8")
    watched = open_page(context, path)
    page = watched.page
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    page.click("#next")
    shown = page.locator("#report").inner_text()
    assert "<img src=x onerror=alert(1)><script>alert(2)</script> bold" in shown  # as text
    assert page.locator("#report img, #report script, img").count() == 0
    assert page.locator("#report strong").text_content() == "bold"  # the report's own markup, formatted
    assert watched.errors() == []
    only_the_file(watched, path)
    watched.close()


def test_golden_screenshot_of_a_known_position(context: Any, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    view = io.read_game_or_view(str(POSITION))
    assert isinstance(view, GameView)
    path = tmp_path / "board.svg"
    path.write_text(board_svg(view), encoding="utf-8")
    watched = open_page(context, path)
    shot = tmp_path / "shot.png"
    watched.page.screenshot(path=str(shot))
    watched.close()
    if os.environ.get("TRAJAN_UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        Image.open(shot).convert("RGB").save(GOLDEN, optimize=True)
    golden, taken = Image.open(GOLDEN).convert("RGB"), Image.open(shot).convert("RGB")
    assert golden.size == taken.size
    diff = ImageChops.difference(golden, taken).convert("L").point(lambda v: 255 if v > PIXEL else 0)
    differing = diff.histogram()[255] / (golden.size[0] * golden.size[1])
    if differing > SHARE:
        taken.save(tmp_path / "differs.png")
    assert differing <= SHARE, f"{differing:.2%} of the pixels differ from {GOLDEN} (see {tmp_path})"


def test_only_the_pages_own_script_may_run(context: Any, replay_page: Path, tmp_path: Path) -> None:
    page_text = replay_page.read_text(encoding="utf-8")
    assert "'unsafe-inline'; style" not in page_text.split("script-src", 1)[1][:20]
    tampered = tmp_path / "tampered.html"
    tampered.write_text(page_text.replace('"use strict";', '"use strict"; ', 1), encoding="utf-8")
    watched = open_page(context, tampered)
    watched.page.wait_for_timeout(1500)
    assert watched.page.evaluate("document.body.dataset.ready") is None
    assert any("Content Security Policy" in m for m in watched.console), watched.console
    watched.close()
