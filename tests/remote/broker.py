"""A real Mosquitto broker for the tests: on free loopback ports, with a password file made by `mosquitto_passwd`,
the ACL file of docs/remote.md, persistence, and a TLS listener whose certificate is made here.

The broker is started and stopped (killed, restarted) by the tests; waiting for it means waiting for its port to
accept connections, never for a fixed time.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from controller.remote.acl import acl_file_text

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
HUB_USER = "hub"
SPY_USER = "spy"  # reads every topic, as whoever runs the broker could: what it sees early is a leak


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_certificate(directory: Path) -> tuple[Path, Path, Path]:
    """A certificate authority and a server certificate for 127.0.0.1 / localhost signed by it."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Agora test cafe CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    import ipaddress

    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    ca_file, cert_file, key_file = directory / "ca.crt", directory / "server.crt", directory / "server.key"
    ca_file.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
        )
    )
    os.chmod(key_file, 0o600)
    return ca_file, cert_file, key_file


@dataclass
class Broker:
    directory: Path
    users: dict[str, str]
    tls: bool = False
    port: int = field(default_factory=free_port)
    tls_port: int = 0
    ca_file: Path | None = None
    proc: subprocess.Popen[bytes] | None = None

    def configure(self) -> None:
        d = self.directory
        (d / "data").mkdir(parents=True, exist_ok=True)
        passwd = d / "passwd"
        # One call hashes every user's password: `-U` turns a file of USER:PASSWORD lines into the hashed form.
        passwd.write_text("".join(f"{user}:{password}\n" for user, password in self.users.items()))
        subprocess.run([MOSQUITTO_PASSWD, "-U", str(passwd)], check=True, capture_output=True)
        spy = f"user {SPY_USER}\ntopic read agora/#\n\n" if SPY_USER in self.users else ""
        (d / "acl").write_text(spy + acl_file_text(hub_users=[HUB_USER]))
        lines = [
            # Started as root, mosquitto would become the `mosquitto` user and lose the test's private files.
            f"user {pwd.getpwuid(os.geteuid()).pw_name}",
            "per_listener_settings false",
            "allow_anonymous false",
            f"password_file {passwd}",
            f"acl_file {d / 'acl'}",
            "persistence true",
            f"persistence_location {d / 'data'}/",
            f"log_dest file {d / 'mosquitto.log'}",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "max_queued_messages 10000",
            f"listener {self.port} 127.0.0.1",
        ]
        if self.tls:
            self.tls_port = self.tls_port or free_port()
            self.ca_file, cert, key = make_certificate(d)
            lines += [
                f"listener {self.tls_port} 127.0.0.1",
                f"cafile {self.ca_file}",
                f"certfile {cert}",
                f"keyfile {key}",
            ]
        (d / "mosquitto.conf").write_text("\n".join(lines) + "\n")

    def start(self) -> None:
        if not (self.directory / "mosquitto.conf").exists():
            self.configure()
        self.proc = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.directory / "mosquitto.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self._wait_listening(self.port)
        if self.tls:
            self._wait_listening(self.tls_port)

    def _wait_listening(self, port: int) -> None:
        # Waiting for the event (the port accepts), checking the process has not died; the bound is generous.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                log = (
                    (self.directory / "mosquitto.log").read_text()
                    if (self.directory / "mosquitto.log").exists()
                    else ""
                )
                raise RuntimeError(f"mosquitto exited: {err} {log}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                return
            time.sleep(0.02)
        raise RuntimeError(f"mosquitto did not listen on {port}")

    def kill(self) -> None:
        """Kill -9: the broker dies without saving anything."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def url(self, user: str, room: str = "", tls: bool = False) -> str:
        password = self.users[user]
        if tls:
            return f"mqtts://{user}:{password}@localhost:{self.tls_port}/{room}"
        return f"mqtt://{user}:{password}@127.0.0.1:{self.port}/{room}"
