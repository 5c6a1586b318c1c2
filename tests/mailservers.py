"""Real mail servers on 127.0.0.1 for the tests: Dovecot (IMAP) and aiosmtpd (SMTP).

Both are started by the tests themselves, on free loopback ports, with everything they
write kept in a temporary folder:

- :class:`Dovecot` runs the system's ``dovecot`` binary (Debian's ``dovecot-imapd``,
  installed by ``.ci/run``) with a configuration of its own: plain-text passwords in a
  passwd-file, one Maildir per user, IMAP on a free port, optionally with TLS (a
  self-signed certificate made with ``openssl``; STARTTLS on the plain port and IMAPS on
  a second one).
- :class:`SmtpCapture` runs an ``aiosmtpd`` server that keeps every message it receives
  (optionally asking for a login; optionally over TLS: STARTTLS required on the plain
  port, or TLS from the first byte), so a test can read what the judge sent.

Tests that need Dovecot call :func:`require_dovecot`, which skips loudly where the
binary is missing (never silently: the reason names the package to install).
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"


def require_dovecot() -> None:
    """Skip, with a loud reason, where Dovecot cannot be run here."""
    if not os.path.exists(DOVECOT):
        pytest.skip("IMAP tests need Dovecot: apt-get install dovecot-imapd (.ci/run installs it)")
    if os.geteuid() != 0:
        pytest.skip("the Dovecot test server is started as root (as in CI); run the tests as root")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_port(port: int, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"no server came up on 127.0.0.1:{port}")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A key and a self-signed certificate for 127.0.0.1 in ``folder`` (the certificate is
    also the CA file a client must be given to trust it)."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return key, cert


_CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
instance_name = trajan-test-{port}
listen = 127.0.0.1
protocols = imap
log_path = {root}/dovecot.log
default_login_user = dovenull
default_internal_user = dovecot
first_valid_uid = 1
auth_mechanisms = plain login
disable_plaintext_auth = no
{ssl}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
mail_location = maildir:~/Maildir
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
  }}
}}
"""


@dataclass
class Dovecot:
    """A Dovecot IMAP server on 127.0.0.1 for the given ``users`` (address -> password)."""

    users: dict[str, str]
    tls: bool = False
    root: Path = field(default_factory=lambda: Path("/nonexistent"))
    port: int = 0
    tls_port: int = 0
    cafile: Path | None = None

    def start(self) -> Dovecot:
        require_dovecot()
        # Its own folder under /tmp: Dovecot's processes run as its own users and must be
        # able to reach it (pytest's tmp_path is private to root).
        self.root = Path(tempfile.mkdtemp(prefix="trajan-dovecot-"))
        os.chmod(self.root, 0o755)
        for name in ("run", "state", "home"):
            (self.root / name).mkdir(exist_ok=True)
        mail_user = pwd.getpwnam("dovecot")
        shutil.chown(self.root / "home", mail_user.pw_uid, mail_user.pw_gid)
        (self.root / "users").write_text(
            "".join(f"{user}:{{PLAIN}}{password}::::::\n" for user, password in self.users.items()))
        self.port = free_port()
        self.tls_port = free_port() if self.tls else 0
        (self.root / "dovecot.conf").write_text(_CONFIG.format(
            root=self.root, port=self.port, tls_port=self.tls_port, ssl=self._ssl_settings(),
            uid=mail_user.pw_uid, gid=mail_user.pw_gid))
        subprocess.run([DOVECOT, "-c", str(self.root / "dovecot.conf")], check=True)
        _wait_for_port(self.port)
        return self

    def _ssl_settings(self) -> str:
        if not self.tls:
            return "ssl = no"
        key, cert = self_signed(self.root)
        self.cafile = cert
        return f"ssl = yes\nssl_cert = <{cert}\nssl_key = <{key}"

    def stop(self) -> None:
        subprocess.run([DOVECOT, "-c", str(self.root / "dovecot.conf"), "stop"], check=False,
                       capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)

    def deliver(self, user: str, message: bytes | EmailMessage) -> None:
        """Put a message into ``user``'s INBOX, as the mail system's delivery would."""
        from imapclient import IMAPClient

        data = message.as_bytes() if isinstance(message, EmailMessage) else message
        with IMAPClient("127.0.0.1", port=self.port, ssl=False) as client:
            client.login(user, self.users[user])
            client.append("INBOX", data)

    def log(self) -> str:
        path = self.root / "dovecot.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def __enter__(self) -> Dovecot:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@dataclass
class SmtpCapture:
    """An aiosmtpd server on 127.0.0.1 that keeps every message it receives.

    ``security``: "none"; "starttls" (the server refuses mail until the client has
    started TLS); "tls" (TLS from the first byte).  With TLS the server's certificate is
    self-signed; ``cafile`` is the file a client must trust."""

    login: tuple[str, str] | None = None
    security: str = "none"
    port: int = 0
    cafile: Path | None = None
    _folder: Path | None = None
    messages: list[EmailMessage] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)
    _controller: Any = None

    def start(self) -> SmtpCapture:
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult, LoginPassword

        capture = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
                message = message_from_bytes(envelope.original_content or envelope.content,
                                             policy=policy.default)
                assert isinstance(message, EmailMessage)
                capture.messages.append(message)
                capture.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
                return "250 Message accepted"

        def authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
            if capture.login is None:
                return AuthResult(success=True)
            ok = isinstance(data, LoginPassword) and (
                data.login.decode(), data.password.decode()) == capture.login
            return AuthResult(success=ok)

        self.port = free_port()
        kwargs: dict[str, Any] = self._tls_settings()
        if self.login is not None:
            # aiosmtpd counts only STARTTLS as TLS for AUTH; on a TLS port every byte is TLS.
            kwargs |= {"authenticator": authenticate, "auth_required": True,
                       "auth_require_tls": self.security == "starttls"}
        warnings.filterwarnings("ignore", "Requiring AUTH while not requiring TLS")  # loopback only
        self._controller = Controller(Handler(), hostname="127.0.0.1", port=self.port, **kwargs)
        self._controller.start()
        return self

    def _tls_settings(self) -> dict[str, Any]:
        if self.security == "none":
            return {}
        import ssl

        self._folder = Path(tempfile.mkdtemp(prefix="trajan-smtp-"))
        key, self.cafile = self_signed(self._folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cafile, key)
        if self.security == "starttls":
            return {"tls_context": context, "require_starttls": True}
        assert self.security == "tls", self.security
        return {"ssl_context": context}

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def to(self, address: str) -> list[EmailMessage]:
        """The messages sent to ``address``, in the order received."""
        return [m for m, (_, rcpts) in zip(self.messages, self.envelopes, strict=True) if address in rcpts]

    def __enter__(self) -> SmtpCapture:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
