"""Commands by mail (issue 28): ``help``, ``status``, ``options``, ``history [FROM [TO]]``,
``resend``, ``absent until DATE [reason]`` and ``back``.

A command is the subject (after words ending in a colon: ``Re:``, ``GAME: status``) or
the first line of the writer's own text: a command word alone, ``history`` with its
range, or ``absent`` with its date.  It is answered only to the registered
address of a player whose mail carries their token (the caller checks both), and at
most ``[requests] per_day`` times a day per address: the first request over the bound
gets one "too many requests" note, later ones that day no answer at all, and each costs
no more than reading its first lines.  A message with neither orders nor a command the
judge knows gets the help.  No command changes the game; ``absent`` and ``back`` change
only the campaign's state.  Every answer is computed from the player's own view and
their own private reports (:mod:`.information`), so it shows nothing they may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.errors import Problem
from adjudicator.escape import terminal
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.mail.judge import absence, campaign, clock, compose, information
from adjudicator.mail.judge.campaign import Requests
from adjudicator.mail.judge.record import Commit
from adjudicator.model.roster import PastHolder
from adjudicator.model.vocab import PlayerColour

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game

WORDS = ("help", "status", "options", "history", "resend", "absent", "back")
FIRST_LINES = 50  # how far into the writer's text the command line is looked for


@dataclass(frozen=True)
class Request:
    """A message as the commands read it: its sender, subject and texts (the writer's
    own parts, attachments left out), and whether it carries a given token."""

    sender: str
    subject: str
    texts: Sequence[str]
    carries: Callable[[str], bool]
    keys: Sequence[str] = ()  # the message's record keys: an answer's Message-ID is made from them

    def msgid(self, sender: str, kind: str) -> str | None:
        """The Message-ID of the judge's answer of ``kind`` (the same if written again)."""
        return compose.message_id(sender, kind, self.keys[-1]) if self.keys else None

    def command(self) -> list[str] | None:
        """The command's words (the first one lower case), if the message is a command."""
        words = self.subject.split()
        while words and words[0].endswith(":"):  # "Re:", "GAME:" before the command
            words = words[1:]
        if _command(words):
            return _command(words)
        for line in (self.texts[0] if self.texts else "").splitlines()[:FIRST_LINES]:
            if line.strip() and not line.lstrip().startswith(">"):
                return _command(line.split())
        return None

    def lines(self) -> list[str]:
        """The writer's own lines of the first text, up to a signature (``-- ``)."""
        out = []
        for line in (self.texts[0] if self.texts else "").splitlines()[:FIRST_LINES]:
            if line.rstrip() == "--":
                break
            if not line.lstrip().startswith(">"):
                out.append(line.rstrip())
        return out


def _command(words: list[str]) -> list[str] | None:
    """``words`` as a command, if they are one: a word alone (``back``, not "Back from my
    holiday, here are my orders"), ``history`` with at most two more, ``absent`` with its
    date and reason (a full stop or an exclamation mark after the word is allowed)."""
    if not words:
        return None
    word = words[0].lower().rstrip(".!")
    if word not in WORDS or (word not in ("history", "absent") and len(words) > 1):
        return None
    if word == "history" and len(words) > 3:
        return None
    return [word, *words[1:]]


def answer(game: Game, commit: Commit, request: Request, colour: PlayerColour) -> str | None:
    """The outcome of a player's command (their token checked), or None if it is none."""
    words = request.command()
    if words is None:
        return None
    allowed = within_limit(game, commit, request.sender)
    if allowed is not True:
        if allowed is False:
            _ = game.tr(colour).gettext
            limit = request.msgid(game.config.address, "limit")
            reply(game, commit, colour, _("too many requests"), limit, [
                _("The judge answers at most {n} commands a day from one address;").format(
                    n=game.config.requests.per_day),
                _("this one and any more today get no answer. Your orders are read as always.")])
            return "refused (too many requests)"
        game.summary.add("requests held back")
        return "ignored (too many requests)"
    word, rest = words[0], words[1:]
    if word == "resend":
        from adjudicator.mail.judge.run import _resend

        return _resend(game, commit, colour, list(request.keys))
    if word in ("absent", "back"):
        done = absence.begin(game, commit, colour, rest) if word == "absent" else \
            absence.end(game, commit, colour)
        return _answered(game, commit, request, colour, word, done)
    if word == "status":
        return _answered(game, commit, request, colour, word, information.status(game, commit, colour))
    if word == "options":
        return _answered(game, commit, request, colour, word, information.options(game, commit, colour))
    if word == "history":
        return _answered(game, commit, request, colour, word, information.history(game, colour, rest))
    return _answered(game, commit, request, colour, word, help_lines(game, game.tr(colour)))


