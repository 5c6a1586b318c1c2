"""The text of a player's mail, section by section, from that player's view alone.

Everything here is computed from the player's view (:mod:`adjudicator.views.view`) and
their private report: the state is ``trajan show`` of the view, the options those of
the view's stand-in (``trajan options VIEW``), the warnings those ``trajan check`` gives
(:mod:`adjudicator.game.hints`).  Nothing another player may not see can reach it.

Prose is wrapped at 72 columns; a line of the notation is never broken (it must paste
as it is) unless it is longer than 78 characters, which :mod:`.compose` then sends as
a soft (``format=flowed``) break that mail clients join again.
"""

from __future__ import annotations

import re
import textwrap

from adjudicator.escape import terminal
from adjudicator.game.hints import hints
from adjudicator.game.options import ContinueOptions, NoDecision, OptionsFile, TurnOptions
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.problems import problem_text
from adjudicator.model.orders import ContinueTurnAnswer, OrderFile, PlayTurn
from adjudicator.model.vocab import PlayerColour
from adjudicator.notation.text import header_lines
from adjudicator.rendering.options_text import render_options
from adjudicator.rendering.show import render_show
from adjudicator.views.standin import as_state, options_any
from adjudicator.views.view import GameView

WIDTH = 72  # prose
MOST = 78  # no line longer, ever
_HASH = re.compile(r"\b[0-9a-f]{64}\b")
_PREFIX = re.compile(r"^(\s*(?:[-*]|\d+\.|#)?\s*)")
# The sentences before the notation lines of ``trajan options`` (prose, wrapped): they
# start with a colour and a colon, in any language (French puts a space before it).
_PROSE = re.compile(r"^(Game |[a-z]+ ?: )")


def before_sending(tr: Translator = ENGLISH) -> str:
    """What ``trajan check`` warns about, said once in every mail that asks for a turn."""
    return tr.gettext(
        "Before you send: the judge accepts a turn that leaves something open, but it is lost. "
        "A first construction tile of a type gives a bonus action at once (put its step right "
        "after the build); an accomplished Trajan tile's special action follows the sowing "
        "('trajan special'); an extra action tile repeats an action ('extra ACTION' after it). "
        "A step that needs cards you draw in this order (seaport draw, a Trajan tile that "
        "draws) must wait: end the order after the draw; the turn pauses, and your next mail "
        "shows the cards and the steps left.")


def wrap(text: str, width: int = WIDTH) -> list[str]:
    """``text`` wrapped line by line; a list item or comment keeps its indent."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.rstrip()
        if len(line) <= width or (len(line) <= MOST and _HASH.search(line)):  # a witness stays whole
            out.append(line)
            continue
        prefix = _PREFIX.match(line)
        lead = prefix.group(1) if prefix else ""
        marker = lead.strip()
        indent = lead if marker.startswith("#") else " " * (len(lead) + (4 if lead and not marker else 0))
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def title(text: str) -> str:
    """A section's title line: ``== What happened ==``."""
    return f"== {text} =="


def news_section(private_report: str, tr: Translator = ENGLISH) -> list[str]:
    """What happened (the private report of the decision: Markdown, readable as text)."""
    return [title(tr.gettext("What happened")), "", *wrap(private_report.rstrip("\n"))]


def state_section(view: GameView, tr: Translator = ENGLISH) -> list[str]:
    """The game as the player sees it (``trajan show`` of their view)."""
    return [title(tr.gettext("The game as you see it")), "", *wrap(render_show(view, tr).rstrip("\n"))]


def player_options(view: GameView) -> OptionsFile | None:
    """The viewer's options, or None if they have nothing to decide."""
    assert view.viewer is not None
    found = options_any(view, view.viewer)
    return None if isinstance(found.options[0], NoDecision) else found


