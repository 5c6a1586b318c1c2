"""What one incoming message may cost: the limits, and the count that enforces them.

Every message the judge reads, and every mail file ``trajan check`` or ``adjudicate``
reads, passes these limits before anything else is done with it, so that no message
can cost more than a bounded amount of time and memory whatever it holds.  Each limit
is enforced by counting (bytes, header fields, parts, characters decoded), never by a
clock, so a verdict never depends on how busy the machine is.  A message over a limit
is refused with one problem naming the limit (``mail.*``; the table is in
``docs/incoming/mail-limits.md``).

The numbers are far above what any mail client sends: a player's reply is a few kB, the
judge's own mail with its board pictures (PNG included) about 400 kB, and a message
forwarding that mail whole as an attachment under 1 MB.
"""

from __future__ import annotations

from adjudicator.errors import Problem, problem

# A message larger than this is refused unread: only its header is looked at, for the
# sender (2 MiB; the judge's mail with its PNG board is 400 kB).
MAX_MESSAGE_BYTES = 2 * 1024 * 1024
# Lines in a message: the feed parser's cost is per line (2 MiB of empty lines would cost
# it a second). A 2 MiB attachment in base64 is 28,000 lines of 76 characters.
MAX_LINES = 40_000
# One header block (the message's own, or one part's): 64 KiB (a real one is 2 to 10 kB,
# most of it Received and DKIM lines).
MAX_HEADER_BYTES = 64 * 1024
# One header field, its folded lines included: 16 KiB (the longest real ones are the
# References of a long thread, a few kB).
MAX_FIELD_BYTES = 16 * 1024
# Parameters (";") in one Content-Type or Content-Disposition field: a real one has 1 to 4.
MAX_PARAMETERS = 64
# Parts of the MIME tree, the message itself and every multipart and nested message
# included: a reply has 2 to 5, the judge's mail forwarded as an attachment about 10.
MAX_PARTS = 100
# Multiparts and attached messages nested in each other: a real message nests 2 to 4.
MAX_DEPTH = 12
# Multiparts and attached messages in all (the feed parser checks every line against the
# boundary of each enclosing multipart): a reply has 1 to 3, a forwarded one up to 8.
MAX_CONTAINERS = 24
# Characters of text decoded from the parts that may hold orders (the plain-text parts,
# or else the HTML ones, and the .txt and .json attachments), all together: 500,000 (an
# order is at most 300 lines; a reply quoting a long thread is some 50 kB of text).
MAX_TEXT_CHARS = 500_000


class Refused(Exception):
    """A message over one of the limits (or not readable at all): the problem to report."""

    def __init__(self, found: Problem) -> None:
        super().__init__(found.message)
        self.problem = found


def refuse(code: str, message: str) -> Refused:
    """A message refused over a limit: ``code`` and one sentence for the sender."""
    return Refused(problem(code, "$", message))


def too_large(size: int) -> Refused:
    """A message of ``size`` bytes, over :data:`MAX_MESSAGE_BYTES`."""
    return refuse("mail.too_large", f"The message is {size:,} bytes long, more than the limit of "
                  f"{MAX_MESSAGE_BYTES:,} bytes; it was not read. Send the orders as plain text, "
                  "without pictures or other attachments.")


def too_many_lines(lines: int) -> Refused:
    """A message of ``lines`` lines, over :data:`MAX_LINES`."""
    return refuse("mail.too_many_lines", f"The message has {lines:,} lines, more than the limit of "
                  f"{MAX_LINES:,}; it was not read.")


def header_too_long(what: str) -> Refused:
    """A header block, field or parameter list over its limit (``what`` says which)."""
    return refuse("mail.header_too_long", f"The message's header is too long ({what}); it was not read.")


class Budget:
    """The count of one message's parts and decoded characters, against the limits."""

    def __init__(self) -> None:
        self.parts = 0
        self.containers = 0
        self.chars = 0

    def part(self) -> None:
        """Count one more MIME part; raises :class:`Refused` past :data:`MAX_PARTS`."""
        self.parts += 1
        if self.parts > MAX_PARTS:
            raise refuse("mail.too_many_parts", f"The message has more than {MAX_PARTS} parts "
                         "(attachments, alternatives and nested messages); it was not read.")

    def container(self) -> None:
        """Count one more multipart or attached message; :class:`Refused` past :data:`MAX_CONTAINERS`."""
        self.containers += 1
        if self.containers > MAX_CONTAINERS:
            raise refuse("mail.too_many_parts", f"The message has more than {MAX_CONTAINERS} multiparts "
                         "and attached messages; it was not read.")

    def text(self, size: int) -> None:
        """Charge ``size`` characters (or bytes) of text about to be decoded."""
        self.chars += size
        if self.chars > MAX_TEXT_CHARS:
            raise refuse("mail.too_complex", f"The message's texts hold more than {MAX_TEXT_CHARS:,} "
                         "characters; it was not read. Send the orders alone, without long quotations.")
