"""Shared by the drawing tests: a known game, and what its board must show."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from adjudicator.components import components
from adjudicator.drawing.log_steps import LogStep
from adjudicator.logs.selfplay import selfplay
from adjudicator.model.state import GameState
from adjudicator.rendering.report import render, render_private
from adjudicator.views.view import GameView
from tests.playout import playout

# The known game: 4 players, two greedy bots, seeded; the golden picture is of MID_GAME.
KNOWN_SEED = "drawing-known-game"
KNOWN_BOTS = ["greedy", "random", "greedy", "random"]
MID_GAME = 90


def known_log(folder: Path) -> Path:
    selfplay(4, KNOWN_SEED, KNOWN_BOTS, folder)
    return folder


def expected_counts(v: GameView) -> dict[str, int]:
    """CSS selector -> how many elements the board of view ``v`` must have."""
    c = components()
    players = v.players
    trays = [getattr(p.trays, a) for p in players for a in p.trays.__struct_fields__]
    edges = {frozenset((p.id, q)) for p in c.board.provinces for q in p.adjacent}
    edges |= {frozenset(("camp", q)) for q in c.board.military_camp.adjacent}
    slots = [getattr(p.slots, a) for p in players for a in p.slots.__struct_fields__]
    return {
        ".header .turn-progress": int(v.turn is not None),
        ".time-track .time-space": c.lap[len(v.seats)],
        ".time-track .time-space.current": 1,
        ".time-track .time-marker": 1,
        ".time-track .round": 1,
        ".mat": len(players),
        ".mat .tray": 6 * len(players),
        ".mat .tray .marker": sum(len(t) for t in trays),
        ".mat .slot": 6 * len(players),
        ".mat .slot .trajan-tile": sum(s is not None for s in slots),
        ".mat .arch": len(players),
        ".map .province": len(c.board.provinces),
        ".map .camp": 1,
        ".map .adjacency": len(edges),
        ".map .leader": len(players),
        ".map .legionnaire": sum(len(p.legionnaires) for p in players),
        ".map .province-tile": sum(p.tile is not None for p in v.board.provinces),
        ".district .site": 20,
        ".district .worker": sum(len(s.workers) for s in v.board.district),
        ".district .construction-tile": sum(s.tile is not None for s in v.board.district),
        ".senate .senate-space": len(c.board.senate_track),
        ".senate .senate-disc": len(players),
        ".senate .senate-bonus": len(v.board.senate_bonus),
        ".forum .forum-tile": sum(t is not None for t in v.board.forum),
        ".forum .extra-tile": sum(t is not None for t in v.board.forum_extra),
        ".ships .ship": 3,
        ".ships .ship[data-side='grey']": sum(getattr(v.board.ships, s) == "grey" for s in ("identical",
                                                                                           "different", "pairs")),
        ".demands .demand-tile": len(v.board.demands),
        ".trajan-stacks .trajan-stack": 6,
        ".trajan-stacks .trajan-tile": sum(getattr(v.board.trajan_stacks, s).top is not None
                                           for s in v.board.trajan_stacks.__struct_fields__),
        ".scores .score": len(players),
        ".mat .hand-card": sum(len(p.hand or ()) for p in players),
        ".mat .display-card": sum(len(p.display) for p in players),
        ".mat .owned-forum-tile": sum(len(p.forum_tiles) for p in players),
        ".mat .owned-construction-tile": sum(len(p.construction_tiles) for p in players),
        ".mat .owned-bonus-tile": sum(len(p.bonus_tiles) for p in players),
        ".mat .plus2": sum(len(p.plus2) for p in players),
    }


def playout_steps(players: int, seed: str) -> Iterator[LogStep]:
    """A bot game at engine level as the steps of its log (with the reports a log holds)."""
    first = True
    for before, outcome in playout(players, seed):
        if first:
            yield LogStep(0, before)
            first = False
        after: GameState = outcome.state
        private = {c: render_private(outcome.events, before, after, c) for c in before.seats}
        yield LogStep(before.decision, after, render(outcome.events, before, after), private)
