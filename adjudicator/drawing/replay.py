"""``trajan replay``: a game log as one self-contained HTML page, as the public sees it.

Every frame is drawn from a view (:func:`adjudicator.views.redact.view_of` of the game
file: the public view, or with ``player`` that player's own), so no hand but the
player's own, no face-down pile and no seed before the end can reach the page.  Beside
each board stands the report of the decision that led to it (the public report, or the
player's own), formatted from blocks of text (:mod:`.replay_report`) whose words are put
into the page as text (``textContent``), never as markup: player text is hostile.  One
number names each moment, the decision the board follows: in the frame's title, in the
board's caption and over the report; the pieces changed since the previous board are
outlined (:mod:`.replay_changes`).

The page needs no network: the boards are stored once per distinct part (the board, each
mat ...), gzip-compressed and base64-encoded in a ``<script type="application/json">``
and unpacked by the browser's ``DecompressionStream``; a Content-Security-Policy forbids
every fetch and lets only the page's own script run (by its hash).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Any

from adjudicator.drawing import board_parts
from adjudicator.drawing.chart import score_chart
from adjudicator.drawing.log_steps import LogStep
from adjudicator.drawing.replay_changes import CHANGED_CSS, changed_parts
from adjudicator.drawing.replay_report import report_blocks
from adjudicator.game.engine import deciders
from adjudicator.model.state import GameState, kind_of
from adjudicator.model.vocab import PlayerColour
from adjudicator.views.redact import view_for


def csp(script: str) -> str:
    """The page's Content-Security-Policy: nothing is fetched, and the one script that
    runs is the page's own (by its hash; no inline handler could run)."""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; "
            "img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'")


def replay_data(steps: Sequence[LogStep], player: PlayerColour | None = None) -> dict[str, Any]:
    """What the page shows, frame by frame: distinct SVG parts, each frame's part numbers,
    the decision it follows (one number per moment: in the title, the board's caption and
    the report pane), the report as blocks of text, the pieces changed since the previous
    board, and every player's score per frame."""
    parts: list[str] = []
    index: dict[str, int] = {}
    frames: list[dict[str, Any]] = []
    scores: dict[str, list[int]] = {c: [] for c in steps[0].game.seats} if steps else {}
    previous: list[str] = []
    for k, step in enumerate(steps):
        view = view_for(step.game, player)
        decision, title = moment(steps[k - 1].game if k else None, step.game)
        drawn = board_parts(view)
        drawn[1] = _caption(drawn[1], view.decision, decision)
        numbers = []
        for part in drawn:
            if part not in index:
                index[part] = len(parts)
                parts.append(part)
            numbers.append(index[part])
        report = step.private.get(player, step.report) if player else step.report
        frames.append({"parts": numbers, "decision": decision, "title": title,
                       "report": report_blocks(report) if report is not None else
                       [{"p": [["t", "The game as set up: no decision yet."]]}],
                       "changed": changed_parts(drawn, previous) if previous else []})
        previous = drawn
        for p in view.players:
            scores.setdefault(p.colour, []).append(p.vp)
    game_id = steps[0].game.game_id if steps else ""
    return {"game_id": game_id, "viewer": player, "parts": parts, "frames": frames, "scores": scores}


def moment(before: GameState | None, after: GameState) -> tuple[int, str]:
    """The decision a board follows (0: the game as set up) and the frame's title: the
    decision, who answered it and what it was."""
    if before is None:
        return 0, "The game as set up"
    now = set(deciders(after.pending))
    who = [c for c in deciders(before.pending) if c not in now] or list(deciders(before.pending))
    return before.decision, f"Decision {before.decision}: {', '.join(who)} ({kind_of(before.pending)})"


_PENDING = re.compile(r"· decision (\d+): ")


def _caption(header: str, pending: int, decision: int) -> str:
    """The board's header with the moment's number: "after decision 36 · next: turn: green"
    (the number of the decision now pending is the next frame's)."""
    said = "as set up" if decision == 0 else f"after decision {decision}"
    if f"decision {pending}: " not in header:
        return header
    return _PENDING.sub(f"· {said} · next: ", header, count=1)


def pack(data: dict[str, Any]) -> str:
    """The page's payload: JSON, gzip (no timestamp, so the page is byte-stable), base64."""
    raw = json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode()
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpack(page: str) -> dict[str, Any]:
    """The payload of a page written by :func:`replay_html` (for tests and tools)."""
    start = page.index('<script id="replay-data" type="application/json">') + 49
    payload = page[start:page.index("</script>", start)].strip()
    result: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(payload)))
    return result


def replay_html(steps: Sequence[LogStep], player: PlayerColour | None = None) -> str:
    """The whole replay page (one self-contained HTML document)."""
    data = replay_data(steps, player)
    who = f"as {player} saw it" if player else "as the public saw it"
    title = html.escape(f"Trajan {data['game_id']}: replay {who}")
    asset = resources.files("adjudicator.drawing")
    script = asset.joinpath("replay.js").read_text(encoding="utf-8")
    fill = {
        "CSP": csp(f"\n{script}\n"), "TITLE": title, "LAST": str(max(0, len(data["frames"]) - 1)),
        "CHART": score_chart(data["scores"]), "DATA": pack(data),
        "STYLE": asset.joinpath("replay.css").read_text(encoding="utf-8") + CHANGED_CSS + "\n",
        "SCRIPT": script,
    }
    template = asset.joinpath("replay.html").read_text(encoding="utf-8")
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: fill[m.group(1)], template)
