"""The printed components, loaded once from ``adjudicator/data/*.json``.

Every data file is decoded into frozen msgspec structs (so a malformed data file fails
loudly at first use) and indexed by id.  The data come from
``shared/reference/components.md`` as decided in ``shared/reference/rulings.md``.
"""


import functools
from pathlib import Path
from typing import Literal, TypeVar

import msgspec

from adjudicator.model.vocab import (
    Action,
    BonusTile,
    Commodity,
    ConstructionTile,
    ConstructionType,
    Demand,
    ForumTileKind,
    MarkerColour,
    PlayerColour,
    Province,
    Ship,
    Site,
    Slot,
    TrajanCategory,
)

# The component data shipped in the package (``adjudicator/data``).
DATA_DIR = Path(__file__).resolve().parent / "data"


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


# --- Trajan tiles ---------------------------------------------------------------

class DrawCards(_Data, tag_field="kind", tag="draw_cards", frozen=True):
    """A Trajan tile's effect: draw ``count`` cards from the face-down pile."""

    count: int


class NoEffect(_Data, tag_field="kind", tag="none", frozen=True):
    """A Trajan tile with no effect when accomplished (its victory points only)."""


class Plus2(_Data, tag_field="kind", tag="plus2", frozen=True):
    """A Trajan tile's effect: a [+2] marker on an action of the player's mat still without one."""


class DeployWorkers(_Data, tag_field="kind", tag="workers", frozen=True):
    """A Trajan tile's effect: ``count`` workers from the supply to the worker camp."""

    count: int


class DeployLegionnaires(_Data, tag_field="kind", tag="legionnaires", frozen=True):
    """A Trajan tile's effect: ``count`` legionnaires from the supply to the military camp."""

    count: int


class MeetDemand(_Data, tag_field="kind", tag="demand", frozen=True):
    """A Trajan tile's effect: it stays on the mat and meets one ``demand`` every quarter."""

    demand: Demand


TrajanEffect = DrawCards | NoEffect | Plus2 | DeployWorkers | DeployLegionnaires | MeetDemand


class TrajanTileData(_Data, frozen=True):
    """One Trajan tile: its category, the two marker colours that accomplish it, its VP and effect."""

    id: str
    category: TrajanCategory
    colours: tuple[MarkerColour, MarkerColour]
    vp: int
    effect: TrajanEffect


class TrajanTilesFile(_Data, frozen=True):
    """``trajan_tiles.json``: every Trajan tile, with the source of the data."""

    source: str
    tiles: tuple[TrajanTileData, ...]


# --- Forum, extra action, demand tiles -----------------------------------------------

class ForumTileData(_Data, frozen=True):
    """One kind of forum tile and how many the box holds: a senate tile (``votes``), a
    demand (``demand``), a wild card or an extra action (``action``)."""

    kind: ForumTileKind
    count: int
    type: Literal[
        "senate", "demand", "wild_commodity", "wild_demand", "wild_construction",
        "wild_extra", "extra",
    ]
    votes: int = 0
    demand: Demand | None = None
    action: Action | None = None


class ForumTilesFile(_Data, frozen=True):
    """``forum_tiles.json``: the forum tile mix, with the source of the data."""

    source: str
    tiles: tuple[ForumTileData, ...]


class ExtraActionTileData(_Data, frozen=True):
    """One kind of extra action tile, how many there are, and the action it repeats."""

    kind: Action
    count: int
    action: Action


class ExtraActionTilesFile(_Data, frozen=True):
    """``extra_action_tiles.json``: the extra action tiles."""

    source: str
    tiles: tuple[ExtraActionTileData, ...]


class DemandTileData(_Data, frozen=True):
    """One kind of people's demand tile and how many there are."""

    kind: Demand
    count: int


class DemandTilesFile(_Data, frozen=True):
    """``demand_tiles.json``: the people's demand tiles."""

    source: str
    tiles: tuple[DemandTileData, ...]


# --- Construction tiles -----------------------------------------------------------

