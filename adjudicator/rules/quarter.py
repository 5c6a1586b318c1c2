"""End of a quarter year (seed 000, "End of a Quarter Year") and of the game."""

from __future__ import annotations

from adjudicator.errors import Problem
from adjudicator.model.orders import ChooseBonusAnswer, MeetDemandsAnswer
from adjudicator.model.state import GameState
from adjudicator.model.vocab import PlayerColour
from adjudicator.rules.ops import Changes


def end_quarter(ch: Changes, following: PlayerColour) -> None:
    raise NotImplementedError("quarter end: issue 4")


def check_demands(state: GameState, colour: PlayerColour, answer: MeetDemandsAnswer, path: str) -> list[Problem]:
    raise NotImplementedError


def apply_demands(state: GameState, colour: PlayerColour, answer: MeetDemandsAnswer) -> Changes:
    raise NotImplementedError


def check_bonus(state: GameState, colour: PlayerColour, answer: ChooseBonusAnswer, path: str) -> list[Problem]:
    raise NotImplementedError


def apply_bonus(state: GameState, colour: PlayerColour, answer: ChooseBonusAnswer) -> Changes:
    raise NotImplementedError
