"""One run of the mail judge over a game folder (``trajan mail run GAMEDIR``).

Under an exclusive lock on the game folder (:func:`adjudicator.files.lock.locked`: a
second run waits, and gives up after 30 s with ``output.locked``; the lock is ``flock``,
which the kernel releases when its holder dies, so a crashed run never leaves a stale
lock behind) the run:

1. sends the mails a previous run wrote and did not send (the journal);
2. writes the mails of the log's latest step if they were never written (a new game);
3. handles each new message of the inbox, oldest first: a message already handled (by
   Message-ID or body hash) is skipped; one from an address not in the roster is
   ignored; ``resend`` sends the player's latest mail again; a missing or wrong token
   gets a refusal at the registered address; orders are read (text or JSON), and either
   refused with their problems or added to the log, with a receipt and every player's
   mail for the new step; the record is committed before anything is sent;
4. applies the deadlines: a reminder before, a bot's answer at the deadline.

:mod:`.route` runs the same steps over several games that share one inbox.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path

from adjudicator.errors import Illegal, Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.files.lock import locked
from adjudicator.game.engine import deciders
from adjudicator.i18n import Translator
from adjudicator.mail.judge import compose, deadlines, gamelog, record, tokens
from adjudicator.mail.judge.config import JudgeConfig, load_config, read_secret
from adjudicator.mail.judge.inbox import open_source
from adjudicator.mail.judge.outbox import Sink, flush, open_sink
from adjudicator.mail.outgoing.compose import player_translator
from adjudicator.mail.outgoing.roster import read_roster, roster_problems
from adjudicator.model.roster import Roster
from adjudicator.model.state import GameOver, GameState
from adjudicator.model.vocab import PlayerColour


@dataclass
class Summary:
    """What one run did, counted (printed by the command)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def text(self) -> str:
        return ", ".join(f"{n} {what}" for what, n in self.counts.items()) or "nothing to do"


@dataclass
class Game:
    folder: Path
    config: JudgeConfig
    roster: Roster
    secret: bytes
    now: datetime
    summary: Summary
    game_id: str  # never changes in a game

    @property
    def log(self) -> Path:
        return self.folder / "log"

    def token(self, colour: str, game_id: str) -> str:
        return tokens.token_for(self.secret, game_id, colour)

    def tr(self, colour: PlayerColour) -> Translator:
        """The translator of ``colour``'s mails (the roster's language, else the judge's)."""
        return player_translator(self.roster, colour, self.config.language)

    def current(self) -> tuple[int, GameState]:
        latest = gamelog.latest(self.log)
        return latest.step, io.load_game(latest.data, f"{latest.step:04d}-game.json")


def run(folder: Path, now: datetime) -> Summary:
    """One run over the game folder ``folder`` at the time ``now``."""
    config = load_config(folder / "judge.toml")
    with locked(str(folder)):
        game = open_game(folder, config, now)
        sink = open_sink(config.outbox)
        try:
            start(game, sink)
            _read_inbox(game, sink)
            apply_deadlines(game, sink)
        finally:
            sink.close()
        return game.summary


def open_game(folder: Path, config: JudgeConfig, now: datetime) -> Game:
    """The game of ``folder`` (locked by the caller), its roster checked against its log."""
    latest = gamelog.latest(folder / "log")
    state = io.load_game(latest.data, f"{latest.step:04d}-game.json")
    roster = read_roster(str(folder / "roster.toml"))
    problems = roster_problems(roster, state.game_id, state.seats)
    if problems:
        raise Malformed([p.located(str(folder / "roster.toml")) for p in problems])
    return Game(folder, config, roster, read_secret(config), now, Summary(), state.game_id)


def start(game: Game, sink: Sink) -> None:
    """Steps 1 and 2: the journal sent, the mails of a new step written and sent."""
    sent(game, flush(game.folder, sink))
    _mail_new_step(game)
    sent(game, flush(game.folder, sink))


def sent(game: Game, count: int) -> None:
    for _ in range(count):
        game.summary.add("mails sent")


def _mail_new_step(game: Game) -> None:
    state = record.load_state(game.folder)
    step, _ = game.current()
    if state.mailed < step:
        commit = record.Commit(game.folder, state)
        step_mails(game, commit, step)
        commit.write()


def step_mails(game: Game, commit: record.Commit, step: int, opened: datetime | None = None) -> None:
    """Every player's mail for log step ``step``, and the step's opening time."""
    _, state = game.current()
    for mail in compose.decision_mails(game.log, step, game.roster, game.config.address,
                                       lambda c: game.token(c, state.game_id), game.config.pictures,
                                       game.config.language):
        kind = "decision" if mail.player in deciders(state.pending) else "news"
        commit.mail(mail.message, mail.player, kind)
    commit.state.mailed = step
    commit.state.opened[str(step)] = (opened or game.now).isoformat()


def colour_of(roster: Roster, address: str) -> PlayerColour | None:
    """The colour whose roster address ``address`` is (compared without case), if exactly one."""
    found = [c for c, s in roster.players.items() if s.address.lower() == address.lower()]
    return found[0] if len(found) == 1 else None


def _read_inbox(game: Game, sink: Sink) -> None:
    source = open_source(game.config.inbox)
    try:
        for key, data in source.messages():
            if for_another_game([game], data):
                game.summary.add("left for another game")  # unread, for the run of that game
                continue
            handle(game, data)
            sent(game, flush(game.folder, sink))
            source.done(key)
    finally:
        source.close()


