"""The text of a player's mail, section by section, from that player's view alone.

A mail says first what the player must decide (and by when, and who else the game waits
for), then the reply template, then the news since their last mail, and the full state
last (issue 27).

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
from collections.abc import Callable, Sequence
from email.message import EmailMessage

from adjudicator.components import DrawCards, components
from adjudicator.escape import terminal
from adjudicator.game.hints import hints
from adjudicator.game.options import ContinueOptions, NoDecision, OptionsFile, TurnOptions
from adjudicator.i18n import ENGLISH, N_, Translator
from adjudicator.i18n.problems import problem_text
from adjudicator.mail.outgoing.news import news_lines
from adjudicator.model.orders import (
    ConstructionBuild,
    ContinueTurnAnswer,
    Extra,
    OrderFile,
    PlayTurn,
    SeaportDraw,
)
from adjudicator.model.state import kind_of
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



def before_sending(option: TurnOptions | ContinueOptions, tr: Translator = ENGLISH) -> str:
    """What ``trajan check`` warns about, said in a mail that asks for a turn: only the
    cases this decision's legal steps can meet (none: nothing is said)."""
    _ = tr.gettext
    met = _cases(option)
    said = [_(text) for case, text in _BEFORE_SENDING if case in met]
    if not said:
        return ""
    intro = _("Before you send: the judge accepts a turn that leaves something open, but it is lost.")
    return " ".join([intro, *said])


# The cases of :func:`before_sending`, in the order said.
_BEFORE_SENDING = (
    ("build", N_("A first construction tile of a type gives a bonus action at once (put its step right "
                 "after the build: stairs a forum, window a senate, fountain a seaport, mosaic a trajan, "
                 "door a military action).")),
    ("special", N_("An accomplished Trajan tile's special action follows the sowing ('trajan special').")),
    ("extra", N_("An extra action tile repeats an action ('extra ACTION' after it).")),
    ("draw", N_("A step that needs cards you draw in this order (seaport draw, a Trajan tile that draws) "
                "must wait: end the order after the draw; the turn pauses, and your next mail shows the "
                "cards and the steps left.")),
)


def _cases(option: TurnOptions | ContinueOptions) -> set[str]:
    """Which cases of :func:`before_sending` the decision's legal steps can meet: a build, an
    accomplishable Trajan tile (one that draws, too), an extra action tile, a draw."""
    if isinstance(option, ContinueOptions):
        steps = list(option.steps)
        found = {"extra"} if any(isinstance(s, Extra) for s in steps) else set()
    else:
        steps = [s for t in option.trays for s in t.actions]
        found = {"extra"} if option.extra_tiles else set()
        for t in option.trays:
            if t.accomplishable and t.trajan_tile is not None:
                found.add("special")
                if isinstance(components().trajan_tile[t.trajan_tile].effect, DrawCards):
                    found.add("draw")
    found |= {"build"} if any(isinstance(s, ConstructionBuild) for s in steps) else set()
    found |= {"draw"} if any(isinstance(s, SeaportDraw) for s in steps) else set()
    return found


# What each decision asks, for the first line of the mail and its subject (translated where shown).
ASKS = {"setup_markers": N_("place your action markers"), "setup_cards": N_("take your starting cards"),
        "setup_trajan": N_("choose your starting Trajan tiles"), "turn": N_("your turn"),
        "turn_continue": N_("continue your turn"), "demands": N_("meet the people's demands"),
        "consul": N_("choose a bonus tile")}
# What the game waits for, said of the other players.
WAITS = {"setup_markers": N_("the action markers"), "setup_cards": N_("the starting cards"),
         "setup_trajan": N_("the starting Trajan tiles"), "turn": N_("a turn"),
         "turn_continue": N_("the rest of a turn"), "demands": N_("the people's demands"),
         "consul": N_("the consul's bonus tile")}
# What each decision asks, short, for a subject that fits one line.
SUBJECTS = {"setup_markers": N_("your markers"), "setup_cards": N_("your cards"),
            "setup_trajan": N_("your Trajan tiles"), "turn": N_("your turn"), "turn_continue": N_("your "
            "turn goes on"),
            "demands": N_("the demands"), "consul": N_("your bonus tile")}


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


def news_section(reports: Sequence[str], tr: Translator = ENGLISH) -> list[str]:
    """What happened since the player's last mail: each decision's private report, as plain
    text (:mod:`.news`)."""
    lines = news_lines(reports, tr)
    if not lines:
        return []
    return [title(tr.gettext("What happened since your last mail")), "",
            *(w for line in lines for w in wrap(line))]


