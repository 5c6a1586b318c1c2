"""The view file: the game as one player may see it (issue 6).

A view keeps the layout and field names of the game file (:mod:`adjudicator.model.state`)
wherever nothing is hidden, so a program that reads one reads the other.  What the viewer
may not see is replaced by counts:

* ``players[].hand`` is the viewer's own hand, and null for every other player;
  ``players[].hand_count`` is every player's number of cards;
* ``piles`` holds the number of face-down components, never their order or identity;
* ``board.trajan_stacks`` holds each stack's face-up top tile and how many lie below it;
* ``seed`` is null until the game is over (``commitment``, ``seeding`` and ``chain``, whose
  ``hash`` is the witness a player keeps, are always shown).

``viewer`` (null for the public view that ``trajan show`` prints) marks the file as a view.
The redaction itself is :func:`adjudicator.views.redact.view_of`.
"""


from typing import Annotated, Literal

import msgspec

from adjudicator.model.base import Model
from adjudicator.model.state import (
    FORMAT,
    RULES,
    Chain,
    NonNegative,
    Options,
    OwnedBonus,
    Pending,
    ProvinceState,
    Removed,
    Seeding,
    Ships,
    SiteState,
    Slots,
    Trays,
    TurnProgress,
)
from adjudicator.model.vocab import (
    Action,
    BonusTile,
    Commodity,
    ConstructionTile,
    Demand,
    ForumTileKind,
    LeaderPlace,
    PlayerColour,
    Province,
)


class PlayerView(Model, frozen=True):
    """A player's mat as the viewer sees it: ``hand`` only for the viewer's own."""

    colour: PlayerColour
    vp: int = 0
    trays: Trays = Trays()
    slots: Slots = Slots()
    arch: Action | None = "seaport"
    supply: NonNegative = 13
    worker_camp: NonNegative = 1
    military_camp: NonNegative = 1
    leader: LeaderPlace = "camp"
    legionnaires: tuple[Province, ...] = ()
    senate: Literal[0, 2, 3, 4, 5, 6, 7, 8] = 0
    hand: tuple[Commodity, ...] | None = None
    hand_count: NonNegative = 0
    display: tuple[Commodity, ...] = ()
    forum_tiles: tuple[ForumTileKind, ...] = ()
    extra_tiles: tuple[Action, ...] = ()
    plus2: tuple[Action, ...] = ()
    construction_tiles: tuple[ConstructionTile, ...] = ()
    trajan_demand_tiles: tuple[str, ...] = ()
    bonus_tiles: tuple[OwnedBonus, ...] = ()


class StackView(Model, frozen=True):
    """A Trajan stack: its face-up top tile (null when empty) and the tiles below it."""

    top: str | None = None
    below: NonNegative = 0


class TrajanStacksView(Model, frozen=True):
    cards: StackView = StackView()
    victory: StackView = StackView()
    workers: StackView = StackView()
    legionnaires: StackView = StackView()
    plus2: StackView = StackView()
    demand: StackView = StackView()


class BoardView(Model, frozen=True):
    time: NonNegative = 0
    forum: tuple[ForumTileKind | None, ...] = ()
    forum_extra: tuple[Action | None, ...] = ()
    provinces: tuple[ProvinceState, ...] = ()
    district: tuple[SiteState, ...] = ()
    senate_bonus: tuple[BonusTile, ...] = ()
    senate_stack: tuple[PlayerColour, ...] = ()
    ships: Ships = Ships()
    trajan_stacks: TrajanStacksView = TrajanStacksView()
    demands: tuple[Demand, ...] = ()
    discard1: tuple[Commodity, ...] = ()
    discard2: tuple[Commodity, ...] = ()


class PilesView(Model, frozen=True):
    """How many components lie face down in each pile (never which, nor their order)."""

    deck: NonNegative = 0
    forum: NonNegative = 0
    extra: NonNegative = 0
    demand: NonNegative = 0
    demand_removed: NonNegative = 0
    bonus_bag: NonNegative = 0


class GameView(Model, kw_only=True, frozen=True):
    format: Literal[2] = FORMAT
    rules: Literal["trajan-ammonit-2011-en"] = RULES
    options: Options = Options()
    game_id: str
    # The player whose view this is; null for the public view (no hand shown).
    viewer: PlayerColour | None
    # The secret seed: null until the game is over.
    seed: str | None = None
    commitment: str = ""
    seeding: Seeding = Seeding()
    seats: tuple[PlayerColour, ...]
    start_player: PlayerColour
    decision: Annotated[int, msgspec.Meta(ge=1)] = 1
    quarter: Annotated[int, msgspec.Meta(ge=1, le=4)] = 1
    pending: Pending
    turn: TurnProgress | None = None
    players: tuple[PlayerView, ...]
    board: BoardView
    piles: PilesView
    removed: Removed = Removed()
    chain: Chain = Chain()
