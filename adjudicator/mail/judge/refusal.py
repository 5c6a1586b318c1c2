"""A refusal in words a player can act on (issue 27): every problem of the message at once,
each with the player's own line quoted, what is wrong with it, and what to write instead
(the corrected line, or the nearest legal lines of the decision's options).  No JSON path
and no line number reaches a mail: a mail client shows neither.

Everything said here comes from the problems (computed on what the player could see),
the lines the player wrote, and the options of the player's own view.  In another language
than English (``tr``, issue 31) a problem is said with its code's meaning
(:func:`adjudicator.i18n.problems.problem_text`), beside the player's line and the lines
they may write.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.errors import Problem
from adjudicator.escape import terminal
from adjudicator.i18n import ENGLISH, Translator
from adjudicator.i18n.problems import problem_text
from adjudicator.mail.read import Sources
from adjudicator.notation.parse import quoted

# A problem of the notation starts with the line it is about, quoted: '"milatary recruit": ...'.
_QUOTED_LINE = re.compile(r'^("(?:[^"\\]|\\.)*"): (.*)$', re.DOTALL)
# Codes whose problem is about the header the judge's mail supplied, not a line of the player's.
_ENVELOPE = {"orders.stale", "orders.wrong_player", "orders.already_answered", "orders.wrong_decision",
             "judge.not_your_colour"}


@dataclass(frozen=True)
class Context:
    """What the refusal may say beside the problems: the game's decision now, whether the
    player decides it, the legal lines of their options, and (for a token of this game in
    a message naming another game) the colour the player plays here."""

    game_id: str
    decision: int | None = None
    decides: bool = False
    legal: tuple[str, ...] = ()
    colour: str | None = None


def refusal_lines(problems: Sequence[Problem], sources: Sources | None, context: Context,
                  tr: Translator = ENGLISH) -> list[str]:
    """The refusal's text: a numbered item per problem, in the order they were found."""
    items: list[list[str]] = []
    for p in problems:
        items.append(_item(p, sources, context, tr))
    out: list[str] = []
    for n, item in enumerate(items, 1):
        out += [f"{n}. {item[0]}", *(f"   {line}" for line in item[1:]), ""]
    return out


def _item(p: Problem, sources: Sources | None, context: Context, tr: Translator = ENGLISH) -> list[str]:
    """One problem: what the player wrote, what is wrong, what to write instead."""
    message = terminal(problem_text(p, tr))
    written: str | None = None
    found = _QUOTED_LINE.match(message)
    if found is not None:
        written, message = found.group(1), found.group(2)
    elif sources is not None and p.path.startswith("$"):
        line = sources.line_of(p.path)
        if line is not None and not sources.borrowed_path(p.path):
            written = quoted(line)
    said = [_sentence(p, message, context, written, tr)]
    if p.code in _ENVELOPE or p.code.startswith("mail.") or p.code.startswith("judge."):
        pass
    elif written is not None and "Write instead:" not in p.message:
        near = _nearest(written, context.legal)
        if near:
            said.append(tr.gettext("Lines you may write instead: {lines}.").format(lines="; ".join(near)))
    head = tr.gettext("You wrote: {line}").format(line=written) if written is not None else said.pop(0)
    return [head, *said, f"[{terminal(p.code)}]"]  # the stable code, to quote when asking


def _sentence(p: Problem, message: str, context: Context, written: str | None = None,
              tr: Translator = ENGLISH) -> str:
    """The problem's sentence, said for a mail where that helps."""
    _ = tr.gettext
    if p.code == "orders.stale" and context.decision is not None:
        if context.decides:
            return _("{problem} You replied to an older mail; it is your decision now: reply to the judge's "
                     "latest mail (its subject says decision {decision}), or send \"resend\" to get it "
                     "again.").format(problem=message, decision=context.decision)
        return _("{problem} You replied to an older mail; the judge mails you when you decide next.").format(
            problem=message)
    if p.code in ("notation.wrong_game", "orders.wrong_game") and context.colour is not None:
        return _("{problem} The token in your message is your token for the game {game} (where you play "
                 "{colour}), so the judge read your message for that game. For another game, reply to the "
                 "judge's latest mail of that game: its token line is that game's.").format(
                     problem=message, game=terminal(context.game_id), colour=context.colour)
    if written is None and p.path.startswith("$.") and p.code.startswith(("schema.", "input.")):
        return _("In your order file, {field}: {problem}").format(field=_field(p.path, tr), problem=message)
    return message


_PART = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def _field(path: str, tr: Translator = ENGLISH) -> str:
    """A JSON path in words, for a person: ``$.answer.steps[2].do`` -> 'the field "do" of item 3
    of "steps" of "answer"' (the path itself stays in the files for tools)."""
    _ = tr.gettext
    parts = [(True, _("item {n}").format(n=int(index) + 1)) if index else (False, f'"{terminal(name)}"')
             for name, index in _PART.findall(path[1:])]
    if not parts:
        return _("the whole file")
    *outer, (item, last) = parts
    head = last if item else _("the field {name}").format(name=last)
    return head + "".join(_(" of {part}").format(part=w) for _i, w in reversed(outer))


def _nearest(written: str, legal: Sequence[str]) -> list[str]:
    """The legal lines nearest to the player's: those of the same step first (its first two
    words), else any close one."""
    text = written.strip('"').split("#")[0].strip().lower()
    by_lower = {line.lower(): line for line in legal}
    same = [low for low in by_lower if low.split()[:2] == text.split()[:2]]
    found = difflib.get_close_matches(text, same, n=3, cutoff=0.5) if same else \
        difflib.get_close_matches(text, list(by_lower), n=3, cutoff=0.75)
    return [by_lower[low] for low in found]
