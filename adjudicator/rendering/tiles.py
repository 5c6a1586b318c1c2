"""How a Trajan tile is described to players in text: by what they choose it by, its
colours, category and victory points (the board of ``show`` and the ``options``)."""

from __future__ import annotations

from adjudicator.components import components
from adjudicator.i18n import ENGLISH, Translator


def trajan_tile_text(tile_id: str, tr: Translator = ENGLISH) -> str:
    """``workers-4 (green+orange, workers, 5 VP)``; a demand tile names its icon (``demand-4
    (green+green, demand: games, 1 VP)``, issue 27); an unknown id as it is."""
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return tile_id
    demand = getattr(data.effect, "demand", None)
    what = f"{data.category}: {demand}" if data.category == "demand" and demand else data.category
    return tr.gettext("{tile} ({colours}, {category}, {vp} VP)").format(
        tile=tile_id, colours="+".join(data.colours), category=what, vp=data.vp)
