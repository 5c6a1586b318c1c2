"""Events: every change the engine makes is announced as one of these.

The turn report is rendered from events, never from diffing two states.  Some events
carry what only their player may see (cards drawn from the face-down pile); the one
redaction point, :func:`adjudicator.rendering.report.public_event`, hides them from others.
"""


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


class Event(Model, tag_field="event", frozen=True):
    pass


class MarkersPlaced(Event, tag="markers_placed", frozen=True):
    player: PlayerColour
    trays: tuple[tuple[MarkerColour, ...], ...]  # the six trays, slot I to VI


class CardTaken(Event, tag="card_taken", frozen=True):
    """A card into a hand; ``card`` is private when ``source`` is the deck."""

    player: PlayerColour
    source: CardSource
    card: Commodity


class DiscardRefilled(Event, tag="discard_refilled", frozen=True):
    pile: DiscardPile
    card: Commodity


class TrajanTileChosen(Event, tag="trajan_tile_chosen", frozen=True):
    player: PlayerColour
    stack: str
    tile: str
    slot: Action


class TurnBegan(Event, tag="turn_began", frozen=True):
    player: PlayerColour
    quarter: int
    round: int


class Sown(Event, tag="sown", frozen=True):
    player: PlayerColour
    tray: Action
    markers: tuple[MarkerColour, ...]
    target: Action


class TimeAdvanced(Event, tag="time_advanced", frozen=True):
    spaces: int
    position: int
    round_ends: bool


class ScoreChanged(Event, tag="score_changed", frozen=True):
    """Every change of victory points, with its source (for the breakdowns)."""

    player: PlayerColour
    vp: int
    total: int
    reason: str


class TrajanTileAccomplished(Event, tag="trajan_tile_accomplished", frozen=True):
    player: PlayerColour
    tile: str
    slot: Action
    kept: bool


class ArchMoved(Event, tag="arch_moved", frozen=True):
    player: PlayerColour
    slot: Action | None


class CardsDrawn(Event, tag="cards_drawn", frozen=True):
    """Cards drawn from the face-down pile into a hand (private: only the count is public)."""

    player: PlayerColour
    cards: tuple[Commodity, ...]
    wanted: int


class TokensMoved(Event, tag="tokens_moved", frozen=True):
    player: PlayerColour
    count: int
    to: Literal["worker_camp", "military_camp"]


class Plus2Placed(Event, tag="plus2_placed", frozen=True):
    player: PlayerColour
    action: Action | None


class CardDiscarded(Event, tag="card_discarded", frozen=True):
    player: PlayerColour
    card: Commodity
    pile: DiscardPile


class CardsDisplayed(Event, tag="cards_displayed", frozen=True):
    player: PlayerColour
    cards: tuple[Commodity, ...]


class Shipped(Event, tag="shipped", frozen=True):
    player: PlayerColour
    ship: Ship
    side: ShipSide
    cards: tuple[Commodity, ...]
    wild: tuple[Commodity, ...]


class ForumTileTaken(Event, tag="forum_tile_taken", frozen=True):
    player: PlayerColour
    tile: ForumTileKind


class ExtraTileTaken(Event, tag="extra_tile_taken", frozen=True):
    player: PlayerColour
    action: Action


class LeaderMoved(Event, tag="leader_moved", frozen=True):
    player: PlayerColour
    origin: LeaderPlace
    province: Province


class ProvinceTileSeized(Event, tag="province_tile_seized", frozen=True):
    player: PlayerColour
    province: Province
    tile: ForumTileKind


class LegionnaireDeployed(Event, tag="legionnaire_deployed", frozen=True):
    player: PlayerColour
    province: Province
    others: int


class TrajanTileTaken(Event, tag="trajan_tile_taken", frozen=True):
    player: PlayerColour
    stack: str
    tile: str
    slot: Action


class SenateAdvanced(Event, tag="senate_advanced", frozen=True):
    player: PlayerColour
    space: int


class WorkerBuilt(Event, tag="worker_built", frozen=True):
    player: PlayerColour
    site: Site
    tile: ConstructionTile | None
    bonus: Action | None


class ActionDeclined(Event, tag="action_declined", frozen=True):
    player: PlayerColour
    action: Action
    source: str


class ExtraActionUsed(Event, tag="extra_action_used", frozen=True):
    player: PlayerColour
    action: Action
    tile: Literal["extra_action_tile", "forum_tile", "wild"]
    repeats: int


class TurnPaused(Event, tag="turn_paused", frozen=True):
    player: PlayerColour


class TurnEnded(Event, tag="turn_ended", frozen=True):
    player: PlayerColour


class RoundEnded(Event, tag="round_ended", frozen=True):
    quarter: int
    round: int
    demand: Demand | None


class DemandMet(Event, tag="demand_met", frozen=True):
    player: PlayerColour
    demand: Demand
    means: Literal["forum", "wild", "trajan", "unmet"]


class SenateVote(Event, tag="senate_vote", frozen=True):
    player: PlayerColour
    votes: int
    office: Literal["consul", "vice_consul", "none"]


class BonusTileGained(Event, tag="bonus_tile_gained", frozen=True):
    player: PlayerColour
    tile: BonusTile
    side: BonusSide


class QuarterEnded(Event, tag="quarter_ended", frozen=True):
    quarter: int


class BoardRefilled(Event, tag="board_refilled", frozen=True):
    forum: tuple[ForumTileKind | None, ...]
    forum_extra: tuple[Action | None, ...]
    provinces: tuple[Province, ...]
    senate_bonus: tuple[BonusTile, ...]


class OrdersByBot(Event, tag="orders_by_bot", frozen=True):
    """The player was absent: a stand-in wrote the orders (the order file's ``stand_in``)."""

    player: PlayerColour
    by: str


class OrdersWrittenBy(Event, tag="orders_written_by", frozen=True):
    """A note of who typed the player's orders (the order file's ``written_by``)."""

    player: PlayerColour
    by: str


class GameEnded(Event, tag="game_ended", frozen=True):
    ranking: tuple[PlayerColour, ...]


class SenateReset(Event, tag="senate_reset", frozen=True):
    """After the vote every disc is back on the start space; ``stack`` bottom to top."""

    stack: tuple[PlayerColour, ...]


class SenateTilesRemoved(Event, tag="senate_tiles_removed", frozen=True):
    """A player's senate tiles leave the game at the quarter end, used or not."""

    player: PlayerColour
    tiles: tuple[ForumTileKind, ...]


class ForumCleared(Event, tag="forum_cleared", frozen=True):
    """The tiles left in the forum and the revealed demand tiles leave the game."""

    forum: tuple[ForumTileKind, ...]
    forum_extra: tuple[Action, ...]
    demands: tuple[Demand, ...]


class ProvinceRefilled(Event, tag="province_refilled", frozen=True):
    province: Province
    tile: ForumTileKind


class ShipsRestored(Event, tag="ships_restored", frozen=True):
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
    | ProvinceRefilled | ShipsRestored | OrdersByBot | OrdersWrittenBy
)
