"""The bots: deterministic, legal, and the greedy bot beats random ones.

The issue's figure (at least 200 four-player games, greedy winning at least 80%
against three random bots) is measured by ``python -m tests.greedy_vs_random 200``;
CI plays ``TRAJAN_BOT_GAMES`` games (default 20) and asks the same rate.
"""

from __future__ import annotations

from adjudicator.model.state import GameOver
from tests.greedy_vs_random import greedy_win_rate
from tests.playout import final_state
from tests.sizes import size

GAMES = size("TRAJAN_BOT_GAMES")


def test_bots_are_deterministic() -> None:
    a = final_state(3, "det", ["greedy", "random", "greedy"])
    b = final_state(3, "det", ["greedy", "random", "greedy"])
    assert a == b and isinstance(a.pending, GameOver)


def test_greedy_beats_three_random_bots() -> None:
    wins, games = greedy_win_rate(GAMES)
    assert wins / games >= 0.8, f"greedy won {wins} of {games}"


# --- The planner's parts -----------------------------------------------------------------

def test_the_demands_to_come_worked_by_hand() -> None:
    from adjudicator.bots.planner import forecast

    # Bread and games revealed this quarter, none before: 4 bread, 4 games and 5 religion
    # tiles unseen (the 3 removed at setup among them), one still to be revealed.
    outcomes = dict(forecast.demand_outcomes(("bread", "games"), ()))
    assert outcomes == {(2, 1, 0): 4 / 13, (1, 2, 0): 4 / 13, (1, 1, 1): 5 / 13}
    # Nothing revealed, 2 bread and 1 religion seen in earlier quarters: 3 bread, 5 games,
    # 4 religion unseen; three bread in a row: 3/12 * 2/11 * 1/10.
    outcomes = dict(forecast.demand_outcomes((), ("bread", "bread", "religion")))
    assert abs(sum(outcomes.values()) - 1) < 1e-12
    assert abs(outcomes[(3, 0, 0)] - 3 / 12 * 2 / 11 * 1 / 10) < 1e-12
    # Two games and a religion: 3 orders of draws, each 5/12 * 4/11 * 4/10.
    assert abs(outcomes[(0, 2, 1)] - 3 * (5 * 4 * 4) / (12 * 11 * 10)) < 1e-12
    # Shortfall: bread x2, religion x1 against one bread tile, a Trajan religion tile and a
    # wild card: all met; without the wild card one is short; the penalty table 4, 9, 15.
    assert forecast.shortfall((2, 0, 1), (1, 0, 0), (0, 0, 1), 1) == 0
    assert forecast.shortfall((2, 0, 1), (1, 0, 0), (0, 0, 1), 0) == 1
    assert [forecast.penalty(k) for k in range(4)] == [0, 4, 9, 15]


def test_the_planner_sows_every_tray_with_every_colour_last() -> None:
    from adjudicator.bots.planner.turns import sowings_of
    from adjudicator.model.state import TakeTurn
    from adjudicator.rules.ops import player, tray
    from tests.playout import playout

    checked = 0
    for before, _ in playout(2, "planner-sowing", ["greedy", "greedy"]):
        if not isinstance(before.pending, TakeTurn) or before.decision % 5:
            continue
        p = player(before, before.pending.player)
        sows = sowings_of(before, p.colour)
        for source in (a for a in ("seaport", "forum", "military", "senate", "trajan", "construction")
                       if tray(p, a)):
            markers = tray(p, source)
            mine = [s for s in sows if s.tray == source]
            assert all(sorted(s.markers) == sorted(markers) for s in mine)
            if len(markers) <= 6:  # the last marker lands in the target: every colour is tried
                assert sorted({s.markers[-1] for s in mine}) == sorted(set(markers))
            checked += 1
    assert checked > 20


def test_the_planners_colour_order_keeps_its_turn() -> None:
    """The markers that do not decide the turn are rearranged: the target tray gets the same
    markers, the order stays legal, and the Trajan tiles are at least as well prepared."""
    from adjudicator.bots.planner import evaluate, turns
    from adjudicator.game.engine import check
    from adjudicator.model.orders import OrderFile, PlayTurn
    from adjudicator.model.state import TakeTurn
    from adjudicator.rules.ops import player
    from tests.playout import playout

    v = evaluate.Valuer()
    changed = 0
    for before, _ in playout(2, "planner-order", ["greedy", "greedy"]):
        if not isinstance(before.pending, TakeTurn) or before.decision % 4:
            continue
        colour = before.pending.player
        for plan in turns.plans(before, colour, v)[:3]:
            done = turns.finish_sowing(before, colour, plan, v)
            sow, new = plan.steps[0], done.steps[0]
            target = plan.progress.target
            assert done.progress.target == target and done.steps[1:] == plan.steps[1:]
            assert getattr(player(done.state, colour).trays, target) == getattr(
                player(plan.state, colour).trays, target)
            ph = v.phase(plan.state, plan.progress.round_ends)
            assert v.trays(player(done.state, colour), ph) >= v.trays(player(plan.state, colour), ph) - 1e-9
            orders = OrderFile(game_id=before.game_id, decision=before.decision, player=colour,
                               answer=PlayTurn(steps=done.steps))
            assert check(before, orders) == []
            changed += new != sow
    assert changed > 0


def test_the_planner_counts_the_demands_cost_with_its_caution() -> None:
    """A position's value falls by the demands' expected cost once for each unit of
    ``demand_caution`` (and nothing else in it moves)."""
    from adjudicator.bots.planner import evaluate, features
    from adjudicator.bots.planner.weights import Weights
    from adjudicator.model.state import TakeTurn
    from tests.playout import playout

    checked = 0
    for before, _ in playout(2, "planner-caution", ["greedy", "greedy"]):
        if not isinstance(before.pending, TakeTurn) or before.decision % 3:
            continue
        once, twice, thrice = (evaluate.values(before, Weights(demand_caution=c)) for c in (1.0, 2.0, 3.0))
        ph = features.phase(before, Weights())
        consul = features.consul(before, ph, Weights())
        for p in before.players:
            cost = features.measure(before, p, ph, Weights(), True, consul[p.colour])[features.INDEX["demand_cost"]]
            weight = evaluate.model().a[features.INDEX["demand_cost"]]  # -1: VP the rules take
            assert abs((twice[p.colour] - once[p.colour]) - weight * cost) < 1e-9
            assert abs((thrice[p.colour] - twice[p.colour]) - weight * cost) < 1e-9
            checked += cost > 0
    assert checked > 5
