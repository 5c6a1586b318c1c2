"""The game file: the whole state of a game, hidden parts included.

Piles are stored in draw order, index 0 on top.  Nothing here is random: every
shuffle happened at setup (``adjudicator.game.newgame``) and is stored.
"""


from typing import Annotated, Final, Literal

import msgspec

from adjudicator.model.base import Model
from adjudicator.model.vocab import (
    Action,
    BonusSide,
    BonusTile,
    Commodity,
    ConstructionTile,
    Demand,
    ForumTileKind,
    LeaderPlace,
    MarkerColour,
    PlayerColour,
    Province,
    ShipSide,
    Site,
)

# The format of game and view files.  2: simultaneous decisions keep their number and
# record who has answered (``answered``).  Files of format 1 are upgraded when read
# (adjudicator/files/formats.py).
FORMAT: Final = 2
RULES: Final = "trajan-ammonit-2011-en"

NonNegative = Annotated[int, msgspec.Meta(ge=0)]
Markers = tuple[MarkerColour, ...]


class Options(Model, frozen=True):
    """Named rules options, fixed when the game is created (rulings.md); an option not
    written has its default."""

    # An option added after games were recorded defaults to UNSET, which is not written:
    # a game file made before it existed reads and re-encodes byte for byte (its hash
    # chain and ``trajan verify`` depend on that).

    trajan_tiles_score_at_end: bool = False
    # Ruling (h): a shipment needs a card from the hand; default off, wild cards may ship alone.
    ship_needs_real_card: bool | msgspec.UnsetType = msgspec.UNSET

    def value(self, name: str) -> bool:
        """The option's value, its default where it is not set."""
        value = getattr(self, name)
        return value is True


class Trays(Model, frozen=True):
    """The action markers in each of the six trays of a player's action circle."""

    seaport: Markers = ()
    forum: Markers = ()
    military: Markers = ()
    senate: Markers = ()
    trajan: Markers = ()
    construction: Markers = ()


class Slots(Model, frozen=True):
    """The Trajan tile (by id) on the slot beside each tray: I seaport ... VI construction."""

    seaport: str | None = None
    forum: str | None = None
    military: str | None = None
    senate: str | None = None
    trajan: str | None = None
    construction: str | None = None


class OwnedBonus(Model, frozen=True):
    """A bonus tile a player holds, and the side that lies up."""

    tile: BonusTile
    side: BonusSide


class Player(Model, frozen=True):
    """One player's mat and pieces: VP, trays and slots, the Arch, tokens (supply, camps,
    leader, legionnaires), the senate disc, cards (hand, display) and the tiles taken."""

    colour: PlayerColour
    vp: int = 0
    trays: Trays = Trays()
    slots: Slots = Slots()
    # The tray whose slot holds the Arch of Trajan; null: every slot is full (centre).
    arch: Action | None = "seaport"
    supply: NonNegative = 13
    worker_camp: NonNegative = 1
    military_camp: NonNegative = 1
    leader: LeaderPlace = "camp"
    legionnaires: tuple[Province, ...] = ()
    senate: Literal[0, 2, 3, 4, 5, 6, 7, 8] = 0
    hand: tuple[Commodity, ...] = ()
    display: tuple[Commodity, ...] = ()
    forum_tiles: tuple[ForumTileKind, ...] = ()
    extra_tiles: tuple[Action, ...] = ()
    plus2: tuple[Action, ...] = ()
    construction_tiles: tuple[ConstructionTile, ...] = ()
    trajan_demand_tiles: tuple[str, ...] = ()
    bonus_tiles: tuple[OwnedBonus, ...] = ()


class ProvinceState(Model, frozen=True):
    """A province of the military area and the forum tile lying there (``None``: taken)."""

    province: Province
    tile: ForumTileKind | None = None


class SiteState(Model, frozen=True):
    """A site of the construction district: its tile (``None``: taken) and the workers on it."""

    site: Site
    tile: ConstructionTile | None = None
    workers: tuple[PlayerColour, ...] = ()


class Ships(Model, frozen=True):
    """The side each of the three ship tiles lies on: grey once shipped on, until turned back."""

    identical: ShipSide = "coloured"
    different: ShipSide = "coloured"
    pairs: ShipSide = "coloured"