def _answered(game: Game, commit: Commit, request: Request, colour: PlayerColour, word: str,
              done: list[str] | Problem) -> str:
    msgid = request.msgid(game.config.address, "answer")
    if isinstance(done, Problem):
        _ = game.tr(colour).gettext
        reply(game, commit, colour, _("{word}: not done").format(word=word), msgid, [
            _("Your command {word} was not done; nothing changed:").format(word=repr(word)), "",
            f"- {terminal(done.message)} [{done.code}]", "", _('Mail "help" for the commands.')])
        return f"refused ({word})"
    reply(game, commit, colour, word, msgid, done)
    return f"answered ({word})"


def help_instead(game: Game, commit: Commit, colour: PlayerColour) -> str:
    """A message with no orders and no command the judge knows: the help (counted as a request)."""
    allowed = within_limit(game, commit, colour_address(game, colour))
    if allowed is not True:
        return "ignored (too many requests)"
    tr = game.tr(colour)
    said = tr.gettext("Your message held neither orders nor a command the judge knows.")
    reply(game, commit, colour, "help", None, [said, "", *help_lines(game, tr)])
    return "answered (help)"


def colour_address(game: Game, colour: PlayerColour) -> str:
    """The registered address of ``colour``'s seat (answers go there, never to a From:)."""
    return game.roster.players[colour].address


def within_limit(game: Game, commit: Commit, sender: str) -> bool | None:
    """True: answer; False: the day's bound is just passed (one note); None: stay silent."""
    c = campaign.of(commit)
    day = game.now.astimezone(clock.where(game.config)).date().isoformat()
    c.requests = {k: v for k, v in c.requests.items() if v.day == day}  # only today's are kept
    mine = c.requests.setdefault(sender.lower(), Requests(day=day))
    mine.count += 1
    if mine.count <= game.config.requests.per_day:
        return True
    if not mine.told:
        mine.told = True
        return False
    return None


def reply(game: Game, commit: Commit, colour: PlayerColour, what: str, msgid: str | None,
          lines: Sequence[str]) -> None:
    """Journal the answer ``lines`` to ``colour``'s registered address (subject: ``what``)."""
    to = colour_address(game, colour)
    subject = compose.subject(game.game_id, what)
    body = "\n".join(lines).rstrip("\n") + "\n"
    mail = compose.short(game.config.address, to, subject, body, game.now, msgid=msgid, tr=game.tr(colour))
    commit.mail(mail, colour, "answer")


def help_lines(game: Game, tr: Translator = ENGLISH) -> list[str]:
    """The commands and the notation, short (``tr``: the reader's language; the command
    words and the notation stay English: they are what the judge reads)."""
    _ = tr.gettext
    rules = game.config
    meanwhile = (_("meanwhile the game's clock stands still") if rules.absence.policy == "pause"
                 else _("meanwhile the {bot} bot answers for you").format(bot=rules.bot))
    # Translators: the help by mail; keep the command words, the notation and the column of
    # the explanations (column 25), each line at most 78 characters.
    text = _("""The judge of the game {game} reads your mails. Put the line "token ..." of the
judge's mails to you in each (a reply that quotes the judge's mail has it).

Commands: the subject, or the first line of your mail, is one of
  help                  this text
  status                whose turn it is, the deadline, who is late or away,
                        everyone's answers so far, and the board as you see it
  options               your pending decision again, every option ready to copy
  history [FROM [TO]]   your reports of decisions FROM to TO (the last 10 by default)
  resend                the judge's latest mail to you again
  absent until DATE [reason]
                        away until DATE (2026-03-20), at most {max_days} days;
                        {meanwhile}
  back                  you are back before that date
At most {per_day} commands a day are answered.

Orders: reply to the judge's mail with your lines between BEGIN ORDERS and
END ORDERS: the header "game ID decision N player COLOUR", your token line,
then one line per step, copied from "What you decide now", for example
  sow military blue pink green
  military recruit
  trajan special
or one answer: tray forum yellow yellow (six lines), take deck discard1 deck,
tiles II cards IV victory VI plus2, demands forum trajan unmet, bonus wine-fish.
A # starts a comment. The judge answers every order with a receipt or the
problems, line by line; nothing changes until orders are accepted.""")
    return text.format(game=game.game_id, max_days=rules.absence.max_days, meanwhile=meanwhile,
                       per_day=rules.requests.per_day).split("\n")


