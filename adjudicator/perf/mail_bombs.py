"""The hostile messages of issue 25, built byte by byte: the mail bombs that used to stop
the judge, for the benchmark (``trajan bench``: a judge run over them, then a legal
order) and for the tests that deliver them to a real IMAP server.

:func:`hostile_messages` gives 100 messages, half from a player's own address (anyone can
forge it) and half from a stranger: multiparts nested 250 and 1,000 deep, 100,000 parts,
a 50 MB body, 20 MB of quoted-printable soft breaks, a 5 MB subject of encoded words,
long header fields and blocks, 900 kB Message-IDs, text parts in 48 charset forms,
auto-replies, HTML and text that cost a naive reader quadratic time, and a ``From`` of
nested comments.
"""

from __future__ import annotations

from collections.abc import Iterator

# The charsets a stranger may declare: real ones, unknown ones, Python codecs that are no
# character set, malformed parameters.
CHARSETS = [
    "utf-8", '"UTF-8"', "iso-8859-1", "windows-1252", "koi8-r", "utf-16", "utf-32", "utf-7", "shift_jis",
    "iso-2022-jp", "gb2312", "big5", "x-unknown", "unknown-8bit", "x-user-defined", "rot13", "rot_13",
    "base64", "base64_codec", "zlib", "zlib_codec", "bz2", "hex", "quopri", "uu", "idna", "punycode",
    "undefined", "unicode_escape", "raw_unicode_escape", "charmap", "mbcs", "", '""', '"utf-8',
    "=?utf-8?q?x?=",
    "a" * 300, "../../etc/passwd", "encodings.utf_8", "\u00fctf-8", "(comment) utf-8", "utf-8\\",
    "utf-8; charset=idna", "utf-8'en'", "*", "\x00", "\t", "utf-16; format=flowed",
]


def _message(sender: str, judge: str, n: int, extra: bytes = b"", body: bytes = b"",
             subject: bytes | None = None, message_id: bytes | None = None) -> bytes:
    return (b"From: " + sender.encode() + b"\r\nTo: " + judge.encode() + b"\r\nSubject: "
            + (subject if subject is not None else b"orders %d" % n) + b"\r\nMessage-ID: "
            + (message_id or b"<bomb.%d.%s@example.org>" % (n, sender.encode())) + b"\r\n"
            + b"Date: Mon, 02 Mar 2026 08:00:00 +0000\r\n" + extra + b"\r\n"
            + (body or b"hello, message %d\r\n" % n))


def _nested(depth: int) -> bytes:
    return b"MIME-Version: 1.0\r\n" + b"".join(
        b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i) for i in range(depth))


def _bombs(sender: str, judge: str, start: int) -> Iterator[bytes]:
    """The big ones, from ``sender``, each built when it is asked for."""
    n = start
    parts = b"Content-Type: multipart/mixed; boundary=p\r\n"
    yield _message(sender, judge, n, _nested(250), b"x\r\n")
    yield _message(sender, judge, n + 1, _nested(1000), b"x\r\n")
    yield _message(sender, judge, n + 2, parts, b"--p\r\n\r\nx\r\n" * 100_000 + b"--p--\r\n")
    yield _message(sender, judge, n + 3, body=b"x" * 50_000_000)
    yield _message(sender, judge, n + 4, b"Content-Transfer-Encoding: quoted-printable\r\n",
                   b"=\r\n" * 10_000_000)
    yield _message(sender, judge, n + 5, subject=b"=?utf-8?q?a?= " * 360_000)
    yield _message(sender, judge, n + 6, b"".join(b"X-Pad-%d: %s\r\n" % (k, b"p" * 900) for k in range(100)))
    yield _message(sender, judge, n + 7, b"References: " + b"<r@x> " * 5000 + b"\r\n")
    yield _message(sender, judge, n + 8, b"Content-Type: text/html\r\n", b"<a " * 200_000)
    yield _message(sender, judge, n + 9, body=(b"on wrote" + b" " * 900 + b"x:\r\n") * 500)
    yield _message(sender, judge, n + 10, b"Content-Type: text/plain; x=y" + b"; a=b" * 5000 + b"\r\n")
    for k in range(7):
        yield _message(sender, judge, n + 11 + k, message_id=b"<" + bytes([97 + k]) * 900_000 + b"@x>")


def _small(sender: str, judge: str, start: int, charsets: list[str]) -> Iterator[bytes]:
    """Auto-replies, a ``From`` of nested comments and text parts in ``charsets``, from ``sender``."""
    automatic = [b"Auto-Submitted: auto-replied\r\n", b"Precedence: bulk\r\nX-Autoreply: yes\r\n",
                 b"X-Autorespond: vacation\r\n", b"List-Id: <l.example.org>\r\n", b"Return-Path: <>\r\n"]
    for k, a in enumerate(automatic):
        yield _message(sender, judge, start + k, a)
    yield _message("(" * 5000 + sender, judge, start + 10)
    for k, c in enumerate(charsets):
        declared = b"Content-Type: text/plain; charset=" + c.encode("utf-8") + b"\r\n"
        yield _message(sender, judge, start + 100 + k, declared + b"Content-Transfer-Encoding: 8bit\r\n",
                       b"\xe9t\xe9 \xff\xfe message %d\r\n" % k)


COUNT = 100  # messages hostile_messages gives


def hostile_messages(player: str, stranger: str, judge: str) -> Iterator[bytes]:
    """100 hostile messages, one at a time (190 MB in all): 50 in the name of ``player`` (a
    roster address), 50 from ``stranger``: the big bombs and the auto-replies from each,
    the charset forms shared between them."""
    half = (COUNT - 2 * 24) // 2
    yield from _bombs(player, judge, 0)
    yield from _small(player, judge, 1000, CHARSETS[:half])
    yield from _bombs(stranger, judge, 2000)
    yield from _small(stranger, judge, 3000, CHARSETS[-half:])
