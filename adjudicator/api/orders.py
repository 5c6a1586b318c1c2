"""Orders in and out: the text notation, JSON and mail, as ``trajan check`` reads them.

An :data:`Order` is the order file (:class:`~adjudicator.model.orders.OrderFile`): the
game, the decision number, the player and the :data:`Answer`.  :func:`parse_orders`
reads any form a player sends; :func:`orders_text` and :func:`orders_json` write the two
canonical forms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from adjudicator.api.errors import translated
from adjudicator.model.orders import Answer, OrderFile, Step

if TYPE_CHECKING:
    from adjudicator.api.game import Game
    from adjudicator.api.view import View

__all__ = ["Answer", "Order", "Step", "orders_json", "orders_text", "parse_orders"]

Order: TypeAlias = OrderFile
"""An order file: ``game_id``, ``decision``, ``player``, ``answer`` (and the optional
``stand_in`` and ``written_by``); frozen."""


def parse_orders(text: str | bytes, game: Game | View | str | None = None) -> Order:
    """An order from the text notation, JSON or a whole mail message, told apart by the
    content exactly as ``trajan check`` does.

    >>> order = parse_orders("game trajan-0f29 decision 36 player red\\nsow forum orange yellow\\nsenate")
    >>> order.player, [type(step).__name__ for step in order.answer.steps]
    ('red', ['Sow', 'SenateAdvance'])

    :param text: the order as the player wrote it (a ``str`` is read as UTF-8).
    :param game: the game (or view, or game id) the order is for: a header that shortens
        the game id to its first characters is resolved against it.
    :raises MalformedOrderError: the text is not an order; every problem names its line
        (``line 3``, ``body line 4``) or JSON path.
    """
    from adjudicator.files.orders_any import load_orders_any

    data = text.encode("utf-8") if isinstance(text, str) else text
    game_id = game if isinstance(game, str) or game is None else game.game_id
    with translated(orders=True):
        return load_orders_any(data, "<orders>", game_id)


def orders_text(order: Order) -> str:
    """The canonical text of an order (lower case, single spaces, the full game id), ending
    in a newline; :func:`parse_orders` reads it back to the same order.

    >>> print(orders_text(parse_orders('{"game_id": "g-1", "decision": 3, "player": "red", '
    ...                                '"answer": {"decision": "consul", "tile": "wine-fish"}}')), end="")
    game g-1 decision 3 player red
    bonus wine-fish

    :raises MalformedOrderError: a JSON step the notation cannot write
        (``notation.inexpressible``: a ``forum`` step naming both a forum tile and an extra
        action tile, which the rules refuse anyway).
    """
    from adjudicator.notation.text import order_text

    with translated(orders=True):
        return order_text(order)


def orders_json(order: Order) -> bytes:
    """The canonical JSON of an order file (as ``trajan bot`` writes it), ending in a newline.

    It never fails: every :data:`Order` has a JSON form."""
    from adjudicator.files import io

    return io.encode_orders(order)
