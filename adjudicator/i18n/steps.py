"""A step of a log folder told in a player's language (issue 31).

The log keeps each player's report of step k in English (``kkkk-report-COLOUR.md``, the
canonical text ``verify`` re-renders); a translated mail is *not* a translation of that
Markdown but the same events rendered again with translated templates.  The events are
made again from the log itself: step k's order file applied to step k-1's game file (the
engine is deterministic), and the result must be step k's game file (the same chain
hash), so the news can never tell another game than the log's.  English reads the
log's report as it is.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.errors import Illegal, Inconsistent, Malformed, problem
from adjudicator.files import io
from adjudicator.i18n import N_, Translator
from adjudicator.model.vocab import PlayerColour

BEGUN = N_("The game has begun: the board is set up as shown below.\n")


def step_report(folder: Path, k: int, colour: PlayerColour | None, tr: Translator) -> str:
    """The private report of step ``k`` of the log in ``folder`` for ``colour`` (None: the
    public report, an observer's), in ``tr``'s language (English: the log's own
    ``kkkk-report-COLOUR.md``, or ``kkkk-report.md``)."""
    if k == 0:
        return tr.gettext(BEGUN)
    if tr.language == "en":
        name = f"{k:04d}-report-{colour}.md" if colour is not None else f"{k:04d}-report.md"
        return io.read_bytes(str(folder / name)).decode("utf-8")
    from adjudicator.game.engine import adjudicate
    from adjudicator.rendering.report import render, render_private

    before = io.load_game(io.read_bytes(str(folder / f"{k - 1:04d}-game.json")), f"{k - 1:04d}-game.json")
    orders = io.load_orders(io.read_bytes(str(folder / f"{k:04d}-orders.json")), f"{k:04d}-orders.json")
    after = io.load_game(io.read_bytes(str(folder / f"{k:04d}-game.json")), f"{k:04d}-game.json")
    try:
        outcome = adjudicate(before, orders)
    except (Illegal, Malformed):
        outcome = None
    if outcome is None or outcome.state.chain.hash != after.chain.hash:
        raise Inconsistent([problem("log.step_mismatch", "$", f"Step {k}'s order file applied to step "
                                    f"{k - 1}'s game file does not give step {k}'s game file.")
                            .located(str(folder / f"{k:04d}-game.json"))])
    if colour is None:
        return render(outcome.events, before, outcome.state, tr)
    return render_private(outcome.events, before, outcome.state, colour, tr)
