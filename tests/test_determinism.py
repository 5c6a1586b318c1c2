"""A seed gives the same game on any Python version and platform: known answers of
the project's generator and of whole setups (their hashes), fixed once and for all."""

from __future__ import annotations

import pytest

from adjudicator.game.newgame import new_game
from adjudicator.rng import Stream, shuffled


def test_the_generator_gives_known_answers() -> None:
    stream = Stream("7", "test")
    assert [stream.below(1000) for _ in range(6)] == KNOWN_BELOW
    assert list(shuffled("7", "t", list(range(10)))) == KNOWN_SHUFFLE


@pytest.mark.parametrize(("players", "seed", "digest"), [
    (4, "7", "1055aab996a727d973b4a92f01e592797ec8410144896088182333b4b7b39242"),
    (2, "x", "7a610f0ee9996ed6555b8df884743bf08505f51b4a68cca22110cdb59521ec26"),
    (3, "42", "f9ea90ddfad2b68dcc2e5ce0a9a008c90539ebdd7aa9e972da0764586440aad3"),
])
def test_a_seed_always_gives_the_same_setup(players: int, seed: str, digest: str) -> None:
    assert new_game(["red", "green", "blue", "brown"][:players], seed).chain.hash == digest


KNOWN_BELOW = [49, 167, 532, 610, 644, 717]
KNOWN_SHUFFLE = [8, 2, 4, 3, 9, 1, 7, 6, 0, 5]
