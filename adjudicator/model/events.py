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
    """The base of every event; the ``event`` field names its kind."""


class MarkersPlaced(Event, tag="markers_placed", frozen=True):
    """A player's 12 action markers placed at setup, 2 in every tray (slot I to VI)."""

    player: PlayerColour
    trays: tuple[tuple[MarkerColour, ...], ...]  # the six trays, slot I to VI


class CardTaken(Event, tag="card_taken", frozen=True):
    """A card into a hand; ``card`` is private when ``source`` is the deck."""

    player: PlayerColour
    source: CardSource
    card: Commodity


class DiscardRefilled(Event, tag="discard_refilled", frozen=True):
    """An empty discard pile refilled with ``card`` from the face-down pile (public)."""

    pile: DiscardPile
    card: Commodity


class TrajanTileChosen(Event, tag="trajan_tile_chosen", frozen=True):
    """A starting Trajan tile chosen at setup from ``stack`` onto the mat's ``slot``."""

    player: PlayerColour
    stack: str
    tile: str
    slot: Action


class TurnBegan(Event, tag="turn_began", frozen=True):
    """A player's turn begins, in quarter ``quarter``, round ``round``."""

    player: PlayerColour
    quarter: int
    round: int


class Sown(Event, tag="sown", frozen=True):
    """Step 1 of a turn: ``tray`` emptied and its ``markers`` sown clockwise, one a tray;
    ``target`` is the tray the last one fell into (the turn's action)."""

    player: PlayerColour
    tray: Action
    markers: tuple[MarkerColour, ...]
    target: Action


class TimeAdvanced(Event, tag="time_advanced", frozen=True):
    """The time marker moved ``spaces`` spaces to ``position``; ``round_ends`` when it
    reached or passed its start (the round ends after this turn)."""

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
    """Step 2 of a turn: the Trajan tile beside the target tray accomplished;
    ``kept`` when it stays in the mat's demand row (a demand tile), else it leaves the game."""

    player: PlayerColour
    tile: str
    slot: Action
    kept: bool


class ArchMoved(Event, tag="arch_moved", frozen=True):
    """The player's Arch of Trajan moved to ``slot``, or to the centre (``None``) when every slot is full."""

    player: PlayerColour
    slot: Action | None


class CardsDrawn(Event, tag="cards_drawn", frozen=True):
    """Cards drawn from the face-down pile into a hand (private: only the count is public)."""

    player: PlayerColour
    cards: tuple[Commodity, ...]
    wanted: int


class TokensMoved(Event, tag="tokens_moved", frozen=True):
    """``count`` tokens from the player's supply to the worker camp or the military camp."""

    player: PlayerColour
    count: int
    to: Literal["worker_camp", "military_camp"]


class Plus2Placed(Event, tag="plus2_placed", frozen=True):
    """A [+2] marker placed on ``action`` (``None`` when every action already has one)."""

    player: PlayerColour
    action: Action | None


class CardDiscarded(Event, tag="card_discarded", frozen=True):
    """A card discarded face up onto the discard pile ``pile``."""

    player: PlayerColour
    card: Commodity
    pile: DiscardPile


class CardsDisplayed(Event, tag="cards_displayed", frozen=True):
    """Cards from the hand put into the player's display (seaport)."""

    player: PlayerColour
    cards: tuple[Commodity, ...]


class Shipped(Event, tag="shipped", frozen=True):
    """A shipment on the ``ship`` tile lying on ``side``: the cards from the hand and the
    commodities the wild cards (``wild``) stood for."""

    player: PlayerColour
    ship: Ship
    side: ShipSide
    cards: tuple[Commodity, ...]
    wild: tuple[Commodity, ...]


class ForumTileTaken(Event, tag="forum_tile_taken", frozen=True):
    """A forum tile taken from the forum."""

    player: PlayerColour
    tile: ForumTileKind


class ExtraTileTaken(Event, tag="extra_tile_taken", frozen=True):
    """An extra action tile of ``action`` taken from the forum."""

    player: PlayerColour
    action: Action


class LeaderMoved(Event, tag="leader_moved", frozen=True):
    """The player's military leader moved from ``origin`` (a province or the camp) to ``province``."""

    player: PlayerColour
    origin: LeaderPlace
    province: Province


class ProvinceTileSeized(Event, tag="province_tile_seized", frozen=True):
    """The forum tile of ``province`` seized by the leader moving there."""

    player: PlayerColour
    province: Province
    tile: ForumTileKind


