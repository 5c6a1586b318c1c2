"""The game master's controls (issue 28): ``pause``, ``resume``, ``extend --hours N``,
``replace COLOUR --name N --address A``, ``kick COLOUR``, ``note TEXT`` and ``status``.

The same acts come from the command line (``trajan mail gm GAMEDIR ACTION ...``) and by
mail: a message from the roster's ``gm`` address carrying the game master's token (the
token of the seat ``gm``: ``trajan mail gm GAMEDIR token`` prints it) whose first line
is the act, written as on the command line (``extend --hours 24``, ``replace red --name
"Ann Other" --address ann@example.org``; ``note`` takes the rest of the mail).  Each act
is checked first (nothing changes on a problem), then recorded in the game master's
journal with its time, and told to the table where it concerns them (pause, resume,
extend and note: a short mail to every player and observer; replace and kick: the new
and former holders by mail, the table in the next mails).  None changes the game's log.

- ``pause [REASON]``: no deadline runs and orders are not read (they are refused with a
  note to send them again) until ``resume``; the paused time is added to the deadline.
- ``extend --hours N``: N more hours for the pending decision.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.errors import Illegal, Malformed, Problem, problem
from adjudicator.escape import terminal
from adjudicator.i18n import Translator
from adjudicator.mail.judge import campaign, clock, compose, deadlines, seats
from adjudicator.mail.judge.campaign import Pause
from adjudicator.mail.judge.record import Commit
from adjudicator.mail.judge.status import status_lines
from adjudicator.mail.outgoing.text import wrap
from adjudicator.model.state import GameOver

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game

ACTIONS = ("pause", "resume", "extend", "replace", "kick", "note", "status")
MOST_HOURS = 24 * 30
NOTE_CHARS = 2000


@dataclass(frozen=True)
class Act:
    """One act of the game master, as given."""

    kind: str
    colour: str | None = None
    hours: int | None = None
    name: str | None = None
    address: str | None = None
    text: str = ""


def usage(message: str) -> Malformed:
    """An act written wrongly (``judge.gm_usage``)."""
    return Malformed([problem("judge.gm_usage", "$", message)])


def parse(words: list[str], rest: str = "") -> Act:
    """An act written as on the command line (``rest``: the lines after it, for ``note``)."""
    if not words or words[0].lower() not in ACTIONS:
        raise usage(f"The game master's acts are {', '.join(ACTIONS)}.")
    kind, args, options = words[0].lower(), [], {}
    it = iter(words[1:])
    for word in it:
        if word in ("--hours", "--name", "--address"):
            value = next(it, None)
            if value is None:
                raise usage(f"{word} needs a value.")
            options[word[2:]] = value
        elif word.startswith("--") and kind != "note":
            raise usage(f"{terminal(word[:40])!r} is not an option of {kind}.")
        else:
            args.append(word)
    allowed = {"extend": {"hours"}, "replace": {"name", "address"}}.get(kind, set())
    wrong = sorted(set(options) - allowed)
    if wrong:
        raise usage(f"--{wrong[0]} is not an option of {kind}.")
    most = {"replace": 1, "kick": 1, "resume": 0, "extend": 0, "status": 0}.get(kind)
    if most is not None and len(args) > most:
        given = terminal(" ".join(args))[:60]
        raise usage(f"{kind} takes {'one colour' if most else 'no words'}, not {given!r}.")
    hours = options.get("hours")
    if hours is not None and not (hours.isdigit() and 1 <= int(hours) <= MOST_HOURS):
        raise usage(f"--hours takes a whole number of hours from 1 to {MOST_HOURS}.")
    text = " ".join(args) if kind in ("note", "pause") else ""
    if kind == "note":
        text = "\n".join(t for t in (text, rest.strip()) if t)
    return Act(kind=kind, colour=args[0].lower() if args and kind in ("replace", "kick") else None,
               hours=int(hours) if hours else None, name=options.get("name"), address=options.get("address"),
               text=text)


def parse_mail(lines: list[str]) -> Act:
    """The act of a game master's mail: its first line, the rest for a note."""
    own = [line for line in lines if line.strip()]
    if not own:
        raise usage("The mail holds no act.")
    try:
        words = shlex.split(own[0])
    except ValueError as e:
        raise usage(f"The act's line cannot be read: {e}.") from None
    return parse(words, "\n".join(own[1:]))