class ConstructionTypeData(_Data, frozen=True):
    """A type of construction tile: its name and the bonus action of a player's first tile of it."""

    type: ConstructionType
    name: str
    bonus_action: Action


class ConstructionTileData(_Data, frozen=True):
    """One construction tile: its id, type and victory points."""

    id: ConstructionTile
    type: ConstructionType
    vp: int


class ConstructionTilesFile(_Data, frozen=True):
    """``construction_tiles.json``: the construction types and tiles."""

    source: str
    types: tuple[ConstructionTypeData, ...]
    tiles: tuple[ConstructionTileData, ...]


# --- Commodities, bonus tiles, ships ---------------------------------------------------

class CommoditiesFile(_Data, frozen=True):
    """``commodities.json``: the commodities and how many cards each has in the deck."""

    source: str
    cards_per_commodity: int
    commodities: tuple[Commodity, ...]


class BonusTileData(_Data, frozen=True):
    """One bonus tile: what it scores and its value on the yellow and the grey side
    (value times the count, divided by ``divisor``, rounded up)."""

    id: BonusTile
    scoring: Literal[
        "forum_demand", "workers_in_district", "legionnaires_in_provinces",
        "yellow_bonus_tiles", "display_commodities",
    ]
    yellow: int
    grey: int
    divisor: int = 1
    demand: Demand | None = None
    commodities: tuple[Commodity, ...] = ()


class BonusTilesFile(_Data, frozen=True):
    """``bonus_tiles.json``: the bonus tiles, with a note on how they score."""

    source: str
    note: str
    tiles: tuple[BonusTileData, ...]


class ShipData(_Data, frozen=True):
    """One ship tile of the seaport: the VP of a shipment of 1, 2, ... cards (or pairs)
    while it lies coloured side up (``coloured``) and once it is turned grey (``grey``)."""

    ship: Ship
    name: str
    coloured: tuple[int, ...]
    grey: tuple[int, ...]


class ShipsFile(_Data, frozen=True):
    """``ships.json``: the three ship tiles."""

    source: str
    ships: tuple[ShipData, ...]


# --- Board ------------------------------------------------------------------------

class CircleSpace(_Data, frozen=True):
    """One space of the action circle: its action and the slot it is."""

    action: Action
    slot: Slot


class ProvinceData(_Data, frozen=True):
    """One province of the military area: its name, VP and the provinces next to it."""

    id: Province
    name: str
    vp: int
    adjacent: tuple[Province, ...]


class MilitaryCamp(_Data, frozen=True):
    """The military camp: the provinces next to it and whether a leader may move back into it."""

    adjacent: tuple[Province, ...]
    leader_may_return: bool


class TimeTrack(_Data, frozen=True):
    """The length of one lap of the time track for a number of players."""

    players: int
    lap: int


class District(_Data, frozen=True):
    """The construction district's grid: its column letters and row numbers."""

    columns: tuple[str, ...]
    rows: tuple[int, ...]


class SetScore(_Data, frozen=True):
    """The VP of a set of ``size`` different construction types."""

    size: int
    vp: int


class BoardFile(_Data, frozen=True):
    """``board.json``: the board and the numbers of the rules (action circle, provinces,
    tracks, the district, quarters and rounds, penalties, set scores and the starting pieces)."""

    source: str
    action_circle: tuple[CircleSpace, ...]
    marker_colours: tuple[MarkerColour, ...]
    markers_per_colour: int
    player_colours: tuple[PlayerColour, ...]
    tokens_per_player: int
    provinces: tuple[ProvinceData, ...]
    military_camp: MilitaryCamp
    legionnaire_penalty: int
    senate_track: tuple[int, ...]
    time_track: tuple[TimeTrack, ...]
    district: District
    forum_spaces_per_player: int
    extra_action_spaces: int
    bonus_tiles_per_quarter: int
    quarters: int
    rounds_per_quarter: int
    demand_tiles_removed: int
    demand_penalties: tuple[int, ...]
    set_scores: tuple[SetScore, ...]
    starting_cards: int
    starting_trajan_tiles: int
    starting_trajan_slots: tuple[Action, ...]
    starting_arch: Action
    starting_military_camp: int
    starting_worker_camp: int


