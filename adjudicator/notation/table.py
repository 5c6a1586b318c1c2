"""The notation as data: its words and one pattern per kind of line.

The parser (:mod:`adjudicator.notation.parse`), the printer
(:mod:`adjudicator.notation.text`) and the grammar in the manual
(:mod:`adjudicator.notation.grammar`) are all driven by this table, so they cannot
disagree.  A line is a sequence of items: a :class:`Word` (a fixed word of the
notation, with its accepted spellings), a :class:`Slot` (one or more names from a
vocabulary, filling one field of the JSON form) or an :class:`Opt` (an optional tail
that starts with a word).
"""

from __future__ import annotations

from typing import get_args, get_type_hints

import msgspec

from adjudicator.model.orders import MeetDemandsAnswer
from adjudicator.model.vocab import (
    ACTIONS,
    COMMODITIES,
    MARKER_COLOURS,
    PLAYER_COLOURS,
    PROVINCES,
    SHIPS,
    SITES,
    TRAJAN_CATEGORIES,
    BonusTile,
    CardSource,
    DiscardPile,
    ForumTileKind,
)


class Vocab(msgspec.Struct, frozen=True):
    """A closed set of names (or ``INT``, ``ID``, ``TEXT``) and how to describe it."""

    name: str
    what: str  # "a tray", for messages: "expected a tray (seaport, forum, ...)"
    values: tuple[str, ...] = ()


class Word(msgspec.Struct, frozen=True):
    """A fixed word (or words) of the notation; the first spelling is canonical."""

    spellings: tuple[str, ...]
    flag: str | None = None  # inside an Opt: the boolean field the word sets


class Slot(msgspec.Struct, frozen=True):
    field: str
    vocab: Vocab
    least: int = 1
    most: int = 1


class Opt(msgspec.Struct, frozen=True):
    items: tuple[Word | Slot, ...]


Item = Word | Slot | Opt


class Line(msgspec.Struct, frozen=True):
    """One kind of line: what it makes (``kind``, ``tag``) and its items."""

    kind: str  # header, markers, cards, tiles, step, end, demands, consul
    tag: str  # the JSON tag (``do`` of a step, ``decision`` of an answer, header key)
    items: tuple[Item, ...]


def _vocab(name: str, what: str, values: tuple[str, ...]) -> Vocab:
    return Vocab(name, what, values)


ACTION = _vocab("action", "an action or tray", ACTIONS)
MARKER = _vocab("marker", "a marker colour", MARKER_COLOURS)
COMMODITY = _vocab("commodity", "a commodity", COMMODITIES)
PILE = _vocab("pile", "a discard pile", get_args(DiscardPile))
SOURCE = _vocab("source", "a card source", get_args(CardSource))
SHIP = _vocab("ship", "a ship", SHIPS)
FORUM_TILE = _vocab("forum_tile", "a forum tile", get_args(ForumTileKind))
PROVINCE = _vocab("province", "a province", PROVINCES)
STACK = _vocab("stack", "a Trajan stack", TRAJAN_CATEGORIES)
SITE = _vocab("site", "a construction site (A1 to E4)", SITES)
USE = _vocab("use", "a way to meet a demand",
             get_args(get_args(get_type_hints(MeetDemandsAnswer)["use"])[0]))
BONUS = _vocab("bonus", "a bonus tile", get_args(BonusTile))
COLOUR = _vocab("colour", "a player colour", PLAYER_COLOURS)
INT = Vocab("int", "a decision number (1, 2, ...)")
ID = Vocab("id", "the game id (or its first 4 characters or more)")
TEXT = Vocab("text", "who wrote the order (the rest of the line)")
# The player's secret token from the mail judge (adjudicator.mail.judge.tokens): read, then
# left out of the order file, so it never enters the log.
TOKEN = Vocab("token", "your token from the judge's first mail")

VOCABS = (ACTION, MARKER, COMMODITY, PILE, SOURCE, SHIP, FORUM_TILE, PROVINCE, STACK, SITE, USE,
          BONUS, COLOUR)


def W(*spellings: str, flag: str | None = None) -> Word:  # noqa: N802 (reads as grammar)
    return Word(spellings, flag)


