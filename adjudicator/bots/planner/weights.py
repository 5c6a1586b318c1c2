"""The planner's tunable numbers, in one place (tuned with ``trajan arena``: see
``docs/incoming/bots.md`` for the seeds and runs)."""

from __future__ import annotations

import msgspec


class Weights(msgspec.Struct, frozen=True):
    # Turns a player gets per round, on average (markers moved per turn: about 2).
    turns_per_round: float = 2.6
    # Cards: a card left in hand scores 1 VP at the end; the best shipment the hand makes
    # counts this share of its VP (it still needs a seaport action); a card not yet seen
    # (drawn by a step being scored) is worth this much.
    card: float = 1.0
    ship_share: float = 0.75
    unseen_card: float = 1.5
    # Demands: a missing tile fixed in time costs about an action; tiles held beyond this
    # quarter's demands are worth this much each for the later quarters.
    demand_fix: float = 3.0
    turns_per_fix: float = 1.5
    demand_future: float = 2.0
    trajan_demand_quarter: float = 2.0
    # Trajan tiles on the mat: the share of their worth counted by the markers missing
    # from the tray beside them (0, 1, 2 missing).
    ready: tuple[float, float, float] = (0.8, 0.55, 0.35)
    plus2_effect: float = 2.5
    # Tokens in a camp score 1 VP at the end; the next build or deployment is worth this
    # share of the best tile or province in reach.
    build_share: float = 0.35
    deploy_share: float = 0.35
    # An extra action tile: about an action, while there are turns to use it.
    extra_tile: float = 3.0
    plus2_marker: float = 0.8
    # The senate: the consul's and the vice consul's bonus tiles, by a soft vote margin.
    vote_scale: float = 2.0
    bonus_growth: float = 1.0
    # The score of a position: own value less the best other's (and this share of the
    # mean of the others at a larger table).
    others_mean: float = 0.0
    # Final VP against estimated value when a look-ahead ends the game.
    final_weight: float = 1.0
    win_bonus: float = 8.0


DEFAULT = Weights()
