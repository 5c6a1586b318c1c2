"""The game as one player may see it, and what that player may do with it.

A :class:`View` holds the view file (:class:`~adjudicator.views.view.GameView`): the
player's own hand, everything public, and counts for everything hidden.  It offers the
read-only operations a player has (``trajan show``, ``options`` and ``check`` on their
view) and, for bots, the legal answers and a :class:`TurnPlan` to build a turn step by
step.  Everything it computes it computes on the stand-in of the view
(:mod:`adjudicator.views.standin`): a game the player cannot tell from the real one.
Nothing it returns depends on what the player may not see.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import permutations
from typing import TYPE_CHECKING

from adjudicator.api.errors import MalformedError, translated
from adjudicator.api.game import PendingDecision, pending_of
from adjudicator.errors import Problem, problem
from adjudicator.model.orders import Answer, OrderFile, Step
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import Commodity, MarkerColour, PlayerColour
from adjudicator.views.view import GameView

if TYPE_CHECKING:
    from adjudicator.game.options import OptionsFile
    from adjudicator.model.state import TurnProgress
    from adjudicator.rules.ops import Changes

__all__ = ["TurnPlan", "View"]

MAX_STEPS = 24  # steps in one order at most (a turn has far fewer)


class View:
    """One player's view of a game (or the public view, whose ``player`` is ``None``).

    >>> from adjudicator import Game
    >>> view = Game.new(["red", "green"], "doctest-game", test=True).view("red")
    >>> view.player, len(view.hand), view.pending.kind
    ('red', 0, 'setup_markers')
    """

    __slots__ = ("_data", "_standin")

    def __init__(self, data: GameView) -> None:
        """Wrap a view struct (most callers use :meth:`Game.view`, :meth:`load` or
        :meth:`loads`). It does not check the view: :meth:`loads` does."""
        self._data = data
        self._standin: GameState | None = None

    @classmethod
    def loads(cls, data: bytes | str, name: str = "<view>") -> View:
        """A view from the bytes of a view file, checked as ``trajan check`` checks one.

        :raises MalformedError: not a view file (``input.*``, ``schema.*``).
        :raises InconsistentGameError: counts that do not fit the box (``view.*``).
        """
        from adjudicator.files import io

        with translated():
            view = cls(io.load_view(data.encode("utf-8") if isinstance(data, str) else data, name))
            view._stand_in()  # every count must fit the box
        return view

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> View:
        """A view from its file on the disk (see :meth:`loads`).

        :raises MalformedError: the file is missing, unreadable or not a view file.
        :raises InconsistentGameError: counts that do not fit the box.
        """
        from adjudicator.files import io

        with translated():
            return cls.loads(io.read_bytes(os.fspath(path)), os.fspath(path))

    def dumps(self) -> bytes:
        """The canonical view file, as ``trajan view`` writes it. It never fails."""
        from adjudicator.files import io

        return io.canonical(self._data)

    # --- What the player sees -------------------------------------------------------------

    @property
    def data(self) -> GameView:
        """The view file as a frozen struct (:class:`~adjudicator.views.view.GameView`)."""
        return self._data

    @property
    def player(self) -> PlayerColour | None:
        """Whose view this is; ``None`` for the public view."""
        return self._data.viewer

    @property
    def game_id(self) -> str:
        """The game id."""
        return self._data.game_id

    @property
    def seats(self) -> tuple[PlayerColour, ...]:
        """The players' colours in seat order."""
        return self._data.seats

    @property
    def pending(self) -> PendingDecision:
        """The decision the game waits for, and who may answer it."""
        return pending_of(self._data)

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return isinstance(self._data.pending, GameOver)

    @property
    def to_decide(self) -> bool:
        """Whether this view's player may answer the pending decision now."""
        return self.player is not None and self.player in self.pending.players

    @property
    def hand(self) -> tuple[Commodity, ...]:
        """The player's own cards (empty for the public view)."""
        own = next((p for p in self._data.players if p.colour == self.player), None)
        return own.hand or () if own is not None else ()

    def vp(self, player: str) -> int:
        """A player's victory points (public).

        :raises MalformedError: ``player`` has no seat (``args.not_seated``)."""
        for p in self._data.players:
            if p.colour == player:
                return p.vp
        raise MalformedError([problem("args.not_seated", "player", f"{player!r} has no seat in this game.")])

    def show(self) -> str:
        """The view as text, as ``trajan show`` prints it (the player's own hand included).
        It never fails."""
        from adjudicator.rendering.show import render_show

        return render_show(self._data)

    # --- What the player may do -----------------------------------------------------------

    def options(self) -> OptionsFile:
        """The player's own pending decision's options, as ``trajan options --json VIEW``.

        :raises MalformedError: the public view (``view.no_viewer``).
        """
        from adjudicator.views.standin import options_any

        with translated():
            return options_any(self._data, self.player)

    def options_text(self) -> str:
        """The options as ``trajan options VIEW`` prints them: each answer or step in the
        text notation, ready to paste into an order.

        :raises MalformedError: the public view (``view.no_viewer``).
        """
        from adjudicator.rendering.options_text import render_options

        return render_options(self.options())

    def check(self, order: OrderFile) -> list[Problem]:
        """Every problem with the player's own ``order``; empty when it would be accepted.
        This is the game master's verdict, word for word.

        :raises MalformedError: the order is another player's (``view.other_player``), or
            this is the public view (``view.no_viewer``).
        """
        from adjudicator.views.standin import check_orders

        with translated():
            return check_orders(self._data, order)

    def order(self, answer: Answer, *, stand_in: str | None = None,
              written_by: str | None = None) -> OrderFile:
        """The order file that gives ``answer`` to the pending decision as this player.

        :param stand_in: who answered for an absent player (e.g. ``"greedy bot"``).
        :param written_by: a free note of who typed the orders.
        :raises MalformedError: the public view (``view.no_viewer``).
        """
        return OrderFile(game_id=self.game_id, decision=self._data.decision, player=self._viewer(),
                         stand_in=stand_in, written_by=written_by, answer=answer)

    def legal_answers(self) -> Iterator[Answer]:
        """Every legal answer to the player's pending decision other than a turn, lazily,
        in a fixed order: the marker placements (202,410 of them), the starting cards, the
        starting Trajan tiles, the ways of meeting the demands, the consul's bonus tile.
        A turn is built step by step with :meth:`turn`.

        :raises ValueError: the pending decision is a turn, or not this player's.
        :raises MalformedError: the public view (``view.no_viewer``).
        """
        from adjudicator.bots import common
        from adjudicator.model.orders import MarkerPlacement, PlaceMarkers
        from adjudicator.model.state import ChooseBonus, MeetDemands, SetupCards, SetupMarkers, SetupTrajan

        colour, state = self._deciding(), self._stand_in()
        pending = state.pending
        if isinstance(pending, SetupMarkers):
            return (PlaceMarkers(trays=MarkerPlacement(**trays)) for trays in _marker_placements())
        if isinstance(pending, SetupCards):
            return iter([a for a in common.card_candidates(state) if common.card_legal(state, colour)(a)])
        if isinstance(pending, SetupTrajan):
            return iter([a for a in common.trajan_candidates() if common.trajan_legal(state, colour)(a)])
        if isinstance(pending, MeetDemands):
            return iter(common.demand_answers(state, colour))
        if isinstance(pending, ChooseBonus):
            return iter(common.bonus_answers(state, colour))
        raise ValueError(f"The pending decision is a {self.pending.kind}: build it with View.turn().")

    def turn(self) -> TurnPlan:
        """A plan of the player's turn (or of the rest of a paused turn), to be built step by
        step from its legal steps.

        :raises ValueError: the pending decision is not this player's turn.
        :raises MalformedError: the public view (``view.no_viewer``).
        """
        colour = self._deciding()
        if self.pending.kind not in ("turn", "turn_continue"):
            raise ValueError(f"The pending decision is {self.pending.kind}, not a turn: "
                             "see View.legal_answers().")
        return TurnPlan(self._stand_in(), colour)

    # --- The stand-in ---------------------------------------------------------------------

    def _viewer(self) -> PlayerColour:
        if self.player is None:
            raise MalformedError([problem("view.no_viewer", "$.viewer", "This is the public view: it holds "
                                          "nobody's hand, so it decides nothing.")])
        return self.player

    def _deciding(self) -> PlayerColour:
        colour = self._viewer()
        if colour not in self.pending.players:
            raise ValueError(f"It is not {colour}'s decision; waiting for {', '.join(self.pending.players)}.")
        return colour

    def _stand_in(self) -> GameState:
        """The stand-in of the view (made once): hidden places filled from the unseen box."""
        if self._standin is None:
            from adjudicator.views.standin import as_state

            with translated():
                self._standin = as_state(self._data)
        return self._standin

    def __repr__(self) -> str:
        return f"<View {self.game_id} of {self.player or 'the public'}: decision {self._data.decision}>"


