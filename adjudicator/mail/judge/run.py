"""One run of the mail judge over a game folder (``trajan mail run GAMEDIR``).

Under an exclusive lock on the game folder (:func:`adjudicator.files.lock.locked`: a
second run waits, and gives up after 30 s with ``output.locked``; the lock is ``flock``,
which the kernel releases when its holder dies, so a crashed run never leaves a stale
lock behind) the run:

1. sends the mails a previous run wrote and did not send (the journal);
2. writes the mails of the log's latest step if they were never written (a new game, or
   steps added by ``trajan log add`` between two runs: the news tells each of them);
3. handles each new message of the inbox on its own, oldest first.  It is read once
   (:func:`adjudicator.mail.message.read_letter`, within the limits of
   :mod:`adjudicator.mail.limits`; reading never raises): a message already handled (by
   the hash of its Message-ID or of its text) is skipped; one from an address not in
   the roster, or sent by a program (an auto-reply, a mailing list, a bounce), is
   ignored; one over a limit, or without the player's token, gets a short note at the
   registered address (at most one a day); ``resend`` (with the token) sends the
   player's latest mail again; orders are read (text or JSON), must be for the sender's
   own colour, and are either refused with their problems or added to the log, with a
   receipt and every player's mail for the new step; the record is committed before
   anything is sent;
4. applies the deadlines: a reminder before, a bot's answer at the deadline.

A campaign (issue 28) adds, in thin hooks: the game master's acts by mail and a note to a
seat's former holder (:mod:`.commands`), players' commands (``status``, ``absent``...),
orders refused during the game master's pause, the deadline and the table's notices in
each step's mails and the observers' and final mails (:mod:`.tablemail`), each player's
figures, and the stand-in policy at the deadlines (:mod:`.standin`).

Whatever a message holds, the run goes on to the next one and to the deadlines.

:mod:`.route` runs the same steps over several games that share one inbox.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.files.lock import locked
from adjudicator.i18n import Translator, translator
from adjudicator.mail.fields import same_address
from adjudicator.mail.judge import (
    campaign,
    commands,
    compose,
    deadlines,
    deliver,
    gamelog,
    record,
    standin,
    tokens,
)
from adjudicator.mail.judge.config import JudgeConfig, load_config, read_secret
from adjudicator.mail.judge.inbox import Incoming, open_source
from adjudicator.mail.judge.outbox import Sink, flush, open_sink
from adjudicator.mail.message import Letter, read_letter
from adjudicator.mail.outgoing import headers
from adjudicator.mail.outgoing.compose import player_translator
from adjudicator.mail.outgoing.roster import read_roster, roster_problems
from adjudicator.model.roster import Roster
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour


@dataclass
class Summary:
    """What one run did, counted (printed by the command)."""

    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)  # printed on stderr by the command

    def add(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def warn(self, found: Problem) -> None:
        """Something the run left out (a board picture), kept (once) for stderr."""
        if all(w.code != found.code for w in self.warnings):
            self.warnings.append(found)

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
        """The token of ``colour``'s seat in its present generation (or of ``tokens.GM``)."""
        seat = self.roster.players.get(colour)  # type: ignore[call-overload]
        return tokens.token_for(self.secret, game_id, colour, seat.generation if seat is not None else 0)

    def tr(self, colour: PlayerColour) -> Translator:
        """The translator of ``colour``'s mails (the roster's language, else the judge's)."""
        return player_translator(self.roster, colour, self.config.language)

    def table_tr(self) -> Translator:
        """The translator of the mails to someone with no seat of their own (an observer, a
        seat's former holder): the game's language (the roster's, else the judge's)."""
        return translator(self.roster.language or self.config.language)

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
    """Steps 1 and 2: the journal sent, the mails of a new step written and sent (and the
    news mails of "digest" players that are due: issue 27)."""
    sent(game, flush(game.folder, sink))
    _mail_new_step(game)
    deliver.digests(game)
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
    """The players' mails for log step ``step`` (as each one's roster entry asks, with the
    news since their last mail: :mod:`.deliver`, issue 27), and the step's opening time."""
    deliver.step_mails(game, commit, step, opened)


def colour_of(roster: Roster, address: str | None) -> PlayerColour | None:
    """The colour whose roster address is ``address`` (the whole address, compared as
    :func:`~adjudicator.mail.fields.same_address` says), if exactly one."""
    if address is None:
        return None
    found = [c for c, s in roster.players.items() if same_address(s.address, address) and not s.vacant]
    return found[0] if len(found) == 1 else None


def _read_inbox(game: Game, sink: Sink) -> None:
    source = open_source(game.config.inbox)
    try:
        for incoming in source.messages():
            letter = read_letter(incoming.data, incoming.size)
            if for_another_game([game], letter):
                game.summary.add("left for another game")  # unread, for the run of that game
                continue
            handle(game, incoming, letter)
            sent(game, flush(game.folder, sink))
            source.done(incoming.key)
    finally:
        source.close()


def for_another_game(games: list[Game], letter: Letter) -> bool:
    """Whether a message belongs to a game not run now (a shared inbox), and is left unread
    for the run of that game: its subject names another game in one of the judge's subject
    forms and it carries none of these games' tokens; or, with ``shared = true`` in the
    inbox settings, it comes from an address in none of these games' rosters, or it names
    none of these games and carries a token that is none of its sender's here (a reply
    to another game's mail that lost its subject)."""
    named = compose.game_in_subject(letter.subject)
    mine = [(g, c) for g in games if (c := colour_of(g.roster, letter.sender)) is not None]
    theirs = [g.token(c, g.game_id) for g, c in mine]
    if any(tokens.carries(letter, t) for t in theirs):
        return False
    def carried(token: str) -> bool:
        return tokens.carries(letter, token)
    if letter.sender is not None and commands.routed(games, letter.sender, carried, bool(mine)) is not None:
        return False  # the game master's act, or a seat's former holder (issue 28)
    if named is not None and all(g.game_id != named for g in games):
        return True
    if not games[0].config.inbox.shared or letter.automatic is not None:
        return False
    return not mine or (named is None and tokens.carries_other(letter, theirs))