class LegionnaireDeployed(Event, tag="legionnaire_deployed", frozen=True):
    """A legionnaire deployed to ``province``, where ``others`` legionnaires of other players stand."""

    player: PlayerColour
    province: Province
    others: int


class TrajanTileTaken(Event, tag="trajan_tile_taken", frozen=True):
    """A Trajan tile taken by the Trajan action from ``stack`` onto the mat's ``slot``."""

    player: PlayerColour
    stack: str
    tile: str
    slot: Action


class SenateAdvanced(Event, tag="senate_advanced", frozen=True):
    """The player's disc advanced on the senate track to ``space``."""

    player: PlayerColour
    space: int


class WorkerBuilt(Event, tag="worker_built", frozen=True):
    """A worker placed on a district site, taking its construction tile (``None`` if the site
    had none); ``bonus`` is the bonus action of a player's first tile of that type."""

    player: PlayerColour
    site: Site
    tile: ConstructionTile | None
    bonus: Action | None


class ActionDeclined(Event, tag="action_declined", frozen=True):
    """An action the player could have performed and did not (``source``: main, bonus or extra)."""

    player: PlayerColour
    action: Action
    source: str


class ExtraActionUsed(Event, tag="extra_action_used", frozen=True):
    """An extra action spent (an extra action tile, a forum tile or a wild card) to perform
    ``action`` ``repeats`` more times (2 with a [+2] marker on it)."""

    player: PlayerColour
    action: Action
    tile: Literal["extra_action_tile", "forum_tile", "wild"]
    repeats: int


class TurnPaused(Event, tag="turn_paused", frozen=True):
    """The turn pauses: the player saw new cards and sends the rest of the turn next."""

    player: PlayerColour


class TurnEnded(Event, tag="turn_ended", frozen=True):
    """A player's turn ends."""

    player: PlayerColour


class RoundEnded(Event, tag="round_ended", frozen=True):
    """A round ends; ``demand`` is the people's demand revealed, ``None`` when the quarter ends with it."""

    quarter: int
    round: int
    demand: Demand | None


class DemandMet(Event, tag="demand_met", frozen=True):
    """How a player met one of the people's demands (``unmet``: not at all, a penalty follows)."""

    player: PlayerColour
    demand: Demand
    means: Literal["forum", "wild", "trajan", "unmet"]


class SenateVote(Event, tag="senate_vote", frozen=True):
    """A player's votes in the senate at the quarter end, and the office they won."""

    player: PlayerColour
    votes: int
    office: Literal["consul", "vice_consul", "none"]


class BonusTileGained(Event, tag="bonus_tile_gained", frozen=True):
    """A bonus tile gained in the senate vote, lying ``side`` up."""

    player: PlayerColour
    tile: BonusTile
    side: BonusSide


class QuarterEnded(Event, tag="quarter_ended", frozen=True):
    """A quarter ends."""

    quarter: int


class BoardRefilled(Event, tag="board_refilled", frozen=True):
    """The board refilled for the next quarter: the forum's spaces and extra action spaces
    (``None`` for an empty one), the provinces given a new tile, the bonus tiles beside the senate."""

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
    """The game is over; ``ranking`` from the winner down."""

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
    """A new forum tile in an empty province at the quarter end."""

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


__all__ = ["Event", "MarkersPlaced", "CardTaken", "DiscardRefilled", "TrajanTileChosen", "TurnBegan",
           "Sown", "TimeAdvanced", "ScoreChanged", "TrajanTileAccomplished", "ArchMoved", "CardsDrawn",
           "TokensMoved", "Plus2Placed", "CardDiscarded", "CardsDisplayed", "Shipped", "ForumTileTaken",
           "ExtraTileTaken", "LeaderMoved", "ProvinceTileSeized", "LegionnaireDeployed", "TrajanTileTaken",
           "SenateAdvanced", "WorkerBuilt", "ActionDeclined", "ExtraActionUsed", "TurnPaused", "TurnEnded",
           "RoundEnded", "DemandMet", "SenateVote", "BonusTileGained", "QuarterEnded", "BoardRefilled",
           "OrdersByBot", "OrdersWrittenBy", "GameEnded", "SenateReset", "SenateTilesRemoved",
           "ForumCleared", "ProvinceRefilled", "ShipsRestored", "AnyEvent"]
