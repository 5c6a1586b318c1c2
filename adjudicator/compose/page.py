"""The order composer page: one self-contained HTML file from one player's view (issue 29).

The page holds the board as the player sees it (the SVG of :func:`adjudicator.drawing.board_svg`)
and what the player may decide, worked out here (:mod:`.decisions`), gzip-compressed
and base64-encoded like the replay page's boards.  Its script only walks what it is given,
applying two simple rules itself (where each sown marker lands, and whether the target
tray then holds the Trajan tile's colours); it writes the order in the text notation as
the player clicks, and lets them copy it, open a mail to the judge with it, or save it.

It is made from the view alone, so nothing the player may not see can reach it; a
Content-Security-Policy forbids every fetch and lets only the page's own script run.
"""

from __future__ import annotations

import html
import re
from importlib import resources
from typing import Any

import msgspec

from adjudicator.compose.decisions import decision_data
from adjudicator.drawing import board_svg, layout
from adjudicator.drawing.replay import csp, pack
from adjudicator.errors import Malformed, Problem, problem
from adjudicator.game.options import NoDecision, options
from adjudicator.model.roster import Address
from adjudicator.model.state import GameState, kind_of
from adjudicator.model.vocab import PlayerColour
from adjudicator.notation.text import header_lines
from adjudicator.rules.seen import as_seen_by
from adjudicator.views.redact import view_of
from adjudicator.views.standin import as_state
from adjudicator.views.view import GameView

_TOKEN = re.compile(r"[A-Za-z0-9]{8,64}")  # as the judge reads it (mail/judge/tokens.py)
MAIL_BODY_MOST = 1600  # characters of a mailto: body every mail program tried takes whole

_INTRO = {
    "turn": "Your turn: choose the tray to empty, the order of its markers, then the steps you take.",
    "turn_continue": "Your paused turn goes on: choose the steps you take now, or end the turn.",
    "setup_markers": "Put your 12 action markers, 2 in each tray (2 of each colour in all).",
    "setup_cards": "Take your starting cards, one at a time, from the face-down pile or a discard pile.",
    "setup_trajan": "Take the top Trajan tile of 3 different stacks onto your slots II, IV and VI.",
    "demands": "The people's demands: choose how you meet each demand revealed this quarter.",
    "consul": "You are the consul: choose one of the two bonus tiles beside the senate.",
}


def order_file_name(game_id: str, decision: int, colour: PlayerColour) -> str:
    """``orders-GAME-NNNN-COLOUR.txt``, the game id reduced to safe characters."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", game_id)[:60].strip(".") or "game"
    return f"orders-{safe}-{decision:04d}-{colour}.txt"


def mail_subject(game_id: str, decision: int, colour: PlayerColour) -> str:
    """The subject of the player's order mail: names the game the way the judge reads it
    (``[Trajan GAME]``, :func:`adjudicator.mail.judge.compose.game_in_subject`)."""
    return f"[Trajan {game_id}] decision {decision}: orders ({colour})"


def _address_problems(judge: str | None, token: str | None) -> list[Problem]:
    """The judge's address must be a plain address (as in the roster) and the token the
    judge's letters and digits: both go into the page's mail link and order text."""
    out = []
    if judge is not None:
        try:
            msgspec.convert(judge, Address)
        except msgspec.ValidationError:
            out.append(problem("args.judge", "--judge",
                               "The judge's address must be a plain address, local@domain (no spaces, "
                               "brackets, quotes or commas)."))
    if token is not None and not _TOKEN.fullmatch(token):
        out.append(problem("args.token", "--token", "A token is 8 to 64 letters and digits."))
    return out


def page_data(view: GameView, judge: str | None = None, token: str | None = None) -> dict[str, Any]:
    """Everything the page shows, from the view alone; raises :class:`Malformed` for the
    public view, a player with nothing to decide, or a bad judge address or token."""
    problems = _address_problems(judge, token)
    if problems:
        raise Malformed(problems)
    colour = view.viewer
    if colour is None:
        raise Malformed([problem("view.no_viewer", "$.viewer",
                                 "This is the public view: it holds nobody's hand, so no order can be "
                                 "composed from it. Use your own view (trajan view --player).")])
    seen = as_seen_by(as_state(view), colour)
    found = options(seen, colour).options[0]
    if isinstance(found, NoDecision):
        raise Malformed([problem("compose.nothing_to_decide", "--player",
                                 f"{colour} has nothing to decide now ({found.reason}): there is no order "
                                 "to compose.")])
    kind = kind_of(view.pending)
    return {
        "game_id": view.game_id, "decision": view.decision, "player": colour, "kind": kind,
        "intro": _INTRO[kind], "header": header_lines(view.game_id, view.decision, colour)[0],
        "token": token,
        "mail": {"to": judge or "", "subject": mail_subject(view.game_id, view.decision, colour),
                 "most": MAIL_BODY_MOST},
        "file": order_file_name(view.game_id, view.decision, colour),
        "marker_fill": layout.MARKER_FILL, "marker_label": layout.MARKER_LABEL,
        "svg": board_svg(view).split("?>\n", 1)[-1],
        "data": decision_data(seen, colour, found),
    }


def page_for(game: GameState | GameView, colour: PlayerColour | None, judge: str | None = None,
             token: str | None = None) -> str:
    """The page of ``colour``'s pending decision, from a game file (through ``colour``'s
    view: the page never sees the rest) or from ``colour``'s own view (``None``: its viewer's)."""
    if isinstance(game, GameState):
        game = view_of(game, colour)
    elif colour is not None and game.viewer is not None and game.viewer != colour:
        raise Malformed([problem("view.other_player", "$.viewer",
                                 f"This is {game.viewer}'s view: it composes only {game.viewer}'s order, "
                                 f"not {colour}'s.")])
    return compose_html(game, judge, token)


def compose_html(view: GameView, judge: str | None = None, token: str | None = None) -> str:
    """The whole page (one self-contained HTML document) for ``view``'s viewer."""
    data = page_data(view, judge, token)
    title = html.escape(f"Trajan {view.game_id}, decision {view.decision}: your order ({view.viewer})")
    asset = resources.files("adjudicator.compose")
    script = asset.joinpath("compose.js").read_text(encoding="utf-8")
    fill = {
        "CSP": csp(f"\n{script}\n"), "TITLE": title, "DATA": pack(data),
        "STYLE": asset.joinpath("compose.css").read_text(encoding="utf-8"), "SCRIPT": script,
    }
    template = asset.joinpath("compose.html").read_text(encoding="utf-8")
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: fill[m.group(1)], template)
