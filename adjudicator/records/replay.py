"""Verify a game record in memory, and unpack it into a log folder.

:func:`verify_record` takes the record's contents (no file I/O, so a worker on another
machine can run it): it makes the first game file again with ``new`` from the header
(the seed must match the commitment, and the game file must have the hash the header
names), re-adjudicates every order line against the game before it, and compares each
produced game file's hash with the line's; the last game file must have the header's
full hash and the header's result must be the game's.  The first divergence is reported
with the record's name, a JSON path (``$[N]`` is the record's line N, counting the
header as 0) and the reason.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from adjudicator.errors import Illegal, Malformed, TrajanError, problem
from adjudicator.game import engine
from adjudicator.game.chain import commitment
from adjudicator.game.newgame import new_game
from adjudicator.logs import setup_proof
from adjudicator.logs.verify import Divergence, LogResult
from adjudicator.model.state import GameOver, GameState
from adjudicator.records import form
from adjudicator.records.form import Header, Move, Result
from adjudicator.records.seal import check_header


def read_record(content: bytes, name: str) -> tuple[Header, list[Move]]:
    """The header and order lines of a record; raises :class:`Divergence` if malformed."""
    lines = content.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise Divergence(name, "record.empty", "$", "This record is empty.")
    if content.startswith(b"\xef\xbb\xbf"):
        raise Divergence(name, "input.bom", "$", "The record begins with a byte-order mark (BOM); a record "
                         "is UTF-8 without one.")
    try:
        header = msgspec.json.decode(lines[0], type=Header)
    except msgspec.DecodeError as e:
        raise Divergence(name, "record.malformed", "$[0]",
                         f"Line 1 is not a game record's header: {e}.") from None
    moves = []
    for i, line in enumerate(lines[1:], start=1):
        try:
            moves.append(msgspec.json.decode(line, type=Move))
        except msgspec.DecodeError as e:
            raise Divergence(name, "record.malformed", f"$[{i}]",
                             f"Line {i + 1} is not an order line: {e}.") from None
    if len(moves) != header.decisions:
        raise Divergence(name, "record.length", "$[0].decisions",
                         f"The header says {header.decisions} order lines follow; {len(moves)} do.")
    return header, moves


def verify_record(content: bytes, name: str) -> LogResult:
    """Verify one record from its contents; ``name`` is only used to report."""
    result = LogResult(log=name)
    try:
        _verify(content, name, result)
    except Divergence as d:
        result.problems.append(d.problem)
    except TrajanError as e:
        result.problems.extend(p if p.file else p.located(name) for p in e.problems)
    return result


def verify_named(item: tuple[str, bytes]) -> LogResult:
    """:func:`verify_record` of a (name, contents) pair (what a pool or a cluster runs)."""
    return verify_record(item[1], item[0])


def _verify(content: bytes, name: str, result: LogResult) -> None:
    header, moves = read_record(content, name)
    result.seeding = header.seeding
    state = start_of(header, name)
    for i, move in enumerate(moves, start=1):
        state = step(header, state, move, i, name)
        result.decisions = i
    if state.chain.hash != header.final:
        raise Divergence(name, "verify.hash_mismatch", "$[0].final",
                         f"The last game file's hash is {state.chain.hash[:16]}…, not the header's "
                         f"{header.final[:16]}…: the record was cut short or its hashes edited.")
    result.game_over = isinstance(state.pending, GameOver)
    wanted = result_of(state)
    if header.result != wanted:
        said = "none (the game is not over)" if wanted is None else describe(wanted)
        raise Divergence(name, "record.result_mismatch", "$[0].result",
                         f"The header's result is not the game's, which is {said}.")
    check_header(header, moves, name)
    result.commitment = "checked"


def start_of(header: Header, name: str) -> GameState:
    """The first game file, made again by ``new`` from the header; raises :class:`Divergence`."""
    if commitment(header.seed) != header.commitment:
        raise Divergence(name, "verify.commitment_mismatch", "$[0].seed",
                         "The seed does not match the commitment recorded at setup.")
    s = header.seeding
    try:
        first = new_game(header.seats, header.seed,
                         first=header.start_player if s.start_player_chosen else None,
                         options=header.options, game_id=header.game_id if s.game_id_chosen else None,
                         method=s.method, contributions=s.contributions)
    except TrajanError as e:
        raise Divergence(name, "verify.bad_seed", "$[0].seed",
                         f"The seed could not have made this game: {e.problems[0].message}") from None
    if first.game_id != header.game_id or first.start_player != header.start_player:
        raise Divergence(name, "verify.setup_mismatch", "$[0].game_id",
                         "`new` with this seed gives another game id or start player than the header's.")
    if first.chain.hash != header.start or first.rules != header.rules:
        raise Divergence(name, "record.start_mismatch", "$[0].start",
                         "`new` with the header's seed, seats, options and seeding does not give the "
                         "first game file the header names (another rules version, or an edited header).")
    found = setup_proof.start_problem(first, name)
    if found is not None:
        raise Divergence(name, found.code, "$[0]" + found.path[1:], found.message)
    return first


def step(header: Header, state: GameState, move: Move, i: int, name: str) -> GameState:
    """The game after line ``i``'s orders; raises :class:`Divergence`."""
    try:
        orders = form.orders_of(header.game_id, move.decision, move.player, move.orders)
    except Malformed as e:
        raise Divergence(name, "record.bad_orders", f"$[{i}][2]",
                         f"Line {i + 1}: the orders cannot be read: {e.problems[0].message}") from None
    try:
        after = engine.adjudicate(state, orders).state
    except TrajanError as e:
        p = e.problems[0]
        code = "verify.illegal_orders" if isinstance(e, Illegal) else "record.bad_orders"
        raise Divergence(name, code, f"$[{i}][2]",
                         f"Line {i + 1}: these orders are not legal against the game before them "
                         f"(decision {state.decision}): {p.message} [{p.code}]") from None
    if not after.chain.hash.startswith(move.game):
        raise Divergence(name, "verify.hash_mismatch", f"$[{i}][3]",
                         f"Line {i + 1}: the game file these orders produce has hash "
                         f"{after.chain.hash[:form.HASH_CHARS]}…, not the recorded {move.game}.")
    return after


