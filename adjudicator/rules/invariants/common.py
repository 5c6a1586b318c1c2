"""Types shared by the invariant checks."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from adjudicator.errors import Problem
from adjudicator.model.state import GameState

# Where components lie: (JSON path, the components there).
Ledger = list[tuple[str, Iterable[str]]]
Check = Callable[[GameState], list[Problem]]
