"""Hostile mail, read (issue 25): every limit of ``adjudicator/mail/limits.py`` refuses a
message just over it with its own code and reads one just under it; the charsets a
stranger may declare are read as ``check`` reads text; encoded words, addresses and
automatic messages are told apart as RFC 2047, RFC 5322 and RFC 3834 say; and no message
costs more memory than its limits allow (``tracemalloc``: deterministic for one input).

The messages are built here, byte by byte, with no help from the code under test.
"""

from __future__ import annotations

import base64
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from adjudicator.errors import Malformed
from adjudicator.files.orders_any import load_orders_any
from adjudicator.mail import limits
from adjudicator.mail.fields import address_of, automatic, decode_words, read_header, same_address
from adjudicator.mail.htmltext import html_text
from adjudicator.mail.message import read_letter

GAME = "trajan-449ab87432d3"
ORDER = b"game trajan-449a decision 4 player red\nsenate\n"  # a well-formed order (not judged here)
HEAD = b"From: Rhea <rhea@example.org>\r\nTo: judge@example.org\r\nSubject: my orders\r\nMIME-Version: 1.0\r\n"


def _plain(body: bytes, extra: bytes = b"") -> bytes:
    return HEAD + extra + b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body


def _code(data: bytes) -> str | None:
    """The problem code ``check`` reports for a mail file (None: the order was read)."""
    try:
        load_orders_any(data, "m.eml", GAME)
    except Malformed as e:
        return e.problems[0].code
    return None


def _nested(depth: int, body: bytes = ORDER) -> bytes:
    out = HEAD
    for i in range(depth):
        out += b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i)
    out += b"Content-Type: text/plain\r\n\r\n" + body
    for i in reversed(range(depth)):
        out += b"\r\n--b%d--\r\n" % i
    return out


