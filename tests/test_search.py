"""The ``search`` bot: legal, deterministic, blind to what its player cannot see, and
stronger than ``greedy``.

The figures of the issue (hundreds of games) are measured by ``python -m tests.strength``;
here a few small-budget games check the same properties quickly.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.bots.determinize import determinize
from adjudicator.bots.search import SearchBot
from adjudicator.commands.main import app
from adjudicator.files import io
from adjudicator.game.engine import adjudicate, check, deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import absent_orders
from adjudicator.model.state import ContinueTurn, GameOver, GameState, TakeTurn
from adjudicator.model.vocab import PLAYER_COLOURS
from adjudicator.rng import Stream
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state
from tests.playout import playout
from tests.sizes import size
from tests.strength import play, wilson

GAMES = size("TRAJAN_SEARCH_GAMES")
BUDGET = 4


def test_search_orders_are_legal_and_the_same_from_the_view() -> None:
    turns = 0
    for n, players in enumerate((2, 3)):
        bots = ["search", "greedy", "random"][:players]
        state = new_game(PLAYER_COLOURS[:players], f"search-view-{n}")
        while not isinstance(state.pending, GameOver):
            colour = deciders(state.pending)[0]
            bot = bots[state.seats.index(colour)]
            full = absent_orders(state, colour, bot, f"s{n}", BUDGET)
            if bot == "search":
                assert absent_orders(view_of(state, colour), colour, bot, f"s{n}", BUDGET) == full
                assert check(state, full) == [], (state.decision, full)
                assert full.stand_in == "search bot"
                turns += isinstance(state.pending, (TakeTurn, ContinueTurn))
            state = adjudicate(state, full).state
    assert turns > 40


def test_the_default_budget_is_the_same_from_the_view() -> None:
    for before, _ in playout(2, "search-default", ["greedy", "greedy"]):
        if before.decision in (30, 31, 60):
            colour = deciders(before.pending)[0]
            full = absent_orders(before, colour, "search", "d")
            assert absent_orders(view_of(before, colour), colour, "search", "d") == full
            assert check(before, full) == []


def test_a_deal_keeps_what_the_player_sees() -> None:
    changed = 0
    for before, _ in playout(4, "search-deal", ["random"] * 4):
        if before.decision % 17:
            continue
        colour = before.seats[before.decision % 4]
        seen = as_state(view_of(before, colour))
        dealt = determinize(seen, colour, Stream("deal", str(before.decision)))
        assert view_of(dealt, colour) == view_of(before, colour)
        assert _hidden_cards(dealt, colour) == _hidden_cards(seen, colour)
        changed += dealt.piles.deck != seen.piles.deck
    assert changed > 3


def _hidden_cards(state: GameState, colour: str) -> Counter[str]:
    return Counter([*state.piles.deck, *(c for p in state.players if p.colour != colour for c in p.hand)])


def test_search_beats_greedy() -> None:
    wins = 0
    for n in range(GAMES):
        final, seat = play(2, 9000 + n, BUDGET)
        assert isinstance(final.pending, GameOver)
        wins += final.pending.ranking[0] == final.seats[seat]
    assert wins / GAMES >= 0.75, f"search won {wins} of {GAMES}"


def test_wilson_interval() -> None:
    low, high = wilson(140, 200)
    assert round(low, 3) == 0.633 and round(high, 3) == 0.759
    assert wilson(0, 0) == (0.0, 1.0)


def test_cli_bot_and_selfplay_with_search(tmp_path: Path) -> None:
    runner = CliRunner()
    game, orders = tmp_path / "g.json", tmp_path / "o.json"
    assert runner.invoke(app, ["new", "--players", "red,brown", "--test-seed", "5", "--first", "red",
                               "-o", str(game)]).exit_code == 0
    made = runner.invoke(app, ["bot", str(game), "--player", "red", "--bot", "search", "--budget", "3",
                               "-o", str(orders)])
    assert made.exit_code == 0, made.output
    assert io.read_orders(str(orders)).stand_in == "search bot"
    log = tmp_path / "log"
    played = runner.invoke(app, ["selfplay", "--players", "2", "--seed", "7", "--bots", "search,greedy",
                                 "--budget", "2", "--out", str(log)])
    assert played.exit_code == 0, played.output
    assert "search bot" in (log / "0001-orders.json").read_text()
    assert SearchBot(budget=0).budget == 1


# --- The planner ---------------------------------------------------------------------

PLANNER_GAMES = size("TRAJAN_PLANNER_GAMES")
PLANNER_BUDGET = 4


def test_planner_orders_are_legal_and_blind_to_what_is_hidden() -> None:
    """In every decision of the test games: the planner's order is legal, the same from the
    game file and from its player's view, and the same from a game whose hidden places
    (other hands, face-down piles, Trajan stacks below the top) were dealt anew."""
    turns = 0
    for n in range(PLANNER_GAMES):
        players = 2 + n % 3
        bots = ["planner", "greedy", "random", "search"][:players]
        seed = f"planner-view-{n}"
        state = new_game(PLAYER_COLOURS[:players], seed)
        while not isinstance(state.pending, GameOver):
            colour = deciders(state.pending)[0]
            bot = bots[state.seats.index(colour)]
            full = absent_orders(state, colour, bot, seed, PLANNER_BUDGET)
            if bot == "planner":
                assert check(state, full) == [], (state.decision, full)
                assert absent_orders(view_of(state, colour), colour, bot, seed, PLANNER_BUDGET) == full
                redealt = determinize(state, colour, Stream("redeal", str(state.decision)))
                assert absent_orders(redealt, colour, bot, seed, PLANNER_BUDGET) == full
                assert full.stand_in == "planner bot"
                turns += isinstance(state.pending, (TakeTurn, ContinueTurn))
            state = adjudicate(state, full).state
    assert turns > 25 * PLANNER_GAMES


def test_planner_is_deterministic_for_a_seed() -> None:
    for before, _ in playout(2, "planner-det", ["greedy", "greedy"]):
        if before.decision in (20, 45):
            colour = deciders(before.pending)[0]
            orders = [absent_orders(before, colour, "planner", "d", PLANNER_BUDGET) for _ in range(2)]
            assert orders[0] == orders[1]
            assert check(before, orders[0]) == []


def test_planner_with_a_time_limit_and_levels(tmp_path: Path) -> None:
    from adjudicator.bots import LEVELS, make_bot

    for before, _ in playout(2, "planner-time", ["greedy", "greedy"]):
        if before.decision == 30:
            colour = deciders(before.pending)[0]
            bot = make_bot("planner", seconds=0.05)
            answer = bot.answer(as_state(view_of(before, colour)), colour, Stream("t", "t"))
            orders = absent_orders(before, colour, "greedy", "t")
            assert check(before, type(orders)(game_id=orders.game_id, decision=orders.decision,
                                              player=colour, answer=answer)) == []
    assert sorted(LEVELS) == [1, 2, 3, 4, 5]
    runner = CliRunner()
    game, orders_file = tmp_path / "g.json", tmp_path / "o.json"
    assert runner.invoke(app, ["new", "--players", "red,brown", "--test-seed", "5", "--first", "red",
                               "-o", str(game)]).exit_code == 0
    for args in (["--level", "4", "--budget", "2"], ["--bot", "planner", "--seconds", "0.05"]):
        made = runner.invoke(app, ["bot", str(game), "--player", "red", *args, "-o", str(orders_file)])
        assert made.exit_code == 0, made.output
        assert io.read_orders(str(orders_file)).stand_in == "planner bot"
    refused = runner.invoke(app, ["bot", str(game), "--player", "red", "--level", "6", "-o", str(orders_file)])
    assert refused.exit_code == 2


def test_what_a_planners_budget_buys() -> None:
    """Worked by hand: shallow rollouts up to 4 * 48 - 1; from 192 (the default) a quarter
    as many deep ones, to the planner's second turn with its own turns planned; from 768
    (four times the default) the wide one, half as many rollouts again, with wider
    candidates and its own turns in them searched as widely (12 sowings a tray, beam 4);
    with a time limit, the deep look-ahead from half a second a decision, the wide one from
    a second and a half."""
    from adjudicator.bots import LEVELS
    from adjudicator.bots.planner import DEFAULT_BUDGET, PlannerBot
    from adjudicator.bots.planner.lookahead import Spending, spending

    assert spending(0) == Spending(0, 1, False)
    assert spending(48) == Spending(48, 1, False)
    assert spending(191) == Spending(191, 1, False)
    assert DEFAULT_BUDGET == 192
    assert spending(192) == Spending(48, 2, True, False, (4, 1))
    assert spending(400) == Spending(100, 2, True, False)
    assert spending(767) == Spending(191, 2, True, False)
    assert spending(768) == Spending(96, 2, True, True, (12, 4))
    assert spending(1535) == Spending(191, 2, True, True, (12, 4))
    assert spending(48, seconds=0.49) == Spending(48, 1, False)
    assert spending(48, seconds=0.5) == Spending(12, 2, True, False)
    assert spending(48, seconds=1.5) == Spending(6, 2, True, True, (12, 4))
    # Counted in 2-player rollouts: a deep one at 3 players costs 1.5, at 4 players 2.
    assert spending(192, players=2) == Spending(48, 2, True, False)
    assert spending(192, players=3) == Spending(32, 2, True, False)
    assert spending(192, players=4) == Spending(24, 2, True, False)
    assert spending(400, players=3) == Spending(66, 2, True, False)
    assert spending(768, players=4) == Spending(48, 2, True, True, (12, 4))
    assert spending(768, players=3) == Spending(64, 2, True, True, (12, 4))
    assert spending(191, players=4) == Spending(191, 1, False)
    default, wide = PlannerBot(), PlannerBot(768)
    assert (default.width, default.sowings, default.beam) == (8, 12, 4)
    assert (wide.width, wide.sowings, wide.beam) == (24, 24, 8)
    assert (PlannerBot(768, width=3).width, PlannerBot(768, width=3).beam) == (3, 8)
    assert [LEVELS[n] for n in range(1, 6)] == [("greedy", None), ("planner", 0), ("planner", 48),
                                                 ("planner", None), ("planner", 768)]


def test_the_planner_buys_its_rollouts_by_the_number_of_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget the bot hands its look-ahead at a 2-, 3- and 4-player turn: 48, 32, 24."""
    from adjudicator.bots.planner import PlannerBot, lookahead

    seen: dict[int, int] = {}

    def record(state: GameState, colour: str, top: list[object], *args: object) -> object:
        seen[len(state.seats)] = int(str(args[2]))
        return top[0]

    monkeypatch.setattr(lookahead, "choose", record)
    for players in (2, 3, 4):
        for before, _ in playout(players, f"planner-units-{players}", ["greedy"] * players):
            if isinstance(before.pending, TakeTurn) and before.decision > 12:
                PlannerBot().answer(before, deciders(before.pending)[0], Stream("units", str(players)))
                break
    assert seen == {2: 48, 3: 32, 4: 24}


