"""The text of an HTML mail, in one pass over it (time linear in its length).

The standard library's ``html.parser`` is not used: on an unclosed tag repeated
(``<a <a <a ...``), comment openers or ``<?`` it rescans the rest of the document at
every one, and 30 kB of them cost it minutes.  Here every ``<`` is looked at once: a
comment runs to its ``-->``, a tag to its ``>`` (quoted attribute values skipped), a
``<script>`` or ``<style>`` to its end tag; whatever has no end runs to the end of the
document, as in a browser.  Entities are decoded with :func:`html.unescape`.
"""

from __future__ import annotations

import re
from html import unescape

_BREAKS = {"br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "hr"}
_SKIP = {"script", "style", "head", "title"}
_RAW = {"script", "style"}  # their content is not markup
_NAME = re.compile(r"(/?)([A-Za-z][A-Za-z0-9:_-]*)")
# The rest of a tag up to its ">", quoted attribute values skipped (an unrolled loop: every
# character can be matched one way only, so a tag without an end fails in linear time).
_TAG_REST = re.compile(r"""[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")


class _Text:
    """The text gathered: line breaks for blocks, ``>`` for quoted (``<blockquote>``) lines."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.depth = 0  # blockquotes
        self.skip = 0

    def brk(self) -> None:
        """End the line, unless at the start of one (a block after a block is one break)."""
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")

    def tag(self, name: str, closing: bool) -> None:
        if name in _SKIP:
            self.skip = max(0, self.skip - 1) if closing else self.skip + 1
        if name == "br":
            if not closing:
                self.out.append("\n")
        elif name in _BREAKS or name == "blockquote":
            self.brk()
        if name == "blockquote":
            self.depth = max(0, self.depth - 1) if closing else self.depth + 1

    def data(self, data: str) -> None:
        if self.skip or not data:
            return
        text = re.sub(r"[ \t\r\n]+", " ", unescape(data))
        if not text.strip(" ") and (not self.out or self.out[-1].endswith("\n")):
            return  # the layout between two tags
        if self.depth and (not self.out or self.out[-1].endswith("\n")):
            text = "> " * self.depth + text.lstrip()
        self.out.append(text)


def html_text(html: str) -> str:
    """The text of an HTML mail: one line per paragraph, line break or block; quoted
    ``<blockquote>`` lines marked with ``>``."""
    found = _Text()
    lower = html.lower()
    i, n = 0, len(html)
    while i < n:
        lt = html.find("<", i)
        if lt < 0:
            found.data(html[i:])
            break
        found.data(html[i:lt])
        i = _markup(html, lower, lt, found)
    lines = [line.strip() for line in "".join(found.out).split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip("\n") + "\n"


def _markup(html: str, lower: str, lt: int, found: _Text) -> int:
    """Read the markup starting at ``lt`` (a ``<``); where the text goes on."""
    n = len(html)
    if html.startswith("<!--", lt):
        end = html.find("-->", lt + 4)
        return n if end < 0 else end + 3
    m = _NAME.match(html, lt + 1)
    if m is None:
        if html.startswith(("<!", "<?"), lt):  # a declaration or processing instruction
            end = html.find(">", lt)
            return n if end < 0 else end + 1
        found.data("<")  # a "<" that starts no markup is text
        return lt + 1
    rest = _TAG_REST.match(html, m.end())
    end = n if rest is None else rest.end()
    name, closing = m.group(2).lower(), m.group(1) == "/"
    found.tag(name, closing)
    if name in _RAW and not closing:
        close = lower.find(f"</{name}", end)
        if close < 0:
            return n
        found.tag(name, True)
        after = html.find(">", close)
        return n if after < 0 else after + 1
    return end
