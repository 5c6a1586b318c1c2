"""The announcement of a fair start: what the game master is bound to before any player
contributes (issue 25).

The announcement states the game's **terms**: its id and whether that id is derived or
chosen by hand, the seats, whether the start player is drawn from the shuffles or chosen
by hand (and who), the rules options, the players who must contribute, and the
commitment to the game master's secret; and a line ``Announcement: HASH``, the
:func:`digest` of all of them.  Every line is one ``Label: value`` line, so the message
can be quoted, kept and given to ``trajan verify --witness`` as it is:

.. code-block:: text

    Game: trajan-1a2b3c4d5e6f
    Seats: red, green, blue
    Start player: drawn from the shuffles
    Options: none
    Game id: derived from the commitment and these terms
    Contributors: red, green, blue
    Commitment: 5e88…
    Announcement: 0c1d…

The same terms can be read off a game's first file (:func:`terms_of_game`), so
``verify`` compares each announced line with the game it was given.

A **contribution** made with ``trajan contribution`` is bound to the terms and to its
sender: it is :func:`contribution_value` of the announcement's digest, the colour and a
random key the player keeps in their receipt (``Contribution key: COLOUR=KEY``).  Nobody
else can make a value that this key gives, so with the receipt ``verify`` proves that the
recorded value is the player's and was made for these terms.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adjudicator.digest import sha256
from adjudicator.game.seeding import options_text
from adjudicator.model.fairstart import FairStart
from adjudicator.model.state import GameState

DIGEST_PREFIX = "trajan-fair-announcement\x00"
CONTRIBUTION_PREFIX = "trajan-contribution\x00"
DRAWN = "drawn from the shuffles"
CHOSEN = "chosen by hand"
DERIVED = "derived from the commitment and these terms"

# The lines of an announcement, in order; the first names the game (a new announcement).
GAME, SEATS, START, OPTIONS, GAME_ID, CONTRIBUTORS, COMMITMENT, DIGEST = (
    "Game", "Seats", "Start player", "Options", "Game id", "Contributors", "Commitment", "Announcement")
LABELS = (GAME, SEATS, START, OPTIONS, GAME_ID, CONTRIBUTORS, COMMITMENT, DIGEST)
# The lines only an announcement has (a report or a mail may have "Game:" or "Commitment:").
OWN_LABELS = frozenset({SEATS, START, OPTIONS, GAME_ID, CONTRIBUTORS, DIGEST})


@dataclass(frozen=True)
class Terms:
    """What a fair start's announcement binds (see the module's description)."""

    game_id: str
    game_id_chosen: bool
    seats: tuple[str, ...]
    first: str | None  # the start player chosen by hand; None: drawn from the shuffles
    options: str  # :func:`~adjudicator.game.seeding.options_text`
    contributors: tuple[str, ...]
    commitment: str

    def lines(self) -> dict[str, str]:
        """The value of each line of the announcement, by label."""
        return {
            GAME: self.game_id,
            SEATS: ", ".join(self.seats),
            START: f"{self.first} ({CHOSEN})" if self.first else DRAWN,
            OPTIONS: self.options or "none",
            GAME_ID: CHOSEN if self.game_id_chosen else DERIVED,
            CONTRIBUTORS: ", ".join(self.contributors),
            COMMITMENT: self.commitment,
            DIGEST: digest(self),
        }

    def text(self) -> str:
        """The announcement's lines, one ``Label: value`` a line."""
        return "".join(f"{label}: {value}\n" for label, value in self.lines().items())


def terms_of_pending(pending: FairStart) -> Terms:
    """The terms of a pending fair start (what ``trajan new --fair`` announces)."""
    return Terms(game_id=pending.game_id, game_id_chosen=pending.game_id_chosen, seats=tuple(pending.seats),
                 first=pending.first, options=options_text(pending.options),
                 contributors=tuple(pending.contributors), commitment=pending.commitment)


def terms_of_game(state: GameState) -> Terms:
    """The terms a game's first file was set up under (its contributors: those recorded)."""
    s = state.seeding
    return Terms(game_id=state.game_id, game_id_chosen=s.game_id_chosen, seats=tuple(state.seats),
                 first=state.start_player if s.start_player_chosen else None,
                 options=options_text(state.options),
                 contributors=tuple(c.player for c in s.contributions), commitment=state.commitment)


