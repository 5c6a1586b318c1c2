"""The sign-up list a seating plan is made for (``PEOPLE.txt``): one person a line,
``Name`` or ``Name <address>``; blank lines and lines starting with ``#`` are skipped.
Names are one line of printable text (at most 100 characters), each once; an address is
a plain ``local@domain`` as in a roster."""

from __future__ import annotations

import re

from adjudicator.errors import Malformed, Problem, problem

_LINE = re.compile(r"^(?P<name>.*?)\s*(?:<(?P<address>[^<>]*)>)?$")
_ADDRESS = re.compile(r"^[^\s<>()\[\]\\,;:\"@]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")


def read_people(data: bytes, file: str) -> list[tuple[str, str | None]]:
    """Each person's name and address (if given); raises :class:`Malformed` with every problem."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Malformed([problem("seat.encoding", "$", "The list of people is not UTF-8 text.")
                         .located(file)]) from None
    out: list[tuple[str, str | None]] = []
    seen: dict[str, int] = {}
    problems: list[Problem] = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        name, address = (m.group("name"), m.group("address")) if m else (line, None)
        where = f"line {number}"
        if not name or not name.isprintable() or len(name) > 100:
            problems.append(problem("seat.bad_name", where, "A name is one line of printable text, at most "
                                    "100 characters."))
        elif name.casefold() in seen:
            problems.append(problem("seat.duplicate_name", where, f"{name!r} is already on line "
                                    f"{seen[name.casefold()]}: give each person once (add an initial to tell "
                                    "two people apart)."))
        elif address is not None and not _ADDRESS.match(address.strip()):
            problems.append(problem("seat.bad_address", where, f"{address!r} is not a plain address "
                                    "(local@domain)."))
        else:
            seen[name.casefold()] = number
            out.append((name, address.strip() if address is not None else None))
    if problems:
        raise Malformed([p.located(file) for p in problems])
    return out