def for_another_game(games: list[Game], data: bytes) -> bool:
    """Whether a message belongs to a game not run now (a shared inbox): its subject names
    another game, in one of the judge's subject forms, and it carries none of these games'
    tokens.  It is left unread for the run of that game."""
    named = compose.game_in_subject(data)
    if named is None or any(g.game_id == named for g in games):
        return False
    sender = parseaddr(str(message_from_bytes(data, policy=policy.default).get("From", "")))[1]
    for game in games:
        colour = colour_of(game.roster, sender)
        if colour is not None and tokens.carries(data, game.token(colour, game.game_id)):
            return False
    return True


def handle(game: Game, data: bytes) -> None:
    """One message, from reading to the committed record (nothing sent yet)."""
    state = record.load_state(game.folder)
    keys = record.message_keys(data)
    if record.seen(state, keys):
        game.summary.add("duplicates skipped")
        return
    commit = record.Commit(game.folder, state)
    outcome = _outcome(game, commit, data)
    game.summary.add(outcome)
    commit.handled(keys, outcome)
    commit.write()


def _outcome(game: Game, commit: record.Commit, data: bytes) -> str:
    message = message_from_bytes(data, policy=policy.default)
    colour = colour_of(game.roster, parseaddr(str(message.get("From", "")))[1])
    if colour is None:
        return "ignored (unknown sender)"
    to, sender = game.roster.players[colour].address, game.config.address
    _, current = game.current()
    if asks_resend(message):
        return _resend(game, commit, colour)
    if not tokens.carries(data, game.token(colour, current.game_id)):
        commit.mail(compose.token_refusal(sender, to, game.now, game.tr(colour)), colour, "refusal")
        return "refused (token)"
    problems = _apply(game, commit, data, colour)
    if problems:
        commit.mail(compose.refusal(sender, to, current.game_id, problems, game.now, game.tr(colour)), colour,
                    "refusal")
        return "refused (orders)"
    return "accepted"


def asks_resend(message: EmailMessage) -> bool:
    subject = str(message.get("Subject", "")).strip().lower()
    if subject.split(":")[-1].strip() == "resend":
        return True
    body = message.get_body(preferencelist=("plain",))
    text = body.get_content() if body is not None else ""
    lines = [ln.strip().lower() for ln in str(text).splitlines() if ln.strip() and not ln.startswith(">")]
    return lines[:1] == ["resend"]


def _resend(game: Game, commit: record.Commit, colour: PlayerColour) -> str:
    name = commit.state.latest.get(colour)
    data = record.sent_mail(game.folder, name) if name else None
    if data is None:
        return "ignored (nothing to resend)"
    again = message_from_bytes(data, policy=policy.default)
    assert isinstance(again, EmailMessage)
    del again["Message-ID"]
    again["Message-ID"] = make_msgid("trajan", domain=game.config.address.rpartition("@")[2] or "localhost")
    commit.mail(again, colour, "resend")
    return "resent"


def _apply(game: Game, commit: record.Commit, data: bytes, colour: PlayerColour) -> list[Problem]:
    """Read and adjudicate the orders; the problems, or [] once they are in the log."""
    from adjudicator.mail.read import read_orders

    step, current = game.current()
    try:
        order = read_orders(data, "your message", [current.game_id])
    except Malformed as e:
        return list(e.problems)
    if order.player != colour:
        return [problem("judge.not_your_colour", "$.player",
                        f"These orders are for {order.player}, but you play {colour}.")]
    orders = io.encode_orders(order)
    if gamelog.last_orders(game.log, step) != orders:  # else applied before a crash: only mail
        try:
            step, _ = gamelog.append(game.log, orders, "your orders")
        except (Illegal, Malformed) as e:
            return list(e.problems)
    seat = game.roster.players[colour]
    commit.mail(compose.receipt(game.config.address, seat.address, current.game_id, order.decision,
                                game.now, game.tr(colour)), colour, "receipt")
    if commit.state.mailed < step:
        step_mails(game, commit, step)
    return []


def apply_deadlines(game: Game, sink: Sink) -> None:
    rules = game.config.deadlines
    while rules.enabled:
        step, state = game.current()
        record_state = record.load_state(game.folder)
        opened_text = record_state.opened.get(str(step))
        if isinstance(state.pending, GameOver) or opened_text is None:
            return
        opened = deadlines.parse_time(opened_text)
        where = deadlines.zone(rules.timezone)
        due = deadlines.due(opened, rules.hours, rules.weekends, where).astimezone(where)  # shown there
        commit = record.Commit(game.folder, record_state)
        if game.now >= due:
            _bot_answers(game, commit, state, opened)
            game.summary.add("answered by the bot at the deadline")
        elif game.now >= deadlines.remind_at(due, rules.remind_hours) and step not in record_state.reminded:
            for colour in deciders(state.pending):
                seat = game.roster.players[colour]
                commit.mail(compose.reminder(game.config.address, seat.address, state.game_id, state.decision,
                                             due, game.now, game.tr(colour)), colour, "reminder")
            record_state.reminded.append(step)
            game.summary.add("reminders")
        else:
            return
        commit.write()
        sent(game, flush(game.folder, sink))


def _bot_answers(game: Game, commit: record.Commit, state: GameState, opened: datetime) -> None:
    """The bot answers for the first absent player; players of the same decision who are
    still to answer keep its opening time (their deadline has passed too)."""
    from adjudicator.logs.absent import absent_orders

    waiting = deciders(state.pending)
    order = absent_orders(state, waiting[0], game.config.deadlines.bot, f"{state.game_id}-deadline")
    step, _ = gamelog.append(game.log, io.encode_orders(order), "the bot's orders")
    _, after = game.current()
    still = set(deciders(after.pending))
    step_mails(game, commit, step, opened if still and still <= set(waiting[1:]) else None)