class TrajanStacks(Model, frozen=True):
    """The six stacks of Trajan tiles; index 0 is the face-up top tile."""

    cards: tuple[str, ...] = ()
    victory: tuple[str, ...] = ()
    workers: tuple[str, ...] = ()
    legionnaires: tuple[str, ...] = ()
    plus2: tuple[str, ...] = ()
    demand: tuple[str, ...] = ()


class Board(Model, frozen=True):
    """The public board: the time marker, the forum, the provinces, the district, the senate
    (bonus tiles and the stack of discs), the ships, the Trajan stacks, the revealed demands
    and the two discard piles (top card first)."""

    time: NonNegative = 0
    forum: tuple[ForumTileKind | None, ...] = ()
    forum_extra: tuple[Action | None, ...] = ()
    provinces: tuple[ProvinceState, ...] = ()
    district: tuple[SiteState, ...] = ()
    senate_bonus: tuple[BonusTile, ...] = ()
    # Discs on the senate track from bottom to top: among discs on one space, the
    # later in this list lies higher in the stack (seed 000, senate ties).
    senate_stack: tuple[PlayerColour, ...] = ()
    ships: Ships = Ships()
    trajan_stacks: TrajanStacks = TrajanStacks()
    demands: tuple[Demand, ...] = ()
    discard1: tuple[Commodity, ...] = ()
    discard2: tuple[Commodity, ...] = ()


class Piles(Model, frozen=True):
    """Face-down piles, in draw order (hidden information)."""

    deck: tuple[Commodity, ...] = ()
    forum: tuple[ForumTileKind, ...] = ()
    extra: tuple[Action, ...] = ()
    demand: tuple[Demand, ...] = ()
    demand_removed: tuple[Demand, ...] = ()
    bonus_bag: tuple[BonusTile, ...] = ()


class Removed(Model, frozen=True):
    """Components removed from the game (public)."""

    trajan: tuple[str, ...] = ()
    forum: tuple[ForumTileKind, ...] = ()
    extra: tuple[Action, ...] = ()
    demand: tuple[Demand, ...] = ()
    commodities: tuple[Commodity, ...] = ()


# --- The pending decision ------------------------------------------------------------

class SetupMarkers(Model, tag_field="kind", tag="setup_markers", frozen=True):
    """Players still to put 2 markers in every tray (any order among them).

    A simultaneous decision: it keeps its ``decision`` number until every player has
    answered; ``answered`` lists who already has (seat order).
    """

    players: tuple[PlayerColour, ...]
    answered: tuple[PlayerColour, ...] = ()


class SetupCards(Model, tag_field="kind", tag="setup_cards", frozen=True):
    """A player still to take ``cards_left`` starting cards (seat order from the start player)."""

    player: PlayerColour
    cards_left: Annotated[int, msgspec.Meta(ge=1, le=3)]


class SetupTrajan(Model, tag_field="kind", tag="setup_trajan", frozen=True):
    """A player still to choose three starting Trajan tiles (seat order from the start player)."""

    player: PlayerColour


class TakeTurn(Model, tag_field="kind", tag="turn", frozen=True):
    """A player to take a turn."""

    player: PlayerColour


class ContinueTurn(Model, tag_field="kind", tag="turn_continue", frozen=True):
    """The turn paused after showing the player new cards (rulings.md)."""

    player: PlayerColour


class MeetDemands(Model, tag_field="kind", tag="demands", frozen=True):
    """Players who must choose how to meet the people's demands (any order among them).

    A simultaneous decision like :class:`SetupMarkers`: ``players`` are still to answer,
    ``answered`` already have; the ``decision`` number stays until all have answered.
    """

    players: tuple[PlayerColour, ...]
    next_turn: PlayerColour  # who begins the next quarter
    answered: tuple[PlayerColour, ...] = ()


class ChooseBonus(Model, tag_field="kind", tag="consul", frozen=True):
    """The consul chooses one of the two bonus tiles beside the senate."""

    player: PlayerColour
    vice_consul: PlayerColour
    next_turn: PlayerColour  # who begins the next quarter


class GameOver(Model, tag_field="kind", tag="game_over", frozen=True):
    """The game is over; ``ranking`` from the winner down."""

    ranking: tuple[PlayerColour, ...]


def kind_of(pending: "Pending") -> str:
    """The ``kind`` tag of a pending decision."""
    return str(type(pending).__struct_config__.tag)


