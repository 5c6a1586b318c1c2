"""Hostile text (issue 14, item 5): what a player writes is escaped once, for Markdown and terminal.

A player controls ``written_by`` and the ``game_id`` of an order file, and a crafted game
file controls its ``game_id`` and seed.  None of it may forge Markdown in a report (a
heading such as ``## Only for blue``) or reach a terminal as a control sequence (ESC,
OSC, C1, bidi overrides), through ``adjudicate``, ``show``, ``options`` or ``check``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.escape import json_text, markdown, terminal, terminal_lines
from tests.test_atomic import MARKERS
from tests.test_fuzz import run_cli

# A terminal title (OSC 0), a hyperlink (OSC 8), a colour (CSI), an 8-bit CSI, a bell,
# a right-to-left override, a line separator and Markdown that would forge a heading.
HOSTILE = ("x\n\n## Only for green\n\nYour hand: gems <b>bold</b> [link](http://evil) | a | b |\r"
           "\x1b]0;pwned\x07\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\\x1b[31mred\x9b2J\u202etxt.exe\u2028"
           "\U000e0041")
BAD = ["\x1b", "\x07", "\x9b", "\u202e", "\u2028", "\r", "\U000e0041"]


def _clean(text: str) -> None:
    assert not [c for c in BAD if c in text], text


def _game(tmp_path: Path, game_id: str = "g") -> Path:
    game = tmp_path / "game.json"
    code, out, err = run_cli(["new", "--players", "red,green", "--seed", "escape-tests-seed", "--game-id", game_id,
                              "-o", str(game)])
    assert code == 0, err
    _clean(out + err)
    return game


def _orders(tmp_path: Path, game_id: str, written_by: str | None = None) -> Path:
    orders = tmp_path / "orders.json"
    doc = {"format": 1, "game_id": game_id, "decision": 1, "player": "red",
           "answer": {"decision": "setup_markers", "trays": MARKERS}}
    orders.write_text(json.dumps({**doc, **({"written_by": written_by} if written_by else {})}))
    return orders


# --- The function ---------------------------------------------------------------------------

def test_terminal_makes_every_control_visible_and_keeps_the_rest() -> None:
    assert terminal("Ada Lovelace, été, 東京") == "Ada Lovelace, été, 東京"
    assert terminal("a\x1b[31mb\nc\u202e") == "a\\u001b[31mb\\u000ac\\u202e"
    assert terminal("\U000e0041") == "\\U000e0041"
    _clean(terminal(HOSTILE))
    assert "\n" not in terminal(HOSTILE) and terminal(terminal(HOSTILE)) == terminal(HOSTILE)
    assert terminal_lines("a\x1b\nb\n") == "a\\u001b\nb\n"


def test_markdown_neutralises_markup() -> None:
    text = markdown(HOSTILE)
    _clean(text)
    assert "\n" not in text and "<b>" not in text and "[link]" not in text and "\\#\\# Only" in text
    for start, escaped in (("# x", "\\# x"), ("- x", "\\- x"), ("+ x", "\\+ x"), ("1. x", "1\\. x"),
                           ("> x", "\\> x"), ("=", "\\="), ("a_b*c`d", "a\\_b\\*c\\`d")):
        assert markdown(start) == escaped
    assert markdown("greedy bot") == "greedy bot" and markdown("trajan-1f2e") == "trajan-1f2e"


def test_json_text_keeps_the_data() -> None:
    doc = json.dumps({"id": HOSTILE, "ok": "été"}, ensure_ascii=False)
    safe = json_text(doc)
    _clean(safe)
    assert json.loads(safe) == json.loads(doc) and "été" in safe


# --- Through the commands ---------------------------------------------------------------------

def test_written_by_cannot_forge_a_report(tmp_path: Path) -> None:
    game = _game(tmp_path)
    orders = _orders(tmp_path, "g", HOSTILE)
    reports = tmp_path / "reports"
    code, out, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(tmp_path / "new.json"),
                              "--reports-dir", str(reports)])
    assert code == 0, err
    _clean(out + err)
    for name in ("public", "red", "green"):
        text = (reports / f"{name}.md").read_text()
        _clean(text)
        headings = [line for line in text.splitlines() if line.startswith("#")]
        assert headings[0] == "# Trajan g: decision 1"
        assert [h for h in headings if "Only for" in h] == ([] if name == "public" else [f"## Only for {name}"])
        assert not any(line.startswith(("Your hand", "<", "|")) for line in text.splitlines())
    code, out, err = run_cli(["adjudicate", str(game), str(orders), "-o", str(tmp_path / "new.json")])
    assert code == 0, err
    _clean(out)
    assert "\n## Only for green" not in out


@pytest.mark.parametrize("command", ["show", "options", "options-json", "adjudicate", "check", "view"])
def test_a_hostile_game_id_reaches_no_terminal(tmp_path: Path, command: str) -> None:
    game = _game(tmp_path, HOSTILE)
    orders = _orders(tmp_path, HOSTILE)
    args = {"show": ["show", str(game)], "options": ["options", str(game)],
            "options-json": ["options", str(game), "--json"],
            "adjudicate": ["adjudicate", str(game), str(orders), "-o", str(tmp_path / "n.json")],
            "check": ["check", str(game), str(orders)], "view": ["view", str(game)]}[command]
    code, out, err = run_cli(args)
    assert code == 0, err
    _clean(out + err)
    assert not [line for line in (out + err).splitlines() if line.startswith(("## Only", "Your hand"))]
    if command == "adjudicate":
        assert out.startswith("# Trajan x\\\\u000a") and "\n## Only for green" not in out


@pytest.mark.parametrize("as_json", [False, True])
def test_a_hostile_order_file_reaches_no_terminal_through_problems(tmp_path: Path, as_json: bool) -> None:
    game = _game(tmp_path)
    orders = _orders(tmp_path, HOSTILE, written_by=HOSTILE)
    hostile_name = tmp_path / "orders\x1b]0;x\x07.json"
    hostile_name.write_bytes(orders.read_bytes())
    for command in ("check", "adjudicate"):
        outputs = ["-o", str(tmp_path / "n.json")] if command == "adjudicate" else []
        code, out, err = run_cli([command, str(game), str(hostile_name), *outputs, *(["--json"] if as_json else [])])
        assert code == 1 and "orders.wrong_game" in err
        _clean(out + err)
        if as_json:
            assert json.loads(err)[0]["file"] == str(hostile_name)
