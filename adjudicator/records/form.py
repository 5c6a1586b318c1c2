"""The game record's form: a header line, then one line per order (JSON Lines).

The header says everything needed to make the first game file again with ``new`` (seats,
options, seeding, the seed) and what the game came to (its final game file's hash, the
ranking and victory points).  Each further line is one order file, as
``[decision, player, orders, game]``: the orders in the text notation (the lines after
the ``game … decision … player …`` header line, which the record's own fields give), or
``{"json": "…"}`` holding the order file's exact bytes when the notation would not give
them back; ``game`` is the first 16 hexadecimal digits of the hash of the game file the
order produced.  The game files' hashes are a chain (each covers its parent's hash and
its orders' hash), so the full hash of the last one, in the header, binds every order
and every game file before it; the short hashes say where a record first goes wrong.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Annotated, Any, Literal

import msgspec

from adjudicator.digest import hexdigest
from adjudicator.errors import Malformed, problem
from adjudicator.files import io
from adjudicator.model.base import Model
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import Options, Seeding
from adjudicator.model.vocab import PlayerColour

RECORD = "trajan-game-record"
RECORD_FORMAT = 2
SEAL_PREFIX = b"trajan-record-seal:"
HASH_CHARS = 16  # hexadecimal digits of each produced game file's hash kept on its line
SUFFIX = ".trajan.jsonl"  # what a record's file name ends with (in a folder of records)

Hash = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
# A person's name: printable, one line (the roster's rule).
Person = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$")]
# When the last decision was made: a UTC date, or a UTC date and time.
Date = Annotated[str, msgspec.Meta(
    pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)?$",
    description="When the last decision was made: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ (UTC).")]
Count = Annotated[int, msgspec.Meta(ge=0)]


class Result(Model, frozen=True):
    """How the game ended: the ranking (best first) and each colour's victory points."""

    ranking: tuple[PlayerColour, ...]
    vp: dict[PlayerColour, int]


class Header(Model, kw_only=True, frozen=True):
    """The first line of a record."""

    record: Literal["trajan-game-record"] = "trajan-game-record"
    format: Annotated[Literal[1, 2], msgspec.Meta(description=(
        "1: the first form (no seal, no people); 2: adds people, answers, stand_ins, date "
        "and seal."))] = 2
    rules: str
    game_format: Annotated[int, msgspec.Meta(description="The format of the game files replayed.")]
    game_id: str
    seats: tuple[PlayerColour, ...]
    players: Annotated[dict[PlayerColour, str], msgspec.Meta(
        description="Who played each colour (a name given when packing, else the stand-in bot "
                    "that gave every order of that colour, else the colour).")]
    start_player: PlayerColour
    options: Options = Options()
    seeding: Seeding
    commitment: str
    seed: Annotated[str, msgspec.Meta(description=(
        "The seed of every shuffle; with the seats, options and seeding, `new` makes the "
        "first game file again from it."))]
    start: Annotated[Hash, msgspec.Meta(description="The hash of the first game file.")]
    decisions: Annotated[int, msgspec.Meta(ge=0, description="How many order lines follow.")]
    final: Annotated[Hash, msgspec.Meta(description="The hash of the last game file.")]
    result: Result | None = None
    people: Annotated[dict[PlayerColour, Person], msgspec.Meta(description=(
        "Format 2: the person who held each seat (the roster name, or --name when packing); a "
        "colour without one was played by a bot entered as a player of its own."))] | None = None
    answers: Annotated[dict[PlayerColour, Count], msgspec.Meta(description=(
        "Format 2: how many order files each colour gave."))] | None = None
    stand_ins: Annotated[dict[PlayerColour, Count], msgspec.Meta(description=(
        "Format 2: how many of them a stand-in gave for the absent player (order files "
        "carrying stand_in)."))] | None = None
    date: Date | None = None
    seal: Annotated[Hash, msgspec.Meta(description=(
        "Format 2: SHA-256 of 'trajan-record-seal:' and this header's compact JSON with seal "
        "empty: binds the names and date to the final hash."))] | None = None


def seal_of(header: Header) -> str:
    """The seal a format-2 header must carry (of its compact JSON with ``seal`` empty)."""
    unsealed = msgspec.structs.replace(header, seal="")
    return hexdigest(SEAL_PREFIX + msgspec.json.encode(unsealed))


def sealed(header: Header) -> Header:
    """``header`` with its seal."""
    return msgspec.structs.replace(header, seal=seal_of(header))


