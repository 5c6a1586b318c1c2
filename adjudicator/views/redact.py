"""The one place that decides what a player may see (issue 6).

* :func:`view_of` turns the game file into the view of one player (or the public view):
  used by ``trajan view``, ``trajan show`` and the checks on a view;
* :func:`public_event` turns an event into what every player may see, and
  :func:`private_events` picks what only its player learned: used by every report.

Hidden are: every player's hand but the viewer's own, every face-down pile (content and
order), the Trajan tiles below each stack's top, the demand tiles removed unseen at
setup, and the seed until the game is over.  Problems (error messages) are computed on
the acting player's behalf and name only their own hand; checks on a view run on
:func:`adjudicator.views.standin.as_state`, whose placeholders never reach a message (only the
viewer's own orders are checked there).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.errors import Malformed, problem
from adjudicator.model.events import CardsDrawn, CardTaken, Event
from adjudicator.model.state import Board, GameOver, GameState, Piles, Player, TrajanStacks
from adjudicator.model.vocab import TRAJAN_CATEGORIES, CardSource, PlayerColour
from adjudicator.views.view import BoardView, GameView, PilesView, PlayerView, StackView, TrajanStacksView

# --- Views -------------------------------------------------------------------------------


def view_for(state: GameState, player: str | None) -> GameView:
    """The view of the seated ``player`` (``None``: the public view); raises :class:`Malformed`."""
    return view_of(state, seated(state, player))


def seated(state: GameState, player: str | None) -> PlayerColour | None:
    """``player`` if it has a seat in the game (``None`` stays ``None``); raises :class:`Malformed`."""
    for colour in state.seats:
        if colour == player:
            return colour
    if player is not None:
        seats = ", ".join(state.seats)
        raise Malformed([problem("args.not_seated", "--player",
                                 f"{player!r} has no seat in this game; the seats are {seats}.")])
    return None


def view_of(state: GameState, viewer: PlayerColour | None) -> GameView:
    """``state`` as ``viewer`` may see it (``None``: as everyone may see it)."""
    return GameView(
        options=state.options, game_id=state.game_id, viewer=viewer,
        seed=state.seed if isinstance(state.pending, GameOver) else None,
        commitment=state.commitment, seeding=state.seeding, seats=state.seats,
        start_player=state.start_player,
        decision=state.decision, quarter=state.quarter, pending=state.pending, turn=state.turn,
        players=tuple(player_view(p, p.colour == viewer) for p in state.players),
        board=board_view(state.board), piles=piles_view(state.piles), removed=state.removed,
        chain=state.chain,
    )


def player_view(p: Player, own: bool) -> PlayerView:
    """A mat with the hand shown only to its owner (everyone sees how many cards)."""
    return PlayerView(
        colour=p.colour, vp=p.vp, trays=p.trays, slots=p.slots, arch=p.arch, supply=p.supply,
        worker_camp=p.worker_camp, military_camp=p.military_camp, leader=p.leader,
        legionnaires=p.legionnaires, senate=p.senate, hand=p.hand if own else None,
        hand_count=len(p.hand), display=p.display, forum_tiles=p.forum_tiles,
        extra_tiles=p.extra_tiles, plus2=p.plus2, construction_tiles=p.construction_tiles,
        trajan_demand_tiles=p.trajan_demand_tiles, bonus_tiles=p.bonus_tiles,
    )


def board_view(b: Board) -> BoardView:
    """The board; of each Trajan stack only the face-up top and the count below."""
    return BoardView(
        time=b.time, forum=b.forum, forum_extra=b.forum_extra, provinces=b.provinces,
        district=b.district, senate_bonus=b.senate_bonus, senate_stack=b.senate_stack,
        ships=b.ships, trajan_stacks=stacks_view(b.trajan_stacks), demands=b.demands,
        discard1=b.discard1, discard2=b.discard2,
    )


def stacks_view(stacks: TrajanStacks) -> TrajanStacksView:
    def one(pile: tuple[str, ...]) -> StackView:
        return StackView(top=pile[0], below=len(pile) - 1) if pile else StackView()

    return TrajanStacksView(**{c: one(getattr(stacks, c)) for c in TRAJAN_CATEGORIES})


def piles_view(p: Piles) -> PilesView:
    return PilesView(deck=len(p.deck), forum=len(p.forum), extra=len(p.extra), demand=len(p.demand),
                     demand_removed=len(p.demand_removed), bonus_bag=len(p.bonus_bag))


# --- Events ------------------------------------------------------------------------------


class CardsDrawnUnseen(Event, tag="cards_drawn_unseen", frozen=True):
    """The public face of :class:`CardsDrawn`: how many cards, not which."""

    player: PlayerColour
    count: int
    wanted: int


class CardTakenUnseen(Event, tag="card_taken_unseen", frozen=True):
    """The public face of :class:`CardTaken` from the face-down pile."""

    player: PlayerColour
    source: CardSource


def public_event(event: Event) -> Event:
    """``event`` as every player may see it (the same object when nothing is hidden)."""
    if isinstance(event, CardsDrawn):
        return CardsDrawnUnseen(player=event.player, count=len(event.cards), wanted=event.wanted)
    if isinstance(event, CardTaken) and event.source == "deck":
        return CardTakenUnseen(player=event.player, source=event.source)
    return event


def private_events(events: Sequence[Event], player: PlayerColour) -> list[Event]:
    """The events about ``player`` that the redaction hides from the other players."""
    return [e for e in events if public_event(e) is not e and getattr(e, "player", None) == player]