DATA_FILES: dict[str, type[_Data]] = {
    "trajan_tiles": TrajanTilesFile,
    "forum_tiles": ForumTilesFile,
    "extra_action_tiles": ExtraActionTilesFile,
    "demand_tiles": DemandTilesFile,
    "construction_tiles": ConstructionTilesFile,
    "commodities": CommoditiesFile,
    "bonus_tiles": BonusTilesFile,
    "ships": ShipsFile,
    "board": BoardFile,
}


_T = TypeVar("_T", bound=_Data)


def _load(name: str, model: type[_T]) -> _T:
    raw = (DATA_DIR / f"{name}.json").read_bytes()  # not importlib.resources: a fast start
    return msgspec.json.decode(raw, type=model)


class Components:
    """The whole box, indexed for the rules.  Build it with :func:`components`."""

    def __init__(self) -> None:
        self.trajan = _load("trajan_tiles", TrajanTilesFile)
        self.forum = _load("forum_tiles", ForumTilesFile)
        self.extra = _load("extra_action_tiles", ExtraActionTilesFile)
        self.demand = _load("demand_tiles", DemandTilesFile)
        self.construction = _load("construction_tiles", ConstructionTilesFile)
        self.commodities = _load("commodities", CommoditiesFile)
        self.bonus = _load("bonus_tiles", BonusTilesFile)
        self.ships_file = _load("ships", ShipsFile)
        self.board = _load("board", BoardFile)
        self.trajan_tile = {t.id: t for t in self.trajan.tiles}
        self.forum_tile = {t.kind: t for t in self.forum.tiles}
        self.construction_tile = {t.id: t for t in self.construction.tiles}
        self.construction_type = {t.type: t for t in self.construction.types}
        self.bonus_tile = {t.id: t for t in self.bonus.tiles}
        self.ship = {s.ship: s for s in self.ships_file.ships}
        self.province = {p.id: p for p in self.board.provinces}
        self.lap = {t.players: t.lap for t in self.board.time_track}
        self.sites: tuple[Site, ...] = tuple(
            f"{c}{r}" for r in self.board.district.rows for c in self.board.district.columns  # type: ignore[misc]
        )

    def adjacent_sites(self, site: Site) -> tuple[Site, ...]:
        """The sites orthogonally next to ``site`` in the 5 x 4 district."""
        cols = self.board.district.columns
        col, row = cols.index(site[0]), int(site[1:])
        near = [(col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)]
        return tuple(
            f"{cols[c]}{r}"  # type: ignore[misc]
            for c, r in near
            if 0 <= c < len(cols) and r in self.board.district.rows
        )

    def neighbours(self, place: str) -> tuple[Province, ...]:
        """Provinces a leader standing on ``place`` (a province or ``camp``) may move to."""
        if place == "camp":
            return self.board.military_camp.adjacent
        return self.province[place].adjacent  # type: ignore[index]


@functools.cache
def components() -> Components:
    """The component tables, loaded once per process."""
    return Components()


__all__ = ["DATA_DIR", "DrawCards", "NoEffect", "Plus2", "DeployWorkers", "DeployLegionnaires",
           "MeetDemand", "TrajanEffect", "TrajanTileData", "TrajanTilesFile", "ForumTileData",
           "ForumTilesFile", "ExtraActionTileData", "ExtraActionTilesFile", "DemandTileData",
           "DemandTilesFile", "ConstructionTypeData", "ConstructionTileData", "ConstructionTilesFile",
           "CommoditiesFile", "BonusTileData", "BonusTilesFile", "ShipData", "ShipsFile", "CircleSpace",
           "ProvinceData", "MilitaryCamp", "TimeTrack", "District", "SetScore", "BoardFile", "DATA_FILES",
           "Components", "components"]