def before_player(game: Game, commit: Commit, request: Request, colour: PlayerColour | None) -> str | None:
    """The outcome of a message from the game master (with their token) or from a former
    holder of a seat; None for any other message (a player's, or a stranger's)."""
    from adjudicator.mail.judge import seats, tokens

    gm = game.roster.gm
    if gm is not None and gm.lower() == request.sender.lower():
        if request.carries(game.token(tokens.GM, game.game_id)):
            return _gm_mail(game, commit, request)
        if colour is None:
            return _gm_without_token(game, commit, gm, request.msgid(game.config.address, "note"))
    if colour is None:
        former = seats.former_holder(game.roster, request.sender)
        if former is not None:
            return _passed(game, commit, *former)
    return None


def _gm_without_token(game: Game, commit: Commit, gm: str, msgid: str | None) -> str:
    """A mail from the game master's address without their token: one note a day."""
    c = campaign.of(commit)
    day = game.now.astimezone(clock.where(game.config)).date().isoformat()
    if c.gm_noted == day:
        return "ignored (token)"
    c.gm_noted = day
    commit.mail(compose.token_refusal(game.config.address, gm, game.now, msgid=msgid), None, "refusal")
    return "refused (token)"


def _gm_mail(game: Game, commit: Commit, request: Request) -> str:
    from adjudicator.errors import Illegal, Malformed
    from adjudicator.mail.judge import gm

    try:
        act = gm.parse_mail(request.lines())
        done = gm.perform(game, commit, act, "gm by mail")
    except (Malformed, Illegal) as e:
        lines = ["Your act was not done; nothing changed:", "", *gm.problems_lines(list(e.problems))]
        _to_gm(game, commit, request, "game master: not done", lines)
        return "refused (game master)"
    _to_gm(game, commit, request, f"game master: {act.kind}", done)
    return f"done ({act.kind}, game master)"


def _to_gm(game: Game, commit: Commit, request: Request, what: str, lines: list[str]) -> None:
    assert game.roster.gm is not None
    mail = compose.short(game.config.address, game.roster.gm, compose.subject(game.game_id, what),
                         "\n".join(lines) + "\n", game.now, msgid=request.msgid(game.config.address, "gm"))
    commit.mail(mail, None, "gm")


def _passed(game: Game, commit: Commit, colour: PlayerColour, past: PastHolder) -> str:
    """A former holder's mail: one note that the seat has passed on, then no answer."""
    c = campaign.of(commit)
    address = past.address.lower()
    if address in c.passed_told:
        return "ignored (seat passed on)"
    c.passed_told.append(address)
    campaign.log(commit, game.now, "judge", "former holder told", colour=colour, address=past.address)
    _ = game.table_tr().gettext
    body = _("This seat has passed to someone else: you no longer play {colour} in the game {game},\n"
             "and the judge no longer reads your mails for it (this note goes once). Write to the game\n"
             "master if you think this is a mistake.\n").format(colour=colour, game=game.game_id)
    subject = compose.subject(game.game_id, _("this seat has passed to someone else"))
    commit.mail(compose.short(game.config.address, past.address, subject, body, game.now, tr=game.table_tr()),
                None, "passed")
    return "refused (seat passed on)"


def routed(games: Sequence[Game], sender: str, carries: Callable[[str], bool], players: bool) -> Game | None:
    """Among games sharing an inbox (:mod:`.route`), the one a message of the game master
    (with that game's game-master token) or of a seat's former holder goes to; ``players``:
    whether the sender plays in any of the games (then only the game master's token counts)."""
    from adjudicator.mail.judge import seats, tokens

    low = sender.lower()
    for game in games:
        gm = game.roster.gm
        if gm is not None and gm.lower() == low and carries(game.token(tokens.GM, game.game_id)):
            return game
    if players:
        return None
    return next((g for g in games if (g.roster.gm or "").lower() == low
                 or seats.former_holder(g.roster, sender) is not None), None)
