"""The planner's hand-set numbers (beside the fitted feature weights of ``model.json``),
in one place; tuned with the arena (``docs/manual/bots/arena.md`` lists the seeds and runs)."""

from __future__ import annotations

import msgspec


class Weights(msgspec.Struct, frozen=True):
    """The planner's hand-made parameters (the fitted feature weights are in model.json)."""

    # Turns a player gets per round, on average (about two markers moved per turn).
    turns_per_round: float = 2.6
    # A card not yet seen (drawn by a step being scored): its VP at the end and a share of
    # the shipments it may join.
    unseen_card: float = 1.5
    # Demands: a missing tile taken in time costs about an action; it takes this many
    # turns to bring a sowing to the forum (or the leader to a province).
    demand_fix: float = 3.0
    turns_per_fix: float = 1.5
    # The expected cost of this quarter's demands is counted this many times.  The cost is
    # an optimistic estimate: it assumes the tiles within reach stay there and that the
    # turns left can take them, while the other players take tiles too and the quarter
    # often ends sooner.  Counted once, the planner left 2.5 demands unmet a game; twice,
    # 1.4, with no loss of strength against search:64 (tune-M, tune-O; arena.md).
    demand_caution: float = 2.0
    # A Trajan demand tile meets a demand in each quarter left: worth this much a quarter.
    trajan_demand_quarter: float = 2.0
    # What a [+2] marker's special action is worth when accomplished.
    plus2_effect: float = 2.5
    # The senate: votes are compared on this soft scale (widened by the turns left).
    vote_scale: float = 2.0
    bonus_growth: float = 1.0
    # The score of a position: own value less the best other's (and this share of the
    # difference between the mean of the others and the best at a larger table).
    others_mean: float = 0.0
    # Final VP against estimated value when a look-ahead ends the game; a win's worth.
    final_weight: float = 1.0
    win_bonus: float = 8.0


DEFAULT = Weights()