Pending = (
    SetupMarkers | SetupCards | SetupTrajan | TakeTurn | ContinueTurn | MeetDemands
    | ChooseBonus | GameOver
)


class Opportunity(Model, frozen=True):
    """An action the player may still perform this turn, and what granted it."""

    action: Action
    source: Literal["main", "bonus", "extra"]


class TurnProgress(Model, frozen=True):
    """A turn under way: stored only while it is paused for the same player."""

    player: PlayerColour
    target: Action
    round_ends: bool = False
    # The accomplished Trajan tile whose special action may still be taken.
    special: str | None = None
    queue: tuple[Opportunity, ...] = ()
    # Actions performed this turn as main or bonus action (an extra tile repeats one).
    performed: tuple[Action, ...] = ()
    extra_used: bool = False
    discard_due: bool = False


class Chain(Model, frozen=True):
    """The hash chain that makes a game log tamper-evident (see adjudicator/chain.py).

    ``hash`` is the SHA-256 of the game file's canonical content with ``hash`` empty;
    ``parent`` the hash of the game file it came from; ``orders`` the SHA-256 of the
    canonical order file that produced it (both null for the file ``new`` writes).
    """

    hash: str = ""
    parent: str | None = None
    orders: str | None = None


# Characters allowed in a player's contribution to a fair start (no escaping needed anywhere).
CONTRIBUTION_PATTERN: Final = "^[A-Za-z0-9_.:-]{1,100}$"
SeedMethod = Literal["fair", "master", "test", "unmarked"]


class Contribution(Model, frozen=True):
    """A player's random value for a fair start (see adjudicator/game/seeding.py)."""

    player: PlayerColour
    value: Annotated[str, msgspec.Meta(pattern=CONTRIBUTION_PATTERN)]


class Seeding(Model, frozen=True):
    """How the seed of every shuffle was made, and what was chosen by hand (public).

    ``method``: ``fair`` (the fair start: the shuffles come from the game master's committed
    secret, ``seed``, and every player's contribution), ``master`` (the game master drew or
    chose the seed alone), ``test`` (a test seed, possibly short: neither secret nor fair),
    ``unmarked`` (a file from before this record: nothing is claimed).
    ``start_player_chosen`` / ``game_id_chosen``: given by hand rather than derived from the
    seed and the commitment.  The defaults are what a file without this record claims:
    nothing, so its start player and game id count as chosen by hand.
    """

    method: SeedMethod = "unmarked"
    contributions: tuple[Contribution, ...] = ()
    start_player_chosen: bool = True
    game_id_chosen: bool = True


class GameState(Model, kw_only=True, frozen=True):
    """The game file: everything about one game at one decision, hidden parts included
    (the seed, the hands, the face-down piles). A player sees it through a view
    (:mod:`adjudicator.views.view`); the hash chain (``chain``) links it to the file before."""

    format: Literal[2] = FORMAT
    rules: Literal["trajan-ammonit-2011-en"] = RULES
    options: Options = Options()
    game_id: str
    # The secret seed of every shuffle (hidden until the game is over) and its
    # commitment, SHA-256 of "trajan-seed-commitment:" + seed (public from the start).
    seed: str
    commitment: str = ""
    seeding: Seeding = Seeding()
    seats: tuple[PlayerColour, ...]
    start_player: PlayerColour
    decision: Annotated[int, msgspec.Meta(ge=1)] = 1
    quarter: Annotated[int, msgspec.Meta(ge=1, le=4)] = 1
    pending: Pending
    turn: TurnProgress | None = None
    players: tuple[Player, ...]
    board: Board
    piles: Piles
    removed: Removed = Removed()
    chain: Chain = Chain()


__all__ = ["FORMAT", "RULES", "NonNegative", "Markers", "Options", "Trays", "Slots", "OwnedBonus",
           "Player", "ProvinceState", "SiteState", "Ships", "TrajanStacks", "Board", "Piles", "Removed",
           "SetupMarkers", "SetupCards", "SetupTrajan", "TakeTurn", "ContinueTurn", "MeetDemands",
           "ChooseBonus", "GameOver", "kind_of", "Pending", "Opportunity", "TurnProgress", "Chain",
           "CONTRIBUTION_PATTERN", "SeedMethod", "Contribution", "Seeding", "GameState"]
