"""The rulebook's vocabulary as closed sets of names (used by every model)."""


from typing import Literal, get_args

PlayerColour = Literal["red", "green", "blue", "brown"]
MarkerColour = Literal["yellow", "orange", "green", "white", "pink", "blue"]
# The six actions; also the names of the six trays, clockwise from slot I.
Action = Literal["seaport", "forum", "military", "senate", "trajan", "construction"]
Slot = Literal["I", "II", "III", "IV", "V", "VI"]
Commodity = Literal[
    "columns", "furs", "scrolls", "oils", "fruit", "ceramics",
    "wine", "fish", "jewelry", "gems", "cattle", "wheat",
]
Demand = Literal["bread", "games", "religion"]
TrajanCategory = Literal["cards", "victory", "workers", "legionnaires", "plus2", "demand"]
Province = Literal[
    "britannia", "germania_inferior", "aquitania", "lugudunensis", "belgica",
    "germania_superior", "narbonensis", "noricum", "alpes", "raetia",
]
LeaderPlace = Literal[
    "camp", "britannia", "germania_inferior", "aquitania", "lugudunensis", "belgica",
    "germania_superior", "narbonensis", "noricum", "alpes", "raetia",
]
ConstructionType = Literal["stairs", "window", "fountain", "mosaic", "door"]
Ship = Literal["identical", "different", "pairs"]
ShipSide = Literal["coloured", "grey"]
BonusSide = Literal["yellow", "grey"]
ForumTileKind = Literal[
    "senate-2", "senate-3", "senate-4", "senate-5", "bread", "games", "religion",
    "wild-commodity", "wild-demand", "wild-construction", "wild-extra",
    "extra-seaport", "extra-forum", "extra-military", "extra-senate", "extra-trajan",
    "extra-construction",
]
ConstructionTile = Literal[
    "stairs-2", "stairs-3", "stairs-4", "stairs-5", "window-2", "window-3", "window-4",
    "window-5", "fountain-2", "fountain-3", "fountain-4", "fountain-5", "mosaic-2",
    "mosaic-3", "mosaic-4", "mosaic-5", "door-2", "door-3", "door-4", "door-5",
]
BonusTile = Literal[
    "demand-bread", "demand-games", "demand-religion", "workers", "legionnaires",
    "yellow-tiles", "scrolls-oils", "fruit-ceramics", "wine-fish", "jewelry-gems",
    "columns-furs", "cattle-wheat",
]
Site = Literal[
    "A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2",
    "A3", "B3", "C3", "D3", "E3", "A4", "B4", "C4", "D4", "E4",
]
CardSource = Literal["deck", "discard1", "discard2"]
DiscardPile = Literal["discard1", "discard2"]

ACTIONS: tuple[Action, ...] = get_args(Action)
SLOTS: tuple[Slot, ...] = get_args(Slot)
PLAYER_COLOURS: tuple[PlayerColour, ...] = get_args(PlayerColour)
MARKER_COLOURS: tuple[MarkerColour, ...] = get_args(MarkerColour)
COMMODITIES: tuple[Commodity, ...] = get_args(Commodity)
DEMANDS: tuple[Demand, ...] = get_args(Demand)
PROVINCES: tuple[Province, ...] = get_args(Province)
SITES: tuple[Site, ...] = get_args(Site)
SHIPS: tuple[Ship, ...] = get_args(Ship)
TRAJAN_CATEGORIES: tuple[TrajanCategory, ...] = get_args(TrajanCategory)
SLOT_OF: dict[Action, Slot] = dict(zip(ACTIONS, SLOTS, strict=True))
ACTION_OF_SLOT: dict[Slot, Action] = dict(zip(SLOTS, ACTIONS, strict=True))


__all__ = ["PlayerColour", "MarkerColour", "Action", "Slot", "Commodity", "Demand", "TrajanCategory",
           "Province", "LeaderPlace", "ConstructionType", "Ship", "ShipSide", "BonusSide", "ForumTileKind",
           "ConstructionTile", "BonusTile", "Site", "CardSource", "DiscardPile", "ACTIONS", "SLOTS",
           "PLAYER_COLOURS", "MARKER_COLOURS", "COMMODITIES", "DEMANDS", "PROVINCES", "SITES", "SHIPS",
           "TRAJAN_CATEGORIES", "SLOT_OF", "ACTION_OF_SLOT"]
