"""``trajan bot``: the order a bot gives for an absent player (kept apart from self-play,
so that the command imports only what it needs: a fast start)."""

from adjudicator.bots import make_bot
from adjudicator.model.orders import OrderFile
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rng import Stream
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state
from adjudicator.views.view import GameView

# Bots proven to read only public information and their own hand (they build an order
# from the legal steps and stop right after a step that shows them new cards).  Every
# other bot is handed the stand-in of its player's view, so it cannot peek.
VIEW_FREE_BOTS = ("random",)


def absent_orders(game: GameState | GameView, colour: PlayerColour, bot_name: str, seed: str,
                  budget: int | None = None, seconds: float | None = None) -> OrderFile:
    """The order the named bot gives for ``colour``'s pending decision (``trajan bot``).

    Deterministic for a game file (or ``colour``'s view of it), bot and seed; the same
    from the full game file and from the player's view.
    """
    bot = make_bot(bot_name, budget, seconds)
    if isinstance(game, GameView):
        seen = as_state(game)
    elif bot_name in VIEW_FREE_BOTS:
        seen = game
    else:
        seen = as_state(view_of(game, colour))
    answer = bot.answer(seen, colour, Stream(seed, f"bot-{seen.decision}-{colour}"))
    return OrderFile(game_id=seen.game_id, decision=seen.decision, player=colour,
                     stand_in=f"{bot.name} bot", answer=answer)
