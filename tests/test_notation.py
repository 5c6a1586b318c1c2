"""The text notation: exact both ways, over the legal (and some illegal) options of random
games and over arbitrary order files; messy text read; bad lines named with a fix.

``TRAJAN_NOTATION_DECISIONS`` sets how many random-game decisions are walked (1000).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.errors import Malformed
from adjudicator.game.engine import check
from adjudicator.game.options import options
from adjudicator.model import orders as m
from adjudicator.model.state import GameOver
from adjudicator.model.vocab import (
    ACTIONS,
    COMMODITIES,
    MARKER_COLOURS,
    PLAYER_COLOURS,
    PROVINCES,
    SHIPS,
    SITES,
    TRAJAN_CATEGORIES,
)
from adjudicator.notation.grammar import grammar
from adjudicator.notation.parse import parse_lines, to_order_file
from adjudicator.notation.table import BONUS, FORUM_TILE, USE
from adjudicator.notation.text import order_text
from tests.playout import playout_orders
from tests.sizes import size
from tests.test_options import _listed, _unlisted

ROOT = Path(__file__).resolve().parent.parent
DECISIONS = size("TRAJAN_NOTATION_DECISIONS")


def read(text: str, game_ids: tuple[str, ...] = ()) -> m.OrderFile:
    return to_order_file(parse_lines(list(enumerate(text.splitlines(), 1))), game_ids)


def round_trip(o: m.OrderFile) -> None:
    text = order_text(o)
    back = read(text)
    assert back == o, text
    assert order_text(back) == text


def test_round_trip_over_random_games() -> None:
    walked = orders_seen = 0
    seed = 0
    while walked < DECISIONS:
        for state, bot_order, _ in playout_orders(2 + seed % 3, f"notation-{seed}"):
            if isinstance(state.pending, GameOver) or walked >= DECISIONS:
                break
            walked += 1
            round_trip(bot_order)
            for o in options(state).options:
                for listed, answers in ((True, _listed(state, o)), (False, _unlisted(state, o)[:3])):
                    for n, (colour, answer) in enumerate(answers):
                        order = m.OrderFile(game_id=state.game_id, decision=state.decision,
                                            player=colour, answer=answer)  # type: ignore[arg-type]
                        text = order_text(order)
                        parsed = read(text.replace(state.game_id, state.game_id[:8]), (state.game_id,))
                        assert parsed == order and order_text(parsed) == text
                        orders_seen += 1
                        if n % 8 == 0:  # the verdicts (the same order, so the same verdict)
                            verdict = check(state, order)
                            assert (verdict == []) == listed
                            assert check(state, parsed) == verdict
        seed += 1
    assert orders_seen > DECISIONS


# --- Arbitrary order files (every field of the JSON form) ---------------------------------------

def _some(values: tuple[str, ...], least: int, most: int) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(st.sampled_from(values), min_size=least, max_size=most).map(tuple)


_ACTION = st.sampled_from(ACTIONS)
_STEP = st.one_of(
    st.builds(m.Sow, tray=_ACTION, markers=_some(MARKER_COLOURS, 1, 12)),
    st.builds(m.TrajanSpecial, plus2=st.none() | _ACTION),
    st.just(m.SeaportDraw()),
    st.builds(m.Discard, card=st.sampled_from(COMMODITIES), pile=st.sampled_from(("discard1", "discard2"))),
    st.builds(m.SeaportTake, pile=st.sampled_from(("discard1", "discard2"))),
    st.builds(m.SeaportDisplay, cards=_some(COMMODITIES, 1, 2)),
    st.builds(m.SeaportShip, ship=st.sampled_from(SHIPS), cards=_some(COMMODITIES, 0, 6),
              wild=_some(COMMODITIES, 0, 6)),
    st.builds(m.ForumTake, tile=st.sampled_from(FORUM_TILE.values)),
    st.builds(m.ForumTake, extra_action=_ACTION),
    st.just(m.MilitaryRecruit()), st.just(m.MilitaryDeploy()), st.just(m.SenateAdvance()),
    st.just(m.ConstructionHire()),
    st.builds(m.MilitaryMove, province=st.sampled_from(PROVINCES)),
    st.builds(m.TrajanTake, stack=st.sampled_from(TRAJAN_CATEGORIES)),
    st.builds(m.ConstructionBuild, site=st.sampled_from(SITES)),
    st.builds(m.Extra, action=_ACTION, wild=st.booleans()),
)
_TWO = _some(MARKER_COLOURS, 2, 2)
_STACK = st.sampled_from(TRAJAN_CATEGORIES)
_ANSWER = st.one_of(
    st.builds(m.PlayTurn, steps=st.lists(_STEP, max_size=8).map(tuple)),
    st.builds(m.ContinueTurnAnswer, steps=st.lists(_STEP, max_size=3).map(tuple)),
    st.builds(m.PlaceMarkers, trays=st.builds(m.MarkerPlacement, seaport=_TWO, forum=_TWO, military=_TWO,
                                              senate=_TWO, trajan=_TWO, construction=_TWO)),
    st.builds(m.TakeCards, take=_some(("deck", "discard1", "discard2"), 1, 3)),
    st.builds(m.ChooseTrajanTiles, slots=st.builds(m.StartingTiles, II=_STACK, IV=_STACK, VI=_STACK)),
    st.builds(m.MeetDemandsAnswer, use=_some(USE.values, 0, 3)),
    st.builds(m.ChooseBonusAnswer, tile=st.sampled_from(BONUS.values)),
)
_GAME_ID = st.text(min_size=1, max_size=30) | st.from_regex(r"trajan-[0-9a-f]{12}", fullmatch=True)


@settings(max_examples=size("TRAJAN_NOTATION_EXAMPLES"), deadline=None)
@given(game_id=_GAME_ID, decision=st.integers(1, 10**15), player=st.sampled_from(PLAYER_COLOURS),
       written_by=st.none() | st.text(max_size=20), answer=_ANSWER)
def test_every_order_file_round_trips(game_id: str, decision: int, player: str, written_by: str | None,
                                      answer: m.Answer) -> None:
    round_trip(m.OrderFile(game_id=game_id, decision=decision, player=player,  # type: ignore[arg-type]
                           written_by=written_by, answer=answer))


# --- Forgiving about how it is written -------------------------------------------------------------

GAME = "trajan-449ab87432d3"


def test_messy_text_reads_as_the_canonical_form() -> None:
    messy = """
    # my turn
    Game: TRAJAN-449A,   Decision: 41
    player RED
    SOW Military: pink, green, orange    # take the Trajan tile
    Special
    construction build a 2
    senate.
    """
    order = read(messy, (GAME,))
    assert order_text(order) == (f"game {GAME} decision 41 player red\nsow military pink green orange\n"
                                 "trajan special\nconstruction build A2\nsenate\n")


@pytest.mark.parametrize(("line", "step"), [
    ("military move germania inferior", m.MilitaryMove(province="germania_inferior")),
    ("military_move Germania-Inferior", m.MilitaryMove(province="germania_inferior")),
    ("forum senate 2", m.ForumTake(tile="senate-2")),
    ("forum extra-seaport", m.ForumTake(tile="extra-seaport")),
    ("forum extra action seaport", m.ForumTake(extra_action="seaport")),
    ("trajan special +2 military", m.TrajanSpecial(plus2="military")),
    ("seaport ship different fish, wine wild gems", m.SeaportShip(ship="different", cards=("fish", "wine"),
                                                                   wild=("gems",))),
    ("seaport take discard 1", m.SeaportTake(pile="discard1")),
    ("extra forum wild", m.Extra(action="forum", wild=True)),
    ('trajan "plus2"', m.TrajanTake(stack="plus2")),
])
def test_names_in_several_spellings(line: str, step: m.Step) -> None:
    order = read(f"game {GAME} decision 3 player red\n{line}\n")
    assert order.answer == m.PlayTurn(steps=(step,))


def test_header_by_and_quoted_game() -> None:
    order = read('game "odd game, #1" decision 2 player blue\nby Alice, for Bob\nbonus wine fish\n')
    assert (order.game_id, order.written_by) == ("odd game, #1", "Alice, for Bob")
    assert order.answer == m.ChooseBonusAnswer(tile="wine-fish")
    assert order_text(order).splitlines()[:2] == ['game "odd game, #1" decision 2 player blue',
                                                  'by "Alice, for Bob"']


# --- Problems: the line, what was expected, the nearest word ------------------------------------

def problems(text: str, game_ids: tuple[str, ...] = (GAME,)) -> list[tuple[str, str, str]]:
    with pytest.raises(Malformed) as e:
        read(text, game_ids)
    return [(p.code, p.path, p.message) for p in e.value.problems]


def test_a_misspelt_word_is_named_with_its_line_and_the_fix() -> None:
    found = problems(f"game {GAME} decision 41 player red\n\nmilatary recruit\nsow militray pink\n")
    assert [(c, p) for c, p, _ in found] == [("notation.unknown_word", "line 3"),
                                            ("notation.unknown_word", "line 4")]
    assert all('Did you mean "military"?' in msg for _, _, msg in found)
    assert found[1][2].startswith('"sow militray pink": "militray" is not understood here; expected an action')


@pytest.mark.parametrize(("text", "code", "path"), [
    ("sow forum pink\n", "notation.no_header", "line 1"),
    (f"game {GAME} player red\nsenate\n", "notation.missing_header", "line 1"),
    (f"game {GAME} decision 4 player red\n", "notation.no_answer", "line 1"),
    (f"game {GAME} decision 4 player red\nsenate\nbonus wine-fish\n", "notation.mixed_answer", "line 3"),
    (f"game {GAME} decision 4 player red\nend turn\nsenate\n", "notation.end_not_last", "line 2"),
    (f"game {GAME} decision 4 player red\nsenate\ncontinue turn\n", "notation.continue_not_first", "line 3"),
    (f"game {GAME} decision 4 player red\ntray seaport pink blue\n", "notation.missing_trays", "line 2"),
    (f"game {GAME} decision 4 player red\ntake deck deck\ntake deck deck\n", "notation.too_many", "line 3"),
    (f"game {GAME} decision 4 player red\ndemands\ndemands forum\n", "notation.repeated", "line 3"),
    (f"game {GAME} decision 4\ndecision 5 player red\nsenate\n", "notation.repeated", "line 2"),
    (f"game {GAME} decision 4 player red\nsenate now\n", "notation.extra_words", "line 2"),
    (f"game {GAME} decision 4 player red\nsow forum\n", "notation.missing_word", "line 2"),
    (f'game {GAME} decision 4 player red\nforum "bread\n', "notation.bad_quote", "line 2"),
    (f"game {GAME} decision 0 player red\nsenate\n", "notation.invalid", "line 1"),
    ("game tra decision 4 player red\nsenate\n", "notation.game_prefix_short", "line 1"),
    ("game trajan-5 decision 4 player red\nsenate\n", "notation.wrong_game", "line 1"),
])
def test_problem_codes(text: str, code: str, path: str) -> None:
    assert (code, path) in [(c, p) for c, p, _ in problems(text)]


def test_a_player_line_is_quoted_escaped() -> None:
    (_, _, message), = problems(f"game {GAME} decision 4 player red\nsenate \x1b[31m`x`\n")
    assert "\x1b" not in message and "\\u001b" in message and '"senate \\u001b[31m`x`"' in message


MANUAL = ROOT / "docs" / "manual"


def test_the_manual_holds_the_grammar() -> None:
    page = (MANUAL / "reference" / "grammar.md").read_text()
    assert grammar() in page, "regenerate with python -m adjudicator.notation.grammar"


def _manual_games(tmp: Path) -> dict[str, Path]:
    """The game file each order the manual shows answers, by game id."""
    from adjudicator.records.replay import unpack

    record = ROOT / "examples" / "tournament" / "game-019.trajan.jsonl"
    assert unpack(record.read_bytes(), str(record), tmp / "game-019").ok
    return {"trajan-0f297786e681": ROOT / "examples" / "turn" / "game.json",
            "trajan-640ccf6d246a": ROOT / "examples" / "logs" / "3-players" / "0001-game.json",
            "trajan-ae1f4183dbaf": ROOT / "examples" / "logs" / "2-players" / "0006-game.json",
            "trajan-8c09eeec835f": tmp / "game-019" / "0083-game.json"}


def test_the_manual_examples_are_legal_in_the_games_they_name(tmp_path: Path) -> None:
    from adjudicator.files import io

    games = _manual_games(tmp_path)
    section = (MANUAL / "player" / "notation.md").read_text()
    assert section.startswith("# Orders in plain text\n")
    blocks = [b for b in re.findall(r"```text\n(.*?)```", section, re.S) if re.match(r"#|game", b, re.I)]
    order_file = (MANUAL / "reference" / "order-file.md").read_text()
    turn = order_file.split("A whole turn given at once")[1].split("```json\n")[1].split("```")[0]
    orders = [read(block, tuple(games)) for block in blocks] + [io.load_orders(turn.encode())]
    assert len(orders) == 5 and {o.game_id for o in orders} == set(games)
    for order in orders:
        assert check(io.read_game(str(games[order.game_id])), order) == [], order
    assert orders[0] == io.read_orders(str(ROOT / "examples" / "turn" / "orders.json"))


# --- trajan options: every line ready to paste -------------------------------------------------

def _pastes(block: list[str]) -> list[str]:
    """The orders a player can make from one player's block of ``trajan options`` text."""
    head, lines = block[1], [line for line in block[2:] if not line.lstrip().startswith("#")]
    if block[0].split(": ", 1)[1].startswith("put 2 markers"):
        return [head + "\n" + "\n".join(lines)]
    if not any(line.startswith("sow ") for line in lines):
        return [f"{head}\n{line}" for line in lines]
    out: list[str] = []
    sow = ""
    for line in lines:
        if line.startswith("sow "):
            sow = line
            out.append(f"{head}\n{sow}")
        else:
            out.append(f"{head}\n{sow}\n{line}")
    return out


