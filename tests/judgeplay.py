"""A game folder for the mail judge, and players who answer its mails (for the tests).

A player reads the judge's latest mail to them, takes their view from its attachment,
lets a bot choose (from that view alone, as a person would from the mail), and replies
the way a mail client does: ``Re:`` subject, the orders in the text notation between
``BEGIN ORDERS`` and ``END ORDERS`` with the token line copied from the mail's template,
and the judge's mail quoted below.
"""

from __future__ import annotations

import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import msgspec

from adjudicator.files import io
from adjudicator.game.newgame import new_game
from adjudicator.logs.absent import absent_orders
from adjudicator.mail.judge.tokens import token_for
from adjudicator.model.vocab import PlayerColour
from adjudicator.notation.text import order_text
from adjudicator.perf.bench_mail_game import reply_to

JUDGE = "judge@example.org"
SECRET = b"a test secret of the game master, 32+ bytes"
ADDRESSES = {"red": "rhea@example.org", "green": "gaius@example.org"}


def make_gamedir(folder: Path, seed: str, inbox: str, outbox: str, deadlines: str = "",
                 addresses: dict[str, str] | None = None, names: dict[str, str] | None = None,
                 game_id: str | None = None, settings: str = 'pictures = "none"\n',
                 seat: str = "attach_view = true\n") -> str:
    """A game folder for a 2-player test game (``addresses``: the roster's, default
    :data:`ADDRESSES`; ``names``: the roster's names, default "Red Player" and so on;
    ``settings``: judge.toml's top-level lines; ``seat``: more settings of every roster
    entry, by default the view attached, which the test players choose from); returns the
    game id."""
    import json

    state = new_game(("red", "green"), seed, method="test", game_id=game_id)
    (folder / "log").mkdir(parents=True)
    (folder / "log" / "0000-game.json").write_bytes(io.encode_state(state))
    (folder / "secret").write_bytes(SECRET)
    (folder / "roster.toml").write_text(
        f"game = {json.dumps(state.game_id)}\n" + "".join(
            f"[players.{c}]\nname = {json.dumps((names or {}).get(c, f'{c.title()} Player'))}\naddress = \"{a}\"\n"
            f"{seat}" for c, a in (addresses or ADDRESSES).items()))
    (folder / "judge.toml").write_text(f'address = "{JUDGE}"\nsecret_file = "secret"\n{settings}'
                                       f"[inbox]\n{inbox}\n[outbox]\n{outbox}\n{deadlines}")
    return state.game_id


def token(game_id: str, colour: str) -> str:
    return token_for(SECRET, game_id, colour)


def needs_answer(mail: EmailMessage) -> bool:
    """Whether the mail asks its player to decide (it lists what they may decide)."""
    return is_player_mail(mail) and "== What you decide now ==" in _plain(mail)


def is_player_mail(mail: EmailMessage) -> bool:
    """A player's mail of a step (not a receipt, refusal or reminder)."""
    return mail["X-Trajan-Game-File"] is not None


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


def option_lines(mail: EmailMessage, colour: str) -> list[str] | None:
    """An answer copied from the mail's option lines, as a player would paste it: the
    header, then the example answer, or the first ``sow`` line with the first step listed
    under it, or the first take line; None if the mail lists no options."""
    text = _plain(mail).split("== Your reply ==")[0]
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("#")]  # comments
    lines = [ln.split("#")[0].rstrip() for ln in lines]
    head = next((i for i, ln in enumerate(lines) if ln.startswith("game ") and f"player {colour}" in ln), None)
    if head is None:
        return None
    block = []
    for ln in lines[head + 1:]:
        if not ln.strip() or ln.startswith(("Reply", "BEGIN")):
            break
        block.append(ln)
    if not block:
        return None
    if block[0].startswith("sow"):
        return [lines[head], block[0].strip()] + ([block[1].strip()] if len(block) > 1 and block[1].startswith(" ")
                                                    else [])
    if block[0].startswith("tray"):
        return [lines[head], *(b.strip() for b in block)]
    return [lines[head], block[0].strip()]


def choose(mail: EmailMessage, colour: PlayerColour) -> tuple[list[str], bool]:
    """The order lines a player sends: copied from the option lines if that order passes
    ``check`` against their own view (as a player would check it), else a bot's choice
    from the view.  Also whether the copied lines were used."""
    from adjudicator.files.orders_any import load_orders_any
    from adjudicator.views.standin import check_any

    view = io.load_view(view_in(mail))
    copied = option_lines(mail, colour)
    if copied is not None:
        try:
            order = load_orders_any(("\n".join(copied) + "\n").encode(), "copied", view.game_id)
            if not check_any(view, order):
                return copied, True
        except Exception:  # noqa: BLE001 - a copied answer that does not read: the player thinks again
            pass
    order = msgspec.structs.replace(absent_orders(view, colour, "random", "player"), stand_in=None)
    return order_text(order).splitlines(), False


def _plain(mail: EmailMessage) -> str:
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def reply(mail: EmailMessage, colour: PlayerColour, *, sender: str | None = None,
          token_text: str | None = None, lines: list[str] | None = None) -> EmailMessage:
    """The player's answer to ``mail`` (``lines``, or :func:`choose`'s), in the notation."""
    head, *rest = lines if lines is not None else choose(mail, colour)[0]
    quoted = "\n".join("> " + line for line in _plain(mail).splitlines()[:30])
    text = ("Hi judge,\n\nhere are my orders.\n\nBEGIN ORDERS\n" + head + "\n"
            + (token_text if token_text is not None else token_line(mail)) + "\n"
            + "\n".join(rest) + "\nEND ORDERS\n\nCheers\n-- \nsent from my desk\n\n"
            + (f"On a day, the judge wrote:\n{quoted}\n" if token_text is None else ""))
    return reply_to(mail, sender or ADDRESSES[colour], text)


def sent_mails(tmp_path: Path) -> list[EmailMessage]:
    """The mails a folder outbox (``tmp_path/sent``) holds, in the order written."""
    mails = []
    for path in sorted((tmp_path / "sent").glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
        m = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(m, EmailMessage)
        mails.append(m)
    return mails
