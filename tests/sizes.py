"""The test sizes, read in one place (issue 25).

Each size is a pytest option (``pytest --help`` lists them under "trajan test sizes")
whose default comes from its environment variable, then from the table below; a size
must be a whole number of at least 1 (0 or a negative value stops the run with a usage
error, never a test that runs nothing and passes), and of at least its least size where
a test's thresholds need one (:data:`LEAST`).  Test modules read them at import
with :func:`size`, and split work into chunks with :func:`chunks` (never more chunks
than games, so that no chunk runs zero games).
"""

from __future__ import annotations

import os

# variable -> (default, what it counts)
SIZES: dict[str, tuple[int, str]] = {
    "TRAJAN_GAMES": (2000, "self-play games (test_selfplay; test_hints plays one in 500)"),
    "TRAJAN_LEAK_GAMES": (200, "bot games checked for leaks of hidden cards"),
    "TRAJAN_HIDDEN_GAMES": (200, "bot games whose artefacts are checked against the table of hidden information"),
    "TRAJAN_BOT_VIEW_GAMES": (100, "games the bots play from views"),
    "TRAJAN_BOT_GAMES": (20, "greedy against random"),
    "TRAJAN_FUZZ_EXAMPLES": (10_000, "mutated files of the command-line fuzz"),
    "TRAJAN_NOTATION_DECISIONS": (1000, "random-game decisions round-tripped through the text notation"),
    "TRAJAN_NOTATION_EXAMPLES": (400, "arbitrary order files through the notation"),
    "TRAJAN_FAST_GAMES": (30, "games replayed through the search step"),
    "TRAJAN_PROBE_GAMES": (200, "games probed for verdicts that depend on hidden cards"),
    "TRAJAN_ID_FUZZ": (1, "schema words each value of a game file is replaced by in the id fuzz"),
    "TRAJAN_REPLAY_LEAK_GAMES": (50, "replay pages checked for hidden values"),
    "TRAJAN_MAIL_GAME_HUMAN": (40, "answers players send in the whole mail-judge game"),
    "TRAJAN_MAIL_EXAMPLES": (300, "arbitrary mail texts read for orders"),
    "TRAJAN_SEARCH_GAMES": (4, "search against greedy"),
    "TRAJAN_PLANNER_GAMES": (2, "games whose every planner order is checked against its view"),
    "TRAJAN_RECORD_GAMES": (200, "self-played records verified through both backends"),
    "TRAJAN_VIEW_GAMES": (8, "games whose views are checked"),
    "TRAJAN_COMPOSE_GAMES": (6, "games played through the order composer page in the browser"),
    "TRAJAN_COMPOSE_SAMPLE": (40, "the composer page in the browser: every Nth turn of three bot games"),
    "TRAJAN_COMPOSE_LEAK_GAMES": (6, "bot games whose composer pages are checked for hidden values"),
    "TRAJAN_COMPOSE_LEAK_EVERY": (3, "composer pages checked for hidden values: every Nth turn"),
    "TRAJAN_COMPOSE_PATH_GAMES": (6, "games whose composer step graphs are checked against the engine"),
}

# The least size at which a test's own thresholds can be met: below it the test would fail
# for want of games, not for a fault, so a smaller size stops the run with a usage error.
LEAST: dict[str, tuple[int, str]] = {
    "TRAJAN_VIEW_GAMES": (8, "test_views compares more than 5,000 variant orders"),
    "TRAJAN_PROBE_GAMES": (8, "test_probing needs accepted, unseen and refused orders in every shard"),
}

_chosen: dict[str, int] = {}


def option(variable: str) -> str:
    """The pytest option of a size variable: TRAJAN_LEAK_GAMES -> --trajan-leak-games."""
    return "--" + variable.lower().replace("_", "-")


def positive(text: str, variable: str | None = None) -> int:
    """A size: a whole number of at least 1, and at least ``variable``'s least size
    (:data:`LEAST`); raises ValueError otherwise."""
    value = int(text)
    if value < 1:
        raise ValueError(f"a test size must be at least 1, not {value}")
    least, why = LEAST.get(variable or "", (1, ""))
    if value < least:
        raise ValueError(f"must be at least {least}, not {value} ({why})")
    return value


def default(variable: str) -> int:
    """The size from its environment variable, else the table's default."""
    text = os.environ.get(variable)
    return SIZES[variable][0] if text is None else positive(text, variable)


def choose(values: dict[str, int]) -> None:
    """Called once by conftest.py with the sizes of this run."""
    _chosen.update(values)


def size(variable: str) -> int:
    """The size of this run (the option, else the environment variable, else the default)."""
    return _chosen[variable] if variable in _chosen else default(variable)


def chunks(games: int, most: int) -> range:
    """The chunk numbers for ``games`` split ``most`` ways: never a chunk without a game."""
    return range(min(games, most))
