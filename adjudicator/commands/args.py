"""Argument checks and small helpers of the ``trajan`` commands (kept out of cli.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from adjudicator.model.orders import OrderFile
    from adjudicator.model.state import GameState, Options
    from adjudicator.model.vocab import PlayerColour

# The bounds of the numeric options (each declared with min= and max= in its command): a
# value outside them is an ``args.usage`` problem, exit 2.
MAX_BUDGET = 10_000  # search rollouts per decision: 64 take well under a second
MAX_JOBS = 256  # processes or Dask workers
MAX_STEP = 999_999  # a step (order) number of a log: a game has a few hundred


def colour(text: str) -> PlayerColour:
    """``--player``: a player colour; raises :class:`Malformed` (``args.unknown_colour``) for
    another word."""
    from adjudicator.errors import Malformed, problem
    from adjudicator.model.vocab import PLAYER_COLOURS

    if text not in PLAYER_COLOURS:
        raise Malformed([problem("args.unknown_colour", "--player",
                                 f"Unknown player colour {text!r}; expected one of "
                                 f"{', '.join(PLAYER_COLOURS)}.")])
    return text


@contextmanager
def located_in(*, view: str, orders: str | None = None) -> Iterator[None]:
    """Give a file to the problems a view raises without one: ``$.player`` is the order
    file's, anything else (``$.viewer``, ``--player``) the view's, at ``$.viewer``."""
    from msgspec.structs import replace

    from adjudicator.errors import TrajanError

    try:
        yield
    except TrajanError as e:
        if all(p.file for p in e.problems):
            raise
        problems = [p if p.file else
                    p.located(orders) if orders and p.path.startswith("$.player") else
                    replace(p, path=p.path if p.path.startswith("$") else "$.viewer").located(view)
                    for p in e.problems]
        raise type(e)(problems) from None


def check_seed_options(seed: str | None, test_seed: str | None, fair: bool) -> None:
    """At most one way of making the seed; a chosen seed must be long enough (issue 14)."""
    from adjudicator.errors import Malformed, problem
    from adjudicator.game.seeding import seed_problems

    given = [name for name, value in (("--seed", seed), ("--test-seed", test_seed), ("--fair", fair or None))
             if value is not None]
    if len(given) > 1:
        raise Malformed([problem("args.conflict", given[1],
                                 f"{given[0]} and {given[1]} cannot be used together.")])
    if seed is not None:
        problems = seed_problems(seed, "master", "--seed")
    elif test_seed is not None:
        problems = seed_problems(test_seed, "test", "--test-seed")
    else:
        problems = []
    if problems:
        raise Malformed(problems)


def one_log_for_witnesses(logs: Sequence[Path]) -> None:
    """``--witness`` needs exactly one log; raises :class:`Malformed`
    (``args.witness_needs_one_log``)."""
    from adjudicator.errors import Malformed, problem

    if len(logs) != 1:
        raise Malformed([problem("args.witness_needs_one_log", "--witness",
                                 f"Witnesses belong to one game: give one log, not {len(logs)}.")])


def backend(name: str, scheduler: str | None) -> Literal["pool", "dask"]:
    """``trajan verify --backend``: pool or dask (a scheduler address needs dask)."""
    from adjudicator.errors import Malformed, problem

    if name not in ("pool", "dask"):
        raise Malformed([problem("args.usage", "--backend", f"--backend takes pool or dask, not {name!r}.")])
    if scheduler is not None and name != "dask":
        raise Malformed([problem("args.usage", "--scheduler", "--scheduler is for --backend dask.")])
    return "dask" if name == "dask" else "pool"


def check_bots(names: Sequence[str]) -> None:
    """``--bots``: every name a bot; raises :class:`Malformed` naming each unknown one
    (``args.unknown_bot``)."""
    from adjudicator.bots import BOT_NAMES
    from adjudicator.errors import Malformed, problem

    bad = [problem("args.unknown_bot", f"--bots[{i}]",
                   f"Unknown bot {n!r}; expected one of {', '.join(BOT_NAMES)}.")
           for i, n in enumerate(names) if n not in BOT_NAMES]
    if bad:
        raise Malformed(bad)


def bot_level(level: int | None, name: str, budget: int | None) -> tuple[str, int | None]:
    """``--level`` as a bot and a budget (an explicit ``--budget`` kept), else ``--bot``."""
    if level is None:
        return name, budget
    from adjudicator.bots import LEVELS
    from adjudicator.errors import Malformed, problem

    if level not in LEVELS:
        raise Malformed([problem("args.usage", "--level", f"--level takes 1 to {max(LEVELS)}, not {level}.")])
    chosen, rollouts = LEVELS[level]
    return chosen, budget if budget is not None else rollouts


def seconds(text: str | None) -> float | None:
    """``--seconds``: a positive number of seconds, at most an hour (a string: no Pydantic)."""
    if text is None:
        return None
    from adjudicator.errors import Malformed, problem

    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:
        raise Malformed([problem("args.usage", "--seconds", f"--seconds takes a number of seconds above 0 "
                                 f"and at most 3600, not {text!r}.")])
    return value


def answer_kind(order_file: OrderFile) -> str:
    """The kind of decision an order file answers (its answer's ``decision`` tag)."""
    return str(type(order_file.answer).__struct_config__.tag)


def parse_options(items: Sequence[str]) -> Options:
    """The rules options from ``NAME=VALUE`` strings; raises :class:`Malformed`."""
    import msgspec

    from adjudicator.errors import Malformed, problem
    from adjudicator.model.state import Options

    known = Options.__struct_fields__
    values: dict[str, object] = {}
    problems = []
    for i, item in enumerate(items):
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in known:
            problems.append(problem("new.unknown_option", f"--option[{i}]",
                                    f"Unknown rules option {item!r}; expected NAME=VALUE with NAME one of "
                                    f"{', '.join(known)}."))
        else:
            values[name] = option_value(value.strip())
    if problems:
        raise Malformed(problems)
    try:
        return msgspec.convert(values, Options, strict=False)
    except msgspec.ValidationError as e:
        raise Malformed([problem("new.bad_option", "--option",
                                 f"Bad value for a rules option ({e}); expected true or false.")]) from None


def option_value(text: str) -> object:
    """``true``/``yes``/``on``/``1`` and ``false``/``no``/``off``/``0`` as booleans, else the text."""
    flags = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False,
             "0": False}
    return flags.get(text.lower(), text)


def self_check(state: GameState) -> None:
    """Refuse to write a game file that breaks an invariant (see
    :func:`adjudicator.files.pipeline.self_check`)."""
    from adjudicator.files.pipeline import self_check

    self_check(state)


def next(state: GameState) -> str:
    """The line that says who decides next, and what ("The game is over." at the end)."""
    from adjudicator.game.engine import deciders
    from adjudicator.model.state import kind_of

    who = deciders(state.pending)
    if not who:
        return "The game is over."
    return f"Next: {kind_of(state.pending)} (decision {state.decision}) by {', '.join(who)}."
