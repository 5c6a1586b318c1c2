"""One game consistent with what a player sees: the hidden places dealt anew.

A bot that searches is handed the stand-in of its player's view (``views.standin``):
the hidden places hold placeholders in box order.  :func:`determinize` shuffles the
components of each kind of hidden place among those places and deals them back in the
same numbers: the other players' hands with the face-down deck, the forum, extra action
and bonus piles, the demand tiles face down with those removed unseen, and each Trajan
stack below its top.  Everything the player sees (their hand, the board, every count)
stays as it is, so the result is one game the player cannot tell from the real one,
drawn from the stand-in and the bot's seeded stream only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from msgspec.structs import replace

from adjudicator.bots.common import shuffle
from adjudicator.model.state import GameState, TrajanStacks
from adjudicator.model.vocab import TRAJAN_CATEGORIES, PlayerColour
from adjudicator.rng import Stream

_T = TypeVar("_T")


def determinize(state: GameState, colour: PlayerColour, rng: Stream) -> GameState:
    """``state`` with everything ``colour`` cannot see dealt anew from ``rng``."""
    others = [p for p in state.players if p.colour != colour]
    piles = state.piles
    cards = _deal(rng, [*(p.hand for p in others), piles.deck])
    hands = dict(zip((p.colour for p in others), cards, strict=False))
    players = tuple(replace(p, hand=hands[p.colour]) if p.colour in hands else p for p in state.players)
    demand, removed = _deal(rng, [piles.demand, piles.demand_removed])
    new_piles = replace(piles, deck=cards[-1], demand=demand, demand_removed=removed,
                        forum=tuple(shuffle(rng, piles.forum)), extra=tuple(shuffle(rng, piles.extra)),
                        bonus_bag=tuple(shuffle(rng, piles.bonus_bag)))
    stacks = state.board.trajan_stacks
    new_stacks = TrajanStacks(**{c: _below_top(rng, getattr(stacks, c)) for c in TRAJAN_CATEGORIES})
    return replace(state, players=players, piles=new_piles,
                   board=replace(state.board, trajan_stacks=new_stacks))


def _deal(rng: Stream, places: Sequence[tuple[_T, ...]]) -> list[tuple[_T, ...]]:
    """The items of ``places`` shuffled together and dealt back in the same numbers."""
    pool = shuffle(rng, [item for place in places for item in place])
    out, at = [], 0
    for place in places:
        out.append(tuple(pool[at:at + len(place)]))
        at += len(place)
    return out


def _below_top(rng: Stream, stack: tuple[_T, ...]) -> tuple[_T, ...]:
    return stack[:1] + tuple(shuffle(rng, stack[1:]))
