"""The arena's progress on stderr: a bar redrawn in place on a terminal (as ``trajan verify``
shows one), a plain line a finished setup otherwise (a log of a run left in the background)."""

from __future__ import annotations

import sys
from typing import Literal

from adjudicator.arena.match import SprtState

Show = Literal["bar", "lines"] | None


class Bar:
    """``[#####.....] 12/40 games (4p)  LLR 1.23 (-2.94, 2.94)``, redrawn in place (``"bar"``);
    with ``"lines"``, ``12/40 games (4p)  LLR ...`` on a line of its own each time a setup is
    complete (every ``players`` games, in a 2-bot match) and at the end; None: nothing."""

    def __init__(self, show: Show, players: int) -> None:
        self.show, self.players, self.drawn = show, players, False

    def tick(self, done: int, total: int, sprt: SprtState | None) -> None:
        """Show ``done`` of ``total`` games, and the test's ratio so far."""
        if self.show is None or (self.show == "lines" and done % self.players and done != total):
            return
        from adjudicator.arena.stats import bounds

        line = f"{done}/{total} games ({self.players}p)"
        if sprt is not None:
            low, high = bounds(sprt.sprt.alpha, sprt.sprt.beta)
            line += f"  LLR {sprt.llr:+.2f} ({low:.2f}, {high:.2f})"
        if self.show == "lines":
            sys.stderr.write(line + "\n")
        else:
            width = 30
            filled = width * done // max(total, 1)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {line}")
            self.drawn = True
        sys.stderr.flush()

    def close(self) -> None:
        """End the bar's line (if one was drawn)."""
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()
