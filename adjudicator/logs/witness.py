"""Witnesses: what players received, held against a log by ``trajan verify --witness``.

A game master holds every file of a game and could replay a different history (another
legal order at decision 40 and everything after it re-adjudicated) or cut the end off a
log; the result is a log that verifies on its own.  What the players received cannot be
rewritten: every view and report carries the hash of its game file, and a game file's hash
fixes, through the chain of parent hashes, every earlier game file and order file.

A witness file is any of:

* a view or game file (JSON): its ``chain.hash`` must be in the log, and the file must be
  exactly what the log's game file of that hash gives (the view of its ``viewer``);
* an order file a player sent and that was accepted (JSON): the log's decision it answers
  must have been made by exactly these orders (the ``chain.orders`` hash);
* a text file: a report or a mail, or a plain list; every line holding
  ``Game file: HASH`` or only a 64-digit hash names a game file that must be in the log;
  ``Commitment: HASH`` must be the game's commitment (the announcement of a fair start);
  ``Contribution: COLOUR=VALUE`` must be among the recorded contributions.  A report's
  heading (``# Trajan GAME: decision N``) tells which decision its game file follows.

For a fair start (issue 25):

* an announcement (:mod:`adjudicator.game.announcement`): each of its lines (game id,
  seats, start player, options, how the game id was made, contributors, the digest of
  them all) must be what the game's first file says;
* a receipt's ``Contribution key: COLOUR=KEY`` must give the value recorded for that
  colour under the game's terms (a value nobody without the key can make);
* a player's view is that player's witness: if the game records a contribution from its
  viewer, a receipt of that contribution must be among the witnesses too, or the value
  may be one the game master made up in the player's name (and tried many of).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.errors import Malformed, Problem, problem
from adjudicator.files import io
from adjudicator.game import announcement as announcements
from adjudicator.game.announcement import Announced, numbered
from adjudicator.model.state import GameState
from adjudicator.views.view import GameView

Kind = Literal["file", "hash", "orders", "commitment", "contribution", "contribution_key", "announcement"]

_HASH = r"([0-9a-f]{64})"
_GAME_FILE = re.compile(r"Game file:\s*`?" + _HASH)
_BARE = re.compile(r"^\s*" + _HASH + r"\s*$")
_COMMITMENT = re.compile(r"Commitment:\s*`?" + _HASH)
_CONTRIBUTION = re.compile(r"Contribution:\s*(red|green|blue|brown)=([A-Za-z0-9_.:-]+)")
_KEY = re.compile(r"Contribution key:\s*(red|green|blue|brown)=([A-Za-z0-9_.:-]+)")
_HEADING = re.compile(r"^#\s*Trajan\s+(\S+):\s*decision\s+(\d+)")
_GAME_LINE = re.compile(r"^Game:\s*(\S+)")


@dataclass(frozen=True)
class Witness:
    """One thing a player kept, read from a witness file: a game file's hash, an order file,
    the commitment, a contribution or its key, or an announcement's lines."""

    file: str
    kind: Kind
    value: str  # a game file's hash, the commitment, or "colour=value"
    after: int | None = None  # how many decisions the witnessed game file follows, if known
    game_id: str | None = None
    content: GameState | GameView | None = None  # a witnessed game file or view
    announced: Announced | None = None  # an announcement's lines


def read_witnesses(paths: Sequence[str]) -> list[Witness]:
    """Every witness in the files; raises :class:`Malformed` for a file that holds none."""
    found: list[Witness] = []
    for path in paths:
        data = io.read_bytes(path)
        found += _from_json(data, path) if data.lstrip()[:1] == b"{" else _from_text(data, path)
    return found


def _from_json(data: bytes, path: str) -> list[Witness]:
    if "answer" in io.parse_object(data, path):
        from adjudicator.game.chain import orders_hash

        orders = io.load_orders(data, path)
        return [Witness(path, "orders", orders_hash(orders), orders.decision, orders.game_id)]
    game = io.load_game_or_view(data, path)
    return [Witness(path, "file", game.chain.hash, game.decision - 1, game.game_id, game)]