def digest(terms: Terms) -> str:
    """SHA-256 hex of every term, each told apart by a NUL byte (none can hold one)."""
    parts = [terms.game_id, CHOSEN if terms.game_id_chosen else "derived", ",".join(terms.seats),
             terms.first or "", terms.options, ",".join(terms.contributors), terms.commitment]
    return sha256((DIGEST_PREFIX + "\x00".join(parts)).encode()).hexdigest()


def contribution_value(announced: str, colour: str, key: str) -> str:
    """The value a player with ``key`` sends for ``colour`` under the announcement whose
    digest is ``announced`` (64 hex digits)."""
    material = CONTRIBUTION_PREFIX + "\x00".join([announced, colour, key])
    return sha256(material.encode()).hexdigest()


@dataclass(frozen=True)
class Announced:
    """The announcement lines found in a text: ``label -> (value, line number)``."""

    lines: dict[str, tuple[str, int]]

    @property
    def first_line(self) -> int:
        """The number of the first announcement line found."""
        return min(n for _, n in self.lines.values())

    def value(self, label: str) -> str | None:
        """The value announced under ``label``, or None where the text has no such line."""
        found = self.lines.get(label)
        return found[0] if found else None


def read(lines: Iterable[tuple[int, str]]) -> list[Announced]:
    """Every announcement in numbered lines (lines quoted in a reply count): a ``Game:``
    line begins one, and it is one if it has a ``Commitment:`` line or its hash line
    (a report or a player's mail may have a ``Seats:`` line, but never these).  A hash
    line alone (all a player kept) is one too."""
    blocks: list[dict[str, tuple[str, int]]] = [{}]
    for number, raw in lines:
        line = raw.lstrip("> \t")
        label, colon, value = line.partition(":")
        if not colon or label not in LABELS:
            continue
        if label == GAME and blocks[-1]:
            blocks.append({})
        blocks[-1].setdefault(label, (" ".join(value.split()), number))
    return [Announced(b) for b in blocks
            if DIGEST in b or (GAME in b and COMMITMENT in b and OWN_LABELS & b.keys())]


def differences(announced: Announced, terms: Terms) -> list[tuple[str, int, str, str]]:
    """``(label, line, announced, actual)`` for each announced line that the terms do not
    bear out (the digest line only when every line shown agrees: it then shows that a line
    not kept was changed)."""
    actual = terms.lines()
    found = [(label, n, value, actual[label]) for label, (value, n) in announced.lines.items()
             if label not in (DIGEST, COMMITMENT) and _normal(value) != _normal(actual[label])]
    said = announced.lines.get(DIGEST)
    if not found and said is not None and said[0] != actual[DIGEST]:
        found.append((DIGEST, said[1], said[0], actual[DIGEST]))
    return sorted(found, key=lambda d: d[1])


def terms_from(announced: Announced) -> Terms | None:
    """The terms an announcement states, if it states them all (a current announcement)."""
    values = {label: announced.value(label) for label in LABELS}
    if any(v is None for v in values.values()):
        return None
    start, chosen = values[START] or "", values[GAME_ID] or ""
    first = None if start == DRAWN else start.removesuffix(f" ({CHOSEN})").strip()
    return Terms(game_id=values[GAME] or "", game_id_chosen=chosen == CHOSEN, seats=_names(values[SEATS]),
                 first=first, options="" if values[OPTIONS] == "none" else values[OPTIONS] or "",
                 contributors=_names(values[CONTRIBUTORS]), commitment=values[COMMITMENT] or "")


def in_words(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _names(text: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in (text or "").split(",") if n.strip())


def _normal(text: str) -> str:
    """A line's value with its spacing as a mail client may change it (runs of spaces, a
    space after a comma) made one form."""
    return ",".join(" ".join(part.split()) for part in text.split(","))


def numbered(text: str) -> Sequence[tuple[int, str]]:
    """The lines of ``text`` with their numbers (from 1)."""
    return list(enumerate(text.splitlines(), start=1))
