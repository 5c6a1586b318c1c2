"""The order file: one player's answer to the pending decision.

Named as players talk: trays by action, markers by colour, commodities, provinces,
Trajan stacks by category, construction sites by column letter and row (``C2``).
"""


from typing import Annotated, Literal

import msgspec

from adjudicator.model.base import Model
from adjudicator.model.vocab import (
    Action,
    BonusTile,
    CardSource,
    Commodity,
    DiscardPile,
    ForumTileKind,
    MarkerColour,
    PlayerColour,
    Province,
    Ship,
    Site,
    TrajanCategory,
)

TwoMarkers = Annotated[tuple[MarkerColour, ...], msgspec.Meta(min_length=2, max_length=2)]


# --- Steps of a turn (seed 000, "A player's turn") -------------------------------------

class Sow(Model, tag_field="do", tag="sow", frozen=True):
    """Empty ``tray`` and sow its markers clockwise, in the colour order given."""

    tray: Action
    markers: Annotated[tuple[MarkerColour, ...], msgspec.Meta(min_length=1, max_length=12)]


class TrajanSpecial(Model, tag_field="do", tag="trajan_special", frozen=True):
    """Take the special action of the Trajan tile just accomplished."""

    plus2: Action | None = None


class SeaportDraw(Model, tag_field="do", tag="seaport_draw", frozen=True):
    """Draw 2 cards from the face-down pile (a discard must follow)."""


class Discard(Model, tag_field="do", tag="discard", frozen=True):
    """Discard ``card`` from the hand face up onto ``pile`` (after drawing at the seaport)."""

    card: Commodity
    pile: DiscardPile


class SeaportTake(Model, tag_field="do", tag="seaport_take", frozen=True):
    """Take the top card of the discard pile ``pile`` into the hand."""

    pile: DiscardPile


class SeaportDisplay(Model, tag_field="do", tag="seaport_display", frozen=True):
    """Put 1 or 2 cards from the hand into the display, drawing as many from the face-down pile."""

    cards: Annotated[tuple[Commodity, ...], msgspec.Meta(min_length=1, max_length=2)]


class SeaportShip(Model, tag_field="do", tag="seaport_ship", frozen=True):
    """Ship ``cards`` from the hand on the ``ship`` tile; ``wild`` are commodity wild cards
    spent, each naming the commodity it stands for."""

    ship: Ship
    cards: Annotated[tuple[Commodity, ...], msgspec.Meta(max_length=6)] = ()
    # Commodity wild cards spent, each naming the commodity it stands for.
    wild: Annotated[tuple[Commodity, ...], msgspec.Meta(max_length=6)] = ()


class ForumTake(Model, tag_field="do", tag="forum", frozen=True):
    """Take a forum tile (``tile``) or an extra action tile (``extra_action``)."""

    tile: ForumTileKind | None = None
    extra_action: Action | None = None


class MilitaryRecruit(Model, tag_field="do", tag="military_recruit", frozen=True):
    """Move a token from the supply to the military camp."""


class MilitaryMove(Model, tag_field="do", tag="military_move", frozen=True):
    """Move the military leader to ``province`` (next to where it stands)."""

    province: Province


class MilitaryDeploy(Model, tag_field="do", tag="military_deploy", frozen=True):
    """Deploy a legionnaire from the military camp to the leader's province."""


class TrajanTake(Model, tag_field="do", tag="trajan", frozen=True):
    """Take the top Trajan tile of the ``stack`` category onto the slot of the Arch."""

    stack: TrajanCategory


class SenateAdvance(Model, tag_field="do", tag="senate", frozen=True):
    """Advance the disc one space on the senate track."""


class ConstructionHire(Model, tag_field="do", tag="construction_hire", frozen=True):
    """Move a token from the supply to the worker camp."""


class ConstructionBuild(Model, tag_field="do", tag="construction_build", frozen=True):
    """Place a worker from the worker camp on ``site`` of the district, taking its tile."""

    site: Site


class Extra(Model, tag_field="do", tag="extra", frozen=True):
    """Spend an extra action tile (or, with ``wild``, an extra-action wild card)."""

    action: Action
    wild: bool = False


ActionStep = (
    SeaportDraw | SeaportTake | SeaportDisplay | SeaportShip | ForumTake | MilitaryRecruit
    | MilitaryMove | MilitaryDeploy | TrajanTake | SenateAdvance | ConstructionHire
    | ConstructionBuild
)
Step = Sow | TrajanSpecial | Discard | Extra | ActionStep

ACTION_OF_STEP: dict[type[Model], Action] = {
    SeaportDraw: "seaport", SeaportTake: "seaport", SeaportDisplay: "seaport",
    SeaportShip: "seaport", ForumTake: "forum", MilitaryRecruit: "military",
    MilitaryMove: "military", MilitaryDeploy: "military", TrajanTake: "trajan",
    SenateAdvance: "senate", ConstructionHire: "construction",
    ConstructionBuild: "construction",
}


