"""The figures of several arena runs together: a match split with ``--first-setup`` (on
several machines, or an interrupted run and the run that went on) summed up as one.

Each input is what ``trajan arena -o`` wrote: the summaries and every game's result.  Games
of one match (the same seed, player count and bots) are pooled by setup and rotation; a
game found in two files must be the same game (the arena is deterministic but for the
CPU clock), and every setup must be complete in every rotation, since a setup is the
unit of the pairing.  The sequential test of a run does not carry over.  Pure: the
files' bytes in, the merged summaries and games out.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.arena.games import BotSpec, GameResult
from adjudicator.arena.match import MatchPlan, tables
from adjudicator.arena.summary import Summary, summarize
from adjudicator.errors import Malformed, Problem, problem


class ArenaFile(msgspec.Struct, frozen=True):
    """What ``trajan arena -o`` writes."""

    summaries: list[Summary]
    games: list[GameResult]


class Match(msgspec.Struct):
    """The games of one match found so far, by setup and rotation."""

    seed: str
    players: int
    bots: tuple[BotSpec, ...]
    games: dict[tuple[int, int], GameResult]
    commands: list[str]


def load(data: bytes, file: str) -> ArenaFile:
    """An arena output file; :class:`Malformed` if it is not one."""
    try:
        return msgspec.json.decode(data, type=ArenaFile)
    except msgspec.ValidationError as e:
        raise Malformed([problem("arena.not_results", _path(str(e)), f"This is not the output of "
                                 f"trajan arena -o: {e}.").located(file)]) from None
    except (msgspec.DecodeError, RecursionError) as e:
        found = problem("input.not_json", "$", f"The file is not JSON ({e}).")
        raise Malformed([found.located(file)]) from None


def merge(files: Sequence[tuple[str, ArenaFile]]) -> tuple[list[Summary], list[GameResult]]:
    """The summary of each match in ``files`` (in the order first met) over all their
    games, and those games; raises :class:`Malformed` listing every conflict."""
    matches: dict[str, Match] = {}
    problems: list[Problem] = []
    for name, doc in files:
        problems += _take(name, doc, matches)
    for m in matches.values():
        problems += _incomplete(m)
    if problems:
        raise Malformed(problems)
    summaries, games = [], []
    for m in matches.values():
        ordered = [m.games[k] for k in sorted(m.games)]
        setups = sorted({k for k, _ in m.games})
        plan = MatchPlan(bots=m.bots, players=m.players, setups=len(setups), seed=m.seed,
                         first_setup=setups[0] if setups else 0)
        summaries.append(summarize(plan, ordered, None, _command(m, plan, setups)))
        games += ordered
    return summaries, games


def _take(name: str, doc: ArenaFile, matches: dict[str, Match]) -> list[Problem]:
    problems: list[Problem] = []
    by_players = {s.players: s for s in doc.summaries}
    for i, game in enumerate(doc.games):
        summary = by_players.get(len(game.task.table))
        if summary is None or not game.task.seed.startswith(f"{summary.seed}-{summary.players}p-"):
            problems.append(problem("arena.not_results", f"$.games[{i}]", "This game belongs to no match "
                                    "of the file's summaries.").located(name))
            continue
        key = msgspec.json.encode([summary.seed, summary.players, summary.bots]).decode()
        m = matches.setdefault(key, Match(summary.seed, summary.players, summary.bots, {}, []))
        if summary.command not in m.commands:
            m.commands.append(summary.command)
        slot = (game.task.setup, game.task.rotation)
        seen = m.games.get(slot)
        if seen is not None and not _same_game(seen, game):
            problems.append(problem("arena.conflict", f"$.games[{i}]", f"Setup {slot[0]} (rotation "
                                    f"{slot[1]}) was played differently in an earlier file: these are "
                                    "not runs of one match.").located(name))
        m.games.setdefault(slot, game)
    return problems


def _same_game(a: GameResult, b: GameResult) -> bool:
    """The same game but for the CPU clock."""
    def plain(g: GameResult) -> GameResult:
        return msgspec.structs.replace(g, seats=tuple(msgspec.structs.replace(s, cpu=()) for s in g.seats))

    return plain(a) == plain(b)


def _incomplete(m: Match) -> list[Problem]:
    rotations = len(tables(len(m.bots), m.players))
    setups = sorted({k for k, _ in m.games})
    return [problem("arena.incomplete_setup", "$.games", f"Setup {k} of seed {m.seed!r} "
                    f"({m.players} players) is not played in every rotation; a setup counts only whole.")
            for k in setups if any((k, r) not in m.games for r in range(rotations))]


def _command(m: Match, plan: MatchPlan, setups: list[int]) -> str:
    """The one command that plays the pooled setups, if they follow on; else each run's."""
    if setups and setups == list(range(setups[0], setups[0] + len(setups))):
        from adjudicator.arena.spec import command

        words = [b.name if b.budget is None else f"{b.name}:{b.budget}" for b in m.bots]
        return command(words, plan, ["--first-setup", str(plan.first_setup)] if plan.first_setup else [])
    return " ; ".join(m.commands)


def _path(message: str) -> str:
    """The JSON path in a msgspec validation message (``… - at `$.games[0]```)."""
    marker = "at `"
    if marker in message:
        return message.rsplit(marker, 1)[1].rstrip("`")
    return "$"
