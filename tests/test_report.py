"""The Markdown report: rendered from events, public facts only, private extras per player."""

from __future__ import annotations

from typing import get_args

from msgspec.structs import replace

from adjudicator.game.engine import Outcome, adjudicate
from adjudicator.game.newgame import new_game
from adjudicator.model.events import (
    AnyEvent,
    BoardRefilled,
    BonusTileGained,
    CardDiscarded,
    CardsDrawn,
    CardTaken,
    DemandMet,
    DiscardRefilled,
    Event,
    GameEnded,
    QuarterEnded,
    RoundEnded,
    ScoreChanged,
    SenateVote,
    Sown,
    TimeAdvanced,
    TrajanTileAccomplished,
    TurnBegan,
    TurnEnded,
    TurnPaused,
)
from adjudicator.model.orders import (
    Answer,
    ChooseTrajanTiles,
    Discard,
    MarkerPlacement,
    MilitaryRecruit,
    OrderFile,
    PlaceMarkers,
    PlayTurn,
    SeaportDraw,
    Sow,
    StartingTiles,
    TakeCards,
    TrajanTake,
)
from adjudicator.model.state import ContinueTurn, GameOver, GameState, MeetDemands, TakeTurn
from adjudicator.rendering.report import (
    RENDERERS,
    CardsDrawnUnseen,
    CardTakenUnseen,
    public_event,
    render,
    render_private,
)

MARKERS = MarkerPlacement(
    seaport=("yellow", "orange"), forum=("green", "white"), military=("pink", "blue"),
    senate=("yellow", "orange"), trajan=("green", "white"), construction=("pink", "blue"),
)


def do(state: GameState, colour: str, answer: Answer) -> Outcome:
    orders = OrderFile(game_id=state.game_id, decision=state.decision, player=colour, answer=answer)  # type: ignore[arg-type]
    return adjudicate(state, orders)


def played() -> list[tuple[GameState, Outcome]]:
    """(state before, outcome) of every decision of a short two-player sequence."""
    g = new_game(["red", "green"], "7", first="red")
    answers: list[tuple[str, Answer]] = [
        ("green", PlaceMarkers(trays=MARKERS)),
        ("red", PlaceMarkers(trays=MARKERS)),
        ("red", TakeCards(take=("deck", "discard1", "deck"))),
        ("green", TakeCards(take=("deck", "discard1", "deck"))),
        ("red", ChooseTrajanTiles(slots=StartingTiles(II="cards", IV="victory", VI="plus2"))),
        ("green", ChooseTrajanTiles(slots=StartingTiles(II="cards", IV="victory", VI="plus2"))),
        ("red", PlayTurn(steps=(Sow(tray="seaport", markers=("yellow", "orange")), MilitaryRecruit()))),
        ("green", PlayTurn(steps=(Sow(tray="military", markers=("pink", "blue")),
                                  TrajanTake(stack="workers")))),
        ("red", PlayTurn(steps=(Sow(tray="trajan", markers=("green", "white")), SeaportDraw()))),
    ]
    out = []
    for colour, answer in answers:
        outcome = do(g, colour, answer)
        out.append((g, outcome))
        g = outcome.state
    return out


# --- Hand-built events: hidden cards never leak ---------------------------------------------

HIDDEN = ("gems", "wine", "cattle")  # cards only red may see


def hand_built() -> tuple[list[Event], GameState, GameState]:
    before = replace(new_game(["red", "green"], "7", first="red"), pending=TakeTurn(player="red"))
    after = replace(before, decision=before.decision + 1, pending=ContinueTurn(player="red"))
    events: list[Event] = [
        TurnBegan(player="red", quarter=1, round=1),
        Sown(player="red", tray="trajan", markers=("green", "white"), target="seaport"),
        TimeAdvanced(spaces=2, position=2, round_ends=False),
        CardsDrawn(player="red", cards=("gems", "wine"), wanted=2),
        CardTaken(player="red", source="deck", card="cattle"),
        CardTaken(player="red", source="discard1", card="fish"),
        DiscardRefilled(pile="discard1", card="oils"),
        TurnPaused(player="red"),
    ]
    return events, before, after


