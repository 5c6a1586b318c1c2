"""Deadlines and stand-ins (issues 18 and 28): who answers for a player who does not.

After the inbox, each run goes over the pending decision until nothing is left to do:

1. an absence whose date has come ends (the table is told in the next mails);
2. while the game master's pause is in force, nothing more happens;
3. a decider whose seat is vacant or abandoned, or who is away under the ``stand-in``
   policy, is answered by the stand-in bot at once;
4. at the deadline (:mod:`.clock`: the settings' hours, extensions, pauses) the stand-in
   answers for each player still to answer, and the table is told who was late; a
   reminder goes ``remind_hours`` before it.

The stand-in is ``[standin] bot`` (greedy by default: the strongest bot that answers in
well under a second; ``trajan bench`` measures it).  After ``abandon_after`` stand-in
answers at deadlines in a row the seat is abandoned: the game master is told, and the
stand-in answers at once from then on, until the player writes again or the seat is
given to someone else.  The record of the game counts every stand-in answer (the order
files carry ``stand_in``).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from adjudicator.files import io
from adjudicator.game.engine import deciders
from adjudicator.i18n import N_
from adjudicator.mail.judge import campaign, clock, compose, deadlines, gamelog, record
from adjudicator.mail.judge.campaign import Campaign
from adjudicator.mail.judge.outbox import Sink, flush
from adjudicator.mail.judge.status import who
from adjudicator.mail.outgoing.text import wrap
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game


def apply_deadlines(game: Game, sink: Sink) -> None:
    """Everything the clock and the stand-in policy call for now, step by step."""
    from adjudicator.mail.judge.run import sent

    while True:
        step, state = game.current()
        commit = record.Commit(game.folder, record.load_state(game.folder))
        if not _one(game, commit, step, state):
            return
        commit.write()
        sent(game, flush(game.folder, sink))


def _one(game: Game, commit: record.Commit, step: int, state: GameState) -> bool:
    """Do the next thing due; whether anything was done (to write)."""
    from adjudicator.mail.judge.absence import expire

    c = campaign.of(commit)
    if expire(game, commit):
        game.summary.add("absences ended")
        return True
    opened_text = commit.state.opened.get(str(step))
    if isinstance(state.pending, GameOver) or opened_text is None or c.paused() is not None:
        return False
    opened = deadlines.parse_time(opened_text)
    now_for = [colour for colour in deciders(state.pending) if at_once(game, c, colour)]
    if now_for:
        answer(game, commit, state, now_for[0], opened, "away" if _away(game, c, now_for[0]) else "abandoned")
        game.summary.add("answered by the stand-in at once")
        return True
    rules = game.config.deadlines
    due = clock.deadline(game.config, c, state.decision, opened) if rules.enabled else None
    if due is None:
        return False
    if game.now >= due:
        answer(game, commit, state, deciders(state.pending)[0], opened, "deadline", due)
        game.summary.add("answered by the bot at the deadline")
        return True
    if game.now >= deadlines.remind_at(due, rules.remind_hours) and step not in commit.state.reminded:
        from adjudicator.mail.judge.deliver import reminder

        reminder(game, commit, state, step, due)  # to each player still to answer, in their thread
        commit.state.reminded.append(step)
        game.summary.add("reminders")
        return True
    return False


def _away(game: Game, c: Campaign, colour: PlayerColour) -> bool:
    seat = game.roster.players[colour]
    return c.away(colour, seat.generation) is not None and game.config.absence.policy == "stand-in"


def at_once(game: Game, c: Campaign, colour: PlayerColour) -> bool:
    """Whether the stand-in answers for ``colour`` without waiting: a vacant or abandoned
    seat, or a player away under the stand-in policy."""
    return game.roster.players[colour].vacant or colour in c.abandoned or _away(game, c, colour)


def answer(game: Game, commit: record.Commit, state: GameState, colour: PlayerColour, opened: datetime,
           why: str, due: datetime | None = None) -> None:
    """The stand-in answers ``colour``'s pending decision; the step's mails follow.  Players
    of the same decision still to answer keep its opening time (their deadline stands)."""
    from adjudicator.logs.absent import absent_orders
    from adjudicator.mail.judge.run import step_mails

    order = absent_orders(state, colour, game.config.bot, f"{state.game_id}-deadline",
                          game.config.standin.budget)
    step, _ = gamelog.append(game.log, io.encode_orders(order), "the stand-in's orders")
    _counted(game, commit, colour, state.decision, why, due)
    _, after = game.current()
    still = set(deciders(after.pending))
    others = set(deciders(state.pending)) - {colour}
    step_mails(game, commit, step, opened if still and still <= others else None)


def _counted(game: Game, commit: record.Commit, colour: PlayerColour, decision: int, why: str,
             due: datetime | None) -> None:
    c = campaign.of(commit)
    seat = game.roster.players[colour]
    tally = c.tally(colour, seat.generation)
    if why == "away":
        tally.away += 1
        return
    tally.missed += 1
    if seat.vacant:
        return
    c.streak[colour] = c.streak.get(colour, 0) + 1
    if why == "deadline" and due is not None:
        c.note(N_("Decision {decision}: the deadline ({due}) passed; {who} was late, and the {bot} bot "
                  "answered for them."), {"due": due.isoformat()}, decision=str(decision),
               who=who(game.roster, colour), bot=game.config.bot)
    limit = game.config.standin.abandon_after
    if limit and c.streak[colour] >= limit and colour not in c.abandoned:
        _abandoned(game, commit, colour, c.streak[colour])


def _abandoned(game: Game, commit: record.Commit, colour: PlayerColour, count: int) -> None:
    c = campaign.of(commit)
    c.abandoned[colour] = game.now.isoformat()
    name = who(game.roster, colour)
    c.note(N_("{name} has not answered {count} decisions in a row: the seat is abandoned, and the {bot} "
              "bot plays it until they write again or the game master gives it to someone."),
           name=name, count=str(count), bot=game.config.bot)
    campaign.log(commit, game.now, "judge", "abandoned", colour=colour, streak=count)
    gm = game.roster.gm
    if gm is None:
        return
    body = wrap(f"{name} has not answered {count} decisions in a row in the game {game.game_id}, so the "
                f"judge marked the seat abandoned: the {game.config.bot} bot answers for it at once from now "
                f"on. To give it to someone else: trajan mail gm GAMEDIR replace {colour} --name NAME "
                "--address ADDRESS (or mail the same command with your token).")
    subject = compose.subject(game.game_id, f"{colour}'s seat is abandoned")
    commit.mail(compose.short(game.config.address, gm, subject, "\n".join(body) + "\n", game.now), None, "gm")


def answered(game: Game, commit: record.Commit, colour: PlayerColour, decision: int,
             opened: str | None) -> None:
    """A player's own answer to ``decision`` (opened at ``opened``): on time or late, and
    the end of a run of stand-in answers (an abandoned seat is theirs again)."""
    c = campaign.of(commit)
    seat = game.roster.players[colour]
    due = None if opened is None or not game.config.deadlines.enabled else \
        clock.deadline(game.config, c, decision, deadlines.parse_time(opened))
    tally = c.tally(colour, seat.generation)
    if due is not None and game.now > due:
        tally.late += 1
    else:
        tally.on_time += 1
    c.streak.pop(colour, None)
    if c.abandoned.pop(colour, None) is not None:
        c.note(N_("{who} is back: the seat is theirs again."), who=who(game.roster, colour))
        campaign.log(commit, game.now, colour, "back from abandoned")
