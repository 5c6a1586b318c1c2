"""``trajan options``: what the pending decision allows, structured as a player thinks.

Computed with the same rule code that checks orders (:mod:`adjudicator.rules.legal`).
For a turn: each tray that may be emptied, its markers, the target tray, the time
after, whether the Trajan tile beside the target can be accomplished, and the legal
steps of the target's action (after the sowing shown in ``sow``).
"""


from collections import Counter
from itertools import product

from adjudicator.components import components
from adjudicator.game.hints import can_accomplish
from adjudicator.model.base import Model
from adjudicator.model.orders import (
    ChooseBonusAnswer,
    Extra,
    MeetDemandsAnswer,
    Sow,
    Step,
)
from adjudicator.model.state import (
    ChooseBonus,
    ContinueTurn,
    GameState,
    MeetDemands,
    SetupCards,
    SetupMarkers,
    SetupTrajan,
    TakeTurn,
    TurnProgress,
)
from adjudicator.model.vocab import (
    TRAJAN_CATEGORIES,
    Action,
    CardSource,
    Commodity,
    MarkerColour,
    PlayerColour,
    TrajanCategory,
)
from adjudicator.rules import quarter
from adjudicator.rules.demands import USES
from adjudicator.rules.legal import legal_steps
from adjudicator.rules.ops import Changes, clockwise_from, lap_length, player, slot_tile, tray
from adjudicator.rules.turn import apply_step


class TrayOption(Model, frozen=True):
    """One tray that may be emptied: its markers, the target tray and the time after the
    sowing, whether the round ends, the Trajan tile beside the target and whether this sowing
    (``sow``) accomplishes it, and the legal steps of the target's action after it."""

    tray: Action
    markers: tuple[MarkerColour, ...]
    target: Action
    time_after: int
    round_ends: bool
    trajan_tile: str | None
    accomplishable: bool
    sow: Sow
    actions: tuple[Step, ...]


class ExtraTile(Model, frozen=True):
    """An extra action tile the player holds: its action, or null for the wild card."""

    action: Action | None


class TurnOptions(Model, tag_field="decision", tag="turn", frozen=True):
    """The options of a turn: every tray that may be emptied, and the extra action tiles held."""

    player: PlayerColour
    trays: tuple[TrayOption, ...]
    extra_tiles: tuple[ExtraTile, ...]


class ContinueOptions(Model, tag_field="decision", tag="turn_continue", frozen=True):
    """The options of a paused turn: the legal next steps, and whether the turn may end now."""

    player: PlayerColour
    steps: tuple[Step, ...]
    may_end: bool


class MarkersOptions(Model, tag_field="decision", tag="setup_markers", frozen=True):
    """The options of ``setup_markers``: so many markers of each colour in every tray."""

    player: PlayerColour
    players: tuple[PlayerColour, ...]  # every player still to answer, in any order
    markers_per_tray: int
    colours: tuple[MarkerColour, ...]


class CardSourceOption(Model, frozen=True):
    """A pile a starting card may be taken from: its face-up top card (none for the deck) and how
    many it holds."""

    source: CardSource
    top: Commodity | None  # the face-up card on a discard pile; None for the deck
    count: int


class CardsOptions(Model, tag_field="decision", tag="setup_cards", frozen=True):
    """The options of ``setup_cards``: how many cards are left to take, and from where."""

    player: PlayerColour
    cards_left: int
    sources: tuple[CardSourceOption, ...]


class StackOption(Model, frozen=True):
    """A Trajan stack a starting tile may come from, and its top tile."""

    stack: TrajanCategory
    top: str


class TrajanOptions(Model, tag_field="decision", tag="setup_trajan", frozen=True):
    """The options of ``setup_trajan``: the stacks that are not empty."""

    player: PlayerColour
    stacks: tuple[StackOption, ...]


class DemandsOptions(Model, tag_field="decision", tag="demands", frozen=True):
    """The options of ``demands``: every answer that meets the people's demands legally."""

    player: PlayerColour
    answers: tuple[MeetDemandsAnswer, ...]


class ConsulOptions(Model, tag_field="decision", tag="consul", frozen=True):
    """The options of ``consul``: one answer for each bonus tile beside the senate."""

    player: PlayerColour
    answers: tuple[ChooseBonusAnswer, ...]


class NoDecision(Model, tag_field="decision", tag="none", frozen=True):
    """A player with nothing to decide now, and why (waiting for others, or the game is over)."""

    player: PlayerColour | None
    reason: str


Options = (
    TurnOptions | ContinueOptions | MarkersOptions | CardsOptions | TrajanOptions
    | DemandsOptions | ConsulOptions | NoDecision
)


class OptionsFile(Model, frozen=True):
    """``trajan options --json``: the options of every player who may decide at this decision."""

    game_id: str
    decision: int
    options: tuple[Options, ...]


def options(state: GameState, colour: PlayerColour | None = None) -> OptionsFile:
    """The options of every player who may decide now (or only of ``colour``)."""
    from adjudicator.game.engine import deciders

    who = deciders(state.pending)
    if colour is not None and colour not in who:
        reason = "the game is over" if not who else f"waiting for {', '.join(who)}"
        found: tuple[Options, ...] = (NoDecision(player=colour, reason=reason),)
    else:
        found = tuple(_for(state, c) for c in (who if colour is None else (colour,)))
    return OptionsFile(game_id=state.game_id, decision=state.decision, options=found)


