"""Events: every change the engine makes is announced as one of these.

The turn report is rendered from events, never from diffing two states.  Some events
carry what only their player may see (cards drawn from the face-down pile); the one
redaction point, :func:`adjudicator.report.public_event`, hides them from others.
"""

from __future__ import annotations

from typing import Literal

from adjudicator.model.base import Model
from adjudicator.model.vocab import (
    Action,
    BonusSide,
    BonusTile,
    CardSource,
    Commodity,
    ConstructionTile,
    Demand,
    DiscardPile,
    ForumTileKind,
    LeaderPlace,
    MarkerColour,
    PlayerColour,
    Province,
    Ship,
    ShipSide,
    Site,
)


class Event(Model, tag_field="event"):
    pass


class MarkersPlaced(Event, tag="markers_placed"):
    player: PlayerColour
    trays: tuple[tuple[MarkerColour, ...], ...]  # the six trays, slot I to VI


class CardTaken(Event, tag="card_taken"):
    """A card into a hand; ``card`` is private when ``source`` is the deck."""

    player: PlayerColour
    source: CardSource
    card: Commodity


class DiscardRefilled(Event, tag="discard_refilled"):
    pile: DiscardPile
    card: Commodity


class TrajanTileChosen(Event, tag="trajan_tile_chosen"):
    player: PlayerColour
    stack: str
    tile: str
    slot: Action


class TurnBegan(Event, tag="turn_began"):
    player: PlayerColour
    quarter: int
    round: int


class Sown(Event, tag="sown"):
    player: PlayerColour
    tray: Action
    markers: tuple[MarkerColour, ...]
    target: Action


class TimeAdvanced(Event, tag="time_advanced"):
    spaces: int
    position: int
    round_ends: bool


class ScoreChanged(Event, tag="score_changed"):
    """Every change of victory points, with its source (for the breakdowns)."""

    player: PlayerColour
    vp: int
    total: int
    reason: str


class TrajanTileAccomplished(Event, tag="trajan_tile_accomplished"):
    player: PlayerColour
    tile: str
    slot: Action
    kept: bool


class ArchMoved(Event, tag="arch_moved"):
    player: PlayerColour
    slot: Action | None


class CardsDrawn(Event, tag="cards_drawn"):
    """Cards drawn from the face-down pile into a hand (private: only the count is public)."""

    player: PlayerColour
    cards: tuple[Commodity, ...]
    wanted: int


class TokensMoved(Event, tag="tokens_moved"):
    player: PlayerColour
    count: int
    to: Literal["worker_camp", "military_camp"]


class Plus2Placed(Event, tag="plus2_placed"):
    player: PlayerColour
    action: Action | None


class CardDiscarded(Event, tag="card_discarded"):
    player: PlayerColour
    card: Commodity
    pile: DiscardPile


class CardsDisplayed(Event, tag="cards_displayed"):
    player: PlayerColour
    cards: tuple[Commodity, ...]


class Shipped(Event, tag="shipped"):
    player: PlayerColour
    ship: Ship
    side: ShipSide
    cards: tuple[Commodity, ...]
    wild: tuple[Commodity, ...]


class ForumTileTaken(Event, tag="forum_tile_taken"):
    player: PlayerColour
    tile: ForumTileKind


class ExtraTileTaken(Event, tag="extra_tile_taken"):
    player: PlayerColour
    action: Action


class LeaderMoved(Event, tag="leader_moved"):
    player: PlayerColour
    origin: LeaderPlace
    province: Province


class ProvinceTileSeized(Event, tag="province_tile_seized"):
    player: PlayerColour
    province: Province
    tile: ForumTileKind


class LegionnaireDeployed(Event, tag="legionnaire_deployed"):
    player: PlayerColour
    province: Province
    others: int


class TrajanTileTaken(Event, tag="trajan_tile_taken"):
    player: PlayerColour
    stack: str
    tile: str
    slot: Action


class SenateAdvanced(Event, tag="senate_advanced"):
    player: PlayerColour
    space: int


class WorkerBuilt(Event, tag="worker_built"):
    player: PlayerColour
    site: Site
    tile: ConstructionTile | None
    bonus: Action | None


class ActionDeclined(Event, tag="action_declined"):
    player: PlayerColour
    action: Action
    source: str


class ExtraActionUsed(Event, tag="extra_action_used"):
    player: PlayerColour
    action: Action
    tile: Literal["extra_action_tile", "forum_tile", "wild"]
    repeats: int


class TurnPaused(Event, tag="turn_paused"):
    player: PlayerColour


class TurnEnded(Event, tag="turn_ended"):
    player: PlayerColour


class RoundEnded(Event, tag="round_ended"):
    quarter: int
    round: int
    demand: Demand | None


class DemandMet(Event, tag="demand_met"):
    player: PlayerColour
    demand: Demand
    means: Literal["forum", "wild", "trajan", "unmet"]


class SenateVote(Event, tag="senate_vote"):
    player: PlayerColour
    votes: int
    office: Literal["consul", "vice_consul", "none"]


class BonusTileGained(Event, tag="bonus_tile_gained"):
    player: PlayerColour
    tile: BonusTile
    side: BonusSide


class QuarterEnded(Event, tag="quarter_ended"):
    quarter: int


class BoardRefilled(Event, tag="board_refilled"):
    forum: tuple[ForumTileKind | None, ...]
    forum_extra: tuple[Action | None, ...]
    provinces: tuple[Province, ...]
    senate_bonus: tuple[BonusTile, ...]


class GameEnded(Event, tag="game_ended"):
    ranking: tuple[PlayerColour, ...]


class SenateReset(Event, tag="senate_reset"):
    """After the vote every disc is back on the start space; ``stack`` bottom to top."""

    stack: tuple[PlayerColour, ...]


class SenateTilesRemoved(Event, tag="senate_tiles_removed"):
    """A player's senate tiles leave the game at the quarter end, used or not."""

    player: PlayerColour
    tiles: tuple[ForumTileKind, ...]


class ForumCleared(Event, tag="forum_cleared"):
    """The tiles left in the forum and the revealed demand tiles leave the game."""

    forum: tuple[ForumTileKind, ...]
    forum_extra: tuple[Action, ...]
    demands: tuple[Demand, ...]


class ProvinceRefilled(Event, tag="province_refilled"):
    province: Province
    tile: ForumTileKind


class ShipsRestored(Event, tag="ships_restored"):
    """Ship tiles turned back to their coloured side."""

    ships: tuple[Ship, ...]


AnyEvent = (
    MarkersPlaced | CardTaken | DiscardRefilled | TrajanTileChosen | TurnBegan | Sown
    | TimeAdvanced | ScoreChanged | TrajanTileAccomplished | ArchMoved | CardsDrawn
    | TokensMoved | Plus2Placed | CardDiscarded | CardsDisplayed | Shipped | ForumTileTaken
    | ExtraTileTaken | LeaderMoved | ProvinceTileSeized | LegionnaireDeployed
    | TrajanTileTaken | SenateAdvanced | WorkerBuilt | ActionDeclined | ExtraActionUsed
    | TurnPaused | TurnEnded | RoundEnded | DemandMet | SenateVote | BonusTileGained
    | QuarterEnded | BoardRefilled | GameEnded | SenateReset | SenateTilesRemoved | ForumCleared
    | ProvinceRefilled | ShipsRestored
)
