"""A game of Trajan as a Python value: set it up, read and write its game file, ask what
it waits for, check and apply orders, and hand each player their view.

:class:`Game` wraps the engine (:mod:`adjudicator.game.engine`): every verdict and every
new game file is exactly what ``trajan check`` and ``trajan adjudicate`` give.  A game is
immutable: :meth:`Game.apply` returns a new one.  It holds every hidden card and the
secret seed, so it belongs to the game master; a player or a bot gets a
:class:`~adjudicator.api.view.View`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from adjudicator.api.errors import MalformedError, translated
from adjudicator.errors import Problem, problem
from adjudicator.game import engine
from adjudicator.model.events import AnyEvent
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameOver, GameState, Options, kind_of
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.view import GameView

if TYPE_CHECKING:
    from adjudicator.api.view import View
    from adjudicator.game.options import OptionsFile

__all__ = ["Event", "Game", "PendingDecision", "pending_of"]

Event = AnyEvent
"""What happened in a decision: one of the event structs of :mod:`adjudicator.model.events`
(its class names the kind, e.g. ``ScoreChanged``; in JSON, its ``event`` tag:
``"score_changed"``)."""


class PendingDecision(msgspec.Struct, frozen=True):
    """The decision a game waits for.

    ``kind`` is one of ``setup_markers``, ``setup_cards``, ``setup_trajan``, ``turn``,
    ``turn_continue``, ``demands``, ``consul`` and ``game_over``; ``decision`` its number;
    ``players`` who may answer it now (none once the game is over); ``answered`` who has
    already answered a ``simultaneous`` decision (one several players answer in any
    order, keeping its number until all have)."""

    kind: str
    decision: int
    players: tuple[PlayerColour, ...]
    answered: tuple[PlayerColour, ...] = ()
    simultaneous: bool = False


def pending_of(game: GameState | GameView) -> PendingDecision:
    """The pending decision of a game file or view. It never fails."""
    pending = game.pending
    return PendingDecision(kind=kind_of(pending), decision=game.decision, players=engine.deciders(pending),
                           answered=engine.answered(pending), simultaneous=engine.simultaneous(pending))


class Game:
    """One game: its game file as a frozen value, and the decision that made it.

    >>> game = Game.new(["red", "green"], "doctest-game", test=True)
    >>> game.pending.kind, game.pending.players
    ('setup_markers', ('green', 'red'))
    """

    __slots__ = ("_before", "_events", "_state")

    def __init__(self, state: GameState, *, before: GameState | None = None,
                 events: Sequence[AnyEvent] = ()) -> None:
        """Wrap a game state (most callers use :meth:`new`, :meth:`load` or :meth:`loads`).
        ``before`` and ``events``: the game and what happened in the decision that made
        this one (for :meth:`report`). It does not check the state: :meth:`loads` does."""
        self._state = state
        self._before = before
        self._events = tuple(events)

    # --- Making and storing a game --------------------------------------------------------

    @classmethod
    def new(cls, players: Sequence[str], seed: str | None = None, *, test: bool = False,
            first: str | None = None, game_id: str | None = None,
            options: Mapping[str, bool] | None = None) -> Game:
        """A new game with its first decision (the initial markers) pending, as ``trajan new``.

        :param players: the seats in order: 2 to 4 of ``red``, ``green``, ``blue``, ``brown``.
        :param seed: the secret seed of every shuffle: at least 16 characters, or any for a
            ``test`` game; ``None`` draws 128 random bits (the game master's machine).
        :param test: mark the game as a test game (any non-empty seed).
        :param first: the start player, recorded as chosen by hand; default: drawn from the seed.
        :param game_id: the game id, recorded as chosen by hand; default: derived from the
            commitment to the seed.
        :param options: rules options by name, e.g. ``{"trajan_tiles_score_at_end": True}``.
        :raises MalformedError: bad players (``new.player_count``, ``new.unknown_colour``,
            ``new.repeated_colour``, ``new.unknown_first``), a seed too short or empty
            (``new.weak_seed``, ``new.empty_seed``), an unknown option (``new.unknown_option``).
        """
        from adjudicator.game.newgame import new_game

        if seed is None:
            import secrets

            seed = secrets.token_hex(16)
        with translated():
            state = new_game(players, seed, first=first, game_id=game_id, options=_options(options),
                             method="test" if test else "master")
        return cls(state)

    @classmethod
    def loads(cls, data: bytes | str, name: str = "<game>") -> Game:
        """A game from the bytes of its game file (format 1 or 2), checked as ``trajan``
        checks every game file: the limits on size and nesting, the schema, the invariants.

        :param name: the file's name in problems.
        :raises MalformedError: not a game file (``input.*``, ``schema.*``; a view:
            ``view.not_a_game``).
        :raises InconsistentGameError: a game file that breaks an invariant (``state.*``).
        """
        from adjudicator.files import io

        with translated():
            return cls(io.load_game(data.encode("utf-8") if isinstance(data, str) else data, name))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """A game from its game file on the disk (see :meth:`loads`).

        :raises MalformedError: the file is missing, unreadable or not a game file.
        :raises InconsistentGameError: the game file breaks an invariant.
        """
        from adjudicator.files import io

        with translated():
            return cls(io.read_game(os.fspath(path)))

    def dumps(self) -> bytes:
        """The canonical game file (2-space indent, keys in a fixed order, a final newline):
        the same game always gives the same bytes. It never fails."""
        from adjudicator.files import io

        return io.encode_state(self._state)

    def dump(self, path: str | os.PathLike[str]) -> None:
        """Write the game file to ``path``, whole or not at all (a temporary file renamed
        into place).

        :raises MalformedError: the file cannot be written (``output.*``); nothing is changed.
        """
        from adjudicator.files.write import write_atomic

        with translated():
            write_atomic(os.fspath(path), self.dumps())

    # --- What the game waits for ----------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game file as a frozen struct (:class:`~adjudicator.model.state.GameState`)."""
        return self._state

    @property
    def game_id(self) -> str:
        """The game id, e.g. ``trajan-0f297786e681``."""
        return self._state.game_id

    @property
    def seats(self) -> tuple[PlayerColour, ...]:
        """The players' colours in seat order."""
        return self._state.seats

    @property
    def pending(self) -> PendingDecision:
        """The decision the game waits for, and who may answer it."""
        return pending_of(self._state)

    @property
    def over(self) -> bool:
        """Whether the game is over (then :attr:`ranking` is known and no order is taken)."""
        return isinstance(self._state.pending, GameOver)

    @property
    def ranking(self) -> tuple[PlayerColour, ...] | None:
        """The final ranking, first place first, once the game is over; else ``None``."""
        pending = self._state.pending
        return pending.ranking if isinstance(pending, GameOver) else None

    def vp(self, player: str) -> int:
        """A player's victory points.

        :raises MalformedError: ``player`` has no seat (``args.not_seated``)."""
        return next(p.vp for p in self._state.players if p.colour == _seated(self._state, player))

    def options(self, player: str | None = None) -> OptionsFile:
        """What the pending decision allows, as ``trajan options --json`` gives it (see
        ``schemas/options.schema.json``): for each player who may decide (or only
        ``player``), the legal answers, or for a turn each tray that may be emptied with
        its sowing and the legal steps after it.

        On the game file the options show the decider's hand: hand a player only the
        options of their own view (:meth:`View.options`).

        :raises MalformedError: ``player`` has no seat (``args.not_seated``).
        """
        from adjudicator.game.options import options

        return options(self._state, None if player is None else _seated(self._state, player))

    # --- Orders ---------------------------------------------------------------------------

    def check(self, order: OrderFile) -> list[Problem]:
        """Every problem with ``order``; empty when it would be accepted. Nothing changes.

        The verdict depends only on what the order's player could see (the same from
        their view, :meth:`View.check`). It never raises for an order the engine refuses:
        the refusals are the problems returned."""
        return engine.check(self._state, order)

    def apply(self, order: OrderFile) -> tuple[Game, tuple[AnyEvent, ...]]:
        """The game after ``order``, and what happened (the events the reports are made
        from). This game is unchanged.

        >>> game = Game.new(["red", "green"], "doctest-game", test=True)
        >>> from adjudicator import parse_orders
        >>> order = parse_orders("game " + game.game_id + " decision 1 player red\\n"
        ...     "tray seaport yellow orange\\ntray forum green white\\ntray military pink blue\\n"
        ...     "tray senate yellow orange\\ntray trajan green white\\ntray construction pink blue")
        >>> after, events = game.apply(order)
        >>> after.pending.answered, type(events[0]).__name__
        (('red',), 'MarkersPlaced')

        :raises IllegalOrderError: the order is not allowed now; ``problems`` lists every
            problem (the same as :meth:`check` returns).
        """
        with translated():
            outcome = engine.adjudicate(self._state, order)
        return Game(outcome.state, before=self._state, events=outcome.events), outcome.events

    # --- What players see -----------------------------------------------------------------

    def view(self, player: str | None = None) -> View:
        """The game as ``player`` may see it (``None``: the public view), as ``trajan view``.

        :raises MalformedError: ``player`` has no seat (``args.not_seated``).
        """
        from adjudicator.api.view import View
        from adjudicator.views.redact import view_for

        with translated():
            return View(view_for(self._state, player))

    def show(self) -> str:
        """The public state as text, as ``trajan show`` prints it (no hand, no hidden pile).
        It never fails."""
        from adjudicator.rendering.show import render_show

        return render_show(self._state)

    def report(self, player: str | None = None) -> str:
        """The Markdown report of the decision that made this game (the one
        :meth:`apply` returned it from): the public report, or ``player``'s own (the public
        one plus what only they learned), as ``trajan adjudicate --reports-dir`` writes them.

        :raises ValueError: this game was set up or loaded, not made by :meth:`apply`.
        :raises MalformedError: ``player`` has no seat (``args.not_seated``).
        """
        from adjudicator.rendering.report import render, render_private

        if self._before is None:
            raise ValueError("This game was not made by Game.apply: there is no decision to report.")
        if player is None:
            return render(self._events, self._before, self._state)
        return render_private(self._events, self._before, self._state, _seated(self._state, player))

    def __repr__(self) -> str:
        p = self.pending
        return f"<Game {self.game_id}: decision {p.decision}, {p.kind}{' ' if p.players else ''}" \
               f"{', '.join(p.players)}>"


def _seated(state: GameState, player: str) -> PlayerColour:
    from adjudicator.views.redact import seated

    with translated():
        found = seated(state, player)
    assert found is not None
    return found


def _options(given: Mapping[str, bool] | None) -> Options:
    """The rules options from a mapping of names to booleans; raises :class:`MalformedError`."""
    if not given:
        return Options()
    known = Options.__struct_fields__
    problems = [problem("new.unknown_option", f"options[{name!r}]",
                        f"Unknown rules option {name!r}; known: {', '.join(known)}.")
                for name in given if name not in known]
    problems += [problem("new.bad_option", f"options[{name!r}]", f"The option {name!r} takes true or false.")
                 for name, value in given.items() if name in known and not isinstance(value, bool)]
    if problems:
        raise MalformedError(problems)
    return Options(**dict(given))
