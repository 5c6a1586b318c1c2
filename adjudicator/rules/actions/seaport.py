"""Seaport action (seed 000, "Seaport Action"; seed 002 ship table): draw 2 and
discard 1, take a discard, display 1-2 and draw, or ship to one of three ships."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations

from adjudicator.components import components
from adjudicator.errors import Problem, problem
from adjudicator.model.events import CardDiscarded, CardsDisplayed, CardTaken, Shipped
from adjudicator.model.orders import (
    ActionStep,
    Discard,
    SeaportDisplay,
    SeaportDraw,
    SeaportShip,
    SeaportTake,
)
from adjudicator.model.state import GameState
from adjudicator.model.vocab import COMMODITIES, Commodity, PlayerColour, Ship
from adjudicator.rules.ops import (
    Changes,
    discard_pile,
    draw_cards,
    gain,
    player,
    refill_discards,
    remove_items,
    update_board,
    update_player,
    update_removed,
)
from adjudicator.rules.seen import missing_cards

ACTION = "seaport"
STEPS = (SeaportDraw, SeaportTake, SeaportDisplay, SeaportShip)
DRAW = 2


def check(state: GameState, colour: PlayerColour, step: ActionStep, path: str) -> list[Problem]:
    """The problems of ``step`` of the seaport action for ``colour`` now (none: it is legal);
    ``path`` is the step's JSON path."""
    if isinstance(step, SeaportDraw):
        if not state.piles.deck:
            return [problem("seaport.deck_empty", path, "The face-down pile of commodity cards is empty.")]
    elif isinstance(step, SeaportTake):
        if not discard_pile(state, step.pile):
            return [problem("seaport.discard_empty", f"{path}.pile", f"The {step.pile} pile is empty.")]
    elif isinstance(step, SeaportDisplay):
        return missing_cards(player(state, colour), step.cards, f"{path}.cards")
    elif isinstance(step, SeaportShip):
        return check_ship(state, colour, step, path)
    return []


def ship_problem(ship: Ship, goods: tuple[Commodity, ...]) -> str | None:
    """Why ``goods`` do not match ``ship`` (None when they do)."""
    counts = Counter(goods)
    if ship == "identical" and not (1 <= len(goods) <= 4 and len(counts) == 1):
        return "the identical-cards ship takes 1 to 4 cards of one commodity"
    if ship == "different" and not (1 <= len(goods) <= 4 and len(counts) == len(goods)):
        return "the different-cards ship takes 1 to 4 cards, all of different commodities"
    if ship == "pairs" and not (1 <= len(counts) <= 3 and all(n == 2 for n in counts.values())):
        return "the pairs ship takes 1 to 3 pairs, each of two identical cards, of different commodities"
    return None


def ship_vp(state: GameState, ship: Ship, goods: tuple[Commodity, ...]) -> int:
    """The VP of shipping ``goods`` (cards and wild cards) on ``ship``, on the side it lies on now."""
    data = components().ship[ship]
    side = getattr(state.board.ships, ship)
    units = len(goods) // 2 if ship == "pairs" else len(goods)
    return (data.coloured if side == "coloured" else data.grey)[units - 1]


def check_ship(state: GameState, colour: PlayerColour, step: SeaportShip, path: str) -> list[Problem]:
    """The problems of a shipment: the cards in the hand, the wild cards held, the
    cards matching the ship, and the rules option ``ship_needs_real_card``."""
    p = player(state, colour)
    problems = missing_cards(p, step.cards, f"{path}.cards")
    # Seed 000 lets a commodity wild card stand for any card, so wild cards may ship alone;
    # option ship_needs_real_card (ruling h) asks for a card from the hand.
    if not step.cards and state.options.value("ship_needs_real_card"):
        problems.append(problem("ship.no_cards", f"{path}.cards",
                                "A shipment needs at least one commodity card from your hand (rules option "
                                "ship_needs_real_card); wild cards only stand in for cards."))
    wilds = p.forum_tiles.count("wild-commodity")
    if len(step.wild) > wilds:
        problems.append(problem("ship.no_wild", f"{path}.wild",
                                f"You have {wilds} commodity wild card(s), not {len(step.wild)}."))
    why = ship_problem(step.ship, step.cards + step.wild)
    if why is not None:
        problems.append(problem("ship.cards_mismatch", f"{path}.cards",
                                f"Cards {', '.join(step.cards + step.wild) or 'none'} do not match: {why}."))
    return problems


def apply(ch: Changes, colour: PlayerColour, step: ActionStep) -> None:
    """Perform ``step`` of the seaport action for ``colour`` into ``ch`` (a step ``check`` accepts)."""
    p = player(ch.state, colour)
    if isinstance(step, SeaportDraw):
        draw_cards(ch, colour, DRAW)
        ch.discard_due = bool(player(ch.state, colour).hand)
    elif isinstance(step, SeaportTake):
        pile = discard_pile(ch.state, step.pile)
        ch.state = update_board(ch.state, **{step.pile: pile[1:]})
        ch.state = update_player(ch.state, colour, hand=p.hand + (pile[0],))
        ch.events.append(CardTaken(player=colour, source=step.pile, card=pile[0]))
        refill_discards(ch)
    elif isinstance(step, SeaportDisplay):
        ch.state = update_player(ch.state, colour, hand=remove_items(p.hand, step.cards),
                                 display=p.display + step.cards)
        ch.events.append(CardsDisplayed(player=colour, cards=step.cards))
        draw_cards(ch, colour, len(step.cards))
    elif isinstance(step, SeaportShip):
        _ship(ch, colour, step)


