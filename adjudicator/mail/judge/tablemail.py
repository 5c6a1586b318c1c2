"""What a campaign adds to the mails of each step (issue 28).

- Every player's mail states the deadline: the decider's own (the mail's "Deadline:"
  line, :mod:`.deliver`, with the game master's pauses and extensions counted), or whom
  the game waits for and until when; a pause, an absence or an abandoned seat is said
  instead.
- The one-line notices waiting in the campaign's state (an absence, a return, a late
  player, a seat that passed on or was abandoned) go into each reader's next mail, once
  (a player mailed only when they decide hears them then).
- A vacant seat gets no mail; every observer gets the public mail of the step
  (:mod:`.observers`); at the end of the game everyone gets the final mail
  (:mod:`adjudicator.mail.outgoing.endgame`).

The lines are computed from the pending decision, the judge's record and the campaign's
state, never from anything hidden, so a mail stays the same whatever its reader cannot
see (the leak test checks it).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo
from email.message import EmailMessage
from typing import TYPE_CHECKING

from adjudicator.game.engine import deciders
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.mail.judge import campaign, clock, observers
from adjudicator.mail.judge.record import Commit
from adjudicator.mail.judge.status import who
from adjudicator.mail.outgoing.text import edit_body, title, wrap
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour

if TYPE_CHECKING:
    from adjudicator.mail.judge.final import Ending
    from adjudicator.mail.judge.run import Game


def player_lines(game: Game, commit: Commit, state: GameState, colour: PlayerColour,
                 decides: bool) -> list[str]:
    """The lines a campaign adds to ``colour``'s mail of a step: what stands instead of the
    deadline (an absence, an abandoned seat, the game master's pause) or whom the game waits
    for and until when, and the table's notices they have not been told."""
    opened = _opened(game, commit, commit.state.mailed)  # the step being mailed (or the latest)
    tr = game.tr(colour)
    lines = deadline_lines(game, commit, state, colour, opened, tr) if decides or \
        colour not in deciders(state.pending) else []
    return lines + told(campaign.of(commit), colour, tr, clock.where(game.config))


def after_step(game: Game, commit: Commit, number: int, state: GameState, opened: datetime,
               ending: Ending | None = None) -> None:
    """After the players' mails of log step ``number`` (``state``: the game after it):
    every observer's mail; at the end of the game (``ending``) the final mail folded into
    it, and the final mail to whoever had no mail of the step (the game master)."""
    c = campaign.of(commit)
    tr = game.table_tr()
    waiting = _waiting(game, commit, state, opened, tr)
    for observer in game.roster.observers:
        lines = waiting + told(c, observer.address.lower(), tr, clock.where(game.config))
        message = observers.observer_mail(game.log, number, state, observer, game.config.address, lines,
                                          game.now, tr)
        if ending is not None:
            ending.fold_into(message, observer.address, title(tr.gettext("The game as everyone sees it")), tr,
                        observer=True)
        commit.mail(message, None, "observer")
    c.forget_seen({c_ for c_, s in game.roster.players.items() if not s.vacant}
                  | {o.address.lower() for o in game.roster.observers})
    if ending is not None:
        from adjudicator.mail.judge.final import final_mails

        final_mails(ending)


def _opened(game: Game, commit: Commit, step: int) -> datetime:
    from adjudicator.mail.judge.deadlines import parse_time

    text = commit.state.opened.get(str(step))
    return parse_time(text) if text else game.now


def deadline_lines(game: Game, commit: Commit, state: GameState, colour: str, opened: datetime,
                   tr: Translator = ENGLISH) -> list[str]:
    """What ``colour``'s mail says of their deadline (or whom the game waits for)."""
    _ = tr.gettext
    if isinstance(state.pending, GameOver):
        return []
    c = campaign.of(commit)
    seat = game.roster.players[colour]  # type: ignore[index]
    if colour not in deciders(state.pending):
        return _waiting(game, commit, state, opened, tr)
    bot = game.config.bot
    away = c.away(colour, seat.generation)
    if away is not None and game.config.absence.policy == "stand-in":
        return wrap(_('You are away until {until}: the {bot} bot answers this decision for you. Mail "back" '
                      "(with your token) to play again.").format(
            until=clock.shown(_local(game, away.until), tr), bot=bot))
    if colour in c.abandoned:
        return wrap(_('Your seat is abandoned: the {bot} bot answers for you. Mail "back" (with your '
                      "token) to play again.").format(bot=bot))
    due = clock.deadline(game.config, c, state.decision, opened) if game.config.deadlines.enabled else None
    if c.paused() is not None:
        return wrap(_("The game master has paused the game: no deadline runs until it resumes."))
    if due is None:
        return wrap(_("The clock stands still while a player is away.")) if game.config.deadlines.enabled \
            else []
    return []  # the mail's own "Deadline:" line (:mod:`.deliver`) says it


def told(c: campaign.Campaign, reader: str, tr: Translator = ENGLISH,
         zone: tzinfo | None = None) -> list[str]:
    """The table's notices ``reader`` has not been told, as lines of their mail (in ``tr``'s
    language, their times in ``zone``, the game's time zone)."""
    notices = [line for n in c.unseen(reader) for line in wrap(f"- {notice_text(n, tr, zone)}")]
    return ["", tr.gettext("At the table:"), *notices] if notices else []


def notice_text(notice: str | campaign.Notice, tr: Translator = ENGLISH, zone: tzinfo | None = None) -> str:
    """One notice of the table in ``tr``'s language (a plain string, from before notices
    were kept untranslated, as it is)."""
    from adjudicator.mail.judge.deadlines import parse_time

    if isinstance(notice, str):
        return notice
    times = {k: clock.shown(parse_time(v) if zone is None else parse_time(v).astimezone(zone), tr)
             for k, v in notice.times.items()}
    return tr.gettext(notice.text).format(**notice.args, **times)


def _waiting(game: Game, commit: Commit, state: GameState, opened: datetime,
             tr: Translator = ENGLISH) -> list[str]:
    """Whom the game waits for, and until when (the same for every reader of a language)."""
    _ = tr.gettext
    if isinstance(state.pending, GameOver):
        return []
    c = campaign.of(commit)
    names = ", ".join(who(game.roster, colour, tr) for colour in deciders(state.pending))
    if c.paused() is not None:
        return wrap(_("Waiting for {names}; the game master has paused the game: no deadline runs.").format(
            names=names))
    if not game.config.deadlines.enabled:
        return wrap(_("Waiting for {names}.").format(names=names))
    due = clock.deadline(game.config, c, state.decision, opened)
    if due is None:
        return wrap(_("Waiting for {names} (the clock stands still).").format(names=names))
    return wrap(_("Waiting for {names} until {due}.").format(names=names, due=clock.shown(due, tr)))


def _local(game: Game, text: str) -> datetime:
    from adjudicator.mail.judge.deadlines import parse_time

    return parse_time(text).astimezone(clock.where(game.config))


def add_lines(message: EmailMessage, lines: Sequence[str]) -> None:
    """``lines`` after the greeting of ``message``, if there are any."""
    if lines:
        with_lines(message, lines)


def with_lines(message: EmailMessage, lines: Sequence[str]) -> None:
    """``lines`` (and a blank line) after the first paragraph of the text (the greeting)."""
    def insert(text: list[str]) -> None:
        at = text.index("") + 1 if "" in text else 0
        text[at:at] = [*lines, ""]

    edit_body(message, insert)
