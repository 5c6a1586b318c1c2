"""A report for the replay page's pane (issue 27): its Markdown as blocks of text, which the
page builds into elements with ``textContent`` (never as markup: a report holds player
text, which is hostile).

A block is ``{"h": level, "t": runs}`` (a heading), ``{"ul": [runs, ...]}`` or
``{"ol": [runs, ...]}`` (a list) or ``{"p": runs}`` (a paragraph); runs are ``[kind, text]``
pairs, ``kind`` one of ``"t"`` (text), ``"b"`` (bold) and ``"c"`` (code).  The report's own
title line is left out: the pane's title names the moment.
"""

from __future__ import annotations

import re
from typing import Any

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")
_RUN = re.compile(r"(\*\*.+?\*\*|`[^`]*`)")
_UNESCAPE = re.compile(r"\\([\\`*_\[\]<>#|~&+\-=.)!])")

Block = dict[str, Any]


def runs(text: str) -> list[list[str]]:
    """The runs of one line: bold, code and plain text, Markdown's escapes undone."""
    out: list[list[str]] = []
    for piece in _RUN.split(text):
        if not piece:
            continue
        if piece.startswith("**") and piece.endswith("**") and len(piece) > 4:
            out.append(["b", _UNESCAPE.sub(r"\1", piece[2:-2])])
        elif piece.startswith("`") and piece.endswith("`") and len(piece) > 1:
            out.append(["c", piece[1:-1]])
        else:
            out.append(["t", _UNESCAPE.sub(r"\1", piece)])
    return out


def report_blocks(report: str) -> list[Block]:
    """The report's blocks, its title line (``# Trajan GAME: decision N``) left out."""
    blocks: list[Block] = []
    lines = report.rstrip("\n").split("\n")
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    for line in lines:
        heading, bullet, numbered = _HEADING.match(line), _BULLET.match(line), _NUMBERED.match(line)
        if not line.strip():
            blocks.append({})  # ends a list or a paragraph
        elif heading is not None:
            blocks.append({"h": len(heading.group(1)), "t": runs(heading.group(2))})
        elif bullet is not None or numbered is not None:
            kind = "ul" if bullet is not None else "ol"
            item = runs((bullet or numbered).group(1))  # type: ignore[union-attr]
            if blocks and kind in blocks[-1]:
                blocks[-1][kind].append(item)
            else:
                blocks.append({kind: [item]})
        elif blocks and "p" in blocks[-1]:
            blocks[-1]["p"] += [["t", " "], *runs(line.strip())]
        else:
            blocks.append({"p": runs(line.strip())})
    return [b for b in blocks if b]
