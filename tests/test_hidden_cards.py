"""Verdicts that name only what the player saw (issue 13 defect 10; issue 14 items 1
and 6; issue 17, checking against one's own view), on the scenarios of
``fixtures/scenarios/seaport`` and ``trajan``."""

from __future__ import annotations

from adjudicator.errors import Problem
from adjudicator.game import engine
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.views.redact import view_of
from adjudicator.views.standin import check_orders
from tests.scenario import ROOT, load, order, run


def _last(name: str) -> tuple[GameState, OrderFile]:
    """The state before a scenario's last order, and that order."""
    spec = load(ROOT / f"{name}.json")
    before, _, _ = run(spec)
    last = spec["orders"][-1]
    return before, order(before, last["player"], last["answer"], last)


def _both(state: GameState, orders: OrderFile) -> list[Problem]:
    """The game master's verdict, asserted equal to the one on the player's view."""
    verdict = engine.check(state, orders)
    assert check_orders(view_of(state, orders.player), orders) == verdict
    return verdict


def test_card_not_in_hand_names_the_missing_card_only() -> None:
    [p] = _both(*_last("seaport/seaport-discard-not-in-hand"))
    assert (p.code, p.message) == ("seaport.card_not_in_hand", "Your hand holds no fish.")
    [p] = _both(*_last("seaport/seaport-display-not-in-hand"))
    assert (p.code, p.message) == ("seaport.card_not_in_hand", "Your hand holds 1 wine, not 2.")


def test_a_step_after_a_draw_gets_one_verdict_whatever_was_drawn() -> None:
    drawn = _both(*_last("seaport/seaport-discard-unseen-drawn"))
    not_drawn = _both(*_last("seaport/seaport-discard-unseen-not-drawn"))
    assert [p.code for p in drawn] == [p.code for p in not_drawn] == ["turn.unseen_cards"]
    assert drawn[0].message.replace("gems", "fish") == not_drawn[0].message
    assert "oils" not in drawn[0].message  # the other card drawn


def test_checking_against_ones_view_accepts_steps_after_a_draw() -> None:
    """Issue 17: sow, a Trajan tile that draws 2 cards, then another action: legal."""
    for name in ("trajan/special-draw-cards-then-other-action", "seaport/seaport-display-then-ship-held",
                 "seaport/seaport-take-visible-then-ship"):
        assert _both(*_last(name)) == [], name


def test_a_paused_turn_with_a_discard_due_cannot_end_empty() -> None:
    [p] = _both(*_last("seaport/seaport-draw-discard-paused-empty"))
    assert (p.code, p.path) == ("turn.discard_due", "$.answer.steps")
    assert "discard" in p.message