def utc_date(text: str) -> str:
    """``text`` (an ISO date, or a date and time with its offset) as a record's UTC date;
    raises :class:`ValueError`."""
    from datetime import UTC, datetime

    if len(text) == 10:
        return datetime.strptime(text, "%Y-%m-%d").date().isoformat()
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError("a date and time needs its offset (Z for UTC)")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def count_answers(seats: Sequence[PlayerColour], orders: Iterable[OrderFile]
                  ) -> tuple[dict[PlayerColour, int], dict[PlayerColour, int]]:
    """How many order files each colour gave, and how many of them a stand-in gave."""
    answers = dict.fromkeys(seats, 0)
    stand_ins = dict.fromkeys(seats, 0)
    for o in orders:
        answers[o.player] = answers.get(o.player, 0) + 1
        stand_ins[o.player] = stand_ins.get(o.player, 0) + (o.stand_in is not None)
    return answers, stand_ins


def stood_in(header: Header, colour: str) -> bool:
    """Whether a person's seat was mostly played by a stand-in (more than half of its
    order files); a format-1 record does not say, so never."""
    if header.people is None or colour not in header.people:
        return False
    given = (header.answers or {}).get(colour, 0)
    return 2 * (header.stand_ins or {}).get(colour, 0) > given


class RawOrders(Model, frozen=True):
    """An order file kept as its exact bytes (the notation would not give them back)."""

    json: str


class Move(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """One order line: ``[decision, player, orders, game]``."""

    decision: Annotated[int, msgspec.Meta(ge=1)]
    player: PlayerColour
    orders: str | RawOrders
    game: Annotated[str, msgspec.Meta(pattern=f"^[0-9a-f]{{{HASH_CHARS}}}$")]


Line = Header | Move


def encode_line(value: Header | Move) -> bytes:
    """One line of a record: the header or a move as compact JSON, with its line break."""
    return msgspec.json.encode(value) + b"\n"


def orders_field(orders: OrderFile, raw: bytes) -> str | RawOrders:
    """What a record keeps of an order file: its notation (when that gives back exactly
    ``raw``) or ``raw`` itself."""
    if io.encode_orders(orders) == raw:
        from adjudicator.notation.text import order_text

        try:
            text = order_text(orders)
        except Malformed:
            text = ""
        body = text.partition("\n")[2].rstrip("\n")
        if text and _same(orders, body):
            return body
    return RawOrders(json=raw.decode())


def _same(orders: OrderFile, body: str) -> bool:
    try:
        return orders_of(orders.game_id, orders.decision, orders.player, body) == orders
    except Malformed:
        return False


def orders_of(game_id: str, decision: int, player: str, field: str | RawOrders) -> OrderFile:
    """The order file a record's line holds; raises :class:`Malformed` (paths ``line N``)."""
    if isinstance(field, RawOrders):
        orders = io.load_orders(field.json.encode(), "orders")
        if (orders.game_id, orders.decision, orders.player) != (game_id, decision, player):
            raise Malformed([problem("record.envelope", "$", "The order file kept on this line names "
                                     f"game {orders.game_id}, decision {orders.decision}, player "
                                     f"{orders.player}, not what the line and header say.")])
        return orders
    from adjudicator.notation.parse import TextOrder, to_order_file

    read = _read_body(field)
    header = {**read.header, "game": game_id, "decision": decision, "player": player}
    return to_order_file(TextOrder(header=header, answer=read.answer, where=read.where))


@functools.lru_cache(maxsize=4096)
def _read_body(body: str) -> Any:
    """The notation of an order's lines after its header line, read once (lines of a
    tournament repeat: ``end turn``, a stand-in's line).  The header line given is a
    placeholder: :func:`orders_of` puts the line's own game, decision and player in."""
    from adjudicator.notation.parse import parse_lines

    lines = [(1, _PLACEHOLDER), *((n, text) for n, text in enumerate(body.split("\n"), start=2))]
    return parse_lines(lines)


_PLACEHOLDER = "game g decision 1 player red"


def forget() -> None:
    """Forget the order texts read so far (for measurements)."""
    _read_body.cache_clear()


def orders_bytes(orders: OrderFile, field: str | RawOrders) -> bytes:
    """The order file's bytes as the log held them."""
    return field.json.encode() if isinstance(field, RawOrders) else io.encode_orders(orders)


__all__ = ["RECORD", "RECORD_FORMAT", "SEAL_PREFIX", "HASH_CHARS", "SUFFIX", "Hash", "Person", "Date",
           "Count", "Result", "Header", "seal_of", "sealed", "utc_date", "count_answers", "stood_in",
           "RawOrders", "Move", "Line", "encode_line", "orders_field", "orders_of", "forget",
           "orders_bytes"]
