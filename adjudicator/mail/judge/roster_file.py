"""The roster rewritten by the judge (issue 28: ``replace`` and ``kick``), keeping the game
master's comments where it can.

The roster is the game master's file, edited by hand; the judge changes one seat of it.
The new text is the old one with only that seat's tables (``[players.COLOUR]`` and its
``[[players.COLOUR.history]]``) written again in their place: every other line, comments
included, stays as it was (comment and blank lines just above the next table stay too).
The result is read back and must give exactly the roster meant; where it does not (a
roster written with inline tables or dotted keys), the whole roster is written again in
the plain form, with a comment saying so.  Either way the file is written whole or not at
all, with the judge's record (:class:`adjudicator.mail.judge.record.Commit`), and the text
before the change is kept in ``judge/rosters/``.
"""

from __future__ import annotations

import re

from adjudicator.league.evenness import toml_string
from adjudicator.mail.outgoing.roster import load_roster
from adjudicator.model.roster import Observer, PastHolder, Roster, Seat

_TABLE = re.compile(r"^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(#.*)?$")
_PLAIN = ("# This roster was written again whole by the mail judge: the comments of the earlier\n"
          "# file could not be kept (it is in judge/rosters/).\n")


def seat_lines(colour: str, seat: Seat) -> list[str]:
    """The TOML tables of one seat."""
    lines = [f"[players.{colour}]", f"name = {toml_string(seat.name)}",
             f"address = {toml_string(seat.address)}"]
    if seat.mail != "decisions":  # the holder's mail settings (issue 27), where not the default
        lines.append(f"mail = {toml_string(seat.mail)}")
    if seat.attach_view:
        lines.append("attach_view = true")
    if seat.pictures is not None:
        lines.append(f"pictures = {toml_string(seat.pictures)}")
    if not seat.order_page:
        lines.append("order_page = false")
    if seat.language is not None:  # the seat's language (issue 31)
        lines.append(f"language = {toml_string(seat.language)}")
    if seat.generation:
        lines.append(f"generation = {seat.generation}")
    if seat.vacant:
        lines.append("vacant = true")
    for past in seat.history:
        lines += ["", f"[[players.{colour}.history]]", *_past_lines(past)]
    return lines


def _past_lines(p: PastHolder) -> list[str]:
    lines = [f"name = {toml_string(p.name)}", f"address = {toml_string(p.address)}",
             f"generation = {p.generation}", f"until_step = {p.until_step}", f"decision = {p.decision}",
             f"left = {toml_string(p.left)}"]
    return lines + (["vacant = true"] if p.vacant else [])


def rewritten(text: str, roster: Roster, colour: str) -> str:
    """``text`` (the roster file) with ``colour``'s seat as ``roster`` has it."""
    new = _spliced(text, colour, seat_lines(colour, roster.players[colour]))  # type: ignore[index]
    if new is not None and _reads_as(new, roster):
        return new
    return _PLAIN + whole(roster)


def _spliced(text: str, colour: str, block: list[str]) -> str | None:
    mine = {f"players.{colour}", f"players.{colour}.history"}
    out: list[str] = []
    skipped: list[str] = []
    placed = skipping = False
    for line in text.split("\n"):
        table = _TABLE.match(line)
        if table is not None:
            name = re.sub(r"[\s\"']", "", table.group(1))
            if name in mine:
                if not placed:
                    out += block
                    placed = True
                skipping, skipped = True, []
                continue
            if skipping:
                out += _kept_tail(skipped)
                skipping = False
        (skipped if skipping else out).append(line)
    if skipping:
        out += _kept_tail(skipped)
    return "\n".join(out) if placed else None


def _kept_tail(skipped: list[str]) -> list[str]:
    """The comment and blank lines at the end of a seat's old tables (they lead into what
    follows); the rest of the old tables goes."""
    tail: list[str] = []
    for line in reversed(skipped):
        if line.strip() and not line.lstrip().startswith("#"):
            break
        tail.insert(0, line)
    return [""] + tail if tail and tail[0].strip() else tail or [""]


def _reads_as(text: str, roster: Roster) -> bool:
    try:
        return load_roster(text.encode("utf-8"), "roster.toml") == roster
    except Exception:  # noqa: BLE001 - any reason it does not read back: write it whole instead
        return False


def whole(roster: Roster) -> str:
    """The whole roster in the plain form."""
    lines = []
    for key in ("game", "judge", "pictures", "language", "gm"):
        value = getattr(roster, key)
        if value is not None:
            lines.append(f"{key} = {toml_string(value)}")
    for colour, seat in roster.players.items():
        lines += ["", *seat_lines(colour, seat)]
    for observer in roster.observers:
        lines += ["", *_observer_lines(observer)]
    return "\n".join(lines).lstrip("\n") + "\n"


def _observer_lines(o: Observer) -> list[str]:
    return ["[[observers]]", f"name = {toml_string(o.name)}", f"address = {toml_string(o.address)}"]
