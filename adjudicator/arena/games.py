"""One arena game: bots seated at a table of a setup, played through ``trajan bot``'s path.

Every decision goes through :func:`adjudicator.logs.absent.absent_orders` (each bot but
``random`` is handed the stand-in of its player's view, so it sees only what its player
sees) and :func:`adjudicator.game.engine.adjudicate` (an illegal order raises), as
``trajan selfplay`` plays.  What a seat did is read from the events: the people's demands
it left unmet, the extra action tiles it took and spent, and the CPU time of each of its
decisions.  Pure but for the CPU clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from adjudicator.bots import Bot
from adjudicator.game.engine import adjudicate, deciders
from adjudicator.game.newgame import new_game
from adjudicator.logs.absent import absent_orders
from adjudicator.model.events import (
    AnyEvent,
    DemandMet,
    ExtraActionUsed,
    ExtraTileTaken,
    ForumTileTaken,
    ProvinceTileSeized,
)
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import ContinueTurn, GameOver, GameState, TakeTurn
from adjudicator.model.vocab import PLAYER_COLOURS, PlayerColour

if TYPE_CHECKING:
    from adjudicator.api.bots import Bot as ApiBot

MAX_DECISIONS = 5000


class BotSpec(msgspec.Struct, frozen=True):
    """A bot as the arena names it: ``NAME`` or ``NAME:BUDGET`` (e.g. ``search:64``), or a
    bot author's class as ``package.module:Class`` (``name`` holds the path).

    ``weights`` (for tuning, from Python only): the planner with these of its
    :class:`~adjudicator.bots.planner.weights.Weights` changed, handed the stand-in of
    its player's view as ``trajan bot`` hands it."""

    label: str
    name: str
    budget: int | None = None
    weights: dict[str, Any] | None = None
    model: str | None = None  # a model.json of feature weights for the planner (tuning)


class GameTask(msgspec.Struct, frozen=True):
    """Setup ``setup`` of the match, seated in rotation ``rotation``: ``table[i]`` is the
    bot (an index into the match's bots) in seat ``i`` (red, green, blue, brown)."""

    seed: str
    setup: int
    rotation: int
    table: tuple[int, ...]


class SeatResult(msgspec.Struct, frozen=True):
    """What one seat of a finished game scored and did (read from the game's events)."""

    bot: int  # index into the match's bots
    colour: PlayerColour
    position: int  # 1: the start player, 2: the next clockwise, ...
    vp: int
    place: int  # 1: the winner (ties broken by the rules)
    margin: int  # VP less the best other player's
    unmet: int  # people's demands left unmet over the game
    extra_taken: int  # extra action tiles (and extra-action forum tiles, wild cards) taken
    extra_spent: int
    turns: int  # turn decisions (a paused turn's remainder counts again)
    cpu: tuple[float, ...]  # CPU seconds of each of its decisions


class GameResult(msgspec.Struct, frozen=True):
    """A finished arena game: its task, the game id, its decisions and every seat's result."""

    task: GameTask
    game_id: str
    decisions: int
    seats: tuple[SeatResult, ...]


def play(task: GameTask, bots: Sequence[BotSpec]) -> GameResult:
    """The game of ``task`` played out by ``bots``."""
    players = len(task.table)
    colours = PLAYER_COLOURS[:players]
    seat_of: dict[PlayerColour, BotSpec] = {c: bots[task.table[i]] for i, c in enumerate(colours)}
    state = new_game(colours, task.seed)
    tally = {c: _Tally() for c in colours}
    bot_seed = f"{task.seed}/rotation-{task.rotation}"
    decisions = 0
    while not isinstance(state.pending, GameOver):
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"the game of {task.seed} did not finish")
        colour = deciders(state.pending)[0]
        spec = seat_of[colour]
        turn = isinstance(state.pending, (TakeTurn, ContinueTurn))
        began = time.process_time()
        orders = _orders(state, colour, spec, bot_seed)
        tally[colour].cpu.append(time.process_time() - began)
        tally[colour].turns += turn
        outcome = adjudicate(state, orders)
        _count(tally, outcome.events)
        state = outcome.state
        decisions += 1
    return GameResult(task=task, game_id=state.game_id, decisions=decisions,
                      seats=_seats(state, task, tally))