# --- Answers -------------------------------------------------------------------

class MarkerPlacement(Model, frozen=True):
    """The two markers of each tray, by action."""

    seaport: TwoMarkers
    forum: TwoMarkers
    military: TwoMarkers
    senate: TwoMarkers
    trajan: TwoMarkers
    construction: TwoMarkers


class PlaceMarkers(Model, tag_field="decision", tag="setup_markers", frozen=True):
    """The answer to ``setup_markers``: the 12 action markers, 2 in every tray."""

    trays: MarkerPlacement


class TakeCards(Model, tag_field="decision", tag="setup_cards", frozen=True):
    """The answer to ``setup_cards``: where each of the next starting cards comes from, in order."""

    take: Annotated[tuple[CardSource, ...], msgspec.Meta(min_length=1, max_length=3)]


class StartingTiles(Model, frozen=True):
    """The stack of each starting Trajan tile, by slot (II, IV and VI)."""

    II: TrajanCategory
    IV: TrajanCategory
    VI: TrajanCategory


class ChooseTrajanTiles(Model, tag_field="decision", tag="setup_trajan", frozen=True):
    """The answer to ``setup_trajan``: three starting Trajan tiles from three different stacks."""

    slots: StartingTiles


class PlayTurn(Model, tag_field="decision", tag="turn", frozen=True):
    """The answer to ``turn``: the turn's steps in order (a paused turn goes on from where
    it paused; an empty list ends it)."""

    # A paused turn may be ended with no further step: an empty list.
    steps: Annotated[tuple[Step, ...], msgspec.Meta(max_length=64)]


class ContinueTurnAnswer(PlayTurn, tag="turn_continue", frozen=True):
    """``turn`` under the name ``show`` gives a paused turn: either name answers either kind."""


class MeetDemandsAnswer(Model, tag_field="decision", tag="demands", frozen=True):
    """For each revealed demand, in the order revealed, how it is met."""

    use: Annotated[
        tuple[Literal["forum", "wild", "trajan", "unmet"], ...], msgspec.Meta(max_length=3)
    ]


class ChooseBonusAnswer(Model, tag_field="decision", tag="consul", frozen=True):
    """The answer to ``consul``: the bonus tile the consul takes (the vice consul gets the other)."""

    tile: BonusTile


Answer = (
    PlaceMarkers | TakeCards | ChooseTrajanTiles | PlayTurn | ContinueTurnAnswer | MeetDemandsAnswer
    | ChooseBonusAnswer
)


# The format of order files.  2: ``stand_in`` (an absent player's stand-in) split from
# ``written_by`` (a free note).  Format 1 files are upgraded when read.
ORDERS_FORMAT = 2


class OrderFile(Model, kw_only=True, frozen=True):
    """One player's answer to the pending decision of one game."""

    format: Literal[2] = 2
    game_id: str
    # The number of the decision answered; a simultaneous decision keeps its number
    # until everyone has answered, so every answer to it names the same number.
    decision: Annotated[int, msgspec.Meta(ge=1, description=(
        "The number of the decision answered (the game file's `decision`). A decision that "
        "several players answer in any order (setup_markers, demands) keeps its number until "
        "all have answered, so each of their orders names the same number."))]
    player: PlayerColour
    # The player did not answer: this stand-in answered for them (``trajan bot`` sets
    # it, e.g. "greedy bot"); the report says the player was absent.
    stand_in: Annotated[str, msgspec.Meta(description=(
        "The player did not answer: this stand-in (e.g. 'greedy bot') answered for them; "
        "set by `trajan bot`. The report says the player was absent."))] | None = None
    # A free note of who typed the orders (e.g. a player's secretary); not an absence.
    written_by: Annotated[str, msgspec.Meta(description=(
        "A free note of who typed the orders; shown in the report, not as an absence."))] | None = None
    answer: Answer


__all__ = ["TwoMarkers", "Sow", "TrajanSpecial", "SeaportDraw", "Discard", "SeaportTake", "SeaportDisplay",
           "SeaportShip", "ForumTake", "MilitaryRecruit", "MilitaryMove", "MilitaryDeploy", "TrajanTake",
           "SenateAdvance", "ConstructionHire", "ConstructionBuild", "Extra", "ActionStep", "Step",
           "ACTION_OF_STEP", "MarkerPlacement", "PlaceMarkers", "TakeCards", "StartingTiles",
           "ChooseTrajanTiles", "PlayTurn", "ContinueTurnAnswer", "MeetDemandsAnswer", "ChooseBonusAnswer",
           "Answer", "ORDERS_FORMAT", "OrderFile"]
