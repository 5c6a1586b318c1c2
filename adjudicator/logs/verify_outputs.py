"""What ``trajan verify`` checks besides the game files: the reports and views of a log.

Every report a log holds (``kkkk-report.md``, ``kkkk-report-COLOUR.md``) is rendered
again from the step's replay and must be the same text, line by line; every view
(``kkkk-view-COLOUR.json``) is made again from the step's game file and must be the
same bytes.  A difference is a divergence naming the file and the first line (a report)
or JSON path (a view) that differs.  Logs begun in format 1 have their reports and views
left unchecked (see :mod:`adjudicator.logs.legacy`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import msgspec

from adjudicator.game.engine import Outcome
from adjudicator.logs import logfiles
from adjudicator.model.state import GameState

# (file, code, path, message) -> an exception to raise
Fail = Callable[[str, str, str, str], Exception]


def check_reports(prefix: str, k: int, before: GameState, outcome: Outcome, present: Mapping[str, bool],
                  fail: Fail) -> None:
    """The public and private reports of step ``k``, where the log holds them (``present``:
    the listing of the log's folder, see :func:`logfiles.listing`)."""
    from adjudicator.rendering.report import render_all

    public, private = render_all(outcome.events, before, outcome.state)
    _same_text(prefix, f"{k:04d}-report.md", public, present, fail)
    for colour in before.seats:
        _same_text(prefix, f"{k:04d}-report-{colour}.md", private[colour], present, fail)


def check_views(prefix: str, k: int, state: GameState, present: Mapping[str, bool], fail: Fail) -> None:
    """The players' views of step ``k``'s game file, where the log holds them."""
    from adjudicator.files import io
    from adjudicator.views.redact import view_of

    for colour in state.seats:
        name = f"{k:04d}-view-{colour}.json"
        listed = present.get(name)
        if listed is None:
            continue
        expected = io.canonical(view_of(state, colour))
        if logfiles.holds(prefix + name, expected, listed) is not False:  # the same, or gone since listed
            continue
        recorded = _read(prefix + name)
        if recorded != expected:
            _view_differs(prefix + name, recorded, expected, fail)


def _same_text(prefix: str, name: str, text: str, present: Mapping[str, bool], fail: Fail) -> None:
    """The report ``name`` (if the log holds it) must read ``text``."""
    listed = present.get(name)
    if listed is None:
        return
    if logfiles.holds(prefix + name, text.encode(), listed) is not False:  # the same, or gone since listed
        return
    _report_differs(prefix + name, _read(prefix + name), text, fail)


def _report_differs(name: str, recorded: bytes, expected: str, fail: Fail) -> None:
    if recorded == expected.encode():
        return
    got = recorded.decode("utf-8", errors="replace").split("\n")
    want = expected.split("\n")
    line = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                min(len(got), len(want)))
    shown = got[line] if line < len(got) else ""
    wanted = want[line] if line < len(want) else ""
    column = next((i for i, (a, b) in enumerate(zip(shown, wanted, strict=False)) if a != b),
                  min(len(shown), len(wanted)))
    raise fail(name, "verify.report_mismatch", f"line {line + 1}",
               f"Line {line + 1} of this report reads {_quote(shown, column)}, but the step gives "
               f"{_quote(wanted, column)}.")


def _view_differs(name: str, recorded: bytes, expected: bytes, fail: Fail) -> None:
    from adjudicator.logs.verify import first_difference

    try:
        got = msgspec.json.decode(recorded)
    except msgspec.DecodeError:
        raise fail(name, "verify.view_mismatch", "$", "This view is not valid JSON.") from None
    path = first_difference(got, msgspec.json.decode(expected))
    raise fail(name, "verify.view_mismatch", path,
               "This view differs from the view its player gets of the step's game file.")


def _read(name: str) -> bytes:
    from adjudicator.files import io

    return io.read_bytes(name)


def _quote(text: str, column: int) -> str:
    """``text`` quoted, cut to about 70 characters around ``column`` (where it differs)."""
    from adjudicator.escape import terminal

    if not text:
        return "nothing"
    start = max(0, column - 30)
    shown = ("..." if start else "") + text[start:start + 70] + ("..." if len(text) > start + 70 else "")
    return f"'{terminal(shown)}'"
