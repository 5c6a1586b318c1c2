"""Who gets which mail after a step of the game, and what an answer gets (issue 27).

Each player's roster entry says how often they get mail (``mail``):

- ``"decisions"`` (the default): a mail when they must decide, with all the news since their
  last mail, and at each quarter's end and the game's end; their accepted orders are
  confirmed at the top of that next mail (a refusal always comes at once);
- ``"every-step"``: a mail after every step, the receipt of their orders at its top;
- ``"digest"``: as ``"decisions"``, plus at most one news mail a day; a receipt is one
  short mail of its own unless a mail to them follows in the same run.

**Simultaneous decisions are revealed together**: while some deciders of a simultaneous
decision (the initial markers, the people's demands) have answered and others have not,
no player gets news or a view of the game: the answers (in the log, and in the game
master's files) reach the players' mails together, once every decider has answered.  The
one who answered gets only a receipt.

A decision mail names the decision's deadline (with its time zone), who else the game
waits for, and carries the player's token; its board picture marks what changed since
the player's last mail.  Everything in a player's mail is computed from their view and
their private reports; in the player's language (:meth:`Game.tr`, issue 31), the news told
again from each step's events (:func:`adjudicator.i18n.steps.step_report`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import TYPE_CHECKING

from adjudicator.errors import Illegal, Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.game.engine import answered, deciders, simultaneous
from adjudicator.i18n.steps import step_report
from adjudicator.mail.judge import campaign, clock, compose, deadlines, gamelog, record, standin, tablemail
from adjudicator.mail.judge.final import Ending
from adjudicator.mail.judge.refusal import Context
from adjudicator.mail.judge.told import Told
from adjudicator.mail.outgoing.compose import picture_choice, player_mail
from adjudicator.mail.outgoing.text import title
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.redact import view_of

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game
    from adjudicator.mail.message import Letter
    from adjudicator.mail.read import Sources

DIGEST_EVERY = timedelta(hours=24)  # "digest": at most one news mail this often
MAX_NEWS = 40  # reports in one mail at most (the oldest beyond are only counted)


@dataclass(frozen=True)
class Answered:
    """An accepted order: who sent it, the decision it answered, the message it came in."""

    colour: PlayerColour
    decision: int
    message: compose.Answering | None = None
    key: str = ""  # the record's key of the message (the receipt's Message-ID is made from it)

# How the run's summary counts a mail that went out without a part it should carry.
_LEFT_OUT = {"mail.order_page_failed": "mails without their order page"}


def answering(letter: Letter) -> compose.Answering:
    """What a mail answering ``letter`` needs of it (its own fields, as it carries them)."""
    return compose.Answering(letter.message_id or "",
                             letter.header.get("references") or letter.header.get("in-reply-to") or "",
                             letter.subject)


def told(commit: record.Commit, colour: str) -> Told:
    """What the player's mails have told them so far (in the record being committed)."""
    return commit.state.told.setdefault(colour, Told())


def step_mails(game: Game, commit: record.Commit, step: int, opened: datetime | None = None,
               answer: Answered | None = None) -> None:
    """The mails of log step ``step`` (and the step's opening time, for its deadline)."""
    state = _game_at(game, step)
    before = _game_at(game, step - 1) if step > 0 else None
    commit.state.mailed = step
    commit.state.opened[str(step)] = (opened or game.now).isoformat()
    if answer is not None:
        _note_receipt(commit, answer)
    if held(state, before):  # a simultaneous decision still open: nothing is revealed yet
        if answer is not None:
            _receipt_alone(game, commit, answer, [c for c in deciders(state.pending)])
        return
    event = isinstance(state.pending, GameOver) or (before is not None and before.quarter != state.quarter)
    ending = Ending(game, commit, step, state) if isinstance(state.pending, GameOver) else None
    for colour in state.seats:
        seat = game.roster.players[colour]
        me = told(commit, colour)
        decides = colour in deciders(state.pending) and me.asked != state.decision
        if seat.vacant:  # issue 28: a vacant seat gets no mail (its stand-in plays it)
            continue
        if decides or event or seat.mail == "every-step" or _digest_due(game, me, seat.mail, step):
            _mail(game, commit, state, step, colour, decides, ending=ending)
    tablemail.after_step(game, commit, step, state, opened or game.now, ending)  # observers, the final mail
    if answer is not None and told(commit, answer.colour).receipts:
        if game.roster.players[answer.colour].mail == "digest":
            _receipt_alone(game, commit, answer, ())


def held(state: GameState, before: GameState | None) -> bool:
    """Whether the step leaves a simultaneous decision waiting for more answers."""
    if not simultaneous(state.pending):
        return False
    return bool(answered(state.pending)) or (before is not None and before.decision == state.decision
                                             and simultaneous(before.pending))