def perform(game: Game, commit: Commit, act: Act, by: str) -> list[str]:
    """Do ``act``; the lines saying what was done.  Raises :class:`Malformed` or
    :class:`Illegal` before anything changes."""
    if act.kind == "status":
        step, state = game.current()
        return status_lines(game.config, game.roster, campaign.of(commit), state,
                            commit.state.opened.get(str(step)), game.now)
    _, state = game.current()
    if isinstance(state.pending, GameOver):
        raise Illegal([problem("judge.gm_state", "$", "The game is over: there is nothing to pause, extend "
                               "or change.")])
    if act.kind in ("replace", "kick"):
        return _seat(game, commit, act, by)
    acts = {"pause": _pause, "resume": _resume, "extend": _extend, "note": _note}
    return acts[act.kind](game, commit, act, by)


def _pause(game: Game, commit: Commit, act: Act, by: str) -> list[str]:
    c = campaign.of(commit)
    pause = c.paused()
    if pause is not None:
        raise Illegal([problem("judge.gm_state", "$", f"The game is paused already (since {pause.start}).")])
    reason = terminal(act.text)[:200]
    c.pauses.append(Pause(start=game.now.isoformat(), reason=reason))
    campaign.log(commit, game.now, by, "pause", reason=reason)
    why = f" ({reason})" if reason else ""
    _tell_table(game, commit, lambda tr: (tr.gettext("the game is paused"), [
        tr.gettext("The game master has paused the game {game}{why}.").format(game=game.game_id, why=why),
        tr.gettext("No deadline runs and no orders are read until the game resumes; orders sent meanwhile "
                   "are refused, and can be sent again then. Commands (status, history, ...) are answered "
                   "as always.")]))
    return [f"Paused the game{why}."]


def _resume(game: Game, commit: Commit, act: Act, by: str) -> list[str]:
    c = campaign.of(commit)
    pause = c.paused()
    if pause is None:
        raise Illegal([problem("judge.gm_state", "$", "The game is not paused.")])
    pause.end = game.now.isoformat()
    length = game.now - deadlines.parse_time(pause.start)
    campaign.log(commit, game.now, by, "resume", paused_hours=f"{length / timedelta(hours=1):.1f}")
    due = _due(game, commit)
    after = f" The deadline of the pending decision is now {clock.shown(due)}." if due is not None else ""

    def said(tr: Translator) -> tuple[str, list[str]]:
        _ = tr.gettext
        told = _("The game master has resumed the game {game}: orders are read again.").format(
            game=game.game_id)
        if due is not None:
            told += " " + _("The deadline of the pending decision is now {due}.").format(
                due=clock.shown(due, tr))
        return _("the game resumes"), [told]

    _tell_table(game, commit, said)
    return [f"Resumed the game.{after}"]


def _extend(game: Game, commit: Commit, act: Act, by: str) -> list[str]:
    if act.hours is None:
        raise usage("extend takes --hours N.")
    if not game.config.deadlines.enabled:
        raise Illegal([problem("judge.gm_state", "$", "This game has no deadlines to extend.")])
    _, state = game.current()
    c = campaign.of(commit)
    key = str(state.decision)
    c.extensions[key] = c.extensions.get(key, 0) + act.hours
    campaign.log(commit, game.now, by, "extend", decision=state.decision, hours=act.hours)
    due = _due(game, commit)
    now = f": it is now {clock.shown(due)}" if due is not None else ""

    def said(tr: Translator) -> tuple[str, list[str]]:
        _ = tr.gettext
        args = {"decision": state.decision, "game": game.game_id, "hours": act.hours}
        told = (_("The game master has given decision {decision} of the game {game} {hours} more hour(s): "
                  "it is now {due}.").format(**args, due=clock.shown(due, tr)) if due is not None else
                _("The game master has given decision {decision} of the game {game} {hours} more "
                  "hour(s).").format(**args))
        return _("decision {decision}: deadline extended").format(decision=state.decision), [told]

    _tell_table(game, commit, said)
    return [f"Extended decision {state.decision} by {act.hours} hour(s){now}."]


