"""How a Trajan tile is described to players in text: by what they choose it by, its
colours, category and victory points (the board of ``show`` and the ``options``)."""

from __future__ import annotations

from adjudicator.components import components


def trajan_tile_text(tile_id: str) -> str:
    """``workers-4 (green+orange, workers, 5 VP)``; an unknown id as it is."""
    data = components().trajan_tile.get(tile_id)
    if data is None:
        return tile_id
    return f"{tile_id} ({'+'.join(data.colours)}, {data.category}, {data.vp} VP)"
