"""The order composer page attached to a player's decision mail (issue 29).

The player's mail (:mod:`adjudicator.mail.outgoing.compose`) attaches the page of the
player's pending decision, made from the view the mail itself is made from, so it holds
nothing the mail does not; the roster's ``order_page`` switch (on by default) turns it
off.  The mail judge gives the page the player's token and its own address, so the page's
mail link and order text are ready to send.  Like the board picture, the page needs the
drawing extra: without it the mail is whole without the page; a page that fails to be
made is reported, never silent, and the mail is sent without it.
"""

from __future__ import annotations

import importlib.util
import re
from email.message import EmailMessage

from adjudicator.errors import Problem, problem
from adjudicator.views.view import GameView


def order_page_name(view: GameView) -> str:
    """``order-GAME-NNNN-COLOUR.html``, the game id reduced to safe characters."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", view.game_id)[:60].strip(".") or "game"
    return f"order-{safe}-{view.decision:04d}-{view.viewer}.html"


def make_order_page(view: GameView, judge: str | None = None,
                    token: str | None = None) -> tuple[bytes | None, Problem | None]:
    """The page of ``view.viewer``'s pending decision (the mail link addressed to
    ``judge``, the ``token`` line in the order), or what kept it from being made: (None,
    None) without the drawing extra, (None, the problem) when it failed."""
    if importlib.util.find_spec("drawsvg") is None:
        return None, None
    from adjudicator.compose.page import compose_html

    try:
        return compose_html(view, judge, token).encode("utf-8"), None
    except Exception as e:  # noqa: BLE001 - any failure is reported by the caller, never dropped
        said = (f"The order composer page for {view.viewer} could not be made ({type(e).__name__}: "
                f"{str(e)[:200]}); the mail was written without it.")
        return None, problem("mail.order_page_failed", "$", said)


def add_order_page(msg: EmailMessage, view: GameView, page: bytes) -> None:
    """Attach a page made by :func:`make_order_page` to ``msg``."""
    msg.add_attachment(page, maintype="text", subtype="html", filename=order_page_name(view),
                       params={"charset": "utf-8"})
