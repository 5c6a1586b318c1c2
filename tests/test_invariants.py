"""validate_state: fresh games are consistent; each corruption gives its own code."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product
from typing import Any, Literal

import pytest
from msgspec.structs import replace

from adjudicator.game.engine import adjudicate, check
from adjudicator.game.newgame import new_game
from adjudicator.model.orders import (
    Answer,
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    Discard,
    Extra,
    MarkerPlacement,
    MeetDemandsAnswer,
    OrderFile,
    PlaceMarkers,
    PlayTurn,
    Sow,
    StartingTiles,
    Step,
    TakeCards,
    TrajanSpecial,
)
from adjudicator.model.state import (
    ChooseBonus,
    ContinueTurn,
    GameOver,
    GameState,
    MeetDemands,
    SetupCards,
    SetupMarkers,
    SetupTrajan,
    SiteState,
    TakeTurn,
    TurnProgress,
)
from adjudicator.model.vocab import ACTIONS, MARKER_COLOURS, TRAJAN_CATEGORIES, CardSource, PlayerColour
from adjudicator.rules.actions import module_for
from adjudicator.rules.invariants import validate_state
from adjudicator.rules.ops import player, update_board, update_piles, update_player, update_removed

DemandMeans = Literal["forum", "wild", "trajan", "unmet"]
MARKERS = MarkerPlacement(
    seaport=("yellow", "orange"), forum=("green", "white"), military=("pink", "blue"),
    senate=("yellow", "orange"), trajan=("green", "white"), construction=("pink", "blue"),
)


def codes(state: GameState) -> list[str]:
    return sorted(p.code for p in validate_state(state))


def do(state: GameState, colour: str, answer: Answer) -> GameState:
    orders = OrderFile(game_id=state.game_id, decision=state.decision, player=colour, answer=answer)  # type: ignore[arg-type]
    return adjudicate(state, orders).state


def fresh() -> GameState:
    return new_game(["red", "green"], "7", first="red")


def after_setup() -> GameState:
    """Two players, markers placed, cards taken, starting Trajan tiles chosen."""
    g = do(fresh(), "green", PlaceMarkers(trays=MARKERS))
    g = do(g, "red", PlaceMarkers(trays=MARKERS))
    g = do(g, "red", TakeCards(take=("deck", "discard1", "deck")))
    g = do(g, "green", TakeCards(take=("deck", "discard2", "deck")))
    g = do(g, "red", ChooseTrajanTiles(slots=StartingTiles(II="cards", IV="victory", VI="plus2")))
    return do(g, "green", ChooseTrajanTiles(slots=StartingTiles(II="cards", IV="workers", VI="demand")))


@pytest.mark.parametrize("players", [["red", "green"], ["red", "green", "blue"],
                                     ["red", "green", "blue", "brown"]])
@pytest.mark.parametrize("seed", ["1", "7", "trajan"])
def test_new_game_is_consistent(players: list[str], seed: str) -> None:
    assert validate_state(new_game(players, seed)) == []


def test_after_setup_is_consistent() -> None:
    assert validate_state(after_setup()) == []


# --- Corruptions: each gives exactly the expected codes ----------------------------------

def _extra_card(g: GameState) -> GameState:
    return update_piles(g, deck=g.piles.deck + ("scrolls",))


def _missing_forum_tile(g: GameState) -> GameState:
    return update_piles(g, forum=g.piles.forum[1:])


def _duplicate_trajan(g: GameState) -> GameState:
    return update_removed(g, trajan=(g.board.trajan_stacks.cards[0],))


def _unknown_trajan(g: GameState) -> GameState:
    stacks = g.board.trajan_stacks
    return update_board(g, trajan_stacks=replace(stacks, cards=stacks.cards + ("cards-99",)))


def _trajan_wrong_stack(g: GameState) -> GameState:
    s = g.board.trajan_stacks
    swapped = replace(s, cards=(s.victory[0],) + s.cards[1:], victory=(s.cards[0],) + s.victory[1:])
    return update_board(g, trajan_stacks=swapped)


def _sixteen_tokens(g: GameState) -> GameState:
    return update_player(g, "red", supply=player(g, "red").supply + 1)


def _three_yellow(g: GameState) -> GameState:
    p = player(g, "red")
    return update_player(g, "red", trays=replace(p.trays, forum=("green", "yellow")))


def _markers_too_early(g: GameState) -> GameState:
    return update_player(g, "red", trays=replace(player(g, "red").trays, seaport=("yellow",)))


def _time_off_track(g: GameState) -> GameState:
    return update_board(g, time=11)


def _arch_on_tile(g: GameState) -> GameState:
    return update_player(g, "red", arch="forum")


def _tile_under_arch(g: GameState) -> GameState:
    s = g.board.trajan_stacks
    p = player(g, "red")
    g = update_board(g, trajan_stacks=replace(s, legionnaires=s.legionnaires[1:]))
    return update_player(g, "red", slots=replace(p.slots, seaport=s.legionnaires[0]))


def _arch_in_centre_too_early(g: GameState) -> GameState:
    return update_player(g, "red", arch=None)


def _turn_without_pause(g: GameState) -> GameState:
    return replace(g, turn=TurnProgress(player="red", target="forum"))


def _pause_without_turn(g: GameState) -> GameState:
    return replace(g, pending=ContinueTurn(player="red"))


def _paused_turn_of_other(g: GameState) -> GameState:
    return replace(g, pending=ContinueTurn(player="red"), turn=TurnProgress(player="green", target="forum"))


def _two_legionnaires(g: GameState) -> GameState:
    p = player(g, "red")
    return update_player(g, "red", legionnaires=("alpes", "alpes"), supply=p.supply - 2)


def _two_workers(g: GameState) -> GameState:
    first = g.board.district[0]
    district = (replace(first, workers=("red", "red")),) + g.board.district[1:]
    return update_player(update_board(g, district=district), "red", supply=player(g, "red").supply - 2)


def _senate_disc_missing(g: GameState) -> GameState:
    return update_board(g, senate_stack=("red",))


def _players_out_of_order(g: GameState) -> GameState:
    return replace(g, players=tuple(reversed(g.players)))


def _unknown_start_player(g: GameState) -> GameState:
    return replace(g, start_player="blue")


def _plus2_twice(g: GameState) -> GameState:
    return update_player(g, "red", plus2=("forum", "forum"))


def _forum_space_missing(g: GameState) -> GameState:
    tile = g.board.forum[0]
    assert tile is not None
    return update_piles(update_board(g, forum=g.board.forum[1:]), forum=(tile,) + g.piles.forum)


def _provinces_reordered(g: GameState) -> GameState:
    return update_board(g, provinces=tuple(reversed(g.board.provinces)))


def _district_reordered(g: GameState) -> GameState:
    d = g.board.district
    return update_board(g, district=(SiteState(site=d[1].site, tile=d[0].tile),
                                     SiteState(site=d[0].site, tile=d[1].tile)) + d[2:])


def _four_demands(g: GameState) -> GameState:
    return update_piles(update_board(g, demands=g.piles.demand[:4]), demand=g.piles.demand[4:])


def _demand_kind_changed(g: GameState) -> GameState:
    pile = g.piles.demand
    other = "games" if pile[0] != "games" else "bread"
    return update_piles(g, demand=(other,) + pile[1:])


def _demand_removed_revealed(g: GameState) -> GameState:
    return update_piles(update_board(g, demands=g.piles.demand_removed[:1]),
                        demand_removed=g.piles.demand_removed[1:])


def _bonus_duplicated(g: GameState) -> GameState:
    return update_board(g, senate_bonus=(g.board.senate_bonus[0],) * 2)


def _construction_duplicated(g: GameState) -> GameState:
    tile = g.board.district[0].tile
    return update_player(g, "red", construction_tiles=(tile,))


def _extra_tile_missing(g: GameState) -> GameState:
    return update_piles(g, extra=g.piles.extra[1:])


def _over_early(g: GameState) -> GameState:
    return replace(g, pending=GameOver(ranking=g.seats))


def _ranking_short(g: GameState) -> GameState:
    return replace(g, pending=GameOver(ranking=("red",)))


def _pending_stranger(g: GameState) -> GameState:
    return replace(g, pending=TakeTurn(player="brown"))


def _three_bonus_by_senate(g: GameState) -> GameState:
    bag = g.piles.bonus_bag
    return update_piles(update_board(g, senate_bonus=g.board.senate_bonus + bag[:1]), bonus_bag=bag[1:])


SET_UP: list[tuple[str, Callable[[GameState], GameState], list[str]]] = [
    ("61 cards", _extra_card, ["state.card_count"]),
    ("a missing forum tile", _missing_forum_tile, ["state.forum_tile_count"]),
    ("a duplicated Trajan tile", _duplicate_trajan, ["state.trajan_tile_count"]),
    ("an unknown Trajan tile id", _unknown_trajan, ["state.unknown_trajan_tile"]),
    ("a Trajan tile in another stack", _trajan_wrong_stack,
     ["state.trajan_wrong_stack", "state.trajan_wrong_stack"]),
    ("16 tokens", _sixteen_tokens, ["state.token_count"]),
    ("3 markers of a colour", _three_yellow, ["state.marker_count"]),
    ("time off the track", _time_off_track, ["state.time_off_track"]),
    ("the Arch on an occupied slot", _arch_on_tile, ["state.arch_on_tile"]),
    ("a Trajan tile on the Arch's slot", _tile_under_arch, ["state.arch_on_tile"]),
    ("the Arch in the centre with a free slot", _arch_in_centre_too_early, ["state.arch_missing"]),
    ("turn progress without turn_continue", _turn_without_pause, ["state.turn_without_pause"]),
    ("turn_continue without turn progress", _pause_without_turn, ["state.pause_without_turn"]),
    ("a paused turn of someone else", _paused_turn_of_other, ["state.turn_player"]),
    ("two legionnaires in one province", _two_legionnaires, ["state.legionnaire_twice"]),
    ("two own workers on one site", _two_workers, ["state.site_two_workers"]),
    ("a senate disc missing", _senate_disc_missing, ["state.senate_stack"]),
    ("players out of seat order", _players_out_of_order, ["state.players_not_seats"]),
    ("a start player without a seat", _unknown_start_player, ["state.unknown_player"]),
    ("two [+2] markers on one action", _plus2_twice, ["state.plus2_twice"]),
    ("a forum space missing", _forum_space_missing, ["state.forum_spaces"]),
    ("provinces out of order", _provinces_reordered, ["state.provinces"]),
    ("district sites out of order", _district_reordered, ["state.district_sites"]),
    ("four demands revealed", _four_demands, ["state.too_many_demands"]),
    ("a demand tile of the wrong kind", _demand_kind_changed,
     ["state.demand_tile_count", "state.demand_tile_count"]),
    ("a removed demand tile revealed", _demand_removed_revealed, ["state.demand_removed_count"]),
    ("a bonus tile twice", _bonus_duplicated, ["state.bonus_tile_count", "state.bonus_tile_count"]),
    ("three bonus tiles by the senate", _three_bonus_by_senate, ["state.too_many_senate_bonus"]),
    ("a construction tile twice", _construction_duplicated, ["state.construction_tile_count"]),
    ("a missing extra action tile", _extra_tile_missing, ["state.extra_tile_count"]),
    ("a short final ranking", _ranking_short, ["state.game_not_over", "state.ranking"]),
    ("a game over before the last quarter", _over_early, ["state.game_not_over"]),
    ("a pending player without a seat", _pending_stranger, ["state.unknown_player"]),
]


@pytest.mark.parametrize(("name", "corrupt", "expected"), SET_UP, ids=[c[0] for c in SET_UP])
def test_corruption_is_named(name: str, corrupt: Callable[[GameState], GameState],
                             expected: list[str]) -> None:
    state = corrupt(after_setup())
    problems = validate_state(state)
    assert sorted(p.code for p in problems) == expected
    for p in problems:
        assert p.path.startswith("$") and p.message.endswith(".")


def test_markers_in_trays_before_setup() -> None:
    assert codes(_markers_too_early(fresh())) == ["state.markers_before_setup"]


def test_placed_markers_while_others_wait_are_fine() -> None:
    g = do(fresh(), "green", PlaceMarkers(trays=MARKERS))
    assert isinstance(g.pending, SetupMarkers) and g.pending.players == ("red",)
    assert validate_state(g) == []


def test_extra_card_names_where_it_lies() -> None:
    g = update_player(after_setup(), "red", hand=player(after_setup(), "red").hand + ("wheat",))
    [p] = validate_state(g)
    assert p.code == "state.card_count" and "'wheat'" in p.message and "$.players[0].hand" in p.message


def test_every_problem_is_collected() -> None:
    g = _time_off_track(_sixteen_tokens(_extra_card(after_setup())))
    assert codes(g) == ["state.card_count", "state.time_off_track", "state.token_count"]


def test_arch_stays_on_its_slot_after_a_tile_elsewhere_is_accomplished() -> None:
    # The Arch on slot I, a tile accomplished on slot II: both slots free, the Arch stays.
    g = after_setup()
    p = player(g, "red")
    tile = p.slots.forum
    assert tile is not None and p.arch == "seaport"
    g = update_removed(update_player(g, "red", slots=replace(p.slots, forum=None)), trajan=(tile,))
    assert validate_state(g) == []


def test_arch_in_centre_when_all_slots_full() -> None:
    g = after_setup()
    s = g.board.trajan_stacks
    p = player(g, "red")
    slots = replace(p.slots, seaport=s.workers[0], military=s.legionnaires[0], trajan=s.demand[0])
    g = update_board(g, trajan_stacks=replace(s, workers=s.workers[1:], legionnaires=s.legionnaires[1:],
                                              demand=s.demand[1:]))
    assert validate_state(update_player(g, "red", slots=slots, arch=None)) == []
    assert codes(update_player(g, "red", slots=slots, arch="seaport")) == ["state.arch_on_tile"]


# --- Played sequences stay consistent --------------------------------------------------------

def test_example_sequence_stays_consistent() -> None:
    from adjudicator.model.orders import MilitaryRecruit, SeaportDraw, TrajanTake

    g = after_setup()
    turns: list[tuple[str, tuple[Step, ...]]] = [
        ("red", (Sow(tray="seaport", markers=("yellow", "orange")), MilitaryRecruit())),
        ("green", (Sow(tray="military", markers=("pink", "blue")), TrajanTake(stack="victory"))),
        ("red", (Sow(tray="trajan", markers=("green", "white")), SeaportDraw())),
    ]
    for colour, steps in turns:
        g = do(g, colour, PlayTurn(steps=steps))
        assert validate_state(g) == []
    assert isinstance(g.pending, ContinueTurn) and g.turn is not None
    g = do(g, "red", PlayTurn(steps=(Discard(card=player(g, "red").hand[0], pile="discard1"),)))
    assert validate_state(g) == [] and g.turn is None


def _setup_answer(state: GameState, rng: random.Random) -> tuple[PlayerColour, Answer]:
    pend = state.pending
    if isinstance(pend, SetupMarkers):
        markers = [m for m in MARKER_COLOURS for _ in range(2)]
        rng.shuffle(markers)
        trays = {a: tuple(markers[2 * i: 2 * i + 2]) for i, a in enumerate(ACTIONS)}
        return rng.choice(pend.players), PlaceMarkers(trays=MarkerPlacement(**trays))
    if isinstance(pend, SetupCards):
        sources: list[CardSource] = ["deck", "discard1", "discard2"]
        take = tuple(rng.choice(sources) for _ in range(rng.randint(1, pend.cards_left)))
        return pend.player, TakeCards(take=take)
    assert isinstance(pend, SetupTrajan)
    cats = rng.sample(TRAJAN_CATEGORIES, 3)
    return pend.player, ChooseTrajanTiles(slots=StartingTiles(II=cats[0], IV=cats[1], VI=cats[2]))


def _step_options(state: GameState, colour: PlayerColour) -> list[Step]:
    hand = player(state, colour).hand
    options: list[Any] = [TrajanSpecial(), *(TrajanSpecial(plus2=a) for a in ACTIONS)]
    options += [Extra(action=a, wild=w) for a in ACTIONS for w in (False, True)]
    options += [Discard(card=c, pile=p) for c in sorted(set(hand)) for p in ("discard1", "discard2")]
    options += [s for a in ACTIONS for s in module_for(a).candidates(state, colour)]
    return options


def _turn_answer(state: GameState, rng: random.Random) -> tuple[PlayerColour, Answer]:
    """A random legal turn: a random sowing, then up to 3 steps found legal by ``check``."""
    pend = state.pending
    assert isinstance(pend, (TakeTurn, ContinueTurn))
    colour = pend.player
    steps: tuple[Step, ...] = ()
    if isinstance(pend, TakeTurn):
        p = player(state, colour)
        tray = rng.choice([a for a in ACTIONS if getattr(p.trays, a)])
        markers = list(getattr(p.trays, tray))
        rng.shuffle(markers)
        steps = (Sow(tray=tray, markers=tuple(markers)),)
    options = _step_options(state, colour)
    rng.shuffle(options)
    for _ in range(3):
        for step in options[:60] if steps else options:
            orders = OrderFile(game_id=state.game_id, decision=state.decision, player=colour,
                               answer=PlayTurn(steps=steps + (step,)))
            if not check(state, orders):
                steps += (step,)
                break
        else:
            break
    return colour, PlayTurn(steps=steps)


def _legal(state: GameState, colour: PlayerColour, answers: list[Any]) -> tuple[PlayerColour, Answer]:
    """The first of ``answers`` that ``check`` accepts."""
    for answer in answers:
        orders = OrderFile(game_id=state.game_id, decision=state.decision, player=colour, answer=answer)
        if not check(state, orders):
            return colour, answer
    raise AssertionError(f"no legal answer to {state.pending!r}")


def _quarter_answer(state: GameState, rng: random.Random) -> tuple[PlayerColour, Answer]:
    pend = state.pending
    if isinstance(pend, ChooseBonus):
        return _legal(state, pend.player, [ChooseBonusAnswer(tile=t) for t in state.board.senate_bonus])
    assert isinstance(pend, MeetDemands)
    means: tuple[DemandMeans, ...] = ("forum", "wild", "trajan", "unmet")
    ways = list(product(means, repeat=len(state.board.demands)))
    rng.shuffle(ways)
    return _legal(state, rng.choice(pend.players), [MeetDemandsAnswer(use=w) for w in ways])


@pytest.mark.parametrize("players", [["red", "green"], ["blue", "red", "brown"],
                                     ["red", "green", "blue", "brown"]])
@pytest.mark.parametrize("seed", ["1", "2"])
def test_random_play_stays_consistent(players: list[str], seed: str) -> None:
    rng = random.Random(f"{seed}/{len(players)}")
    g = new_game(players, seed)
    for _ in range(1000):
        if isinstance(g.pending, (SetupMarkers, SetupCards, SetupTrajan)):
            colour, answer = _setup_answer(g, rng)
        elif isinstance(g.pending, (TakeTurn, ContinueTurn)):
            colour, answer = _turn_answer(g, rng)
        elif isinstance(g.pending, (MeetDemands, ChooseBonus)):
            colour, answer = _quarter_answer(g, rng)
        else:
            break  # the game is over
        try:
            g = do(g, colour, answer)
        except NotImplementedError:  # the quarter end is not written yet
            break
        assert validate_state(g) == [], (g.decision, answer)