def _from_text(data: bytes, path: str) -> list[Witness]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Malformed([problem("input.not_utf8", "$", "The witness is not UTF-8 text.")
                         .located(path)]) from None
    found: list[Witness] = []
    game_id: str | None = None
    after: int | None = None
    lines = numbered(text)
    for _, line in lines:
        line = line.lstrip("> \t")  # quoted in a reply
        if m := _HEADING.match(line):
            game_id, after = m.group(1), int(m.group(2))  # the report of decision N: the game after it
        elif m := _GAME_LINE.match(line):
            game_id = m.group(1)
        elif m := _GAME_FILE.search(line) or _BARE.match(line):
            found.append(Witness(path, "hash", m.group(1), after, game_id))
        elif m := _COMMITMENT.search(line):
            found.append(Witness(path, "commitment", m.group(1), None, game_id))
        elif m := _CONTRIBUTION.search(line):
            found.append(Witness(path, "contribution", f"{m.group(1)}={m.group(2)}", None, game_id))
        elif m := _KEY.search(line):
            found.append(Witness(path, "contribution_key", f"{m.group(1)}={m.group(2)}", None, game_id))
    for block in announcements.read(lines):
        found.append(Witness(path, "announcement", block.value(announcements.DIGEST) or "", None,
                             None, announced=block))
    if not found:
        raise Malformed([problem("witness.empty", "$",
                                 "This file holds no witness: no view or game file, and no line with "
                                 "'Game file: HASH', a bare hash, 'Commitment: HASH', "
                                 "'Contribution: COLOUR=VALUE' or an announcement's.").located(path)])
    return found


@dataclass
class Seen:
    """The game files of a log as ``verify`` replays them: every hash by decision, and the
    files the witnesses name."""

    wanted: set[str]
    after: dict[int, str] = field(default_factory=dict)  # decisions made -> the game file's hash
    # Every game file's hash -> the decisions made before it (a simultaneous decision keeps
    # its number over several answers, so several files may share a number).
    labels: dict[str, int] = field(default_factory=dict)
    orders: dict[int, set[str]] = field(default_factory=dict)  # decision -> the hashes of its orders
    states: dict[str, GameState] = field(default_factory=dict)

    def add(self, state: GameState) -> None:
        """Record a game file the replay reached (and keep it if a witness names it)."""
        self.after[state.decision - 1] = state.chain.hash
        self.labels[state.chain.hash] = state.decision - 1
        if state.chain.orders is not None:
            # The decision these orders answered: the same number while a simultaneous
            # decision waits for more answers, else the one before.
            from adjudicator.game.engine import answered

            made = state.decision if answered(state.pending) else state.decision - 1
            self.orders.setdefault(made, set()).add(state.chain.orders)
        if state.chain.hash in self.wanted:
            self.states[state.chain.hash] = state


def seen_for(witnesses: Sequence[Witness]) -> Seen:
    """An empty :class:`Seen` that keeps the game files the ``witnesses`` name."""
    return Seen(wanted={w.value for w in witnesses if w.kind in ("file", "hash")})


def check(witnesses: Sequence[Witness], seen: Seen, first: GameState) -> list[Problem]:
    """Every witness the log does not bear out, earliest decision first."""
    by_hash = seen.labels
    confirmed = [by_hash[w.value] for w in witnesses if w.value in by_hash]
    problems: list[tuple[int, Problem]] = []
    for w in witnesses:
        if w.kind == "announcement":
            problems += [(0, p.located(w.file)) for p in _announcement_problems(w, first)]
            continue
        found = _problem(w, seen, by_hash, first, confirmed)
        if found is not None:
            problems.append((w.after if w.after is not None else 1 << 30, found.located(w.file)))
    problems += [(0, p) for p in _unconfirmed(witnesses, first)]
    return [p for _, p in sorted(problems, key=lambda item: item[0])]


def receipts(witnesses: Sequence[Witness]) -> set[str]:
    """The colours whose contribution a receipt among the witnesses states."""
    return {w.value.split("=", 1)[0] for w in witnesses if w.kind in ("contribution", "contribution_key")}


def announced_lines(witnesses: Sequence[Witness]) -> tuple[str, ...]:
    """The labels of the announcement lines the witnesses held against the game."""
    found = {label for w in witnesses if w.announced is not None for label in w.announced.lines}
    return tuple(label for label in announcements.LABELS if label in found)


def _announcement_problems(w: Witness, first: GameState) -> list[Problem]:
    assert w.announced is not None
    if first.seeding.method != "fair":
        return [problem("verify.witness_announcement", f"line {w.announced.first_line}",
                        "This is the announcement of a fair start, but the game did not start fair "
                        f"(its start is {first.seeding.method}): the game master set it up alone.")]
    terms = announcements.terms_of_game(first)
    return [problem("verify.witness_announcement", f"line {line}",
                    f"The announcement's {label} line says {said!r}, but the game has {actual!r}: "
                    + ("a term was changed after the announcement." if label != announcements.DIGEST else
                       "a term not shown here was changed after the announcement."))
            for label, line, said, actual in announcements.differences(w.announced, terms)]