def handle(game: Game, incoming: Incoming, letter: Letter) -> None:
    """One message, from reading to the committed record (nothing sent yet)."""
    state = record.load_state(game.folder)
    keys = record.message_keys(letter, incoming.data, incoming.size)
    if record.seen(state, keys):
        game.summary.add("duplicates skipped")
        return
    commit = record.Commit(game.folder, state)
    outcome = _outcome(game, commit, letter, keys)
    game.summary.add(outcome)
    if outcome in NOT_RECORDED and not commit.mails:
        return  # nothing answered, nothing to record
    commit.handled(keys, outcome)
    commit.write()


# Outcomes not kept in the record: nothing was answered, so handling a copy again is harmless.
IGNORED_STRANGER, IGNORED_AUTOMATIC = "ignored (unknown sender)", "ignored (automatic message)"
NOT_RECORDED = (IGNORED_STRANGER, IGNORED_AUTOMATIC)


def _outcome(game: Game, commit: record.Commit, letter: Letter, keys: list[str]) -> str:
    colour = colour_of(game.roster, letter.sender)
    if letter.automatic is None and letter.refusal is None:
        early = commands.before_player(game, commit, _request(letter, keys), colour)  # the GM, a former one
        if early is not None:
            return early
    if colour is None:
        return IGNORED_STRANGER
    if letter.automatic is not None:  # a vacation responder or the like: never answered (RFC 3834)
        return IGNORED_AUTOMATIC
    to, sender = game.roster.players[colour].address, game.config.address
    name, reply = game.roster.players[colour].name, deliver.answering(letter)  # issue 27: threaded
    if letter.refusal is not None:
        note = compose.unreadable(sender, to, letter.refusal, game.now, name=name, reply_to=reply,
                                  msgid=compose.message_id(sender, "note", keys[-1]), tr=game.tr(colour))
        return unproven(game, commit, colour, note, f"refused ({letter.refusal.code})")
    if not tokens.carries(letter, game.token(colour, game.game_id)):
        note = compose.token_refusal(sender, to, game.now, name=name, reply_to=reply,
                                     msgid=compose.message_id(sender, "note", keys[-1]), tr=game.tr(colour))
        return unproven(game, commit, colour, note, "refused (token)")
    answered = commands.answer(game, commit, _request(letter, keys), colour)  # help, status, absent, ...
    if answered is not None:
        return answered
    if asks_resend(letter):
        return _resend(game, commit, colour, keys)
    if campaign.of(commit).paused() is not None:
        tr = game.tr(colour)
        paused = problem("judge.paused", "$", tr.gettext(
            "The game master has paused the game: orders are not read until it resumes. Send them again "
            "then."))
        commit.mail(compose.refusal(sender, to, game.game_id, [paused], game.now, name=name, reply_to=reply,
                                    msgid=compose.message_id(sender, "refusal", keys[-1]), tr=tr),
                    colour, "refusal")
        return "refused (paused)"
    # Refused in words, or adjudicated into the log with its mails (issue 27: .deliver).
    return deliver.answer(game, commit, reply, [(p.place, p.text) for p in letter.parts], colour, keys[-1])


def unproven(game: Game, commit: record.Commit, colour: PlayerColour, note: EmailMessage,
             outcome: str) -> str:
    """The answer to a message that does not prove its sender (no token, or not read): a
    short note to the registered address, at most one a day (a forger cannot make the judge
    flood a player's mailbox)."""
    last = commit.state.noted.get(colour)
    if last is not None and game.now - deadlines.parse_time(last) < timedelta(days=1):
        game.summary.add("notes held back (one a day)")
        return outcome
    commit.state.noted[colour] = game.now.isoformat()
    commit.mail(note, colour, "refusal")
    return outcome


def _request(letter: Letter, keys: list[str]) -> commands.Request:
    return commands.Request(sender=letter.sender or "", subject=letter.subject,
                            texts=[p.text for p in letter.parts if not p.attachment],
                            carries=lambda token: tokens.carries(letter, token), keys=tuple(keys))


def asks_resend(letter: Letter) -> bool:
    if letter.subject.strip().lower().split(":")[-1].strip() == "resend":
        return True
    body = next((p.text for p in letter.parts if not p.attachment), "")
    lines = [ln.strip().lower() for ln in body.splitlines()[:200] if ln.strip() and not ln.startswith(">")]
    return lines[:1] == ["resend"]


def _resend(game: Game, commit: record.Commit, colour: PlayerColour, keys: list[str]) -> str:
    name = commit.state.latest.get(colour)
    data = record.sent_mail(game.folder, name) if name else None
    if data is None:
        return "ignored (nothing to resend)"
    commit.mail(headers.with_message_id(data, compose.message_id(game.config.address, "resend", keys[-1])),
                colour, "resend")
    return "resent"


def apply_deadlines(game: Game, sink: Sink) -> None:
    """Step 4: reminders, the stand-in at deadlines and for absent players (:mod:`.standin`)."""
    standin.apply_deadlines(game, sink)
