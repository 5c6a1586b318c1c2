"""Problems and the three kinds of failure, each with its own exit code.

* malformed (exit 2): input not understood: missing file, not JSON, schema violation,
  bad arguments, or an output that cannot be written;
* illegal (exit 1): orders understood but not allowed now (or a log that fails
  verification);
* inconsistent (exit 3): a game file that passes the schema but breaks an invariant.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
EXIT_INCONSISTENT = 3


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """One problem: a stable code, a JSON path into the file, one human sentence."""

    code: str
    path: str
    message: str
    file: str | None = None

    def located(self, file: str) -> Problem:
        """The same problem, naming ``file`` as the file it was found in."""
        return msgspec.structs.replace(self, file=file)

    def render(self) -> str:
        """One line for a terminal (every part escaped: a file may name anything)."""
        from adjudicator.escape import terminal

        where = f"{terminal(self.file)}: " if self.file else ""
        return f"{where}{terminal(self.path)}: {terminal(self.message)} [{terminal(self.code)}]"


class TrajanError(Exception):
    """Base of every failure a user can see; carries all problems found."""

    exit_code = EXIT_MALFORMED

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.render() for p in self.problems))


class Malformed(TrajanError):
    """Input not understood, bad arguments, or an output that cannot be written (exit 2)."""

    exit_code = EXIT_MALFORMED


class Illegal(TrajanError):
    """Orders understood but not allowed now, or a log that fails verification (exit 1)."""

    exit_code = EXIT_ILLEGAL


class Inconsistent(TrajanError):
    """A game file that passes the schema but breaks an invariant (exit 3)."""

    exit_code = EXIT_INCONSISTENT


def problem(code: str, path: str, message: str) -> Problem:
    """A :class:`Problem` not yet tied to a file (:meth:`Problem.located` names it later)."""
    return Problem(code=code, path=path, message=message)


__all__ = ["EXIT_OK", "EXIT_ILLEGAL", "EXIT_MALFORMED", "EXIT_INCONSISTENT", "Problem", "TrajanError",
           "Malformed", "Illegal", "Inconsistent", "problem"]
