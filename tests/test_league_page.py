"""The standings page (issue 30): self-contained (a CSP, nothing fetched), loads in
chromium without console errors, sorts by a clicked column, shows hostile names as text,
links each game to the replay page beside its record; Wilson intervals worked by hand."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.commands.main import app
from adjudicator.league.page import wilson
from adjudicator.records.tournament import bot_record
from tests.browser import Watched, browser_context

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = "<img src=x onerror=alert(1)></script><script>alert(2)</script>"


def run_cli(args: list[str]) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, args)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("wins,games,low,high", [(4, 8, 0.2152, 0.7848), (0, 5, 0.0, 0.4345),
                                                 (10, 10, 0.7225, 1.0), (1, 3, 0.0615, 0.7923)])
def test_wilson_intervals_worked_by_hand(wins: int, games: int, low: float, high: float) -> None:
    # 4 of 8: p 0.5, z^2/n 0.4802; centre 0.5; half 1.96 sqrt(0.03125 + 0.015006) / 1.4802 = 0.2848.
    # 0 of 5: centre (0.3841 / 5 ... ) = 0.2172, half 0.2172.  1 of 3: centre 0.4270, half 0.3654.
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("league")
    for p in sorted((ROOT / "examples" / "tournament").glob("*.trajan.jsonl"))[:12]:
        shutil.copy(p, folder / p.name)
    (folder / "game-003.html").write_text("<!doctype html><title>replay</title>")
    record = bot_record("page-hostile", ["random", "random"], people={"red": HOSTILE[:100], "green": "Bo"},
                        own={"red", "green"}, date="2025-06-01")
    (folder / "hostile.trajan.jsonl").write_bytes(record)
    out = folder / "site" / "standings.html"
    out.parent.mkdir()
    code, _, err = run_cli(["standings", str(folder), "--html", str(out)])
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def context() -> Iterator[Any]:
    yield from browser_context(1200, 900)


def _column(w: Watched, table: str, heading: str) -> list[str]:
    index = w.page.evaluate(f"""() => Array.from(document.querySelectorAll('#{table} thead th'))
        .map((th) => th.textContent).indexOf({json.dumps(heading)})""")
    assert index >= 0, heading
    return list(w.page.evaluate(f"""() => Array.from(document.querySelectorAll('#{table} tbody tr'))
        .map((tr) => tr.cells[{index}].textContent)"""))


def test_the_page_loads_without_errors_and_sorts_by_a_clicked_column(page: Path, context: Any) -> None:
    w = Watched(context)
    try:
        w.page.goto(page.as_uri())
        w.page.wait_for_selector("body[data-ready='1']")
        assert w.errors() == []
        assert w.requests == [page.as_uri()]  # nothing else is fetched
        w.page.click("#standings thead th:text-is('ordinal')")
        values = [float(v) for v in _column(w, "standings", "ordinal")]
        assert values == sorted(values) and len(values) == 8
        w.page.click("#standings thead th:text-is('ordinal')")
        assert [float(v) for v in _column(w, "standings", "ordinal")] == sorted(values, reverse=True)
        w.page.click("#standings thead th:text-is('player')")
        names = _column(w, "standings", "player")
        assert names == sorted(names, key=str.lower) and HOSTILE[:100] in names
        w.page.click("#seats thead th:text-is('win %')")
        shares = [float(v) for v in _column(w, "seats", "win %")]
        assert shares == sorted(shares)
        assert w.page.evaluate("() => document.querySelectorAll('img, script').length") == 1  # the page's own
        assert w.errors() == []
    finally:
        w.close()


def test_the_page_is_self_contained_with_charts_intervals_and_replay_links(page: Path) -> None:
    html = page.read_text()
    assert '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src \'sha256-' in html
    assert "connect-src 'none'" in html and "http://" not in html.replace("http://www.w3.org", "")
    assert html.count('class="rating-chart"') == 8
    assert html.count("&ndash;") == 2 + 3 + 4  # a 95 % interval per seat row (2, 3 and 4 players)
    assert '<a href="../game-003.html">replay</a>' in html and html.count(">replay</a>") == 1
    assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