def _note(game: Game, commit: Commit, act: Act, by: str) -> list[str]:
    text = act.text.strip()
    if not text:
        raise usage("note takes the text to tell the table.")
    if len(text) > NOTE_CHARS:
        raise usage(f"A note is at most {NOTE_CHARS} characters.")
    campaign.log(commit, game.now, by, "note", text=text)
    lines = [terminal(line) for line in text.split("\n")]
    _tell_table(game, commit, lambda tr: (tr.gettext("a note from the game master"), [
        tr.gettext("A note from the game master of the game {game}:").format(game=game.game_id), "", *lines]))
    return ["Sent the note to the table."]


def _seat(game: Game, commit: Commit, act: Act, by: str) -> list[str]:
    colour = act.colour
    if colour is None or colour not in game.roster.players:
        seated = ", ".join(game.roster.players)
        raise Malformed([problem("judge.gm_colour", "$", f"{act.kind} takes a seat's colour: {seated}.")])
    if act.kind == "kick":
        return seats.pass_on(game, commit, colour, None, None, by)
    if act.name is None or act.address is None:
        raise usage("replace takes COLOUR --name NAME --address ADDRESS.")
    name, address = seats.checked_person(act.name, act.address)
    return seats.pass_on(game, commit, colour, name, address, by)


def _due(game: Game, commit: Commit) -> datetime | None:
    step, state = game.current()
    opened = commit.state.opened.get(str(step))
    if opened is None or not game.config.deadlines.enabled:
        return None
    return clock.deadline(game.config, campaign.of(commit), state.decision, deadlines.parse_time(opened))


def _tell_table(game: Game, commit: Commit, said: Callable[[Translator], tuple[str, list[str]]]) -> None:
    """A short mail to every player (a vacant seat has none) and every observer, each in
    their language: ``said(tr)`` gives its subject and paragraphs."""
    readers: list[tuple[str | None, str, Translator]] = [
        (c, s.address, game.tr(c)) for c, s in game.roster.players.items() if not s.vacant]
    readers += [(None, o.address, game.table_tr()) for o in game.roster.observers]
    for colour, address, tr in readers:
        what, paragraphs = said(tr)
        body = "\n".join(line for p in paragraphs for line in (wrap(p) if p else [""])) + "\n"
        commit.mail(compose.short(game.config.address, address, compose.subject(game.game_id, what), body,
                                  game.now, tr=tr), colour, "table")


def problems_lines(problems: list[Problem]) -> list[str]:
    """The problems as the game master's answer lists them."""
    return [f"- {terminal(p.message)} [{p.code}]" for p in problems]


def command(folder: Path, words: list[str], now: datetime) -> list[str]:
    """``trajan mail gm GAMEDIR ACTION ...``: the act done under the game folder's lock
    (the mails it writes go into the journal, for the next ``trajan mail run``); the lines
    to print.  ``token`` prints the game master's token, ``status`` changes nothing."""
    from adjudicator.files.lock import locked
    from adjudicator.mail.judge import record, tokens
    from adjudicator.mail.judge.config import load_config, read_secret
    from adjudicator.mail.judge.run import open_game

    config = load_config(folder / "judge.toml")
    if words[:1] == ["token"]:
        game_id = _game_id(folder)
        token = tokens.token_for(read_secret(config), game_id, tokens.GM)
        return [f"The game master's token for {game_id}: {token}",
                "Mail your acts from the roster's gm address with the line: token THAT-TOKEN"]
    act = parse(words)
    with locked(str(folder)):
        game = open_game(folder, config, now)
        commit = record.Commit(folder, record.load_state(folder))
        lines = perform(game, commit, act, "gm")
        if act.kind == "status":
            return lines
        count = len(commit.mails)
        commit.write()
    return [*lines, f"{count} mail(s) written to the journal; the next `trajan mail run` sends them."]


def _game_id(folder: Path) -> str:
    from adjudicator.mail.judge import gamelog

    return gamelog.latest(folder / "log").state.game_id
