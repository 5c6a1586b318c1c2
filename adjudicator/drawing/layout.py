"""Where every part of the board picture goes, and its colours: data, not code.

Positions are SVG user units on a canvas of :data:`CANVAS`.  The colours are the
Okabe–Ito palette (safe for the common colour-blindnesses); every coloured piece also
carries a text label (:data:`PLAYER_LABEL`, :data:`MARKER_LABEL`), so colour is never
the only clue.
"""

from __future__ import annotations

from typing import Final

from adjudicator.model.vocab import Action, LeaderPlace, MarkerColour, PlayerColour

CANVAS: Final = (1500, 1200)
FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
INK: Final = "#222222"
PAPER: Final = "#fbf8f0"
PANEL: Final = "#f1ead8"
EMPTY: Final = "#ffffff"

# Okabe–Ito: vermillion, bluish green, blue, and a dark brown (with a label) for brown.
PLAYER_FILL: Final[dict[PlayerColour, str]] = {
    "red": "#D55E00", "green": "#009E73", "blue": "#0072B2", "brown": "#7A4A1E",
}
PLAYER_LABEL: Final[dict[PlayerColour, str]] = {"red": "Re", "green": "Gr", "blue": "Bl", "brown": "Br"}
MARKER_FILL: Final[dict[MarkerColour, str]] = {
    "yellow": "#F0E442", "orange": "#E69F00", "green": "#8FD694", "white": "#FFFFFF",
    "pink": "#CC79A7", "blue": "#56B4E9",
}
MARKER_LABEL: Final[dict[MarkerColour, str]] = {
    "yellow": "Y", "orange": "O", "green": "G", "white": "W", "pink": "P", "blue": "B",
}
# Light fills behind the labels of tiles, by family.
TILE_FILL: Final[dict[str, str]] = {
    "senate": "#e8d2e1", "demand": "#cfe8d8", "wild": "#f7f0a8", "extra": "#f6d9a0",
    "construction": "#f2c9b0", "bonus": "#f7f0a8", "bonus-grey": "#d9d9d9", "card": "#ffffff",
    "trajan": "#efe6c8", "ship-coloured": "#9fd3f0", "ship-grey": "#c8c8c8",
}

# --- Header, time track, scores, senate (top left) -----------------------------------
HEADER: Final = (20, 30)
TIME_CENTRE: Final = (125, 185)
TIME_RADIUS: Final = 95
SCORES: Final = (250, 70)          # top-left of the score table
SENATE: Final = (250, 225)         # top-left of the senate track (8 spaces in a row)
SENATE_SPACE: Final = 28           # width of one senate space
SENATE_BONUS: Final = (250, 360)   # the two bonus tiles beside the senate

# --- The province map (centre) --------------------------------------------------------
MAP_BOX: Final = (490, 62, 520, 416)   # x, y, width, height
PROVINCE_SIZE: Final = (124, 66)
PLACE_POS: Final[dict[LeaderPlace, tuple[int, int]]] = {  # centres, roughly geographic
    "britannia": (560, 105),
    "germania_inferior": (800, 100),
    "belgica": (690, 185),
    "germania_superior": (900, 185),
    "lugudunensis": (560, 265),
    "raetia": (880, 300),
    "alpes": (720, 330),
    "aquitania": (560, 420),
    "narbonensis": (690, 420),
    "noricum": (940, 400),
    "camp": (820, 430),
}

# --- The construction district (top right) -----------------------------------------------
DISTRICT: Final = (1030, 75)       # top-left of site A1
SITE_SIZE: Final = (88, 78)

# --- The middle band: forum, ships, demands, Trajan stacks, piles -------------------------
FORUM: Final = (20, 500)           # the forum spaces, then the 3 extra action spaces
FORUM_TILE: Final = (62, 34)
SHIPS: Final = (1060, 500)
SHIP_SIZE: Final = (128, 40)
STACKS: Final = (20, 570)
STACK_SIZE: Final = (120, 56)
DEMANDS: Final = (790, 570)
PILES: Final = (1060, 560)
LEGEND: Final = (1345, 550)        # what each shape means

# --- The players' mats (bottom) ------------------------------------------------------------
MATS: Final = (20, 650)            # top-left of the first mat
MAT_SIZE: Final = (360, 535)
MAT_GAP: Final = 10
CIRCLE_CENTRE: Final = (180, 166)  # within a mat
TRAY_RING: Final = 70
TRAY_RADIUS: Final = 33
SLOT_RING: Final = (144, 126)    # an ellipse: x and y radii
SLOT_SIZE: Final = (58, 34)
# Clockwise from top-left (components.md section 12), as angles in degrees.
TRAY_ANGLE: Final[dict[Action, float]] = {
    "seaport": -120, "forum": -60, "military": 0, "senate": 60, "trajan": 120, "construction": 180,
}
MAT_ROWS: Final = (318, 22)        # y of the first text row within a mat, row height

# Short labels for tiles whose ids are long.
SHORT: Final[dict[str, str]] = {
    "wild-commodity": "wild card", "wild-demand": "wild dem", "wild-construction": "wild bld",
    "wild-extra": "wild xtra", "extra-seaport": "x seaport", "extra-forum": "x forum",
    "extra-military": "x milit", "extra-senate": "x senate", "extra-trajan": "x trajan",
    "extra-construction": "x constr", "germania_inferior": "Germania Inf.",
    "germania_superior": "Germania Sup.", "construction": "constr", "military": "milit",
    "legionnaires": "legion", "demand-bread": "bread", "demand-games": "games",
    "demand-religion": "religion", "yellow-tiles": "yellow",
}
