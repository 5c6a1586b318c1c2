"""The arena's progress bar on stderr (shown on a terminal, as ``trajan verify`` shows one)."""

from __future__ import annotations

import sys

from adjudicator.arena.match import SprtState


class Bar:
    """``[#####.....] 12/40 games (4p)  LLR 1.23 (-2.94, 2.94)``, redrawn in place."""

    def __init__(self, show: bool, players: int) -> None:
        self.show, self.players, self.drawn = show, players, False

    def tick(self, done: int, total: int, sprt: SprtState | None) -> None:
        """Redraw the bar: ``done`` of ``total`` games, and the test's ratio so far."""
        if not self.show:
            return
        from adjudicator.arena.stats import bounds

        width = 30
        filled = width * done // max(total, 1)
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games ({self.players}p)"
        if sprt is not None:
            low, high = bounds(sprt.sprt.alpha, sprt.sprt.beta)
            line += f"  LLR {sprt.llr:+.2f} ({low:.2f}, {high:.2f})"
        sys.stderr.write(line)
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        """End the bar's line (if one was drawn)."""
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()
