"""A real SMTP server on loopback for the tests of what Ethics Desk sends by e-mail.

:class:`LoopbackSMTP` runs aiosmtpd on 127.0.0.1, on a port of its own, and keeps every message
it takes (the envelope and the parsed message); it can refuse a recipient, drop the connection
when the message is sent, require STARTTLS with a self-signed certificate made for the test, or
speak TLS from the start. :class:`SilentServer` accepts connections and never answers (a
server that times out). Both stop when the test ends.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import email
import email.policy
import ipaddress
import socket
import ssl
import threading
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HOST = "127.0.0.1"
USER, PASSWORD = "clerk-office", "s3cret-Pa55"


def free_port() -> int:
    """A port on loopback no one listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by its own key, and the key (PEM files)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "loopback test server")])
    start = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)  # valid in 2026 and under a clock in 2029
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(start).not_valid_after(start + dt.timedelta(days=365 * 30))
                   .add_extension(x509.SubjectAlternativeName(
                       [x509.IPAddress(ipaddress.ip_address(HOST))]), critical=False)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None),
                                  critical=True)
                   .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "server.pem", folder / "server.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@dataclass
class Received:
    """One message the server took: whom it was for, and the message parsed."""

    sender: str
    recipients: list[str]
    message: EmailMessage


@dataclass
class Handler:
    """What the server does with each command: take, refuse or drop."""

    received: list[Received] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)
    drop_on_data: bool = False

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if address in self.refuse:
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if self.drop_on_data:
            assert server.transport is not None
            server.transport.close()
            return "421 closing"
        content = envelope.original_content or envelope.content or b""
        assert isinstance(content, bytes)
        parsed = email.message_from_bytes(content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.received.append(Received(str(envelope.mail_from), list(envelope.rcpt_tos),
                                      parsed))
        return "250 2.0.0 Ok: queued as 4Xk9Lz"


def _authenticator(server: SMTP, session: Session, envelope: Envelope, mechanism: str,
                   auth_data: Any) -> AuthResult:
    ok = (isinstance(auth_data, LoginPassword) and auth_data.login == USER.encode()
          and auth_data.password == PASSWORD.encode())
    return AuthResult(success=ok, handled=False)  # a failure answered 535 by the server


class LoopbackSMTP:
    """aiosmtpd on loopback: ``security`` "none", "starttls" (required, with sign-in) or "tls"."""

    def __init__(self, folder: Path, security: str = "none") -> None:
        self.handler = Handler()
        self.port = free_port()
        self.security = security
        self.cert, self.key = self_signed(folder)
        kwargs: dict[str, Any] = {}
        if security != "none":
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.cert, self.key)
            if security == "starttls":
                kwargs |= {"tls_context": context, "require_starttls": True,
                           "authenticator": _authenticator, "auth_require_tls": True}
            else:
                # The connection is TLS from its first byte: sign-in is offered on it.
                kwargs |= {"ssl_context": context, "authenticator": _authenticator,
                           "auth_require_tls": False}
        self.controller = Controller(self.handler, hostname=HOST, port=self.port,
                                     server_hostname=HOST, **kwargs)

    def start(self) -> LoopbackSMTP:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    @property
    def received(self) -> list[Received]:
        return self.handler.received

    def client_context(self) -> ssl.SSLContext:
        """A client's context that trusts this server's certificate (as an office's IT would
        install its server's certificate authority)."""
        return ssl.create_default_context(cafile=str(self.cert))


class SilentServer:
    """Accepts connections on loopback and never says a word, until stopped."""

    def __init__(self) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind((HOST, 0))
        self.socket.listen(4)
        self.port = int(self.socket.getsockname()[1])
        self.accepted: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.accepted.append(connection)

    def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)  # wakes the thread waiting in accept()
        self.socket.close()
        self._thread.join()
        for connection in self.accepted:
            connection.close()
