"""One judge mailbox serving several games (``trajan mail run GAMEDIR GAMEDIR ...``).

The games' ``judge.toml`` files must name the same judge ``address`` and the same inbox
(kind, host, port, user and folder, or the same Maildir), else nothing is done
(``judge.settings``, naming the file and key).  The game folders are locked in sorted
order (two runs never wait for each other in a circle); each game's journal is sent and
its new step mailed as in a one-game run; then the inbox is read once, and each new
message goes to one game:

- a message any game's record knows is skipped (a duplicate);
- from an address in no roster: ignored; in exactly one game's roster: that game handles
  it as a one-game run does (a token refusal at the registered address included);
- from an address in several rosters: the game whose token for that colour it carries;
  if it carries none, one token note naming no game (at most one a day); a message with
  the tokens of several games goes to the game whose id its subject, else its text,
  names, and if that is not exactly one, to none: the player gets a hint to name the game;
- a message over a limit, or sent by a program, goes to the first of the sender's games
  (a note at most once a day, or nothing).

A message that goes to no game is recorded, with its answer, in the record of every game
whose roster has the sender (:mod:`.record`'s ``handled``), its answer in the journal of
the first of them (in folder order): a re-delivery is then a duplicate like any other.
Deadlines and reminders then run game by game.
"""

from __future__ import annotations

import os
import re
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files.lock import locked
from adjudicator.mail.judge import commands, compose, record, tokens
from adjudicator.mail.judge.config import JudgeConfig, load_config
from adjudicator.mail.judge.inbox import Incoming, open_source
from adjudicator.mail.judge.outbox import Sink, flush, open_sink
from adjudicator.mail.judge.run import (
    IGNORED_STRANGER,
    Game,
    Summary,
    apply_deadlines,
    colour_of,
    for_another_game,
    handle,
    open_game,
    sent,
    start,
    unproven,
)
from adjudicator.mail.message import Letter, read_letter
from adjudicator.model.vocab import PlayerColour

Holder = tuple[Game, PlayerColour]
NO_GAME = "(no game)"


@dataclass
class Answer:
    """A message that goes to no game: what it was, the answer, who plays under its address,
    and whether the message proved its sender (if not, the answer is a note, one a day)."""

    outcome: str
    message: EmailMessage
    holders: list[Holder]
    unproven: bool


def run_many(folders: list[Path], now: datetime) -> list[tuple[str, Summary]]:
    """One run over game folders that share one judge: each game's summary by its folder
    (in sorted order), then :data:`NO_GAME`'s if any message went to none."""
    folders = _distinct(folders)
    configs = [load_config(f / "judge.toml") for f in folders]
    _check_shared(folders, configs)
    nobody = Summary()
    with ExitStack() as stack:
        for folder in folders:  # sorted: two runs over overlapping games never deadlock
            stack.enter_context(locked(str(folder)))
        games = [open_game(f, c, now) for f, c in zip(folders, configs, strict=True)]
        _check_ids(games)
        sinks: list[Sink] = []
        stack.callback(_close, sinks)
        for game in games:
            sinks.append(open_sink(game.config.outbox))
            start(game, sinks[-1])
        _read_inbox(games, sinks, nobody)
        for game, sink in zip(games, sinks, strict=True):
            apply_deadlines(game, sink)
    return [(str(g.folder), g.summary) for g in games] + ([(NO_GAME, nobody)] if nobody.counts else [])


def _close(sinks: list[Sink]) -> None:
    for sink in sinks:
        sink.close()


def _real(path: Path | str | None) -> str:
    return os.path.realpath(str(path))


def _distinct(folders: list[Path]) -> list[Path]:
    """The folders in the order of their real paths, each once."""
    by_real = {_real(f): f for f in reversed(folders)}
    return [by_real[k] for k in sorted(by_real)]


def _check_shared(folders: list[Path], configs: list[JudgeConfig]) -> None:
    first = folders[0] / "judge.toml"
    found: list[Problem] = []
    for folder, config in zip(folders[1:], configs[1:], strict=True):
        for key, theirs, mine in _differences(configs[0], config):
            found.append(problem("judge.settings", f"$.{key}", (
                f"Games run together share one judge address and one inbox: {key} is {mine!r} here "
                f"but {theirs!r} in {first}; nothing was done.")).located(str(folder / "judge.toml")))
    if found:
        raise Malformed(found)