def _ship(ch: Changes, colour: PlayerColour, step: SeaportShip) -> None:
    p = player(ch.state, colour)
    vp = ship_vp(ch.state, step.ship, step.cards + step.wild)
    side = getattr(ch.state.board.ships, step.ship)
    wild = ("wild-commodity",) * len(step.wild)
    ch.state = update_player(ch.state, colour, hand=remove_items(p.hand, step.cards),
                             display=p.display + step.cards,
                             forum_tiles=remove_items(p.forum_tiles, wild))
    if wild:
        ch.state = update_removed(ch.state, forum=ch.state.removed.forum + wild)
    ships = ch.state.board.ships
    sides = {s: getattr(ships, s) for s in ("identical", "different", "pairs")}
    ch.state = update_board(ch.state, ships=type(ships)(**{**sides, step.ship: "grey"}))
    ch.events.append(Shipped(player=colour, ship=step.ship, side=side, cards=step.cards, wild=step.wild))
    gain(ch, colour, vp, f"{step.ship} ship ({side} side, {len(step.cards + step.wild)} cards)")


def check_discard(state: GameState, colour: PlayerColour, step: Discard, path: str) -> list[Problem]:
    """The problems of the discard after a draw: the card must be in the hand."""
    return missing_cards(player(state, colour), (step.card,), f"{path}.card")


def apply_discard(ch: Changes, colour: PlayerColour, step: Discard) -> None:
    """Discard the card face up on top of the pile named (``check_discard`` has accepted it)."""
    p = player(ch.state, colour)
    ch.state = update_player(ch.state, colour, hand=remove_items(p.hand, [step.card]))
    ch.state = update_board(ch.state, **{step.pile: (step.card,) + discard_pile(ch.state, step.pile)})
    ch.events.append(CardDiscarded(player=colour, card=step.card, pile=step.pile))


def candidates(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """Every seaport step worth asking ``check`` about; the legal ones are those it accepts."""
    p = player(state, colour)
    wilds = p.forum_tiles.count("wild-commodity")
    alone = not state.options.value("ship_needs_real_card")
    return candidates_but_ships(state, colour) + ship_candidates(p.hand, wilds, alone)


def candidates_but_ships(state: GameState, colour: PlayerColour) -> list[ActionStep]:
    """The candidates that are not shipments (those are many: see ``iter_ship_candidates``)."""
    p = player(state, colour)
    steps: list[ActionStep] = [SeaportDraw(), SeaportTake(pile="discard1"), SeaportTake(pile="discard2")]
    kinds = sorted(set(p.hand))
    steps += [SeaportDisplay(cards=(c,)) for c in kinds]
    # Only the displays of two cards can repeat (a hand holding a commodity twice); the
    # other candidates are distinct by construction.
    steps += [SeaportDisplay(cards=pair) for pair in dict.fromkeys(combinations(sorted(p.hand), 2))]
    return steps


def ship_candidates(hand: tuple[Commodity, ...], wilds: int, alone: bool) -> list[ActionStep]:
    """One shipment for every distinct way the hand (and wild cards) can fill a ship;
    ``alone``: also wild cards without a card from the hand."""
    return list(iter_ship_candidates(hand, wilds, alone))


def iter_ship_candidates(hand: tuple[Commodity, ...], wilds: int, alone: bool) -> Iterator[SeaportShip]:
    """The shipments of :func:`ship_candidates`, one at a time, in the same order."""
    yield from _with_cards(hand, wilds)
    if alone:
        yield from _wild_cards_alone(wilds)


def _wild_cards_alone(wilds: int) -> Iterator[SeaportShip]:
    """Shipments of wild cards only: what they stand for does not matter (they leave the
    game, no card enters the display), so one per ship and number of cards."""
    for w in range(1, min(wilds, 4) + 1):
        yield SeaportShip(ship="identical", cards=(), wild=(COMMODITIES[0],) * w)
    for w in range(1, min(wilds, 4) + 1):
        yield SeaportShip(ship="different", cards=(), wild=tuple(COMMODITIES[:w]))
    for pairs in range(1, min(wilds // 2, 3) + 1):
        yield SeaportShip(ship="pairs", cards=(), wild=tuple(c for c in COMMODITIES[:pairs] for _ in "ab"))


def _with_cards(hand: tuple[Commodity, ...], wilds: int) -> Iterator[SeaportShip]:
    have = Counter(hand)
    for c in COMMODITIES:
        for real in range(min(4, have[c]) + 1):
            for w in range(min(wilds, 4 - real) + 1):
                if real:
                    yield SeaportShip(ship="identical", cards=(c,) * real, wild=(c,) * w)
    kinds = sorted(have)
    for size in range(5):
        for chosen in combinations(kinds, size):
            spare = [c for c in COMMODITIES if c not in chosen]
            for w in range(min(wilds, 4 - size) + 1):
                if size:
                    yield SeaportShip(ship="different", cards=chosen, wild=tuple(spare[:w]))
    # A pair of a commodity not in hand needs two wild cards.
    pairable = [c for c in COMMODITIES if have[c] or wilds >= 2]
    for size in (1, 2, 3):
        for chosen in combinations(pairable, size):
            held = tuple(c for c in chosen for _ in range(min(2, have[c])))
            wild = tuple(c for c in chosen for _ in range(2 - min(2, have[c])))
            if held and len(wild) <= wilds:
                yield SeaportShip(ship="pairs", cards=held, wild=wild)
