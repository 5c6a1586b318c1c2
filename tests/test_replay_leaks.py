"""The leak test of the replay page (issue 19): nothing hidden reaches it.

For ``TRAJAN_REPLAY_LEAK_GAMES`` seeded bot games (default 50, 2 to 4 players), the
public replay page is rebuilt from the same log with everything hidden changed: every
hand dealt afresh, every face-down pile and the Trajan stacks below their tops
shuffled, another seed before the end, and the players' private reports replaced.  The
page must be byte for byte the same.  The same holds for one player's replay with
everything hidden *from that player* changed (and the other players' reports).  Also
checked directly: no hand is drawn on a public board, and the seed appears on no board
before the game is over.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from adjudicator.drawing.log_steps import LogStep  # noqa: E402
from adjudicator.drawing.replay import replay_html, unpack  # noqa: E402
from adjudicator.model.state import GameOver  # noqa: E402
from adjudicator.model.vocab import PlayerColour  # noqa: E402
from tests.drawing_support import playout_steps  # noqa: E402
from tests.sizes import size
from tests.test_leaks import scramble  # noqa: E402

GAMES = size("TRAJAN_REPLAY_LEAK_GAMES")
CHUNKS = min(10, GAMES)  # never a chunk without a game


def scrambled(steps: list[LogStep], viewer: PlayerColour | None, rng: random.Random) -> list[LogStep]:
    """The log with everything ``viewer`` cannot see changed (other players' reports too)."""
    return [LogStep(s.number, scramble(s.game, viewer, rng), s.report,
                    {c: (text if c == viewer else f"SECRET {rng.random()}") for c, text in s.private.items()})
            for s in steps]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_replay_shows_nothing_hidden(chunk: int) -> None:
    rng = random.Random(f"replay-leaks-{chunk}")
    for n in range(chunk, GAMES, CHUNKS):
        steps = list(playout_steps(2 + n % 3, f"replay-leaks-{n}"))
        page = replay_html(steps)
        assert replay_html(scrambled(steps, None, rng)) == page
        data = unpack(page)
        assert not any("hand-card" in part for part in data["parts"])
        seed = steps[-1].game.seed
        assert isinstance(steps[-1].game.pending, GameOver)
        for frame in data["frames"][:-1]:
            assert not any(seed in data["parts"][i] for i in frame["parts"])
        assert any(seed in data["parts"][i] for i in data["frames"][-1]["parts"])  # shown at the end
        player = steps[0].game.seats[n % len(steps[0].game.seats)]
        own = replay_html(steps, player)
        assert replay_html(scrambled(steps, player, rng), player) == own
        assert "SECRET" not in str(unpack(own))