def _marker_placements() -> Iterator[dict[str, tuple[MarkerColour, MarkerColour]]]:
    """Every placement of the 12 markers (2 of each colour), 2 in every tray, each tray's
    pair in colour order: the trays in circle order, each pair chosen from what is left."""
    from adjudicator.model.vocab import ACTIONS, MARKER_COLOURS

    n = len(MARKER_COLOURS)
    pairs = [(i, j) for i in range(n) for j in range(i, n)]

    def fill(k: int, left: tuple[int, ...]) -> Iterator[list[tuple[int, int]]]:
        if k == len(ACTIONS):
            yield []
            return
        for i, j in pairs:
            rest = list(left)
            rest[i] -= 1
            rest[j] -= 1
            if min(rest) >= 0:
                for tail in fill(k + 1, tuple(rest)):
                    yield [(i, j), *tail]

    colours = MARKER_COLOURS
    for placement in fill(0, (2,) * n):
        yield {a: (colours[i], colours[j]) for a, (i, j) in zip(ACTIONS, placement, strict=True)}


class TurnPlan:
    """A turn being planned, step by step, on the stand-in of the player's view.

    The first step empties a tray (``sow``); the steps after it are those the rules allow
    at that point. The plan stops after a step that shows the player cards they could not
    see before (a draw, a refilled discard pile): the order must end there, and the turn
    pauses until the player has seen them (``turn_continue``). :meth:`answer` is the
    turn's answer for :meth:`View.order`.
    """

    __slots__ = ("_changes", "_colour", "_progress", "_state", "_steps", "_stopped")

    def __init__(self, state: GameState, colour: PlayerColour) -> None:
        """Plan ``colour``'s pending turn on ``state`` (use :meth:`View.turn`)."""
        from adjudicator.model.state import ContinueTurn
        from adjudicator.rules.ops import Changes

        self._state, self._colour = state, colour
        self._changes: Changes = Changes(state)
        self._progress: TurnProgress | None = state.turn if isinstance(state.pending, ContinueTurn) else None
        self._steps: list[Step] = []
        self._stopped = False

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps planned so far."""
        return tuple(self._steps)

    @property
    def stopped(self) -> bool:
        """Whether the last step showed the player new cards: no further step may follow."""
        return self._stopped

    @property
    def may_end(self) -> bool:
        """Whether the order may end here (after the sowing, and not while a discard is due)."""
        return self._progress is not None and not self._progress.discard_due

    @property
    def vp(self) -> int:
        """The player's victory points after the steps so far."""
        return next(p.vp for p in self._changes.state.players if p.colour == self._colour)

    def legal_steps(self) -> list[Step]:
        """The steps that may come next; empty when none may (:attr:`stopped`, or nothing
        is left to do). Before the sowing: one ``sow`` per tray that holds markers, in the
        order of markers ``trajan options`` shows (completing the Trajan tile beside the
        target where an order can); :meth:`sowings` lists every order. It never fails."""
        from adjudicator.rules.legal import legal_steps

        if self._stopped or len(self._steps) >= MAX_STEPS:
            return []
        if self._progress is None:
            from adjudicator.game.options import options

            found = options(self._changes.state, self._colour).options[0]
            return [t.sow for t in getattr(found, "trays", ())]
        return legal_steps(self._changes.state, self._progress)

    def sowings(self, tray: str) -> list[Step]:
        """Every ``sow`` of ``tray``'s markers: each distinct order in which they may be sown
        (the first step of a turn only).

        :raises ValueError: the turn has begun, or ``tray`` is not a tray holding markers.
        """
        from adjudicator.model.orders import Sow
        from adjudicator.model.vocab import ACTIONS
        from adjudicator.rules.ops import player
        from adjudicator.rules.ops import tray as held_in

        held = held_in(player(self._state, self._colour), tray) if tray in ACTIONS else ()
        if self._progress is not None or not held:
            raise ValueError(f"No sowing of {tray!r} may be planned now.")
        return [Sow(tray=tray, markers=order) for order in sorted(set(permutations(held)))]  # type: ignore[arg-type]

    def play(self, step: Step) -> None:
        """Add ``step`` to the plan.

        :raises IllegalOrderError: the step is not legal here (its problems say why), or the
            plan has :attr:`stopped`.
        """
        from adjudicator.api.errors import IllegalOrderError
        from adjudicator.rules.turn import apply_step, check_step

        path = f"$.answer.steps[{len(self._steps)}]"
        if self._stopped:
            raise IllegalOrderError([problem("turn.unseen_cards", path, "The last step showed you new cards: "
                                             "end the order here and go on when you have seen them.")])
        problems = check_step(self._changes.state, self._colour, self._progress, step, path)
        if problems:
            raise IllegalOrderError(problems)
        self._changes.revealed = False
        self._progress = apply_step(self._changes, self._colour, self._progress, step)
        self._steps.append(step)
        self._stopped = self._changes.revealed

    def after(self, step: Step) -> TurnPlan:
        """A copy of this plan with ``step`` added (this plan is unchanged): to look one step
        ahead.

        :raises IllegalOrderError: as :meth:`play`.
        """
        from adjudicator.rules.ops import Changes

        copy = TurnPlan.__new__(TurnPlan)
        copy._state, copy._colour, copy._progress = self._state, self._colour, self._progress
        copy._changes = Changes(self._changes.state)
        copy._steps, copy._stopped = list(self._steps), self._stopped
        copy.play(step)
        return copy

    def answer(self) -> Answer:
        """The turn's answer: the steps planned so far. It never fails (an empty or
        unfinished plan is refused when the order is checked)."""
        from adjudicator.model.orders import PlayTurn

        return PlayTurn(steps=tuple(self._steps))