def _unconfirmed(witnesses: Sequence[Witness], first: GameState) -> list[Problem]:
    """A contribution recorded for a player whose view is a witness, with no receipt of it."""
    if first.seeding.method != "fair":
        return []
    held = receipts(witnesses)
    recorded = {c.player: (i, c.value) for i, c in enumerate(first.seeding.contributions)}
    out: dict[str, Problem] = {}
    for w in witnesses:
        viewer = w.content.viewer if isinstance(w.content, GameView) else None
        if viewer is None or viewer in held or viewer not in recorded or viewer in out:
            continue
        i, value = recorded[viewer]
        out[viewer] = problem(
            "verify.contribution_unconfirmed", f"$.seeding.contributions[{i}]",
            f"This is {viewer}'s view, and the game records a contribution from {viewer} "
            f"({value[:12]}…), but no receipt of it is among the witnesses: if {viewer} did not send this "
            f"value, the game master made it up (and could have tried many). Give {viewer}'s receipt "
            f"(`trajan contribution` wrote it; or a line `Contribution: {viewer}=VALUE`).").located(w.file)
    return list(out.values())


def _problem(w: Witness, seen: Seen, by_hash: dict[str, int], first: GameState,
             confirmed: list[int]) -> Problem | None:
    if w.game_id is not None and w.game_id != first.game_id:
        return problem("verify.witness_other_game", "$",
                       f"This witness is from game {w.game_id!r}; the log is game {first.game_id!r}.")
    if w.kind == "commitment":
        return None if w.value == first.commitment else problem(
            "verify.witness_commitment", "$",
            f"The game's commitment is {first.commitment[:12]}…, not the {w.value[:12]}… announced here: "
            "the game was set up again after this announcement.")
    if w.kind == "contribution":
        given = {f"{c.player}={c.value}" for c in first.seeding.contributions}
        colour, value = w.value.split("=", 1)
        return None if w.value in given else problem(
            "verify.witness_contribution", "$",
            f"The contribution {colour} sent ({value[:12]}…) is not the one recorded in the game.")
    if w.kind == "contribution_key":
        return _key_problem(w, first)
    if w.kind == "orders":
        return _orders_problem(w, seen)
    if w.value not in by_hash:
        return _missing(w, seen, confirmed)
    if w.content is not None:
        return _differs(w, seen.states[w.value])
    return None


def _key_problem(w: Witness, first: GameState) -> Problem | None:
    colour, key = w.value.split("=", 1)
    terms = announcements.terms_of_game(first)
    wanted = announcements.contribution_value(announcements.digest(terms), colour, key)
    recorded = next((c.value for c in first.seeding.contributions if c.player == colour), None)
    if recorded == wanted:
        return None
    said = "none" if recorded is None else f"{recorded[:12]}…"
    return problem("verify.witness_receipt", "$",
                   f"This receipt's key gives {colour}'s value under the game's terms as {wanted[:12]}…, but "
                   f"the game records {said}: the value is not {colour}'s, or the terms were changed after "
                   f"{colour} contributed.")


def _missing(w: Witness, seen: Seen, confirmed: list[int]) -> Problem:
    short = w.value[:12] + "…"
    last = max(seen.after)
    if w.after is None:
        text = (f"The game file {short} this witness names is not in the log: the log was rewritten or cut "
                "short.")
    elif w.after > last:
        text = (f"This witness shows the game after decision {w.after} (game file {short}), but the log "
                f"ends after decision {last}: decisions were cut from the end of the log.")
    else:
        logged = seen.after.get(w.after, "?")[:12]
        before = [n for n in confirmed if n < w.after]
        since = f" (the game after decision {max(before)} is confirmed by a witness)" if before else ""
        text = (f"This witness shows the game after decision {w.after} as game file {short}, but the log's "
                f"game file there is {logged}…: decision {w.after} or an earlier one was rewritten{since}.")
    return problem("verify.witness_missing", "$.chain.hash" if w.kind == "file" else "$", text)


def _orders_problem(w: Witness, seen: Seen) -> Problem | None:
    assert w.after is not None
    made = seen.orders.get(w.after)
    if made is not None and w.value in made:
        return None
    logged = min(made) if made else None
    if logged is None:
        text = (f"These orders answer decision {w.after}, but the log ends after decision {max(seen.after)}: "
                "decisions were cut from the end of the log.")
    else:
        text = (f"These orders answer decision {w.after}, but the log's decision {w.after} was made by other "
                f"orders ({logged[:12]}…, not {w.value[:12]}…): decision {w.after} was rewritten.")
    return problem("verify.witness_orders", "$.decision", text)


def _differs(w: Witness, state: GameState) -> Problem | None:
    import msgspec

    from adjudicator.logs.verify import first_difference
    from adjudicator.views.redact import view_of

    want: GameState | GameView = state
    if isinstance(w.content, GameView):
        want = view_of(state, w.content.viewer)
    if want == w.content:
        return None
    path = first_difference(msgspec.to_builtins(w.content), msgspec.to_builtins(want))
    return problem("verify.witness_differs", path,
                   f"This file names the log's game file after decision {state.decision - 1} but differs "
                   "from what that game file gives: it was not made from it.")
