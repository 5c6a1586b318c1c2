"""A seat passing to someone else (issue 28): ``replace COLOUR --name N --address A`` and
``kick COLOUR``, and what the roster then says about who held each seat when.

Replacing a seat raises its generation, so its token changes at once (the former
holder's token no longer works: :mod:`.tokens`); the former holder goes into the seat's
history with the last log step of their time.  The new holder gets a welcome and the
mail of the present step with their own token; the former holder is told once, and a
later mail of theirs gets one note that the seat has passed on (then nothing).  A kicked
seat is vacant: its stand-in plays it at once, and it gets no mail, until the game master
gives it to someone.  Nothing of this enters the game's log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from adjudicator.errors import Illegal, Malformed, problem
from adjudicator.escape import terminal
from adjudicator.files import io
from adjudicator.i18n import N_, translator
from adjudicator.mail.judge import campaign, compose, roster_file
from adjudicator.mail.judge.record import Commit, judge_dir
from adjudicator.mail.judge.status import who
from adjudicator.mail.outgoing.text import wrap
from adjudicator.model.roster import Address, Name, PastHolder, Roster, Seat
from adjudicator.model.state import GameOver
from adjudicator.model.vocab import PlayerColour

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game

VACANT = "Vacant seat"


def former_holder(roster: Roster, address: str) -> tuple[PlayerColour, PastHolder] | None:
    """The seat ``address`` held before (and no longer holds), if any."""
    low = address.lower()
    if any(s.address.lower() == low and not s.vacant for s in roster.players.values()):
        return None
    for colour, seat in roster.players.items():
        for past in reversed(seat.history):
            if not past.vacant and past.address.lower() == low:
                return colour, past
    return None


def checked_person(name: str, address: str) -> tuple[str, str]:
    """A new holder's name and address, as the roster allows them."""
    try:
        return msgspec.convert(name.strip(), Name), msgspec.convert(address.strip(), Address)
    except msgspec.ValidationError:
        raise Malformed([problem("judge.gm_person", "$", "A name is printable text on one line (at most 100 "
                                 "characters) and an address is a plain one, name@example.org.")]) from None


def pass_on(game: Game, commit: Commit, colour: PlayerColour, name: str | None, address: str | None,
            by: str) -> list[str]:
    """Give ``colour``'s seat to ``name`` at ``address`` (None: kick, the seat is vacant);
    the lines saying what was done."""
    step, state = game.current()
    if isinstance(state.pending, GameOver):
        raise Illegal([problem("judge.gm_state", "$", "The game is over: its seats no longer change hands.")])
    old = game.roster.players[colour]
    if name is None and old.vacant:
        raise Illegal([problem("judge.gm_state", "$", f"{colour}'s seat is vacant already.")])
    if address is not None and any(s.address.lower() == address.lower() and not s.vacant
                                   for c, s in game.roster.players.items() if c != colour):
        raise Illegal([problem("judge.gm_address_taken", "$", f"{address} holds another seat of this game; "
                               "one address holds one seat.")])
    past = PastHolder(name=old.name, address=old.address, generation=old.generation, until_step=step,
                      decision=state.decision, left=game.now.isoformat(), vacant=old.vacant)
    # The seat's mail settings (issue 27) stay with it: the new holder may ask the game master to change them.
    seat = Seat(name=name or VACANT, address=address or game.config.address, generation=old.generation + 1,
                history=(*old.history, past), vacant=name is None, mail=old.mail, attach_view=old.attach_view,
                pictures=old.pictures, order_page=old.order_page, language=old.language)
    roster = msgspec.structs.replace(game.roster, players={**game.roster.players, colour: seat})
    _write_roster(game, commit, roster, colour, step)
    before, game.roster = game.roster, roster
    _campaign_after(game, commit, colour, old, seat, by)
    if not old.vacant:
        _tell_former(game, commit, colour, old)
    if not seat.vacant:
        _welcome(game, commit, colour, step)
    said = (N_("{before}'s seat passed to {after}.") if not seat.vacant else
            N_("{before} left the game: the seat is vacant, the {bot} bot plays it."))
    args = {"before": who(before, colour), "after": who(roster, colour), "bot": game.config.bot}
    campaign.of(commit).note(said, None, **args)
    return [said.format(**args)]  # the game master's answer (English, as the rest of gm.py)


def _write_roster(game: Game, commit: Commit, roster: Roster, colour: str, step: int) -> None:
    file = game.folder / "roster.toml"
    text = io.read_bytes(str(file)).decode("utf-8")
    kept = judge_dir(game.folder) / "rosters" / f"{commit.state.sequence + 1:06d}-before-{colour}.toml"
    commit.others[kept] = text.encode("utf-8")
    commit.others[file] = roster_file.rewritten(text, roster, colour).encode("utf-8")


def _campaign_after(game: Game, commit: Commit, colour: str, old: Seat, seat: Seat, by: str) -> None:
    c = campaign.of(commit)
    away = c.away(colour, old.generation)
    if away is not None:
        away.ended = game.now.isoformat()
    c.abandoned.pop(colour, None)
    c.streak.pop(colour, None)
    action = "kick" if seat.vacant else "replace"
    detail: dict[str, str | int] = {"colour": colour, "from": old.name, "generation": seat.generation}
    if not seat.vacant:
        detail |= {"name": seat.name, "address": seat.address}
    campaign.log(commit, game.now, by, action, **detail)


def _tell_former(game: Game, commit: Commit, colour: str, old: Seat) -> None:
    tr = translator(old.language or game.roster.language or game.config.language)
    _ = tr.gettext
    body = wrap(_("Hello {name}, the game master has passed your seat ({colour}) in the game {game} to "
                  "someone else. Your token for it no longer works, and the judge no longer reads your "
                  "mails for this game. Thank you for playing; write to the game master if this is a "
                  "mistake.").format(name=terminal(old.name), colour=colour, game=game.game_id))
    subject = compose.subject(game.game_id, _("your seat passed on"))
    commit.mail(compose.short(game.config.address, old.address, subject, "\n".join(body) + "\n", game.now,
                              tr=tr), None, "passed")


def _welcome(game: Game, commit: Commit, colour: PlayerColour, step: int) -> None:
    """The new holder's mail of the present step, with their token and a welcome."""
    from adjudicator.mail.judge.deliver import welcome

    welcome(game, commit, step, colour, wrap(game.tr(colour).gettext(
        "Welcome to the game {game}: the game master has given you the seat of {colour}. This mail is "
        "the present state of the game as that seat sees it; the judge's mails come to you from now on. "
        'Mail "history" (with your token) for the reports of the decisions so far, "help" for the '
        "commands.").format(game=game.game_id, colour=colour)))