def _orders(state: GameState, colour: PlayerColour, spec: BotSpec, seed: str) -> OrderFile:
    """The bot's order: a built-in bot's from the stand-in of its player's view (as ``trajan
    bot`` gives it), a bot author's from the player's view itself (the public API)."""
    if spec.weights is None and spec.model is None and ":" not in spec.name:
        return absent_orders(state, colour, spec.name, seed, spec.budget)
    from adjudicator.views.redact import view_of

    seen = view_of(state, colour)
    if ":" in spec.name:
        from adjudicator.api.view import View

        own, view = load_class(spec.name)(), View(seen)
        return view.order(own.answer(view), stand_in=f"{own.name} bot")
    from adjudicator.rng import Stream
    from adjudicator.views.standin import as_state

    bot = _tuned(spec)
    stand_in = as_state(seen)
    answer = bot.answer(stand_in, colour, Stream(seed, f"bot-{stand_in.decision}-{colour}"))
    return OrderFile(game_id=seen.game_id, decision=seen.decision, player=colour,
                     stand_in=f"{bot.name} bot", answer=answer)


def _tuned(spec: BotSpec) -> Bot:
    """The planner with a spec's weights or feature model (tuning)."""
    from adjudicator.bots.planner import DEFAULT_BUDGET, PlannerBot
    from adjudicator.bots.planner.evaluate import Model
    from adjudicator.bots.planner.weights import Weights

    weights = msgspec.convert({**msgspec.to_builtins(Weights()), **(spec.weights or {})}, Weights)
    model = msgspec.json.decode(Path(spec.model).read_bytes(), type=Model) if spec.model else None
    budget = spec.budget if spec.budget is not None else DEFAULT_BUDGET
    return PlannerBot(budget, weights=weights, model=model)


def load_class(path: str) -> Callable[[], ApiBot]:
    """A bot class named ``package.module:Class``: a bot author's own, made with no
    arguments, implementing :class:`adjudicator.api.bots.Bot` (handed its player's view)."""
    import importlib

    module, _, name = path.partition(":")
    found: Callable[[], ApiBot] = getattr(importlib.import_module(module), name)
    return found


class _Tally:
    def __init__(self) -> None:
        self.unmet = self.taken = self.spent = self.turns = 0
        self.cpu: list[float] = []


def _count(tally: dict[PlayerColour, _Tally], events: Sequence[AnyEvent]) -> None:
    for e in events:
        if isinstance(e, DemandMet) and e.means == "unmet":
            tally[e.player].unmet += 1
        elif isinstance(e, ExtraTileTaken):
            tally[e.player].taken += 1
        elif isinstance(e, (ForumTileTaken, ProvinceTileSeized)) and _extra_kind(e.tile):
            tally[e.player].taken += 1
        elif isinstance(e, ExtraActionUsed):
            tally[e.player].spent += 1


def _extra_kind(tile: str) -> bool:
    return tile.startswith("extra-") or tile == "wild-extra"


def _seats(final: GameState, task: GameTask, tally: dict[PlayerColour, _Tally]) -> tuple[SeatResult, ...]:
    assert isinstance(final.pending, GameOver)
    ranking = final.pending.ranking
    vp = {p.colour: p.vp for p in final.players}
    start = final.seats.index(final.start_player)
    out = []
    for i, colour in enumerate(final.seats):
        t = tally[colour]
        best_other = max(v for c, v in vp.items() if c != colour)
        out.append(SeatResult(
            bot=task.table[i], colour=colour, position=(i - start) % len(final.seats) + 1,
            vp=vp[colour], place=ranking.index(colour) + 1, margin=vp[colour] - best_other,
            unmet=t.unmet, extra_taken=t.taken, extra_spent=t.spent, turns=t.turns, cpu=tuple(t.cpu)))
    return tuple(out)
