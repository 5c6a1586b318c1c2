"""How a Trajan tile is described to players in text: by what they choose it by, its
colours, category and victory points (the board of ``show`` and the ``options``)."""

from __future__ import annotations

from adjudicator.components import components


def trajan_tile_text(tile_id: str) -> str:
    """``workers-4 (green+orange, workers, 5 VP)``; a demand tile names its icon (``demand-4
    (green+green, demand: games, 1 VP)``, issue 27); an unknown id as it is."""
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return tile_id
    demand = getattr(data.effect, "demand", None)
    what = f"{data.category}: {demand}" if data.category == "demand" and demand else data.category
    return f"{tile_id} ({'+'.join(data.colours)}, {what}, {data.vp} VP)"