def test_every_options_line_pastes_into_a_legal_order() -> None:
    from adjudicator.rendering.options_text import render_options

    pasted = 0
    for players, seed in ((2, "paste-1"), (3, "paste-2"), (4, "paste-3")):
        for state, _, _ in playout_orders(players, seed):
            text = render_options(options(state))
            for block in text.split("\n\n")[1:]:
                lines = block.strip("\n").splitlines()
                if "nothing to decide" in lines[0]:
                    continue
                for paste in _pastes(lines):
                    order = read(paste, (state.game_id,))
                    assert check(state, order) == [], paste
                    pasted += 1
    assert pasted > 1000


# --- The commands: check, adjudicate and convert take text ----------------------------------------

def _cli(*args: str | Path) -> object:
    from typer.testing import CliRunner

    from adjudicator.commands.main import app

    return CliRunner().invoke(app, [str(a) for a in args])


def test_convert_both_ways_and_check_and_adjudicate_take_text(tmp_path: Path) -> None:
    from adjudicator.files import io

    game = ROOT / "examples" / "turn" / "game.json"
    json_orders = ROOT / "examples" / "turn" / "orders.json"
    text = _cli("convert", json_orders)
    assert text.exit_code == 0 and text.stdout.startswith("game ")  # type: ignore[attr-defined]
    state = io.read_game(str(game))
    short = tmp_path / "orders.txt"
    short.write_text("Hello!\n\n" + text.stdout.replace(state.game_id, state.game_id[:9].upper()))  # type: ignore[attr-defined]
    back = _cli("convert", short, "--game", game, "-o", tmp_path / "back.json")
    assert back.exit_code == 0  # type: ignore[attr-defined]
    assert io.read_orders(str(tmp_path / "back.json")) == io.read_orders(str(json_orders))
    assert _cli("check", game, short).exit_code == 0  # type: ignore[attr-defined]
    by_text = _cli("adjudicate", game, short, "-o", tmp_path / "a.json")
    by_json = _cli("adjudicate", game, json_orders, "-o", tmp_path / "b.json")
    assert by_text.exit_code == by_json.exit_code == 0  # type: ignore[attr-defined]
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_convert_refuses_an_unknown_form(tmp_path: Path) -> None:
    result = _cli("convert", ROOT / "examples" / "turn" / "orders.json", "--to", "yaml", "--json")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert '"args.usage"' in result.stderr  # type: ignore[attr-defined]


def test_a_json_adjudication_never_imports_the_text_reader(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = ("import sys; from adjudicator.commands.main import main; sys.argv = ['trajan', 'adjudicate', "
            f"{str(ROOT / 'examples/turn/game.json')!r}, {str(ROOT / 'examples/turn/orders.json')!r}, '-o', "
            f"{str(tmp_path / 'new.json')!r}]\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('adjudicator.mail', 'adjudicator.notation', "
            "'email', 'lark', 'html.parser'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip().splitlines()[-1] == "[]"
