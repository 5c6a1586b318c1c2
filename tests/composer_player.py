"""A player who uses only the order composer page (issue 29): clicks and keys on the
controls it can see, reads the texts it can see, never the page's script or data.

Two ways to play:

* :meth:`PagePlayer.random_order`: at every point a random visible choice, or, where the
  order is complete (the copy button is enabled), now and then sending it as it is;
* :meth:`PagePlayer.build`: build a given order (a bot's, or one of the answers
  ``trajan options`` lists) by clicking, for each part, the button whose visible text
  says it: a step by its notation line (shown under its words), a tray by ``sow TRAY``, a
  marker by its colour's name.  With ``keyboard``, every button is reached with Tab
  and pressed with Enter.

Each returns the order text as the page shows it and the clicks (or key presses) spent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from adjudicator.model.orders import (
    ChooseBonusAnswer,
    ChooseTrajanTiles,
    MeetDemandsAnswer,
    OrderFile,
    PlaceMarkers,
    PlayTurn,
    Step,
    TakeCards,
)
from adjudicator.model.vocab import ACTIONS, MARKER_COLOURS
from adjudicator.notation.text import step_text

LETTER = {"yellow": "Y", "orange": "O", "green": "G", "white": "W", "pink": "P", "blue": "B"}
# The kind of step a long list is sorted by first (the page's sub-headings).
SUBGROUP = {"seaport_draw": "Draw 2 cards", "seaport_take": "Take from a discard pile",
            "seaport_display": "Put cards on display", "discard": "Discard a card",
            "military_recruit": "Recruit", "military_move": "Move your leader",
            "military_deploy": "Deploy a legionnaire", "trajan": "Take a Trajan tile",
            "senate": "Advance in the senate", "construction_hire": "Hire",
            "construction_build": "Build on a site", "trajan_special": "Special action", "extra": "Extra action"}
SOURCE = {"deck": "the top card of the face-down pile", "discard1": "from discard pile 1",
          "discard2": "from discard pile 2"}
USE = {"forum": "forum tile", "wild": "demand wild card", "trajan": "Trajan", "unmet": "unmet"}


class PageError(AssertionError):
    """The page does not offer what the order needs (or offers nothing where it must)."""


@dataclass
class Played:
    text: str
    clicks: int
    keys: int = 0
    sowing: list[str] = field(default_factory=list)  # the page's lines about where markers landed


class PagePlayer:
    def __init__(self, page: Any, keyboard: bool = False) -> None:
        self.page = page
        self.keyboard = keyboard
        self.clicks = 0
        self.keys = 0

    # --- What the player sees ---------------------------------------------------------------

    def buttons(self) -> list[tuple[str, str]]:
        """Each visible choice: its words, and the notation line shown under them (or "")."""
        out = []
        for text in self.page.locator("#choices button").all_inner_texts():
            label, _, note = text.strip().partition("\n")
            out.append((" ".join(label.split()), " ".join(note.split())))
        return out

    def choices(self) -> list[str]:
        return [label for label, _ in self.buttons()]

    def complete(self) -> bool:
        return bool(self.page.locator("#copy").is_enabled())

    def order_text(self) -> str:
        return str(self.page.locator("#order").inner_text())

    def done(self) -> list[str]:
        return [" ".join(t.split()) for t in self.page.locator("#done li").all_inner_texts()]

    # --- Acting -----------------------------------------------------------------------------

    def press(self, index: int) -> None:
        button = self.page.locator("#choices button").nth(index)
        if not self.keyboard:
            button.click()
            self.clicks += 1
            return
        label = " ".join(button.inner_text().split())
        for _ in range(400):  # Tab until the button has the focus, then Enter
            focused = self.page.evaluate("document.activeElement ? document.activeElement.innerText : ''")
            if " ".join(str(focused).split()) == label:
                break
            self.page.keyboard.press("Tab")
            self.keys += 1
        else:
            raise PageError(f"Tab never reached {label!r}")
        self.page.keyboard.press("Enter")
        self.keys += 1
        self.clicks += 1

    def undo(self) -> None:
        self.page.locator("#undo").click()

    def press_where(self, wanted: str, *, note: str | None = None, starts: str | None = None,
                    contains: str | None = None) -> None:
        """Press the one visible choice that fits: its notation line is ``note``, or its text
        starts with ``starts``, or contains ``contains``."""
        shown = self.buttons()
        labels = [label for label, _ in shown]
        fits = []
        for i, (label, line) in enumerate(shown):
            if note is not None:
                if line == note:
                    fits.append(i)
            elif starts is not None and label.startswith(starts):
                fits.append(i)
            elif contains is not None and contains in label:
                fits.append(i)
        if len(fits) != 1:
            raise PageError(f"{wanted}: {len(fits)} choices fit among {labels}")
        self.press(fits[0])

    # --- Playing ------------------------------------------------------------------------------

    def random_order(self, rng: random.Random, send_chance: float = 0.3) -> Played:
        """Random visible choices until the order is complete and the player sends it."""
        for _ in range(200):
            labels = self.choices()
            complete = self.complete()
            if not labels:
                if not complete:
                    raise PageError("no choice offered and the order is not complete")
                break
            if complete and rng.random() < send_chance:
                break
            self.press(rng.randrange(len(labels)))
        else:
            raise PageError("the order never ended")
        return Played(self.order_text(), self.clicks, self.keys, self.done())

    def build(self, orders: OrderFile) -> Played:
        """Build ``orders``'s answer on the page."""
        answer = orders.answer
        if isinstance(answer, PlayTurn):
            self._turn(answer.steps, fresh=answer.steps[:1] != () and type(answer.steps[0]).__name__ == "Sow")
        elif isinstance(answer, PlaceMarkers):
            for tray in ACTIONS:
                pair = sorted(getattr(answer.trays, tray), key=MARKER_COLOURS.index)
                if tray != ACTIONS[-1]:
                    self.press_where(f"tray {tray}", starts=" + ".join(f"{c} ({LETTER[c]})" for c in pair))
        elif isinstance(answer, TakeCards):
            for source in answer.take:
                self.press_where(source, contains=SOURCE[source])
        elif isinstance(answer, ChooseTrajanTiles):
            for stack in (answer.slots.II, answer.slots.IV, answer.slots.VI):
                self.press_where(stack, starts=f"{stack}: ")
        elif isinstance(answer, MeetDemandsAnswer):
            for use in answer.use:
                self.press_where(use, contains=USE[use])
        else:
            assert isinstance(answer, ChooseBonusAnswer)
            self.press_where(answer.tile, starts=f"{answer.tile} ")
        if not self.complete():
            raise PageError(f"the page does not take {answer} as complete")
        return Played(self.order_text(), self.clicks, self.keys, self.done())

    def _turn(self, steps: tuple[Step, ...], fresh: bool) -> None:
        rest = list(steps)
        if fresh:
            sow = rest.pop(0)
            self.press_where("tray", note=f"sow {sow.tray}")  # type: ignore[attr-defined]
            for colour in sow.markers:  # type: ignore[attr-defined]
                if not self.page.locator("#question").inner_text().startswith("Marker"):
                    break  # the rest went in by themselves (one colour left)
                self.press_where(colour, starts=f"{colour} ({LETTER[colour]})")
        for step in rest:
            line = step_text(step)
            if line not in [note for _, note in self.buttons()]:  # listed by kind first
                tag = type(step).__struct_config__.tag
                kind = f"Ship on the {step.ship} ship" if tag == "seaport_ship" else SUBGROUP.get(tag)  # type: ignore[attr-defined]
                if tag == "forum":
                    kind = "Take an extra action tile" if step.extra_action else "Take a forum tile"  # type: ignore[attr-defined]
                self.press_where(f"{line} (kind)", starts=f"{kind} (")
            self.press_where(line, note=line)
