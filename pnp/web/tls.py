"""This table's own certificate authority and the server certificate it signs for `pnp serve --https`
(kept in the settings folder's tls/, keys mode 0600; validity in days)."""
from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import os
import re
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import load_pem_private_key
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from pnp.config import config_file
from pnp.errors import UsageError

CA_DAYS = 3650      # the authority a phone installs once: ten years, like mkcert's
SERVER_DAYS = 397   # the server certificate (phones refuse longer ones); made again when 30 days are left
RENEW_DAYS = 30
CA_CERT, CA_KEY, SERVER_CERT, SERVER_KEY = "ca.pem", "ca-key.pem", "server.pem", "server-key.pem"
CA_NAME = "pnp table"
HOST_NAME = re.compile(r"^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$")


@dataclass(frozen=True)
class TableCert:
    """The files uvicorn serves with, and the authority's certificate a phone installs (DER bytes)."""
    certfile: Path
    keyfile: Path
    ca_der: bytes
    fingerprint: str  # SHA-256 of ca_der, hex pairs joined by ':' (what a phone's settings show)
    names: tuple[str, ...]  # every DNS name and IP address the server certificate covers
    ca_name: str  # the authority's common name, as a phone's settings list it


def tls_dir() -> Path:
    """Where the certificates live: tls/ beside the settings file (pnp.config.config_file)."""
    return config_file().parent / "tls"


def is_host_name(name: str) -> bool:
    """Whether a text is a DNS host name a certificate can name (ASCII labels of letters, digits, '-')."""
    return bool(HOST_NAME.match(name))


def machine_names(extra=()) -> list[str]:
    """The names a phone may use for this machine: its hostname, hostname.local (mDNS), localhost, extras."""
    host = socket.gethostname().strip().lower()
    names = [host, f"{host}.local"] if "." not in host else [host]
    return list(dict.fromkeys([n for n in names if is_host_name(n)] + ["localhost"] + [n.strip().lower() for n in extra]))


def _fail(message: str, path: Path, hint: str) -> UsageError:
    return UsageError(message, file=str(path), hint=hint)


def _remake_hint(folder: Path) -> str:
    """The fix for the authority's files: phones trust it, so making it again costs each phone a new install."""
    return (f"put the file back from a backup, or delete the folder {folder} and start again "
            "(each phone then installs the new certificate once)")


def _server_hint(path: Path) -> str:
    """The fix for the server's own files: made again from the authority, phones notice nothing."""
    return f"delete {path}; pnp serve --https makes the server certificate again (phones keep trusting this table)"


def _write_private(path: Path, data: bytes) -> None:
    """Write a key (mode 0600 from the start) or certificate, replacing the file in one step."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)  # a leftover keeps its own mode; start from none
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(tmp, path)


def _read_key(path: Path, hint: str):
    try:
        if os.stat(path).st_mode & 0o077:
            raise _fail("the key can be read by other users of this computer", path, f"run chmod 600 {path}")
        return load_pem_private_key(path.read_bytes(), password=None)
    except OSError as exc:
        raise _fail(f"cannot read the key ({exc.strerror})", path, hint) from None
    except (ValueError, TypeError):
        raise _fail("the key is damaged (not a PEM private key)", path, hint) from None


def _read_cert(path: Path, hint: str):
    try:
        return x509.load_pem_x509_certificates(path.read_bytes())[0]
    except OSError as exc:
        raise _fail(f"cannot read the certificate ({exc.strerror})", path, hint) from None
    except ValueError:
        raise _fail("the certificate is damaged (not PEM)", path, hint) from None


def _builder(subject, issuer, public_key, now: dt.datetime, days: int):
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public_key)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(hours=1)).not_valid_after(now + dt.timedelta(days=days))
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False))


def _new_key():
    return ec.generate_private_key(ec.SECP256R1())  # P-256: accepted by Android, iOS and every desktop browser


def _pem_key(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _make_ca(folder: Path, now: dt.datetime):
    key = _new_key()
    # a name of its own (a random tag), so an authority made again, or another laptop's, never shares it
    tag = secrets.token_hex(2)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"{CA_NAME} {socket.gethostname()[:40]} {tag}"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "pnp serve (local only)")])
    cert = (_builder(name, name, key.public_key(), now, CA_DAYS)
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .sign(key, hashes.SHA256()))
    _write_private(folder / CA_KEY, _pem_key(key))  # the key first: a certificate alone is never left behind
    _write_private(folder / CA_CERT, cert.public_bytes(serialization.Encoding.PEM))
    return key, cert


def _load_ca(folder: Path, now: dt.datetime):
    """The authority's key and certificate; made when neither exists, never replaced when one does."""
    cert_path, key_path = folder / CA_CERT, folder / CA_KEY
    if not cert_path.exists() and not key_path.exists():
        return _make_ca(folder, now)
    if not key_path.exists() or not cert_path.exists():
        missing = key_path if not key_path.exists() else cert_path
        raise _fail("half of this table's certificate authority is missing", missing, _remake_hint(folder))
    key, cert = _read_key(key_path, _remake_hint(folder)), _read_cert(cert_path, _remake_hint(folder))
    if cert.not_valid_after_utc <= now:
        raise _fail(f"this table's certificate authority expired on {cert.not_valid_after_utc:%Y-%m-%d}", cert_path,
                    f"delete the folder {folder} and start again (each phone then installs the new certificate once)")
    if cert.public_key().public_numbers() != key.public_key().public_numbers():
        raise _fail("the authority's key does not belong to its certificate", key_path, _remake_hint(folder))
    return key, cert