def _for(state: GameState, colour: PlayerColour) -> Options:
    pending = state.pending
    if isinstance(pending, SetupMarkers):
        return MarkersOptions(player=colour, players=pending.players, markers_per_tray=2,
                              colours=components().board.marker_colours)
    if isinstance(pending, SetupCards):
        return CardsOptions(player=colour, cards_left=pending.cards_left, sources=_card_sources(state))
    if isinstance(pending, SetupTrajan):
        return TrajanOptions(player=colour, stacks=tuple(
            StackOption(stack=c, top=getattr(state.board.trajan_stacks, c)[0])
            for c in TRAJAN_CATEGORIES if getattr(state.board.trajan_stacks, c)))
    if isinstance(pending, MeetDemands):
        answers = (MeetDemandsAnswer(use=u) for u in product(USES, repeat=len(state.board.demands)))
        return DemandsOptions(player=colour, answers=tuple(
            a for a in answers if not quarter.check_demands(state, colour, a, "$")))
    if isinstance(pending, ChooseBonus):
        return ConsulOptions(player=colour, answers=tuple(
            a for a in (ChooseBonusAnswer(tile=t) for t in state.board.senate_bonus)
            if not quarter.check_bonus(state, colour, a, "$")))
    if isinstance(pending, ContinueTurn):
        assert state.turn is not None
        return ContinueOptions(player=colour, steps=tuple(legal_steps(state, state.turn)),
                               may_end=not state.turn.discard_due)
    assert isinstance(pending, TakeTurn)
    return _turn_options(state, colour)


def _card_sources(state: GameState) -> tuple[CardSourceOption, ...]:
    out = [CardSourceOption(source="deck", top=None, count=len(state.piles.deck))]
    for pile in ("discard1", "discard2"):
        cards = getattr(state.board, pile)
        out.append(CardSourceOption(source=pile, top=cards[0] if cards else None, count=len(cards)))
    return tuple(o for o in out if o.count)


def _turn_options(state: GameState, colour: PlayerColour) -> TurnOptions:
    p = player(state, colour)
    trays = []
    for a in components().board.action_circle:
        held = tray(p, a.action)
        if held:
            trays.append(_tray_option(state, colour, a.action, held))
    held_for = dict.fromkeys(
        [*p.extra_tiles, *(t[len("extra-"):] for t in p.forum_tiles if t.startswith("extra-"))])
    extras = tuple(ExtraTile(action=a) for a in held_for) + tuple(  # type: ignore[arg-type]
        ExtraTile(action=None) for _ in range("wild-extra" in p.forum_tiles))
    return TurnOptions(player=colour, trays=tuple(trays), extra_tiles=extras)


def _tray_option(state: GameState, colour: PlayerColour, source: Action,
                 held: tuple[MarkerColour, ...]) -> TrayOption:
    p = player(state, colour)
    target = clockwise_from(source, len(held))
    tile = slot_tile(p, target)
    sow = _sowing_for(p.trays, source, held, target, tile)
    ch = Changes(state)
    progress: TurnProgress = apply_step(ch, colour, None, sow)
    time = state.board.time + len(held)
    return TrayOption(
        tray=source, markers=held, target=target, time_after=time % lap_length(state),
        round_ends=time >= lap_length(state), trajan_tile=tile,
        accomplishable=tile is not None and can_accomplish(p.trays, source, held, target, tile),
        sow=sow, actions=tuple(s for s in legal_steps(ch.state, progress) if not isinstance(s, Extra)),
    )


def _sowing_for(trays: object, source: Action, held: tuple[MarkerColour, ...],
                target: Action, tile: str | None) -> Sow:
    """A sowing order that accomplishes the target's tile when it can."""
    if tile is None or not can_accomplish(trays, source, held, target, tile):
        return Sow(tray=source, markers=held)
    there = Counter(() if target == source else getattr(trays, target))
    missing = list((Counter(components().trajan_tile[tile].colours) - there).elements())
    rest = list(held)
    for m in missing:
        rest.remove(m)
    order: list[MarkerColour | None] = [None] * len(held)
    landing = [i for i in range(len(held)) if clockwise_from(source, i + 1) == target]
    for i, m in zip(landing, missing, strict=False):
        order[i] = m
    for i in range(len(order)):
        if order[i] is None:
            order[i] = rest.pop(0)
    return Sow(tray=source, markers=tuple(m for m in order if m is not None))


def has_any_answer(state: GameState, colour: PlayerColour) -> bool:
    """Whether ``colour``'s pending decision has at least one legal answer."""
    found = options(state, colour).options[0]
    if isinstance(found, TurnOptions):
        return bool(found.trays)
    if isinstance(found, (DemandsOptions, ConsulOptions)):
        return bool(found.answers)
    if isinstance(found, TrajanOptions):
        return len(found.stacks) >= 3
    if isinstance(found, CardsOptions):
        return bool(found.sources)
    return not isinstance(found, NoDecision)




__all__ = ["TrayOption", "ExtraTile", "TurnOptions", "ContinueOptions", "MarkersOptions",
           "CardSourceOption", "CardsOptions", "StackOption", "TrajanOptions", "DemandsOptions",
           "ConsulOptions", "NoDecision", "Options", "OptionsFile", "options", "has_any_answer"]