def digests(game: Game) -> None:
    """The news mails ``"digest"`` players are due (a day after their last mail), written
    and committed; the run calls it before reading the inbox."""
    state_record = record.load_state(game.folder)
    step, state = game.current()
    before = _game_at(game, step - 1) if step > 0 else None
    if state_record.mailed < step or held(state, before):
        return
    commit = record.Commit(game.folder, state_record)
    for colour in state.seats:
        me = told(commit, colour)
        if _digest_due(game, me, game.roster.players[colour].mail, step):
            _mail(game, commit, state, step, colour, False)
    if commit.mails:
        commit.write()


def _digest_due(game: Game, me: Told, mode: str, step: int) -> bool:
    if mode != "digest" or me.news_upto >= step:
        return False
    return not me.at or game.now - deadlines.parse_time(me.at) >= DIGEST_EVERY


def _mail(game: Game, commit: record.Commit, state: GameState, step: int, colour: PlayerColour,
          decides: bool, extra: Sequence[str] = (), ending: Ending | None = None) -> None:
    """One player's mail of ``step``: the news since their last mail, what to decide
    (``extra``: lines after the greeting, a new holder's welcome; ``ending``: the game is
    over, and the final mail is folded in)."""
    me = told(commit, colour)
    first = max(0, me.news_upto + 1)
    steps = list(range(first, step + 1))
    tr = game.tr(colour)
    reports = [step_report(game.log, k, colour, tr) for k in steps[-MAX_NEWS:]]
    if len(steps) > MAX_NEWS:
        more = len(steps) - MAX_NEWS
        reports.insert(0, tr.ngettext("(and {n} earlier decisions: see the game's replay or ask the "
                                      "game master)",
                                      "(and {n} earlier decisions: see the game's replay or ask the "
                                      "game master)",
                                      more).format(n=more) + "\n")
    before = view_of(_game_at(game, me.news_upto), colour) if me.news_upto >= 0 else None
    notes = [compose.receipt_line(d, tr=tr) for d in me.receipts]
    view = view_of(state, colour)
    # The board picture in the mails that ask for a decision, and in the last one.
    picture = decides or isinstance(state.pending, GameOver)
    pictures = picture_choice(game.roster, colour, game.config.pictures) if picture else "none"
    left_out: list[Problem] = []
    message = player_mail(view, reports, game.roster, pictures, notes=notes,
                          deadline=_deadline(game, commit, step, state, colour) if decides else None,
                          token=game.token(colour, state.game_id), before=before,
                          date=game.now, judge=game.config.address, warnings=left_out, tr=tr)
    for warning in left_out:  # a picture or page left out: said, never silent (issue 25)
        game.summary.warn(warning)
        game.summary.add(_LEFT_OUT.get(warning.code, "mails without their board picture"))
    if notes and me.reply_to:
        _answers(message, me.reply_to)
    tablemail.add_lines(message, [*extra, *tablemail.player_lines(game, commit, state, colour, decides)])
    if ending is not None:
        state_title = title(tr.gettext("The game as you see it"))
        ending.fold_into(message, game.roster.players[colour].address, state_title, tr)
    commit.mail(message, colour, "decision" if decides else "news")
    me.news_upto, me.at, me.receipts, me.reply_to = step, game.now.isoformat(), [], ""
    if decides:
        me.asked, me.asked_id = state.decision, str(message["Message-ID"])


def welcome(game: Game, commit: record.Commit, step: int, colour: PlayerColour, lines: Sequence[str]) -> None:
    """The mail of ``step`` to a seat's new holder (issue 28): the present state as the seat
    sees it, the latest step's news, ``lines`` after the greeting."""
    from adjudicator.mail.judge.told import Told

    state = _game_at(game, step)
    commit.state.told[colour] = Told(news_upto=step - 1)  # what the former holder was told is not theirs
    _mail(game, commit, state, step, colour, colour in deciders(state.pending), lines)


def _answers(message: EmailMessage, msgid: str) -> None:
    """The mail answers the player's message (its receipt is folded in)."""
    compose.thread(message, compose.Answering(message_id=msgid))


def _note_receipt(commit: record.Commit, answer: Answered) -> None:
    me = told(commit, answer.colour)
    if answer.decision not in me.receipts:
        me.receipts.append(answer.decision)
    if answer.message is not None:
        me.reply_to = answer.message.message_id


def _receipt_alone(game: Game, commit: record.Commit, answer: Answered, waiting: Sequence[str]) -> None:
    """The receipt as a short mail of its own, answering the player's message."""
    seat, sender = game.roster.players[answer.colour], game.config.address
    msgid = compose.message_id(sender, "receipt", answer.key or f"{answer.colour}\0{answer.decision}")
    commit.mail(compose.receipt(sender, seat.address, game.game_id, answer.decision, game.now,
                                name=seat.name, reply_to=answer.message, waiting=waiting, msgid=msgid,
                                tr=game.tr(answer.colour)),
                answer.colour, "receipt")
    told(commit, answer.colour).receipts = []


