"""The mails of one step of a game's log folder, rebuilt from the files the log keeps.

A log folder (``trajan selfplay``, the game master's log) holds, for each accepted order
k, ``kkkk-game.json`` and ``kkkk-report-COLOUR.md`` (each player's private report).  The
mails of step k are made from those alone, so they can be written (or sent again) at any
time and are the same bytes every time: :func:`log_mails` is what the log command and
the mail judge (issue 18) call to get, for a log folder and a step, the mails to send.
Step 0 (the game as set up) has no report: its mails say that the game has begun.
"""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.i18n import Translator
from adjudicator.i18n.steps import BEGUN, step_report
from adjudicator.mail.outgoing.compose import Mail, player_mails
from adjudicator.mail.outgoing.roster import roster_problems
from adjudicator.model.roster import Language, Pictures, Roster
from adjudicator.model.vocab import PlayerColour

_GAME = re.compile(r"^(\d{4})-game\.json$")


def steps(folder: Path) -> list[int]:
    """The step numbers of the log (those with a game file), in order."""
    if not folder.is_dir():
        raise Malformed([problem("log.not_a_folder", "$", "There is no log folder here.")
                         .located(str(folder))])
    found = sorted(int(m.group(1)) for f in folder.iterdir() if (m := _GAME.match(f.name)))
    if not found:
        raise Malformed([problem("log.no_start", "$", "The log folder has no game file "
                                 "(0000-game.json).").located(str(folder))])
    return found


def log_mails(folder: Path, step: int | None = None, roster: Roster | None = None,
              pictures: Pictures = "svg", since: int | None = None, language: Language = "en") -> list[Mail]:
    """Every player's mail of step ``step`` of the log (default: the latest step).  With
    ``since`` (the last step whose mails were sent), the news tells every step after it:
    steps added by hand (``trajan log add``) between two runs of the mail judge.  A player
    in another language than English is told the steps from their events (issue 31);
    ``language``: the default where the roster names none."""
    k = steps(folder)[-1] if step is None else step
    name = folder / f"{k:04d}-game.json"
    if not name.is_file():
        raise Malformed([problem("log.no_step", "--step", f"The log has no step {k} "
                                 f"({name.name} is missing).").located(str(folder))])
    state = io.load_game(io.read_bytes(str(name)), str(name))
    if roster is not None:
        problems = roster_problems(roster, state.game_id, state.seats)
        if problems:
            raise Malformed(problems)
    first = k if since is None or since >= k else max(since + 1, 0)
    private = {c: "\n".join(_report(folder, j, c) for j in range(first, k + 1)) for c in state.seats}
    def told(colour: PlayerColour, tr: Translator) -> str:
        return "\n".join(step_report(folder, j, colour, tr) for j in range(first, k + 1))
    return player_mails(state, private, roster, k, pictures, told, language)


def _report(folder: Path, k: int, colour: str) -> str:
    if k == 0:
        return BEGUN
    path = folder / f"{k:04d}-report-{colour}.md"
    return io.read_bytes(str(path)).decode("utf-8")
