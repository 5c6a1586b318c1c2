"""A game folder for the mail judge, and players who answer its mails (for the tests).

A player reads the judge's latest mail to them, takes their view from its attachment,
lets a bot choose (from that view alone, as a person would from the mail), and replies
the way a mail client does: ``Re:`` subject, the orders in the text notation between
``BEGIN ORDERS`` and ``END ORDERS`` with the token line copied from the mail's template,
and the judge's mail quoted below.
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import msgspec

from adjudicator.files import io
from adjudicator.game.newgame import new_game
from adjudicator.logs.selfplay import absent_orders
from adjudicator.mail.judge.tokens import token_for
from adjudicator.model.vocab import PlayerColour
from adjudicator.notation.text import order_text

JUDGE = "judge@example.org"
SECRET = b"a test secret of the game master, 32+ bytes"
ADDRESSES = {"red": "rhea@example.org", "green": "gaius@example.org"}


def make_gamedir(folder: Path, seed: str, inbox: str, outbox: str, deadlines: str = "") -> str:
    """A game folder for a 2-player test game; returns the game id."""
    state = new_game(("red", "green"), seed, method="test")
    (folder / "log").mkdir(parents=True)
    (folder / "log" / "0000-game.json").write_bytes(io.encode_state(state))
    (folder / "secret").write_bytes(SECRET)
    (folder / "roster.toml").write_text(
        f'game = "{state.game_id}"\n' + "".join(
            f'[players.{c}]\nname = "{c.title()} Player"\naddress = "{a}"\n' for c, a in ADDRESSES.items()))
    (folder / "judge.toml").write_text(f'address = "{JUDGE}"\nsecret_file = "secret"\n'
                                       f"[inbox]\n{inbox}\n[outbox]\n{outbox}\n{deadlines}")
    return state.game_id


def token(game_id: str, colour: str) -> str:
    return token_for(SECRET, game_id, colour)


def needs_answer(mail: EmailMessage) -> bool:
    return str(mail["Subject"]).endswith("your answer is needed")


def step_of(mail: EmailMessage) -> int:
    found = re.search(r"step ([0-9]+):", str(mail["Subject"]))
    return int(found.group(1)) if found else -1


def view_in(mail: EmailMessage) -> bytes:
    for part in mail.iter_attachments():
        if str(part.get_filename() or "").startswith("view-"):
            data = part.get_content()
            return data if isinstance(data, bytes) else str(data).encode()
    raise AssertionError("the mail has no view attached")


def token_line(mail: EmailMessage) -> str:
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    found = re.search(r"^token [a-z0-9]+$", body.get_content().replace("\r\n", "\n"), re.MULTILINE)
    assert found, "the mail's reply template has no token line"
    return found.group(0)


def reply(mail: EmailMessage, colour: PlayerColour, *, sender: str | None = None,
          token_text: str | None = None) -> EmailMessage:
    """The player's answer to ``mail``: a bot's choice from the attached view, in the notation."""
    view = io.load_view(view_in(mail))
    order = msgspec.structs.replace(absent_orders(view, colour, "random", "player"), stand_in=None)
    head, *rest = order_text(order).splitlines()
    quoted = "\n".join("> " + line for line in mail.get_body(preferencelist=("plain",)).get_content()
                       .splitlines()[:30])
    text = ("Hi judge,\n\nhere are my orders.\n\nBEGIN ORDERS\n" + head + "\n"
            + (token_text if token_text is not None else token_line(mail)) + "\n"
            + "\n".join(rest) + "\nEND ORDERS\n\nCheers\n-- \nsent from my desk\n\n"
            + f"On a day, the judge wrote:\n{quoted}\n")
    answer = EmailMessage()
    answer["From"] = sender or ADDRESSES[colour]
    answer["To"] = JUDGE
    answer["Subject"] = "Re: " + str(mail["Subject"])
    answer["Message-ID"] = make_msgid("player", domain="example.org")
    answer["In-Reply-To"] = str(mail["Message-ID"])
    answer.set_content(text)
    return answer