def decide_section(view: GameView, found: OptionsFile, tr: Translator = ENGLISH) -> list[str]:
    """What the player must decide: every legal answer or step, ready to copy, and the hints."""
    lines = [title(tr.gettext("What you decide now")), ""]
    for line in render_options(found, tr).rstrip("\n").split("\n")[2:]:  # the title is the subject's
        lines += option_line(line)
    option = found.options[0]
    if isinstance(option, (TurnOptions, ContinueOptions)):
        said = [line for hint in _turn_hints(view, option, tr) for line in wrap(hint)]
        lines += ["", *said, *([""] if said else []), *wrap(before_sending(tr))]
    return lines


def option_line(line: str) -> list[str]:
    """One line of ``trajan options`` for a mail: a comment goes on its own line(s) above."""
    if _PROSE.match(line):
        return wrap(line)
    step, sep, note = line.partition("  # ")
    if not sep:
        return wrap(line) if line.lstrip().startswith("#") else [line]
    indent = step[:len(step) - len(step.lstrip())]
    return [*wrap(f"{indent}# {note}"), step]


def _turn_hints(view: GameView, option: TurnOptions | ContinueOptions, tr: Translator) -> list[str]:
    """The warnings ``trajan check`` would give on the simplest orders of this decision."""
    state, colour = as_state(view), option.player
    if isinstance(option, ContinueOptions):
        if not option.may_end:
            return []
        found = hints(state, _order(view, colour, ContinueTurnAnswer(steps=())))
        said = [f"- {problem_text(w, tr)} [{w.code}]" for w in found]
        return [tr.gettext("If you end the turn now ('end turn'):"), *said] if said else []
    out = []
    after = tr.gettext("- After 'sow {tray}': {hint} [{code}]")
    for t in option.trays:
        found = [w for w in hints(state, _order(view, colour, PlayTurn(steps=(t.sow,))))
                 if w.code != "hint.action_not_taken"]
        out += [after.format(tray=t.tray, hint=problem_text(w, tr), code=w.code) for w in found]
    return [tr.gettext("Hints:"), *out] if out else []


def _order(view: GameView, colour: PlayerColour, answer: PlayTurn) -> OrderFile:
    return OrderFile(game_id=view.game_id, decision=view.decision, player=colour, answer=answer)


def template_section(view: GameView, colour: PlayerColour, tr: Translator = ENGLISH) -> list[str]:
    """The reply template: the header filled in, a place for the lines."""
    head = header_lines(view.game_id, view.decision, colour)[0]
    if len(head) > MOST:  # the notation reads a game id by its first characters
        head = header_lines(view.game_id[:16], view.decision, colour)[0]
    return [
        title(tr.gettext("Your reply")), "",
        *wrap(tr.gettext("Reply to this mail with your order between these two lines (copy the lines you "
                         "choose from above; lines starting with # are comments):")),
        "", "BEGIN ORDERS", head, "# " + tr.gettext("your lines here"), "END ORDERS",
    ]


def waiting_line(view: GameView, tr: Translator = ENGLISH) -> list[str]:
    from adjudicator.game.engine import deciders

    who = deciders(view.pending)
    if not who:
        return [tr.gettext("The game is over; thank you for playing.")]
    return wrap(tr.gettext("You have nothing to decide now: waiting for {players}. This mail brings the news "
                           "and the game as you see it.").format(players=", ".join(who)))


def greeting(name: str, colour: PlayerColour, tr: Translator = ENGLISH) -> list[str]:
    if name == colour:
        return [tr.gettext("Hello {colour},").format(colour=colour), ""]
    return [tr.gettext("Hello {name} ({colour}),").format(name=terminal(name), colour=colour), ""]


def glossary_section(lines: list[str], tr: Translator) -> list[str]:
    """The words of the notation and data the mail shows, explained in the player's language
    (none in English): ``sow = verteilen; seaport = Hafen; ...``."""
    if tr.language == "en":  # the words are the text's own: the terms table is not read
        return []
    from adjudicator.i18n.terms import glossary

    found = glossary(lines, tr.language)
    if not found:
        return []
    words = "; ".join(f"{word} = {term}" for word, term in found)
    return ["", title(tr.gettext("The words of the orders")), "",
            *wrap(tr.gettext("Orders are written in the notation's English words; here they mean:")), "",
            *wrap(words)]
