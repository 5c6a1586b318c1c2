"""The end of a game by mail (issue 28): the final mail, folded into each player's and
observer's mail of the last step (one mail, not two), and sent alone to the game master.

It holds the ranking and final scores with their breakdown
(:mod:`adjudicator.mail.outgoing.endgame`), everyone's on-time figures, the revealed
seed, the game's record (``GAME.trajan.jsonl``, packed from the log with each seat's
people from the roster, a seat that passed on attributed per holder) and the public
replay page, each attached unless larger than ``[endgame] attach_kb`` (then its size
and how to make it are given), and the exact ``trajan verify`` command that checks the
record against the mails each player kept.
"""

from __future__ import annotations

import importlib.util
from email.message import EmailMessage
from typing import TYPE_CHECKING

from adjudicator.escape import terminal
from adjudicator.i18n import ENGLISH, Translator, translator
from adjudicator.mail.judge import campaign
from adjudicator.mail.judge.record import Commit
from adjudicator.mail.judge.status import figures, who
from adjudicator.mail.outgoing.endgame import (
    Attachment,
    breakdown,
    final_mail,
    final_sections,
    fold,
    score_lines,
)
from adjudicator.mail.outgoing.text import wrap
from adjudicator.model.roster import tenures
from adjudicator.model.state import GameState
from adjudicator.records import form

if TYPE_CHECKING:
    from adjudicator.mail.judge.run import Game


def record_of(game: Game) -> bytes:
    """The game's record: people from the roster (a vacant seat has none), a seat that
    passed from one person to another with each holder's time in it."""
    from adjudicator.records.pack import pack

    people: dict[str, str] = {c: s.name for c, s in game.roster.players.items() if not s.vacant}
    times: dict[str, list[tuple[str | None, int]]] = {c: tenures(s) for c, s in game.roster.players.items()
                                                      if s.history}
    return pack(game.log, people, form.utc_date(game.now.isoformat(timespec="seconds")), times)


def replay_page(game: Game) -> bytes | None:
    """The public replay page, where the drawing extra is installed."""
    if importlib.util.find_spec("drawsvg") is None:
        return None
    from adjudicator.drawing.log_steps import read_log
    from adjudicator.drawing.replay import replay_html

    return replay_html(read_log(game.log), None).encode("utf-8")


def files(game: Game, record: bytes, replay: bytes | None, tr: Translator = ENGLISH) -> list[Attachment]:
    """The record and the replay page, each attached unless over ``[endgame] attach_kb``."""
    _ = tr.gettext
    limit = game.config.endgame.attach_kb * 1024
    name = f"{game.game_id}.trajan.jsonl"
    made = _("To make it: {commands} (the drawing extra: pip install 'trajan-adjudicator[drawing]').").format(
        commands=f"trajan unpack {name} --out {game.game_id}-log && trajan replay {game.game_id}-log -o "
                 f"{game.game_id}-replay.html")
    what = _("the game record (every order, the seed; trajan unpack makes the whole log of it)")
    out = [Attachment(name, "application", "x-ndjson", what, record if len(record) <= limit else None,
                      len(record), _("Ask the game master for it."))]
    page = f"{game.game_id}-replay.html"
    what = _("the replay page, to step through the game in a browser")
    if replay is None:
        out.append(Attachment(page, "text", "html", what, None, 0, made))
    else:
        out.append(Attachment(page, "text", "html", what, replay if len(replay) <= limit else None,
                              len(replay), made))
    return out


def verify_command(game_id: str) -> str:
    """The commands that check the record against the mails a player kept (one witness file:
    ``verify --witness`` takes a file each time, and any text holding "Game file:" lines)."""
    return (f"cat trajan-mails/*.eml > trajan-mails.txt\n"
            f"trajan verify {game_id}.trajan.jsonl --witness trajan-mails.txt")


def _names(game: Game, tr: Translator) -> dict[str, str]:
    """Each seat's holder, and the earlier holders of a seat that passed on."""
    names: dict[str, str] = {c: who(game.roster, c, tr) for c in game.roster.players}
    for colour, seat in game.roster.players.items():
        if seat.history:
            earlier = "; ".join(tr.gettext("{name} until step {step}").format(name=p.name, step=p.until_step)
                                for p in seat.history if not p.vacant)
            names[colour] += tr.gettext(" [before: {earlier}]").format(earlier=earlier) if earlier else ""
    return names


class Ending:
    """What the final mails of a game share, made once when the last step is mailed: the
    breakdown of the scores, the record, the replay page and the check; and whom the final
    mail reached folded into their mail of the last step (they get no second one)."""

    def __init__(self, game: Game, commit: Commit, step: int, state: GameState) -> None:
        self.game, self.commit, self.state = game, commit, state
        self.scored = breakdown(game.log, step)
        self.record = record_of(game)
        self.replay = replay_page(game)
        self.verify = verify_command(game.game_id)
        self.folded: set[str] = set()

    def sections(self, tr: Translator) -> tuple[list[str], list[Attachment]]:
        """The final mail's sections and files in ``tr``'s language."""
        game = self.game
        # English keeps its one line a holder (as it always was); a translation is wrapped.
        shown = [w for line in figures(game.roster, campaign.of(self.commit), tr)
                 for w in ([f"  {line}"] if tr.language == "en" else wrap(f"  {line}"))]
        attached = files(game, self.record, self.replay, tr)
        return final_sections(self.state, scores=score_lines(self.state, _names(game, tr), self.scored, tr),
                              figures=shown, files=attached, verify=self.verify, tr=tr), attached

    def fold_into(self, message: EmailMessage, address: str, before: str, tr: Translator,
             observer: bool = False) -> None:
        """The final mail folded into ``address``'s mail of the last step, before its line
        ``before`` (the title of the game's state); an ``observer`` is told the game is over
        there (a player's mail of the last step says it first)."""
        lines, attached = self.sections(tr)
        if observer:
            game = terminal(self.state.game_id)
            over = tr.gettext("The game {game} you followed is over.").format(game=game)
            lines = [*wrap(over), "", *lines]
        fold(message, self.state, lines, attached, before, tr)
        self.folded.add(address.lower())


def final_mails(ending: Ending) -> None:
    """The final mail to every player, observer and the game master whose mail of the last
    step did not carry it (the game master, unless also a player or an observer); the end
    journaled."""
    game, commit = ending.game, ending.commit
    readers: list[tuple[str, str, str | None, Translator]] = [
        (s.name, s.address, c, game.tr(c)) for c, s in game.roster.players.items() if not s.vacant]
    readers += [(o.name, o.address, None, game.table_tr()) for o in game.roster.observers]
    gm = game.roster.gm
    if gm is not None and all(gm.lower() != address.lower() for _, address, _, _ in readers):
        readers.append(("game master", gm, None, translator(game.config.language)))
    for name, address, reader, tr in readers:
        if address.lower() in ending.folded:
            continue
        lines, attached = ending.sections(tr)
        mail = final_mail(ending.state, sender=game.config.address, to=address, name=name, colour=reader,
                          sections=lines, files=attached, now=game.now, tr=tr)
        commit.mail(mail, reader, "final")
    campaign.log(commit, game.now, "judge", "game over", record_bytes=len(ending.record),
                 readers=len(readers))