def test_public_report_shows_counts_not_cards() -> None:
    events, before, after = hand_built()
    text = render(events, before, after)
    for card in HIDDEN:
        assert card not in text
    assert "red drew 2 card(s) from the face-down pile." in text
    assert "red took a card from the face-down pile." in text
    assert "red took fish from discard pile 1." in text  # public: a discard pile is face up
    assert "oils" in text


def test_private_report_shows_own_draws_only_to_the_drawer() -> None:
    events, before, after = hand_built()
    mine = render_private(events, before, after, "red")
    theirs = render_private(events, before, after, "green")
    assert mine.startswith(render(events, before, after))
    section = mine.split("## Only for red", 1)[1]
    assert "gems, wine" in section and "cattle" in section and "fish" not in section
    for card in HIDDEN:
        assert card not in theirs
    assert "## Only for green" in theirs


def test_redaction_is_one_function() -> None:
    drawn = CardsDrawn(player="red", cards=("gems",), wanted=2)
    assert public_event(drawn) == CardsDrawnUnseen(player="red", count=1, wanted=2)
    taken = CardTaken(player="red", source="deck", card="gems")
    assert public_event(taken) == CardTakenUnseen(player="red", source="deck")
    public = CardTaken(player="red", source="discard2", card="gems")
    assert public_event(public) is public
    discard = CardDiscarded(player="red", card="gems", pile="discard1")
    assert public_event(discard) is discard


def test_short_draw_says_the_pile_ran_out() -> None:
    events, before, after = hand_built()
    events[3] = CardsDrawn(player="red", cards=("gems",), wanted=2)
    assert "red drew 1 card(s) from the face-down pile (2 wanted; the pile ran out)." in render(
        events, before, after)


# --- Reports of decisions played through the engine -----------------------------------------

def test_setup_reports() -> None:
    steps = played()
    before, out = steps[0]
    text = render(out.events, before, out.state)
    assert f"# Trajan {before.game_id}: decision 1" in text
    assert "Answered by **green** (`setup_markers`" in text
    assert "green placed their 12 action markers" in text
    assert "Decision 1 (`setup_markers`): **red**" in text
    before, out = steps[2]  # red's starting cards
    text = render(out.events, before, out.state)
    assert text.count("red took a card from the face-down pile.") == 2
    assert "Decision 3 (`setup_cards`): **green** — take 3 more starting card(s)." in text
    before, out = steps[4]
    text = render(out.events, before, out.state)
    assert "onto slot II (forum)" in text and "onto slot IV (senate)" in text


def test_turn_report_lists_steps_in_order() -> None:
    before, out = played()[7]
    text = render(out.events, before, out.state)
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert lines[0] == "1. green begins a turn (quarter 1, round 1)."
    assert lines[1].startswith("2. green emptied the military tray and sowed 2 marker(s)")
    assert lines[2] == "3. The time marker moved 2 space(s) to space 4."
    assert "from the workers stack onto slot I (seaport)" in lines[3]
    assert lines[4] == "5. green's Arch of Trajan moves to slot III (military)."
    assert "## Scores\n\n- red: 0 VP\n- green: 0 VP" in text
    assert "Decision 8 (`turn`): **red** — take a turn." in text


def test_draw_reports_never_show_the_drawn_cards_to_others() -> None:
    for _, out in played():
        public = [public_event(e) for e in out.events]
        assert not any(isinstance(e, CardsDrawn) for e in public)
        assert not any(isinstance(e, CardTaken) and e.source == "deck" for e in public)
    before, out = played()[8]  # red draws 2 and the turn pauses for the discard
    [drawn] = [e for e in out.events if isinstance(e, CardsDrawn)]
    text = render(out.events, before, out.state)
    assert "red drew 2 card(s) from the face-down pile." in text
    assert "Decision 9 (`turn_continue`): **red** — continue the paused turn." in text
    private = render_private(out.events, before, out.state, "red").split("## Only for red")[1]
    assert f"red drew {', '.join(drawn.cards)} from the face-down pile." in private
    discard = do(out.state, "red", PlayTurn(steps=(Discard(card=drawn.cards[0], pile="discard2"),)))
    text = render(discard.events, out.state, discard.state)
    assert "The turn, continued" in text
    assert f"red discarded {drawn.cards[0]} face up onto discard pile 2." in text


