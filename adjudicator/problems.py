"""The table of every problem code (``adjudicator/data/problems.json``, issue 25).

Each code trajan reports has one entry: its kind (malformed, illegal, inconsistent, a
failed verification, a warning or an internal error), the exit codes it comes with, one
sentence on what it means and where it applies; codes are grouped by their prefix.  The
manual's reference of problem codes is made from this table, and
``tests/test_problem_table.py`` checks that every code the package uses is in it and
every code in it is used.  Nothing at run time reads it: a problem carries its own
sentence.
"""

from __future__ import annotations

import functools
from typing import Literal

import msgspec

from adjudicator.components import DATA_DIR

Kind = Literal["malformed", "illegal", "inconsistent", "verify", "warning", "internal"]
ExitCode = Literal[0, 1, 2, 3]


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class ProblemCode(_Data, frozen=True):
    """One problem code: its kind, exit codes, meaning and where it applies."""
    code: str
    kind: Kind
    exit: tuple[ExitCode, ...]  # the exit codes a command ends with when it reports this code
    applies: str  # the commands or files it concerns
    meaning: str  # one sentence


class ProblemGroup(_Data, frozen=True):
    """The codes sharing a prefix: a title and what they are about."""
    prefix: str  # the code's part before the dot
    title: str
    about: str


class ProblemsFile(_Data, frozen=True):
    """The whole problem table: the kinds, the groups and every code."""
    source: str
    kinds: dict[Kind, str]
    groups: tuple[ProblemGroup, ...]
    problems: tuple[ProblemCode, ...]


@functools.cache
def table() -> ProblemsFile:
    """The problem table, read once."""
    return msgspec.json.decode((DATA_DIR / "problems.json").read_bytes(), type=ProblemsFile)