def _differences(a: JudgeConfig, b: JudgeConfig) -> list[tuple[str, object, object]]:
    """The keys whose values differ (addresses without case, Maildirs by their real path)."""
    pairs: dict[str, tuple[object, object]] = {"address": (a.address.lower(), b.address.lower()),
                                               "inbox.kind": (a.inbox.kind, b.inbox.kind)}
    if a.inbox.kind == b.inbox.kind == "maildir":
        pairs["inbox.path"] = (_real(a.inbox.path), _real(b.inbox.path))
    elif a.inbox.kind == b.inbox.kind:
        for key in ("host", "port", "user", "folder"):
            pairs[f"inbox.{key}"] = (getattr(a.inbox, key), getattr(b.inbox, key))
    return [(k, x, y) for k, (x, y) in pairs.items() if x != y]


def _check_ids(games: list[Game]) -> None:
    seen: dict[str, Game] = {}
    for game in games:
        if game.game_id in seen:
            raise Malformed([problem("judge.same_game", "$", (
                f"This log holds the game {game.game_id}, as {seen[game.game_id].folder} does; a game "
                "is run from one folder.")).located(str(game.folder / "log"))])
        seen[game.game_id] = game


def _read_inbox(games: list[Game], sinks: list[Sink], nobody: Summary) -> None:
    source = open_source(games[0].config.inbox)
    try:
        for incoming in source.messages():
            letter = read_letter(incoming.data, incoming.size)
            if for_another_game(games, letter):
                nobody.add("left for another game")  # unread, for the run of that game
                continue
            _one(games, sinks, nobody, incoming, letter)
            source.done(incoming.key)
    finally:
        source.close()


def _one(games: list[Game], sinks: list[Sink], nobody: Summary, incoming: Incoming, letter: Letter) -> None:
    """One message, to the game it belongs to or answered for none (committed and sent)."""
    keys = record.message_keys(letter, incoming.data, incoming.size)
    known = next((g for g in games if record.seen(record.load_state(g.folder), keys)), None)
    if known is not None:
        known.summary.add("duplicates skipped")
        return
    where = route(games, letter, keys)
    if where is None:
        nobody.add(IGNORED_STRANGER)
        return
    if isinstance(where, Answer):
        nobody.add(where.outcome)
        _answer(where, keys)
        where = where.holders[0][0]
    else:
        handle(where, incoming, letter)
    sent(where, flush(where.folder, sinks[games.index(where)]))


def route(games: list[Game], letter: Letter, keys: list[str]) -> Game | Answer | None:
    """The game a message goes to, the answer if it goes to none, or None if its sender
    plays in no game (it is ignored)."""
    holders = [(g, c) for g in games if (c := colour_of(g.roster, letter.sender)) is not None]
    if letter.sender is not None and letter.automatic is None and letter.refusal is None:  # issue 28
        special = commands.routed(games, letter.sender, lambda t: tokens.carries(letter, t), bool(holders))
        if special is not None:
            return special
    if len(holders) <= 1 or letter.automatic is not None or letter.refusal is not None:
        return holders[0][0] if holders else None  # one game, or ignored / a note: the first one's
    right = [(g, c) for g, c in holders if tokens.carries(letter, g.token(c, g.game_id))]
    if len(right) == 1:
        return right[0][0]
    named = _named(letter, right)
    if len(named) == 1:
        return named[0][0]
    game, colour = holders[0]
    to, judge = game.roster.players[colour].address, game.config.address
    tr = game.tr(colour)
    if right:
        hint = compose.which_game(judge, to, game.now, msgid=compose.message_id(judge, "which", keys[-1]),
                                  tr=tr)
        return Answer("refused (which game?)", hint, holders, unproven=False)
    note = compose.token_refusal(judge, to, game.now, msgid=compose.message_id(judge, "note", keys[-1]),
                                 tr=tr)
    return Answer("refused (token)", note, holders, unproven=True)


def _named(letter: Letter, pool: list[Holder]) -> list[Holder]:
    """The games of ``pool`` whose id the subject names, else those the text names."""
    named = [h for h in pool if _mentions(letter.subject, h[0].game_id)]
    if named or not pool:
        return named
    return [h for h in pool if any(_mentions(p.text, h[0].game_id) for p in letter.parts)]


def _mentions(text: str, game_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(game_id)}(?![\w-])", text, re.IGNORECASE) is not None


def _answer(answer: Answer, keys: list[str]) -> None:
    """The answer into the first holder's journal (a note at most once a day); the message
    into every holder's record (the one with the answer first: a crash between leaves it
    known, and answered once)."""
    for n, (game, colour) in enumerate(answer.holders):
        commit = record.Commit(game.folder, record.load_state(game.folder))
        if n == 0 and answer.unproven:
            unproven(game, commit, colour, answer.message, answer.outcome)
        elif n == 0:
            commit.mail(answer.message, colour, "refusal")
        commit.handled(keys, answer.outcome)
        commit.write()