def _parts(n: int) -> bytes:
    """A multipart with ``n - 1`` leaves (the message itself is a part too)."""
    out = [HEAD + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n" + ORDER]
    out += [b"\r\n--b\r\nContent-Type: image/png\r\n\r\nx" for _ in range(n - 2)]
    return b"".join(out) + b"\r\n--b--\r\n"


def _containers(n: int) -> bytes:
    """``n`` multiparts in all (one holding ``n - 1`` side by side), two levels deep."""
    inner = b"".join(b"--o\r\nContent-Type: multipart/alternative; boundary=i%d\r\n\r\n--i%d\r\n"
                     b"Content-Type: text/plain\r\n\r\nx\r\n--i%d--\r\n" % (k, k, k) for k in range(n - 1))
    return HEAD + b"Content-Type: multipart/mixed; boundary=o\r\n\r\n" + inner + b"--o--\r\n"


# (name, the message just over the limit, its code, the message just under it)
LIMITS = [
    ("size", _plain(ORDER + b"x" * limits.MAX_MESSAGE_BYTES), "mail.too_large",
     HEAD + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n" + ORDER
     + b"\r\n--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
     + (b"A" * 76 + b"\r\n") * (limits.MAX_MESSAGE_BYTES // 78 - 100) + b"--b--\r\n"),
    ("lines", _plain(ORDER + b"\n" * limits.MAX_LINES), "mail.too_many_lines",
     _plain(ORDER + b"\nthanks\n" + b"ok\n" * (limits.MAX_LINES - 20))),
    ("header block", HEAD + b"".join(b"X-Pad-%d: %s\r\n" % (k, b"p" * 900) for k in range(80)) + b"\r\n" + ORDER,
     "mail.header_too_long", HEAD + b"".join(b"X-Pad-%d: %s\r\n" % (k, b"p" * 900) for k in range(60)) + b"\r\n" + ORDER),
    ("one field", _plain(ORDER, b"References: " + b"<a@b> " * 3000 + b"\r\n"), "mail.header_too_long",
     _plain(ORDER, b"References: " + b"<a@b> " * 2500 + b"\r\n")),
    ("folded field", _plain(ORDER, b"X-Long: a" + b"\r\n b" * 9000 + b"\r\n"), "mail.header_too_long",
     _plain(ORDER, b"X-Long: a" + b"\r\n b" * 5000 + b"\r\n")),
    ("parameters", HEAD + b"Content-Type: text/plain; charset=utf-8" + b"; a=b" * limits.MAX_PARAMETERS + b"\r\n\r\n"
     + ORDER, "mail.header_too_long",
     HEAD + b"Content-Type: text/plain; charset=utf-8" + b"; a=b" * (limits.MAX_PARAMETERS - 1) + b"\r\n\r\n" + ORDER),
    ("parts", _parts(limits.MAX_PARTS + 1), "mail.too_many_parts", _parts(limits.MAX_PARTS)),
    ("containers", _containers(limits.MAX_CONTAINERS + 1), "mail.too_many_parts", None),
    ("nesting", _nested(limits.MAX_DEPTH), "mail.too_deep", _nested(limits.MAX_DEPTH - 1)),
    ("text", _plain(ORDER + (b"x" * 70 + b"\n") * (limits.MAX_TEXT_CHARS // 71 + 1)), "mail.too_complex",
     _plain(ORDER + (b"x" * 70 + b"\n") * (limits.MAX_TEXT_CHARS // 71 - 10))),
]


@pytest.mark.parametrize(("name", "over", "code", "under"), LIMITS, ids=[c[0] for c in LIMITS])
def test_each_limit_refuses_a_message_just_over_it_and_reads_one_under_it(
        name: str, over: bytes, code: str, under: bytes | None) -> None:
    assert _code(over) == code
    letter = read_letter(over)
    assert letter.refusal is not None and letter.refusal.code == code and letter.parts == ()
    assert letter.sender == "rhea@example.org"  # the refusal can go to the sender's registered address
    if under is not None:
        assert _code(under) is None, name


def test_a_field_over_the_limit_in_a_part_is_refused_and_one_in_the_header_is_never_read() -> None:
    part = (HEAD + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n"
            b"X-Long: " + b"x" * limits.MAX_FIELD_BYTES + b"\r\n\r\n" + ORDER + b"\r\n--b--\r\n")
    assert _code(part) == "mail.header_too_long"
    letter = read_letter(b"From: " + b" " * limits.MAX_FIELD_BYTES + b"rhea@example.org\r\nSubject: s\r\n\r\n" + ORDER)
    assert letter.refusal is not None and letter.refusal.code == "mail.header_too_long"
    assert letter.sender is None  # a field over the limit is not read: no refusal goes to that address


def test_containers_under_the_limit_are_read() -> None:
    letter = read_letter(_containers(limits.MAX_CONTAINERS - 2))
    assert letter.refusal is None and len(letter.parts) == limits.MAX_CONTAINERS - 3


def test_a_message_the_parser_cannot_read_is_refused_as_unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    from email.feedparser import BytesFeedParser

    def broken(self: BytesFeedParser, data: bytes) -> None:
        raise ValueError("a parser failure")
    monkeypatch.setattr(BytesFeedParser, "feed", broken)
    letter = read_letter(_plain(ORDER))
    assert letter.refusal is not None and letter.refusal.code == "mail.unreadable"
    assert "ValueError" in letter.refusal.message and letter.sender == "rhea@example.org"


# --- The bombs, through `trajan check`: refused at once, in bounded memory ----------

def _ew_subject(size: int) -> bytes:
    word = b"=?utf-8?q?a?= "
    return b"From: rhea@example.org\r\nSubject: " + word * (size // len(word)) + b"\r\n\r\n" + ORDER


BOMBS = {
    "nesting 250": (_nested(250), "mail.too_many_parts"),
    "nesting 1000": (_nested(1000), "mail.too_many_parts"),
    "100,000 parts": (_parts(100_000), "mail.too_large"),
    "100,000 parts in 2 MiB": (HEAD + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n" + b"--b\r\n\r\n" * 100_000,
                               "mail.too_many_lines"),
    "5 MB subject of encoded words": (_ew_subject(5_000_000), "mail.too_large"),
    "1 MB subject of encoded words": (_ew_subject(1_000_000), "mail.header_too_long"),
    "quoted-printable soft breaks": (HEAD + b"Content-Transfer-Encoding: quoted-printable\r\n\r\n" + b"=\r\n" * 600_000,
                                     "mail.too_many_lines"),
    "a 4 MB body": (_plain(b"x" * 4_000_000), "mail.too_large"),
    "a 900 kB Message-ID": (_plain(ORDER, b"Message-ID: <" + b"i" * 900_000 + b"@x>\r\n"), "mail.header_too_long"),
    "a From of nested comments": (b"From: " + b"(" * 5000 + b"rhea@example.org\r\n\r\n" + ORDER, None),
}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_a_mail_bomb_costs_a_bounded_amount_of_memory(name: str) -> None:
    data, code = BOMBS[name]
    tracemalloc.start()
    try:
        letter = read_letter(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (letter.refusal.code if letter.refusal else None) == code
    assert peak < 4 * limits.MAX_MESSAGE_BYTES + 8 * 1024 * 1024, f"{name}: {peak:,} bytes"


def test_check_refuses_the_bombs_with_their_codes_in_bounded_memory(tmp_path: Path) -> None:
    """``trajan check`` on the issue's mail files, in a process limited to 512 MB of address
    space: a limit that failed would end in MemoryError (``input.too_complex``) instead."""
    from adjudicator.files import io
    from adjudicator.game.newgame import new_game

    game = tmp_path / "game.json"
    game.write_bytes(io.encode_state(new_game(("red", "green"), "bombs", method="test")))
    files = {"parts.eml": _parts(100_000)[:5_000_000], "subject.eml": _ew_subject(5_000_000)[:5_200_000],
             "qp.eml": HEAD + b"Content-Transfer-Encoding: quoted-printable\r\n\r\n" + b"=\r\n" * 1_600_000,
             "nested.eml": _nested(1000)}
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (512 << 20, 512 << 20)); "
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        done = subprocess.run([sys.executable, "-c", limit + "from adjudicator.commands.main import main; main()",
                               "check", str(game), str(tmp_path / name), "--json"],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 2, (name, done.stderr)
        assert '"code": "mail.' in done.stderr.replace('":"', '": "'), (name, done.stderr[:300])


# --- Charsets: read as `check` reads text (README: unknown ones as UTF-8, else Windows-1252) ---

GREETING = "Salut, c'est Ren\u00e9e.\n"  # a non-ASCII line above the orders


def _encoded(text: str, codec: str | None) -> bytes:
    if codec is None:  # an unusable charset: the bytes are what a client wrote, Windows-1252
        return text.encode("cp1252")
    return text.encode(codec)


# (the charset parameter as written, the codec the text is really in (None: Windows-1252),
#  whether the greeting must come out exactly)
CHARSETS = [
    ('utf-8', "utf-8", True), ('UTF-8', "utf-8", True), ('"utf-8"', "utf-8", True), ("utf8", "utf-8", True),
    (' "UTF-8" ', "utf-8", True), ("'utf-8'", "utf-8", True), ("iso-8859-1", "latin-1", True),
    ("latin1", "latin-1", True), ("ISO_8859-1:1987", "latin-1", True), ("windows-1252", "cp1252", True),
    ("cp1252", "cp1252", True), ("iso-8859-15", "iso-8859-15", True), ("koi8-r", "cp1252", False),
    ("us-ascii", "cp1252", False), ("ansi_x3.4-1968", "cp1252", False), ("utf-16", "utf-16", True),
    ("utf-16le", "utf-16-le", True), ("UTF-16BE", "utf-16-be", True), ("utf-32", "utf-32", True),
    ("utf-7", "utf-7", True), ("utf-8-sig", "utf-8-sig", True), ("shift_jis", "cp1252", False),
    ("euc-jp", "cp1252", False), ("iso-2022-jp", "cp1252", False), ("gb2312", "cp1252", False),
    ("big5", "cp1252", False), ("mac-roman", "mac-roman", True), ("cp65001", "utf-8", True),
    # unknown, malformed or not a character set at all: read as Windows-1252 (the text is not UTF-8)
    ("x-unknown", None, True), ("unknown-8bit", None, True), ("x-user-defined", None, True),
    ("rot13", None, True), ("rot_13", None, True), ("base64", None, True), ("base64_codec", None, True),
    ("zlib", None, True), ("zlib_codec", None, True), ("bz2", None, True), ("hex", None, True),
    ("quopri", None, True), ("uu", None, True), ("idna", None, True), ("punycode", None, True),
    ("undefined", None, True), ("unicode_escape", None, True), ("raw_unicode_escape", None, True),
    ("charmap", None, True), ("mbcs", None, True), ("", None, True), ('""', None, True),
    ('"utf-8', "utf-8", True), ("=?utf-8?q?x?=", None, True), ("a" * 300, None, True),
    ("../../etc/passwd", None, True), ("encodings.utf_8", None, True), ("\u00fctf-8", None, True),
    ("(comment) utf-8", None, True), ("utf-8\\", None, True),
]


@pytest.mark.parametrize(("charset", "codec", "exact"), CHARSETS, ids=[c[0][:20] or "empty" for c in CHARSETS])
def test_a_declared_charset_is_read_as_check_reads_text(charset: str, codec: str | None, exact: bool) -> None:
    body = GREETING + ORDER.decode()
    param = charset.encode("utf-8") if charset.isascii() else charset.encode("utf-8")
    data = HEAD + b"Content-Type: text/plain; charset=" + param + b"\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
    data += _encoded(body, codec)
    letter = read_letter(data)
    assert letter.refusal is None, charset
    (part,) = letter.parts
    assert ORDER.decode() in part.text.replace("\r\n", "\n"), (charset, part.text[:80])
    if exact:
        assert part.text.startswith(GREETING.rstrip("\n")), (charset, part.text[:40])
    assert _code(data) is None  # `check` reads the order out of it


def test_a_charset_given_the_rfc_2231_way_and_an_encoded_word_in_any_charset() -> None:
    data = (HEAD + b"Content-Type: text/plain; charset*=utf-8''utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + base64.b64encode((GREETING + ORDER.decode()).encode()))
    assert read_letter(data).parts[0].text.startswith(GREETING.rstrip("\n"))
    for charset in ("x-unknown", "rot13", "zlib", "idna", "base64", "undefined"):
        subject = f"=?{charset}?q?Ren=E9e?=".encode()
        letter = read_letter(b"From: rhea@example.org\r\nSubject: " + subject + b"\r\n\r\n" + ORDER)
        assert letter.subject == "Ren\u00e9e", charset  # as Windows-1252


# --- Encoded words (RFC 2047), addresses (RFC 5322), automatic messages (RFC 3834) -------------

@pytest.mark.parametrize(("raw", "text"), [
    ("=?utf-8?q?Hello_W=C3=B6rld?=", "Hello W\u00f6rld"),
    ("=?UTF-8?B?SGVsbG8=?= =?utf-8?b?IFdvcmxk?=", "Hello World"),  # the blank between two words goes
    ("a =?utf-8?q?b?= c", "a b c"),
    ("=?utf-8*en?q?lang?=", "lang"),
    ("=?utf-8?b?!!!?=", "=?utf-8?b?!!!?="),  # not base64: kept as written
    ("=?utf-8?q?no end", "=?utf-8?q?no end"),
    ("=?utf-8?q?Ann=0D=0ABcc:_evil@x.org?=", "Ann\r\nBcc: evil@x.org"),  # text, never a header
])
def test_encoded_words_are_decoded_as_rfc_2047_says(raw: str, text: str) -> None:
    assert decode_words(raw) == text


@pytest.mark.parametrize(("value", "address"), [
    ("rhea@example.org", "rhea@example.org"),
    ("Rhea Player <rhea@Example.ORG>", "rhea@example.org"),
    ('"Player, Rhea" <rhea@example.org>', "rhea@example.org"),
    ('"rhea"@example.org', "rhea@example.org"),
    ("rhea@example.org (Rhea)", "rhea@example.org"),
    ("rhea (x) @ example.org", "rhea@example.org"),
    ("hea@example.org", "hea@example.org"),
    ("r hea@example.org", None),  # two words are no address
    ("rhea@example.org hea@x.org", None),
    ("hea@x.org, rhea@example.org", None),  # two senders are none
    ("Player, Rhea <rhea@example.org>", None),
    ("undisclosed: rhea@example.org;", None),  # a group
    ("<rhea@example.org", None),
    ("Rhea <rhea@example.org> <x@y.org>", None),
    ("=?utf-8?q?rhea=40example=2Eorg?=", None),  # an encoded word is no address
    ('"rhea@example.org" <mallory@x.org>', "mallory@x.org"),
    ("(" * 5000 + "rhea@example.org", None),  # never closed; and no recursion on nesting
    ("(" * 5000 + ")" * 5000 + "rhea@example.org", "rhea@example.org"),
    ("rhea@example.org.", None),
    ("", None),
])
def test_the_sender_is_the_one_address_of_the_from_field(value: str, address: str | None) -> None:
    assert address_of(value) == address


def test_addresses_compare_whole_and_without_case() -> None:
    assert same_address("rhea@example.org", "RHEA@Example.Org")
    assert not same_address("hea@example.org", "rhea@example.org")
    assert not same_address("rhea@example.org", "rhea@example.org.evil.net")
    assert not same_address("rhea@example.org", "rhea+x@example.org")


@pytest.mark.parametrize(("fields", "why"), [
    (b"Auto-Submitted: auto-replied", "Auto-Submitted"),
    (b"Auto-Submitted: auto-generated (vacation)", "Auto-Submitted"),
    (b"Auto-Submitted: no", None),
    (b"Auto-Submitted: No; comment", None),
    (b"Precedence: bulk", "Precedence"),
    (b"Precedence: junk", "Precedence"),
    (b"Precedence: list", "Precedence"),
    (b"X-Precedence: auto_reply", "X-Precedence"),
    (b"Precedence: first-class", None),
    (b"X-Autoreply: yes", "X-Autoreply"),
    (b"X-Autorespond: on vacation", "X-Autorespond"),
    (b"X-AutoReply-From: rhea@example.org", "X-Autoreply-From"),
    (b"X-Autogenerated: Reply", "X-Autogenerated"),
    (b"List-Id: <players.example.org>", "List-Id"),
    (b"Return-Path: <>", "Return-Path"),
    (b"Content-Type: multipart/report; report-type=delivery-status", "Content-Type"),
    (b"X-Mailer: Thunderbird", None),
])
def test_automatic_messages_are_told_from_a_persons(fields: bytes, why: str | None) -> None:
    assert automatic(read_header(b"From: rhea@example.org\r\n" + fields + b"\r\n\r\nbody")) == why


def test_the_header_block_is_read_with_every_line_end_the_parser_knows() -> None:
    for sep in (b"\r\n", b"\n", b"\r"):
        header = read_header(sep.join([b"From: Rhea", b" <rhea@example.org>", b"Subject: s", b"", b"body"]))
        assert header.get("from") == "Rhea <rhea@example.org>" and header.get("subject") == "s"


# --- HTML: the text, in one pass ------------------------------------------------------------

@pytest.mark.parametrize(("html", "text"), [
    ("<p>game x</p><p>senate</p>", "game x\nsenate\n"),
    ("<div>a<br>b<br/>c</div>", "a\nb\nc\n"),
    ("<p>mine</p><blockquote><p>quoted</p></blockquote>", "mine\n> quoted\n"),
    ("<script>senate</script><style>x</style><p>text &amp; more</p>", "text & more\n"),
    ("<p title='a>b'>kept</p>", "kept\n"),
    ("<a <a <a senate", "\n"),  # an unclosed tag runs to the end, as in a browser
    ("<!-- senate", "\n"),
    ("1 < 2 <3", "1 < 2 <3\n"),
])
def test_html_is_read_as_a_mail_client_shows_it(html: str, text: str) -> None:
    assert html_text(html) == text


def test_a_huge_html_bomb_is_read_and_refused_only_by_the_text_limit() -> None:
    for bomb in ("<a " * 150_000, "<!--" * 100_000, "<?" * 200_000, "</" * 200_000, "<" * 400_000):
        data = HEAD + b"Content-Type: text/html\r\n\r\n" + bomb.encode()
        letter = read_letter(data)
        assert letter.refusal is None and len(letter.parts) == 1


def test_python_codecs_that_are_no_charset_are_never_used() -> None:
    from adjudicator.mail import charsets

    for name in ("base64", "rot13", "zlib", "bz2", "hex", "uu", "quopri", "idna", "punycode", "undefined",
                 "unicode_escape", "raw_unicode_escape", "charmap"):
        assert charsets.codec(name) is None, name
    assert charsets.decode(b"caf\\xe9 \\u0041", "unicode_escape") == "caf\\xe9 \\u0041"  # not decoded as escapes
    assert charsets.decode(b"xn--caf-dma", "idna") == "xn--caf-dma"
    assert [charsets.codec(n) for n in ("UTF-8", ' "latin1" ', "cp1252")] == ["utf-8", "iso8859-1", "cp1252"]


# --- Whatever the bytes, a message is read (or refused), never a crash ------------------------

_CORPUS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "mail").glob("*.eml"))
_PIECES = [b"\r\n", b"\n", b"\r", b"--", b"=?", b"?=", b";", b'"', b"(", b")", b"<", b">", b"=", b"*", b"'",
           b"%", b"\x00", b"\xff", b"\n\n", b"Content-Type: multipart/mixed; boundary=", b"Content-Type: message/rfc822\n",
           b"Content-Transfer-Encoding: base64\n", b"Content-Transfer-Encoding: x-uuencode\n", b"begin 644 x\n",
           b"charset=", b"charset*=idna''%ff", b"filename*0*=", b"=?utf-8?b?", b"=?rot13?q?", b"multipart/digest",
           b"message/delivery-status", b"From: ", b"From ", b"utf-16", b"undefined"]


def test_any_bytes_are_read_or_refused_never_a_crash() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from adjudicator.mail.read import orders_in

    @settings(max_examples=300, deadline=None, database=None)
    @given(st.sampled_from(_CORPUS), st.lists(st.tuples(st.floats(0, 1), st.sampled_from(_PIECES) | st.binary(max_size=6),
                                                        st.integers(0, 30)), max_size=12))
    def read(path: Path, edits: list[tuple[float, bytes, int]]) -> None:
        data = bytearray(path.read_bytes())
        for where, piece, cut in edits:
            at = int(where * len(data))
            data[at:at + cut % 3] = piece
        letter = read_letter(bytes(data))
        assert (letter.refusal is None) or letter.parts == ()
        try:
            orders_in([(p.place, p.text) for p in letter.parts], "m.eml", [GAME])
        except Malformed:
            pass
    read()


# --- Headers the judge writes: exactly the text, read back by any mail reader -------------------

def test_any_name_or_subject_reads_back_as_exactly_that_text() -> None:
    """The ``email`` package as the mail reader: a header built by headers.py from any text
    (after the terminal escape) parses back to that text, and to no other field."""
    import re
    from email import message_from_bytes, policy
    from email.header import decode_header, make_header
    from email.message import EmailMessage

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from adjudicator.escape import terminal
    from adjudicator.mail.outgoing import headers

    words = st.sampled_from(["=?utf-8?q?Ann=0D=0ABcc:_evil@x.org?=", "=?", "?=", "Bcc:", "\r\n", "\n", " ", "  ",
                             '"', "\\", "<x@y.org>", ",", ";", "(", ")", "\u202e", "\u00e9", "\U0001f600", "a" * 80])

    @settings(max_examples=300, deadline=None, database=None)
    @given(st.lists(words | st.text(max_size=10), max_size=12))
    def round_trip(parts: list[str]) -> None:
        value = terminal("".join(parts))
        message = EmailMessage()
        message["Subject"] = headers.text("Subject", "Trajan " + value)
        message["To"] = headers.mailbox("To", value, "ann@example.org")
        message.set_content("x")
        data = headers.finish(message)
        again = message_from_bytes(data, policy=policy.default)
        assert str(again["Subject"]) == "Trajan " + value
        assert [a.addr_spec for a in again["To"].addresses] == ["ann@example.org"]
        # The display name as RFC 2047 reads it (the legacy decoder does; the modern one puts
        # a blank between two encoded words of a phrase, against section 6.2).
        unfolded = data.split(b"\n\n", 1)[0].replace(b"\n ", b" ").decode("ascii")
        to = next(line[4:] for line in unfolded.split("\n") if line.startswith("To: "))
        phrase = to.rsplit(" <ann@example.org>", 1)[0] if value else ""
        if phrase.startswith('"'):
            shown = re.sub(r"\\(.)", r"\1", phrase[1:-1])
        else:
            shown = str(make_header(decode_header(phrase))) if phrase else ""
        assert shown == value
        assert sorted(again.keys()) == sorted(["Subject", "To", "Content-Type", "Content-Transfer-Encoding",
                                               "MIME-Version", "Auto-Submitted"])
    round_trip()