# --- The header: game, decision, player and (optional) who wrote the order -----------------
# Each key names one field of the order file's envelope (HEADER_FIELDS).
HEADER = (
    Line("header", "game", (W("game"), Slot("game", ID))),
    Line("header", "decision", (W("decision"), Slot("decision", INT))),
    Line("header", "player", (W("player"), Slot("player", COLOUR))),
    Line("header", "by", (W("by"), Slot("by", TEXT))),
    # The player did not answer: who answered for them (``stand_in``, e.g. "greedy bot").
    Line("header", "standin", (W("standin"), Slot("standin", TEXT))),
    Line("header", "token", (W("token"), Slot("token", TOKEN))),
)
HEADER_FIELDS = {"game": "game_id", "decision": "decision", "player": "player", "by": "written_by",
                 "standin": "stand_in"}
REQUIRED_HEADER = ("game", "decision", "player")
# Header keys read but not part of the order file (the mail judge checks them).
MAIL_ONLY_HEADER = ("token",)

# --- The steps of a turn (seed 000, "A player's turn"), in the order of the JSON format ----
STEPS = (
    Line("step", "sow", (W("sow"), Slot("tray", ACTION), Slot("markers", MARKER, 1, 12))),
    Line("step", "trajan_special", (W("trajan special", "special"),
                                    Opt((W("plus2"), Slot("plus2", ACTION))))),
    Line("step", "seaport_draw", (W("seaport draw"),)),
    Line("step", "discard", (W("discard"), Slot("card", COMMODITY), Slot("pile", PILE))),
    Line("step", "seaport_take", (W("seaport take"), Slot("pile", PILE))),
    Line("step", "seaport_display", (W("seaport display"), Slot("cards", COMMODITY, 1, 2))),
    Line("step", "seaport_ship", (W("seaport ship"), Slot("ship", SHIP), Slot("cards", COMMODITY, 0, 6),
                                  Opt((W("wild"), Slot("wild", COMMODITY, 1, 6))))),
    # The extra action tile on a yellow forum space, before the forum tile: "forum extra
    # action seaport" is that tile, "forum extra-seaport" the forum tile of that name.
    Line("step", "forum", (W("forum extra action"), Slot("extra_action", ACTION))),
    Line("step", "forum", (W("forum"), Slot("tile", FORUM_TILE))),
    Line("step", "military_recruit", (W("military recruit"),)),
    Line("step", "military_move", (W("military move"), Slot("province", PROVINCE))),
    Line("step", "military_deploy", (W("military deploy"),)),
    Line("step", "trajan", (W("trajan"), Slot("stack", STACK))),
    Line("step", "senate", (W("senate"),)),
    Line("step", "construction_hire", (W("construction hire"),)),
    Line("step", "construction_build", (W("construction build"), Slot("site", SITE))),
    Line("step", "extra", (W("extra"), Slot("action", ACTION), Opt((W("wild", flag="wild"),)))),
)
END = Line("end", "turn", (W("end turn", "end"),))
# A paused turn may be answered under its own name (``turn_continue``): this first line.
CONTINUE = Line("continue", "turn_continue", (W("continue turn", "continue"),))

# --- The other answers ----------------------------------------------------------------------
ANSWERS = (
    Line("markers", "setup_markers", (W("tray"), Slot("tray", ACTION), Slot("markers", MARKER, 2, 2))),
    Line("cards", "setup_cards", (W("take"), Slot("take", SOURCE, 1, 3))),
    Line("tiles", "setup_trajan", (W("tiles"), W("II", "2"), Slot("II", STACK), W("IV", "4"),
                                   Slot("IV", STACK), W("VI", "6"), Slot("VI", STACK))),
    Line("demands", "demands", (W("demands"), Slot("use", USE, 0, 3))),
    Line("consul", "consul", (W("bonus"), Slot("tile", BONUS))),
)

LINES: tuple[Line, ...] = (*HEADER, *STEPS, END, CONTINUE, *ANSWERS)
# The decision each kind of answer line makes (steps and ``end turn`` make a turn).
ANSWER_OF_KIND = {"step": "turn", "end": "turn", "continue": "turn", "markers": "setup_markers",
                  "cards": "setup_cards", "tiles": "setup_trajan", "demands": "demands", "consul": "consul"}
# Answers given in one line (a second such line is a mistake, not a continuation).
SINGLE_LINE = ("tiles", "demands", "consul")
MAX_CARDS = 3  # setup_cards: at most 3 cards in all

# Order blocks in mail: these lines around the orders are optional.
BEGIN = "begin orders"
END_BLOCK = "end orders"


def first_words() -> list[str]:
    """The words a line may start with, for suggestions."""
    out: list[str] = []
    for line in LINES:
        first = line.items[0]
        assert isinstance(first, Word)
        for spelling in first.spellings:
            word = spelling.split()[0]
            if word not in out:
                out.append(word)
    return out
