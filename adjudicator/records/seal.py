"""What binds a record's header to its game: the people, the counts of answers and
stand-ins, the date, and the seal (format 2; :mod:`adjudicator.records.form`).

:func:`check_header` runs after the replay (so an edited order or seed is still reported
by its own reason): every format-2 field must be present and agree with the order lines,
and the seal must be the header's own.  A format-1 header must carry none of them (a
format-1 record cannot be given a date or people that nothing binds).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.errors import Malformed
from adjudicator.logs.verify import Divergence
from adjudicator.model.orders import OrderFile
from adjudicator.model.vocab import PlayerColour
from adjudicator.records import form
from adjudicator.records.form import Header, Move

FORMAT_2_FIELDS = ("people", "answers", "stand_ins", "date", "seal")


def check_header(header: Header, moves: Sequence[Move], name: str) -> None:
    """Raise :class:`Divergence` if the header's format-2 fields do not bind it."""
    if header.format == 1:
        extra = [f for f in FORMAT_2_FIELDS if getattr(header, f) is not None]
        if extra:
            raise Divergence(name, "record.malformed", f"$[0].{extra[0]}",
                             f"A format-1 header has no {extra[0]} (only format 2 records carry and "
                             "seal it).")
        return
    missing = [f for f in FORMAT_2_FIELDS if f != "date" and getattr(header, f) is None]
    if missing:
        raise Divergence(name, "record.malformed", f"$[0].{missing[0]}",
                         f"A format-2 header must carry {missing[0]}.")
    assert header.people is not None and header.answers is not None and header.stand_ins is not None
    if set(header.players) != set(header.seats):
        raise Divergence(name, "record.players_mismatch", "$[0].players",
                         "The header's players are not one for each seat.")
    for colour, person in header.people.items():
        if colour not in header.seats or header.players.get(colour) != person:
            raise Divergence(name, "record.players_mismatch", f"$[0].people.{colour}",
                             f"{colour} is not a seat whose player is this person.")
    if header.date is not None and not _is_date(header.date):
        raise Divergence(name, "record.malformed", "$[0].date", "The header's date is not a date.")
    orders = order_files(header, moves, name)
    answers, stand_ins = form.count_answers(header.seats, orders)
    if header.answers != answers or header.stand_ins != stand_ins:
        raise Divergence(name, "record.count_mismatch", "$[0].answers",
                         "The header's counts of order files (answers, stand_ins) are not the order "
                         "lines'.")
    if header.holders is not None:
        check_holders(header, orders, name)
    if header.seal != form.seal_of(header):
        raise Divergence(name, "record.seal_mismatch", "$[0].seal",
                         "The header's seal is not its own: the header (players, people, date or "
                         "counts) was edited after the record was packed.")


def counts(header: Header, moves: Sequence[Move], name: str) -> tuple[dict[PlayerColour, int],
                                                                      dict[PlayerColour, int]]:
    """How many order files each colour gave in ``moves``, and how many a stand-in gave."""
    return form.count_answers(header.seats, order_files(header, moves, name))


def order_files(header: Header, moves: Sequence[Move], name: str) -> list[OrderFile]:
    """The order file of each line."""
    orders = []
    for i, m in enumerate(moves, start=1):
        try:
            orders.append(form.orders_of(header.game_id, m.decision, m.player, m.orders))
        except Malformed as e:  # the replay read it already: not reached for a record that replays
            raise Divergence(name, "record.bad_orders", f"$[{i}][2]", e.problems[0].message) from None
    return orders


def check_holders(header: Header, orders: Sequence[OrderFile], name: str) -> None:
    """Each seat that passed on: its times in order from the start, the last one the
    person of ``people``, and each time's counts those of its order lines (issue 28)."""
    assert header.holders is not None and header.people is not None
    for colour, times in header.holders.items():
        at = f"$[0].holders.{colour}"
        starts = [t.from_step for t in times]
        if colour not in header.seats or len(times) < 2:
            raise Divergence(name, "record.holders_mismatch", at,
                             f"{colour} is not a seat of this game that passed from one person to another.")
        if starts[0] != 1 or starts != sorted(set(starts)) or starts[-1] > len(orders) + 1:
            raise Divergence(name, "record.holders_mismatch", at, "The times in the seat do not follow each "
                             "other from the start within the order lines.")
        if times[-1].person != header.people.get(colour):
            raise Divergence(name, "record.holders_mismatch", at, "The last person in the seat is not the "
                             "person the header names for it.")
        for i, (t, given) in enumerate(zip(times, form.tenure_counts(colour, starts, orders), strict=True)):
            if (t.answers, t.stand_ins) != given:
                raise Divergence(name, "record.holders_mismatch", f"{at}[{i}]",
                                 "The counts of this time in the seat are not its order lines'.")


def _is_date(text: str) -> bool:
    try:
        return form.utc_date(text) == text
    except ValueError:
        return False
