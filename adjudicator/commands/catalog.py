"""Every ``trajan`` command: the module that defines it and the panel of ``trajan --help`` it is in.

The program imports only the module of the command it runs (``trajan check`` does not
build the parsers of the mail judge); ``trajan --help``, a missing or an unknown command
name imports them all.  A new command gets a row here: ``tests/test_cli_help.py`` fails
on a command that is registered but not listed, or listed but not registered.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

# The panels of ``trajan --help``, in the order a user meets them.
PLAY = "Play a turn"
MASTER = "The game master"
MAIL = "The mail judge"
PICTURES = "Pictures"
RECORDS = "Records and tournaments"
BOTS = "Bots and benchmarks"
PANELS = (PLAY, MASTER, MAIL, PICTURES, RECORDS, BOTS)

# command name -> (module in adjudicator.commands, panel); within a panel, in this order.
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("orders", PLAY),
    "options": ("orders", PLAY),
    "convert": ("notation", PLAY),
    "compose": ("compose", PLAY),
    "new": ("game", MASTER),
    "contribution": ("fair", MASTER),
    "contribute": ("fair", MASTER),
    "start": ("fair", MASTER),
    "adjudicate": ("orders", MASTER),
    "view": ("game", MASTER),
    "log": ("log", MASTER),
    "mail": ("mail", MAIL),
    "mail-out": ("mail", MAIL),
    "show": ("game", PICTURES),
    "replay": ("pictures", PICTURES),
    "verify": ("logs", RECORDS),
    "pack": ("records", RECORDS),
    "unpack": ("records", RECORDS),
    "standings": ("records", RECORDS),
    "seat": ("league", RECORDS),
    "bot": ("orders", BOTS),
    "selfplay": ("logs", BOTS),
    "arena": ("arena", BOTS),
    "arena-merge": ("arena", BOTS),
    "bench": ("logs", BOTS),
}

MODULES = tuple(dict.fromkeys(module for module, _ in COMMANDS.values()))


def panel_of(name: str) -> str:
    """The help panel of a command (a command not yet listed: the last panel)."""
    return COMMANDS.get(name, ("", PANELS[-1]))[1]


def load(argv: Sequence[str]) -> None:
    """Import the module of the command ``argv`` names, or every command module."""
    name = next((a for a in argv if not a.startswith("-")), None)
    if name in COMMANDS:
        _import(COMMANDS[name][0])
    else:
        load_all()


def load_all() -> None:
    """Import every command module (each registers its commands on the one app)."""
    for module in MODULES:
        _import(module)


def _import(module: str) -> None:
    importlib.import_module(f"adjudicator.commands.{module}")