def _covered(cert) -> set[str]:
    sans = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {n.lower() for n in sans.get_values_for_type(x509.DNSName)} | \
        {str(a) for a in sans.get_values_for_type(x509.IPAddress)}


def _make_server(folder: Path, ca_key, ca_cert, wanted: list[str], now: dt.datetime):
    key = _new_key()
    sans = []
    for name in wanted:
        try:
            sans.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            sans.append(x509.DNSName(name))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, wanted[0][:64])])
    cert = (_builder(subject, ca_cert.subject, key.public_key(), now, SERVER_DAYS)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_encipherment=False, content_commitment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .add_extension(x509.SubjectAlternativeName(sans), critical=False)
            .sign(ca_key, hashes.SHA256()))
    _write_private(folder / SERVER_KEY, _pem_key(key))
    pem = serialization.Encoding.PEM  # the chain: the server's certificate, then the authority's
    _write_private(folder / SERVER_CERT, cert.public_bytes(pem) + ca_cert.public_bytes(pem))
    return cert


def _current_server(folder: Path, ca_cert, wanted: list[str], now: dt.datetime):
    """The server certificate on disk if it is this authority's, covers every wanted name and is not near its end."""
    cert_path, key_path = folder / SERVER_CERT, folder / SERVER_KEY
    if not cert_path.exists() or not key_path.exists():
        return None
    cert, key = _read_cert(cert_path, _server_hint(cert_path)), _read_key(key_path, _server_hint(key_path))
    try:
        cert.verify_directly_issued_by(ca_cert)
    except (ValueError, TypeError, InvalidSignature):
        return None
    fresh = cert.not_valid_after_utc - now > dt.timedelta(days=RENEW_DAYS)
    same_key = cert.public_key().public_numbers() == key.public_key().public_numbers()
    return cert if fresh and same_key and set(wanted) <= _covered(cert) else None


def table_cert(addresses, names, folder: Path | None = None, now: dt.datetime | None = None) -> TableCert:
    """Make (once) this table's authority and (when an address or name is new, or it nears its end) the
    server certificate for these IP addresses and DNS names; UsageError naming the file for a bad state."""
    folder = folder or tls_dir()
    now = now or dt.datetime.now(dt.timezone.utc)
    for name in names:
        if not is_host_name(name.lower()):
            raise UsageError(f"'{name[:80]}' is not a name the certificate can cover", field="cert-name",
                             expected="a host name of letters, digits, '-' and dots (laptop.local) or an IP address",
                             hint="give --cert-name (or --host) the name phones use to reach this computer")
    wanted = list(dict.fromkeys([str(ipaddress.ip_address(a)) for a in addresses] + [n.lower() for n in names]))
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise _fail(f"cannot make the certificates' folder ({exc.strerror})", folder,
                    "check the folder's permissions, or set PNP_CONFIG to a settings file in a writable folder") from None
    try:
        ca_key, ca_cert = _load_ca(folder, now)
    except OSError as exc:  # making it, in a folder this user cannot write
        raise _fail(f"cannot write this table's certificate authority ({exc.strerror})", folder,
                    f"make the folder {folder} writable for this user") from None
    cert = _current_server(folder, ca_cert, wanted, now)
    if cert is None:
        try:
            cert = _make_server(folder, ca_key, ca_cert, wanted, now)
        except OSError as exc:
            raise _fail(f"the server certificate does not cover {', '.join(wanted)} and cannot be made again "
                        f"({exc.strerror})", folder / SERVER_CERT,
                        f"make the folder {folder} writable for this user") from None
    der = ca_cert.public_bytes(serialization.Encoding.DER)
    digest = hashlib.sha256(der).hexdigest().upper()
    return TableCert(folder / SERVER_CERT, folder / SERVER_KEY, der,
                     ":".join(digest[i:i + 2] for i in range(0, len(digest), 2)), tuple(sorted(_covered(cert))),
                     ca_cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value)
