"""How a Trajan tile is described to players in text: by what they choose it by, its
colours, category and victory points (the board of ``show`` and the ``options``)."""

from __future__ import annotations

from adjudicator.components import components
from adjudicator.i18n import ENGLISH, Translator


def trajan_tile_text(tile_id: str, tr: Translator = ENGLISH) -> str:
    """``workers-4 (green+orange, workers, 5 VP)``; an unknown id as it is."""
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return tile_id
    return tr.gettext("{tile} ({colours}, {category}, {vp} VP)").format(
        tile=tile_id, colours="+".join(data.colours), category=data.category, vp=data.vp)