def test_score_lines_show_reason_and_total() -> None:
    before, out = played()[0]
    events = [TrajanTileAccomplished(player="red", tile="cards-1", slot="forum", kept=False),
              ScoreChanged(player="red", vp=3, total=3, reason="Trajan tile cards-1")]
    text = render(events, before, out.state)
    assert "accomplished Trajan tile cards-1 (orange+orange, 3 VP) beside the forum tray" in text
    assert "red: +3 VP (Trajan tile cards-1) → 3 VP." in text


# --- Quarter end and the unknown ---------------------------------------------------------------

def test_quarter_report_breaks_points_down_by_player() -> None:
    before = replace(new_game(["red", "green"], "7", first="red"), pending=TakeTurn(player="green"))
    after = replace(before, decision=before.decision + 1,
                    pending=MeetDemands(players=("red",), next_turn="red"))
    events: list[Event] = [
        TurnEnded(player="green"),
        RoundEnded(quarter=1, round=4, demand=None),
        QuarterEnded(quarter=1),
        DemandMet(player="green", demand="bread", means="forum"),
        DemandMet(player="green", demand="games", means="unmet"),
        ScoreChanged(player="green", vp=-4, total=8, reason="1 unmet demand"),
        SenateVote(player="green", votes=5, office="consul"),
        BonusTileGained(player="green", tile="wine-fish", side="yellow"),
        ScoreChanged(player="green", vp=9, total=17, reason="bonus tile"),
        BoardRefilled(forum=("bread", None), forum_extra=("forum",), provinces=("alpes",),
                      senate_bonus=("workers",)),
    ]
    text = render(events, before, after)
    steps, end = text.split("## End of round and quarter")
    assert "green's turn ends." in steps and "Round 4" not in steps
    assert "- Round 4 of quarter 1 ends, and with it the quarter." in end
    assert "- green met the bread demand with a bread forum tile." in end
    assert "- green could not meet the games demand." in end
    assert "- green: 5 vote(s) in the senate — consul." in end
    assert "- green gained the bonus tile wine-fish, yellow side up." in end
    assert "Forum: bread, (empty). Extra action tiles: forum. New tiles in: alpes." in end
    assert "- **green**: 12 +5 = 17 VP\n  - -4 VP: 1 unmet demand\n  - +9 VP: bonus tile" in end
    assert "Decision 2 (`demands`): **red** — choose how to meet the people's demands." in text


def test_game_over_report() -> None:
    before = new_game(["red", "green"], "7", first="red")
    after = replace(before, pending=GameOver(ranking=("green", "red")))
    text = render([GameEnded(ranking=("green", "red"))], before, after)
    assert "The game is over. Final ranking: 1. green, 2. red." in text
    assert "The game is over; no further orders are taken." in text


class Mystery(Event, tag="mystery"):
    clue: int


def test_unknown_event_renders_generically() -> None:
    before = new_game(["red", "green"], "7", first="red")
    text = render([Mystery(clue=42)], before, before)
    assert "mystery: clue=42" in text


def test_every_event_type_has_a_renderer() -> None:
    missing = [t.__name__ for t in get_args(AnyEvent) if t not in RENDERERS]
    assert missing == []


def test_render_all_gives_the_same_reports_as_one_at_a_time() -> None:
    """The pipeline and verify render every report at once; each equals its own rendering."""
    from adjudicator.rendering.report import render_all

    for before, outcome in played():
        events, after = outcome.events, outcome.state
        public, private = render_all(events, before, after)
        assert public == render(events, before, after)
        assert private == {c: render_private(events, before, after, c) for c in before.seats}
        assert set(private) == {"red", "green"}