def _deadline(game: Game, commit: record.Commit, step: int, state: GameState,
              colour: PlayerColour) -> str | None:
    """The deadline of the decision opened at ``step``, as ``colour`` reads it, with its zone
    (issue 28: the game master's pauses and extensions counted; None while none runs, or
    while the stand-in answers for the player: :mod:`.tablemail` says so instead)."""
    rules = game.config.deadlines
    if not rules.enabled:
        return None
    where = deadlines.zone(rules.timezone)
    opened = deadlines.parse_time(commit.state.opened.get(str(step), game.now.isoformat()))
    c = campaign.of(commit)
    due = clock.deadline(game.config, c, state.decision, opened)
    if due is None or c.paused() is not None:
        return None
    due = due.astimezone(where)
    tr = game.tr(colour)
    if tr.language != "en":  # the zone's name and offset are in the locale's form
        return compose.when(due, tr)
    return compose.when(due) + ("" if rules.timezone == "UTC" else f" ({rules.timezone})")


def _game_at(game: Game, step: int) -> GameState:
    name = game.log / f"{step:04d}-game.json"
    return io.load_game(io.read_bytes(str(name)), name.name)


# --- An answer: refused in words, or accepted --------------------------------------------------

def answer(game: Game, commit: record.Commit, message: compose.Answering, texts: Sequence[tuple[str, str]],
           colour: PlayerColour, key: str) -> str:
    """Read and adjudicate a player's orders (``texts``: the message's candidate texts):
    the refusal in words, or the log step and its mails; the outcome."""
    from adjudicator.mail.read import orders_in_located

    step, current = game.current()
    try:
        order, sources = orders_in_located(texts, "your message", [current.game_id])
    except Malformed as e:
        if _no_orders(e.problems, texts):  # neither orders nor a command: the help (issue 28)
            from adjudicator.mail.judge.commands import help_instead

            return help_instead(game, commit, colour)
        return _refuse(game, commit, message, colour, current, list(e.problems), None, None, key)
    if order.player != colour:  # red's token never carries orders for green
        wrong = problem("judge.not_your_colour", "$.player",
                        game.tr(colour).gettext("These orders are for {player}, but you play "
                                                "{colour}.").format(player=order.player, colour=colour))
        return _refuse(game, commit, message, colour, current, [wrong], sources, order.decision, key)
    orders = io.encode_orders(order)
    if gamelog.last_orders(game.log, step) != orders:  # else applied before a crash: only mail
        try:
            step, _ = gamelog.append(game.log, orders, "your orders")
        except (Illegal, Malformed) as e:
            return _refuse(game, commit, message, colour, current, list(e.problems), sources, order.decision,
                           key)
    standin.answered(game, commit, colour, order.decision, commit.state.opened.get(str(step - 1)))
    accepted = Answered(colour, order.decision, message, key)
    if commit.state.mailed < step:
        step_mails(game, commit, step, answer=accepted)
    else:  # applied and mailed before a crash: the receipt is still due
        _note_receipt(commit, accepted)
        _receipt_alone(game, commit, accepted, ())
    return "accepted"


def _no_orders(problems: Sequence[Problem], texts: Sequence[tuple[str, str]]) -> bool:
    """Whether a message holds no attempt at orders: none found, or only the token line (a
    header with nothing of a game header and no answer)."""
    codes = [p.code for p in problems]
    if codes == ["mail.no_orders"]:
        return True
    own = (ln.strip().lower() for _, t in texts for ln in t.splitlines()[:200]
           if not ln.lstrip().startswith(">"))
    heads = ("game ", "decision ", "player ")
    return codes == ["notation.no_answer"] and not any(ln.startswith(heads) for ln in own)


def _refuse(game: Game, commit: record.Commit, message: compose.Answering, colour: PlayerColour,
            current: GameState, problems: list[Problem], sources: Sources | None,
            decision: int | None, key: str) -> str:
    from adjudicator.game.options import NoDecision
    from adjudicator.rendering.options_text import legal_lines
    from adjudicator.views.standin import options_any

    found = options_any(view_of(current, colour), colour)
    legal = () if isinstance(found.options[0], NoDecision) else tuple(legal_lines(found))
    context = Context(game_id=current.game_id, decision=current.decision,
                      decides=colour in deciders(current.pending), legal=legal, colour=colour)
    seat, sender = game.roster.players[colour], game.config.address
    commit.mail(compose.refusal(sender, seat.address, current.game_id, problems, game.now,
                                name=seat.name, reply_to=message, sources=sources, context=context,
                                decision=decision if decision is not None else current.decision,
                                msgid=compose.message_id(sender, "refusal", key), tr=game.tr(colour)),
                colour, "refusal")
    return "refused (orders)"


def reminder(game: Game, commit: record.Commit, state: GameState, step: int, due: datetime) -> None:
    """A reminder to each player still to answer, answering their decision mail."""
    for colour in deciders(state.pending):
        seat, sender = game.roster.players[colour], game.config.address
        asked = told(commit, colour).asked_id
        thread = compose.Answering(message_id=asked) if asked else None
        msgid = compose.message_id(sender, "reminder", f"{state.game_id}\0{step}\0{colour}")
        commit.mail(compose.reminder(sender, seat.address, state.game_id, state.decision, due, game.now,
                                     name=seat.name, reply_to=thread, msgid=msgid, tr=game.tr(colour)),
                    colour, "reminder")