def opening(view: GameView, decides: bool, deadline: str | None, tr: Translator = ENGLISH) -> list[str]:
    """What the mail is about: the decision asked (with its deadline), or whom the game
    waits for."""
    from adjudicator.game.engine import deciders

    _ = tr.gettext
    who = deciders(view.pending)
    others = [c for c in who if c != view.viewer]
    kind = kind_of(view.pending)
    if not who:
        return [_("The game is over; thank you for playing. The final state is below.")]
    if not decides:
        waits = _(WAITS[kind]) if kind in WAITS else kind
        return wrap(_("You have nothing to decide now: the game waits for {players} ({what}, decision "
                      "{decision}).").format(players=_names(who, tr), what=waits, decision=view.decision))
    what = _(ASKS[kind]) if kind in ASKS else kind
    lines = [_("Decision {decision}: {what}.").format(decision=view.decision, what=what)]
    if deadline:
        lines.append(_("Deadline: {deadline}; after it, a bot answers for you.").format(deadline=deadline))
    lines.append(_("The game waits also for {players}.").format(players=_names(others, tr)) if others
                 else _("The game waits for you only."))
    return [out for line in lines for out in wrap(line)]


def _names(colours: Sequence[str], tr: Translator = ENGLISH) -> str:
    if len(colours) == 1:
        return colours[0]
    return tr.gettext("{players} and {last}").format(players=", ".join(colours[:-1]), last=colours[-1])


def state_section(view: GameView, tr: Translator = ENGLISH) -> list[str]:
    """The game as the player sees it (``trajan show`` of their view)."""
    return [title(tr.gettext("The game as you see it")), "", *wrap(render_show(view, tr).rstrip("\n"))]


def player_options(view: GameView) -> OptionsFile | None:
    """The viewer's options, or None if they have nothing to decide."""
    assert view.viewer is not None
    found = options_any(view, view.viewer)
    return None if isinstance(found.options[0], NoDecision) else found


def decide_section(view: GameView, found: OptionsFile, tr: Translator = ENGLISH,
                   page: bool = False) -> list[str]:
    """What the player must decide: every legal answer or step, ready to copy, and the hints
    (``page``: the order composer page is attached, and the mail says so first)."""
    lines = [title(tr.gettext("What you decide now")), ""]
    if page:
        from adjudicator.compose.attach import order_page_name

        offer = tr.gettext("The attached page {page} offers these choices to click in a web browser, "
                           "and writes the order for you to send.")
        lines += [*wrap(offer.format(page=order_page_name(view))), ""]
    shown = render_options(found, grouped=True, view=view, tr=tr)
    for line in shown.rstrip("\n").split("\n")[2:]:  # no title
        lines += option_line(line)
    option = found.options[0]
    if isinstance(option, (TurnOptions, ContinueOptions)):
        said = [line for hint in _turn_hints(view, option, tr) for line in wrap(hint)]
        warn = before_sending(option, tr)
        lines += ["", *said, *([""] if said and warn else []), *(wrap(warn) if warn else [])]
    return lines


def option_line(line: str) -> list[str]:
    """One line of ``trajan options`` for a mail: a comment goes on its own line(s) above."""
    if _PROSE.match(line):
        return wrap(line)
    if line.lstrip().startswith("#"):
        return comment(line)
    step, sep, note = line.partition("  # ")
    if not sep:
        return [line]
    indent = step[:len(step) - len(step.lstrip())]
    return [*comment(f"{indent}# {note}"), step]


def comment(line: str) -> list[str]:
    """A ``#`` comment line wrapped at 72 columns, each piece a comment at the same indent."""
    lead = re.match(r"^(\s*#\s*)", line)
    prefix = lead.group(1) if lead else "# "
    pieces = textwrap.wrap(line[len(prefix):], max(20, WIDTH - len(prefix)), break_long_words=False,
                           break_on_hyphens=False) or [""]
    hang = prefix if prefix.rstrip().endswith("#   ") or prefix.endswith("#   ") else prefix + "  "
    return [prefix + pieces[0], *(hang + p for p in pieces[1:])]


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


def template_section(view: GameView, colour: PlayerColour, token: str | None = None,
                     tr: Translator = ENGLISH) -> list[str]:
    """The reply template: the header filled in (and the player's token, from the judge)."""
    head = header_lines(view.game_id, view.decision, colour)[0]
    if len(head) > MOST:  # the notation reads a game id by its first characters
        head = header_lines(view.game_id[:16], view.decision, colour)[0]
    if token:
        where = tr.gettext("Reply to this mail with your lines at the top (copied from above; lines starting "
                           "with # are comments), and keep this mail quoted below them: its header and token "
                           "lines are read from there. Or write your lines between these two lines:")
    else:
        where = tr.gettext("Reply to this mail with your lines at the top (copied from above; lines starting "
                           "with # are comments), and keep this mail quoted below them: its header line is "
                           "read from there. Or write your lines between these two lines:")
    return [title(tr.gettext("Your reply")), "", *wrap(where), "", "BEGIN ORDERS", head,
            *([f"token {token}"] if token else []), "END ORDERS"]


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


def edit_body(message: EmailMessage, edit: Callable[[list[str]], None]) -> None:
    """Change the lines of ``message``'s plain text in place (its format=flowed kept)."""
    body = message.get_body(preferencelist=("plain",))
    assert isinstance(body, EmailMessage)
    text = str(body.get_content()).split("\n")
    edit(text)
    params = dict(body.get_params() or [])
    body.set_content("\n".join(text).rstrip("\n") + "\n", subtype="plain", charset="utf-8",
                     cte="quoted-printable")
    if params.get("format") == "flowed":
        body.set_param("format", "flowed")
