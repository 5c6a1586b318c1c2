"""The planner's value of a position: each player's VP plus what their holdings will
still score by the end of the game, and a position's score for a player: their value
less the best other player's.

What holdings will score is linear in the features of :mod:`features` (cards, the best
shipment, tokens, construction sets, Trajan tiles by how close they are, the expected
cost of this quarter's demands, tiles kept for later quarters, bonus tiles, the coming
vote, extra action tiles ...), each weighted by ``a + b * left`` where ``left`` is the
share of the game still to play: a tile in hand is worth more early than late.  The
weights (``model.json`` beside this module) were fitted by least squares to the VP the
players went on to score in games of the planner against itself, seeds and games in
``docs/manual/bots/arena.md`` (``python -m tests.fit`` refits them).

Everything a value reads is public or the player's own: other players' hands count by
their number (the cards are not seen), and a step that draws cards is scored with them
counted by number too.  Pure.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import msgspec

from adjudicator.bots.planner import features
from adjudicator.bots.planner.features import FEATURES, Phase, phase
from adjudicator.bots.planner.weights import DEFAULT, Weights
from adjudicator.model.state import GameOver, GameState, Player
from adjudicator.model.vocab import PlayerColour

__all__ = ["Model", "Phase", "Valuer", "model", "phase", "score", "trays_value", "values"]


class Model(msgspec.Struct, frozen=True):
    """A feature's weight is ``a[i] + b[i] * left``."""

    features: tuple[str, ...]
    a: tuple[float, ...]
    b: tuple[float, ...]
    fitted: dict[str, str] = msgspec.field(default_factory=dict)  # how (seeds, games, R^2)


_DEMAND_COST = features.INDEX["demand_cost"]

# Hand-made weights: the planner's own before any fit.
HAND_MADE = Model(
    features=FEATURES,
    a=(1.0, 0.75, 1.0, 0.0, 0.35, 0.35, 1.0, 0.75, 0.55, 0.4, 0.25, -1.0, -1.0, 2.0, 2.0, 1.0, 1.0, 3.0, 0.8),
    b=(0.0,) * len(FEATURES),
)


@functools.cache
def model() -> Model:
    """The fitted weights (``model.json``), else the hand-made ones."""
    path = Path(__file__).with_name("model.json")
    if not path.exists():
        return HAND_MADE
    found = msgspec.json.decode(path.read_bytes(), type=Model)
    if found.features != FEATURES:
        raise ValueError(f"{path} was fitted to other features")
    return found


def score(state: GameState, colour: PlayerColour, w: Weights = DEFAULT, unseen: int = 0,
          round_ends: bool = False, m: Model | None = None) -> float:
    """``colour``'s value less the best other player's, as ``colour`` sees it: the other
    hands count by their number only, and so do the last ``unseen`` cards of its own
    (just drawn by the step being scored).  ``round_ends``: see :func:`phase`."""
    v = values(state, w, colour, unseen, round_ends, m)
    mine = v[colour]
    others = [x for c, x in v.items() if c != colour]
    best = max(others)
    return mine - best - w.others_mean * (sum(others) / len(others) - best)


def values(state: GameState, w: Weights = DEFAULT, viewer: PlayerColour | None = None, unseen: int = 0,
           round_ends: bool = False, m: Model | None = None) -> dict[PlayerColour, float]:
    """Every player's value of the position as ``viewer`` sees it (None: every hand seen)."""
    if isinstance(state.pending, GameOver):
        first = state.pending.ranking[0]
        return {p.colour: p.vp + (w.win_bonus if p.colour == first else 0.0) for p in state.players}
    m = m or model()
    ph = phase(state, w, round_ends)
    profiles = {p.colour: features.bonus_profile(state, p) for p in state.players}
    consul = features.consul(state, ph, w, profiles)
    weights = _weights(m, ph.left, w.demand_caution)
    out = {}
    for p in state.players:
        own = viewer is None or p.colour == viewer
        shown = p if not (own and unseen) else _without_last(p, unseen)
        f = features.measure(state, shown, ph, w, own, consul[p.colour], profiles[p.colour])
        value = float(p.vp) + sum(x * y for x, y in zip(weights, f, strict=True))
        if own and unseen:
            value += unseen * (weights[0] + w.unseen_card - 1.0)
        out[p.colour] = value
    return out


def _weights(m: Model, left: float, caution: float) -> list[float]:
    """Each feature's weight at this point of the game; the demands' expected cost counted
    ``caution`` times (see :class:`~adjudicator.bots.planner.weights.Weights`)."""
    out = [a + b * left for a, b in zip(m.a, m.b, strict=True)]
    out[_DEMAND_COST] *= caution
    return out


def _without_last(p: Player, n: int) -> Player:
    return msgspec.structs.replace(p, hand=p.hand[: len(p.hand) - n])


def trays_value(p: Player, ph: Phase, w: Weights = DEFAULT, m: Model | None = None) -> float:
    """The part of ``p``'s value that the markers in the trays change (the Trajan tiles)."""
    m = m or model()
    i = features.INDEX["trajan_next"]
    return sum((m.a[i + k] + m.b[i + k] * ph.left) * x
               for k, x in enumerate(features.trajan_features(p, ph, w)))


class Valuer:
    """The value the planner plays by: its hand-set numbers and its feature weights."""

    def __init__(self, w: Weights = DEFAULT, m: Model | None = None) -> None:
        self.w, self.m = w, m or model()

    def score(self, state: GameState, colour: PlayerColour, unseen: int = 0,
              round_ends: bool = False) -> float:
        """:func:`score` with these weights and this model."""
        return score(state, colour, self.w, unseen, round_ends, self.m)

    def phase(self, state: GameState, round_ends: bool = False) -> Phase:
        """:func:`~adjudicator.bots.planner.features.phase` with these weights."""
        return phase(state, self.w, round_ends)

    def trays(self, p: Player, ph: Phase) -> float:
        """:func:`trays_value` with these weights and this model."""
        return trays_value(p, ph, self.w, self.m)


def fitted_json(m: Model) -> bytes:
    """``m`` as ``model.json`` holds it."""
    return json.dumps(msgspec.to_builtins(m), indent=1).encode() + b"\n"