def result_of(state: GameState) -> Result | None:
    """The result of a finished game (ranking and VP), or ``None`` while it runs."""
    if not isinstance(state.pending, GameOver):
        return None
    return Result(ranking=state.pending.ranking, vp={p.colour: p.vp for p in state.players})


def describe(result: Result) -> str:
    """A result on one line: each colour and its VP, from the winner down."""
    return ", ".join(f"{c} {result.vp[c]} VP" for c in result.ranking)


def unpack(content: bytes, name: str, out: Path) -> LogResult:
    """Write the log folder of a record that verifies (through the self-play log writer,
    so the layout is the same); the result says why not otherwise, and nothing is written."""
    result = verify_record(content, name)
    if not result.ok:
        return result
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise Malformed([problem("record.out_not_empty", "--out",
                                 f"{out} already exists and is not an empty folder: give a new folder.")])
    from adjudicator.files import io
    from adjudicator.files.orders_any import load_orders_any
    from adjudicator.files.pipeline import adjudicate_bytes
    from adjudicator.logs import folder

    header, moves = read_record(content, name)
    start = start_of(header, name)
    data = io.encode_state(start)
    folder.start(out, start)
    for k, move in enumerate(moves, start=1):
        orders = form.orders_bytes(form.orders_of(header.game_id, move.decision, move.player, move.orders),
                                   move.orders)
        done = adjudicate_bytes(data, orders, f"{k - 1:04d}-game.json", f"{k:04d}-orders.json")
        files = folder.step_files(k, done, load_orders_any(orders))
        files[f"{k:04d}-orders.json"] = orders  # the order file as the record holds it
        folder.write_step(out, files, stale_views=k - 1)
        data = done.data
    return result
