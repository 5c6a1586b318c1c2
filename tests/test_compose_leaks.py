"""The leak test of the order composer page (issue 29): it holds nothing its player may
not see.

For ``TRAJAN_COMPOSE_LEAK_GAMES`` seeded bot games (default 6, 2 to 4 players), at every
decision but the turns, and every ``TRAJAN_COMPOSE_LEAK_EVERY``-th turn (default 3), the
page of every player who decides is made from the full game file, as ``trajan compose
GAME --player P`` makes it, and checked two ways, neither using the code that builds it:

* everything the player cannot see is changed (the other hands dealt afresh, every
  face-down pile and the Trajan stacks below their tops shuffled, another seed before the
  end): the page must be byte for byte the same;
* every hidden value of the game file (the other players' hands, every face-down pile,
  each Trajan stack below its top, the seed before the end) is replaced by a marker of
  its own, ``HIDDEN-...``, that no component is named: no marker may appear in the page's
  bytes, nor in its payload (base64 and gzip, unpacked here).
"""

from __future__ import annotations

import base64
import gzip
import os
import random
import re

import msgspec
import pytest
from msgspec.structs import replace

pytest.importorskip("drawsvg", reason="the drawing extra (drawsvg) is not installed: pip install '.[drawing]'")

from adjudicator.compose.page import page_for  # noqa: E402
from adjudicator.game.engine import deciders  # noqa: E402
from adjudicator.model.state import GameOver, GameState, Piles, TrajanStacks  # noqa: E402
from adjudicator.model.vocab import TRAJAN_CATEGORIES, PlayerColour  # noqa: E402
from tests.playout import playout  # noqa: E402
from tests.test_leaks import scramble  # noqa: E402

GAMES = int(os.environ.get("TRAJAN_COMPOSE_LEAK_GAMES", "6"))
EVERY = int(os.environ.get("TRAJAN_COMPOSE_LEAK_EVERY", "3"))
CHUNKS = 3
_PAYLOAD = re.compile(rb'<script id="[a-z-]+" type="application/json">\s*([A-Za-z0-9+/=]+)\s*</script>')


def page_bytes(html: str) -> bytes:
    """The page and every payload in it, unpacked (base64, then gzip)."""
    raw = html.encode("utf-8")
    unpacked = [gzip.decompress(base64.b64decode(m.group(1))) for m in _PAYLOAD.finditer(raw)]
    assert unpacked, "the page carries no payload"
    return raw + b"\n".join(unpacked)


def marked(state: GameState, viewer: PlayerColour) -> GameState:
    """``state`` with every value ``viewer`` may not see replaced by its own marker."""
    def marks(name: str, items: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(f"HIDDEN-{name}-{i}" for i in range(len(items)))

    players = tuple(p if p.colour == viewer else replace(p, hand=marks(f"hand-{p.colour}", p.hand))
                    for p in state.players)
    piles = Piles(**{f: marks(f"pile-{f}", getattr(state.piles, f)) for f in Piles.__struct_fields__})
    s = state.board.trajan_stacks
    stacks = TrajanStacks(**{c: getattr(s, c)[:1] + marks(f"stack-{c}", getattr(s, c)[1:])
                             for c in TRAJAN_CATEGORIES})
    seed = state.seed if isinstance(state.pending, GameOver) else "HIDDEN-seed"
    return replace(state, players=players, piles=piles, seed=seed,
                   board=replace(state.board, trajan_stacks=stacks))


def hidden_values(state: GameState, viewer: PlayerColour) -> list[str]:
    """What the game file holds that ``viewer`` may not see, read from the file's own fields."""
    doc = msgspec.to_builtins(state)
    out = [v for p in doc["players"] if p["colour"] != viewer for v in p["hand"]]
    out += [v for pile in doc["piles"].values() for v in pile]
    out += [v for stack in doc["board"]["trajan_stacks"].values() for v in stack[1:]]
    return out + ([] if isinstance(state.pending, GameOver) else [doc["seed"]])


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_composer_page_holds_nothing_hidden(chunk: int) -> None:
    rng = random.Random(f"compose-leaks-{chunk}")
    checked = 0
    for n in range(chunk, GAMES, CHUNKS):
        turns = 0
        for state, _ in playout(2 + n % 3, f"compose-leaks-{n}"):
            kind = type(state.pending).__struct_config__.tag
            turns += kind == "turn"
            if kind == "turn" and turns % EVERY:
                continue
            for colour in deciders(state.pending):
                page = page_for(state, colour)
                assert page_for(scramble(state, colour, rng), colour) == page, "a hidden value shows"
                hidden = hidden_values(marked(state, colour), colour)
                assert len(hidden) == len(hidden_values(state, colour))
                assert all(v.startswith("HIDDEN-") for v in hidden)  # every hidden value is marked
                shown = page_bytes(page_for(marked(state, colour), colour))
                assert b"HIDDEN-" not in shown, shown[shown.index(b"HIDDEN-") - 200:][:400]
                if not isinstance(state.pending, GameOver):
                    assert state.seed.encode() not in page_bytes(page)
                checked += 1
    assert checked > 0
