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
    answers, stand_ins = counts(header, moves, name)
    if header.answers != answers or header.stand_ins != stand_ins:
        raise Divergence(name, "record.count_mismatch", "$[0].answers",
                         "The header's counts of order files (answers, stand_ins) are not the order "
                         "lines'.")
    if header.seal != form.seal_of(header):
        raise Divergence(name, "record.seal_mismatch", "$[0].seal",
                         "The header's seal is not its own: the header (players, people, date or "
                         "counts) was edited after the record was packed.")


def counts(header: Header, moves: Sequence[Move], name: str) -> tuple[dict[PlayerColour, int],
                                                                      dict[PlayerColour, int]]:
    """How many order files each colour gave in ``moves``, and how many a stand-in gave."""
    orders = []
    for i, m in enumerate(moves, start=1):
        try:
            orders.append(form.orders_of(header.game_id, m.decision, m.player, m.orders))
        except Malformed as e:  # the replay read it already: not reached for a record that replays
            raise Divergence(name, "record.bad_orders", f"$[{i}][2]", e.problems[0].message) from None
    return form.count_answers(header.seats, orders)


def _is_date(text: str) -> bool:
    try:
        return form.utc_date(text) == text
    except ValueError:
        return False
