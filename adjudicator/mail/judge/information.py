"""The answers to ``status``, ``options`` and ``history`` (issue 28), from the player's own
view and private reports only.

- ``status``: whose turn it is and until when, who is late, who is away, the seats
  abandoned or vacant, everyone's on-time figures, and ``trajan show`` of the player's
  view of the present game;
- ``options``: the player's pending decision again, every option ready to copy, and the
  reply template with their token (or whom the game waits for);
- ``history [FROM [TO]]``: the player's own reports (``kkkk-report-COLOUR.md`` of the
  log: the public report plus what only their seat learned) of the decisions FROM to TO,
  at most :data:`MOST_DECISIONS` decisions and :data:`MOST_CHARS` characters a mail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.errors import Problem, problem
from adjudicator.mail.judge import campaign
from adjudicator.mail.judge import status as table
from adjudicator.mail.judge.record import Commit
from adjudicator.mail.outgoing import text
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.redact import view_of

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game

MOST_DECISIONS = 20
MOST_CHARS = 60_000
DEFAULT_DECISIONS = 10


def status(game: Game, commit: Commit, colour: PlayerColour) -> list[str]:
    """The answer to ``status``: the table's state, then the game as ``colour`` sees it."""
    step, state = game.current()
    tr = game.tr(colour)
    opened = commit.state.opened.get(str(step))
    lines = [tr.gettext("The game {game} at decision {decision}, as {colour} sees it.").format(
        game=game.game_id, decision=state.decision, colour=colour), ""]
    lines += [w for line in table.status_lines(game.config, game.roster, campaign.of(commit), state, opened,
                                               game.now, tr) for w in text.wrap(line)]
    return lines + ["", *text.state_section(view_of(state, colour), tr)]


def options(game: Game, commit: Commit, colour: PlayerColour) -> list[str]:
    """The answer to ``options``: ``colour``'s pending decision, ready to copy, and the template."""
    step, state = game.current()
    tr = game.tr(colour)
    view = view_of(state, colour)
    found = text.player_options(view)
    opened = commit.state.opened.get(str(step))
    waiting = table.waiting_lines(game.config, game.roster, campaign.of(commit), state, opened, game.now, tr)
    if found is None:
        return [tr.gettext("You have nothing to decide now."), *waiting]
    template = text.template_section(view, colour, tr=tr)
    at = template.index("BEGIN ORDERS") + 2
    template[at:at] = [f"token {game.token(colour, game.game_id)}"]
    return [*waiting, "", *text.decide_section(view, found, tr), "", *template]


def history(game: Game, colour: PlayerColour, words: list[str]) -> list[str] | Problem:
    """The player's reports of the decisions asked for (their own reports only)."""
    step, state = game.current()
    _ = game.tr(colour).gettext
    latest = state.decision
    wanted = _range(words, latest, _)
    if isinstance(wanted, Problem):
        return wanted
    first, last = wanted
    lines = [_("Your reports of decisions {first} to {last} of the game {game}:").format(
        first=first, last=last, game=game.game_id)]
    size = 0
    shown = first - 1
    for k in range(1, step + 1):
        report = (game.log / f"{k:04d}-report-{colour}.md").read_text(encoding="utf-8")
        decision = _decision(report)
        if decision < first or decision > last:
            continue
        if decision - first >= MOST_DECISIONS or size + len(report) > MOST_CHARS:
            lines += ["", _('(That is as much as one mail holds: mail "history {first} {last}" for the '
                            "rest.)").format(first=decision, last=last)]
            return lines
        lines += ["", *text.wrap(report.rstrip("\n"))]
        size += len(report)
        shown = decision
    if shown < first:
        lines += ["", _("No decision in that range has been made yet.")]
    return lines


def _range(words: list[str], latest: int, _: Callable[[str], str]) -> tuple[int, int] | Problem:
    bad = problem("judge.history_range", "$", _("Write history, history FROM or history FROM TO, with "
                                                 "decision numbers from 1 to {latest} and FROM not after "
                                                 "TO.").format(latest=latest))
    if len(words) > 2 or not all(w.isdigit() and len(w) <= 6 for w in words):
        return bad
    numbers = [int(w) for w in words]
    if not numbers:
        return max(1, latest - DEFAULT_DECISIONS), latest
    first = numbers[0]
    last = numbers[1] if len(numbers) == 2 else max(first, latest)
    if first < 1 or last < first:
        return bad
    return first, last


def _decision(report: str) -> int:
    """The decision a report tells (its heading: ``# Trajan GAME: decision N``)."""
    head = report.split("\n", 1)[0]
    number = head.rpartition("decision ")[2].strip()
    return int(number) if number.isdigit() else 0