def test_four_times_the_budget_plans_its_own_turns_widely(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the bot hands its look-ahead at 192 and at 768: at 768 twice the default's
    rollouts (96 at 2 players, 48 at 4; a wide one costs two deep ones), more candidates,
    its own turns in them the best of 12 sowings a tray and a beam of 4 instead of 4 and 1."""
    from adjudicator.bots.planner import PlannerBot, lookahead

    seen: dict[tuple[int, int], tuple[int, int, object, int]] = {}

    def record(state: GameState, colour: str, top: list[object], *args: object) -> object:
        budget = int(str(args[2]))
        seen[(len(state.seats), budget)] = (len(top), budget, args[-1], int(str(args[4])))
        return top[0]

    monkeypatch.setattr(lookahead, "choose", record)
    for players in (2, 4):
        for before, _ in playout(players, f"planner-wide-{players}", ["greedy"] * players):
            if isinstance(before.pending, TakeTurn) and before.decision > 12:
                colour = deciders(before.pending)[0]
                for bot in (PlannerBot(), PlannerBot(768)):
                    bot.answer(before, colour, Stream("wide", str(players)))
                break
    own = {key: value[2] for key, value in seen.items()}
    assert own == {(2, 48): (4, 1), (2, 96): (12, 4), (4, 24): (4, 1), (4, 48): (12, 4)}
    assert seen[(2, 96)][0] > seen[(2, 48)][0]
    assert {value[3] for value in seen.values()} == {2}


def test_the_deep_look_ahead_is_legal_deterministic_and_blind() -> None:
    """At budget 192 (the default, the deep look-ahead): legal, the same twice, from the
    player's view and from a game whose hidden places were dealt anew; and its rollouts,
    which plan the planner's own turns, score differently from greedy's.  At 768 (wider
    candidates) legal and the same from the view."""
    from adjudicator.bots.planner import evaluate, lookahead, turns

    checked = differ = 0
    v = evaluate.Valuer()
    for before, _ in playout(2, "planner-deep", ["greedy", "greedy"]):
        if not isinstance(before.pending, TakeTurn) or before.decision < 20 or checked == 2:
            continue
        colour = before.pending.player
        full = absent_orders(before, colour, "planner", "d", 192)
        assert check(before, full) == []
        assert absent_orders(before, colour, "planner", "d", 192) == full
        assert absent_orders(view_of(before, colour), colour, "planner", "d", 192) == full
        redealt = determinize(before, colour, Stream("redeal", str(before.decision)))
        assert absent_orders(redealt, colour, "planner", "d", 192) == full
        for plan in turns.plans(before, colour, v)[:3]:
            deep = lookahead.rollout(before, colour, plan.steps, v, 2, planned=True)
            shallow = lookahead.rollout(before, colour, plan.steps, v, 2, planned=False)
            differ += abs(deep - shallow) > 1e-9
        if checked == 0:  # four times the default: the wide candidates, as blind
            wide = absent_orders(before, colour, "planner", "d", 768)
            assert check(before, wide) == []
            assert absent_orders(view_of(before, colour), colour, "planner", "d", 768) == wide
        checked += 1
    assert checked == 2 and differ > 0
