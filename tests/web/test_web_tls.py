"""`pnp serve --https`: this table's certificate authority and server certificate (pnp.web.tls), the
plain-http page that gives a phone the certificate (pnp.web.trust), and, in Chromium on a phone
viewport, the offline copy a phone gets over https on a LAN name and never over plain http."""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.x509.oid import ExtendedKeyUsageOID

from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.games.argonauts import campaign as service
from pnp.web.tls import CA_CERT, CA_KEY, SERVER_CERT, SERVER_KEY, table_cert
from web_fixtures import AXE, CHROMIUM, CHROMIUM_ARGS, LOSSES, NO_CHROMIUM, Server, axe_violations, client, phone, tokens

NAMES = ["laptop", "laptop.local", "pnp-table.test"]
HOST = "pnp-table.test"  # a LAN name Chromium resolves to this machine: not localhost, so no free secure context


def chain(folder):
    return x509.load_pem_x509_certificates((folder / SERVER_CERT).read_bytes())


def sans(cert) -> set[str]:
    ext = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return set(ext.get_values_for_type(x509.DNSName)) | {str(a) for a in ext.get_values_for_type(x509.IPAddress)}


def files(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# ---- certificates ------------------------------------------------------------------------------------

def test_the_server_certificate_names_the_lan_address_and_hostnames_and_only_the_authority_may_sign(tmp_path):
    folder = tmp_path / "tls"
    got = table_cert(["192.168.1.20", "127.0.0.1"], NAMES, folder)
    server, ca_in_chain = chain(folder)
    ca = x509.load_pem_x509_certificate((folder / CA_CERT).read_bytes())
    assert ca_in_chain == ca and got.ca_der == ca.public_bytes(serialization.Encoding.DER)
    assert sans(server) == {"192.168.1.20", "127.0.0.1", *NAMES} and set(got.names) == sans(server)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is True
    assert ca.extensions.get_extension_for_class(x509.KeyUsage).value.key_cert_sign is True
    assert server.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    assert ExtendedKeyUsageOID.SERVER_AUTH in server.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    server.verify_directly_issued_by(ca)
    assert server.not_valid_after_utc - server.not_valid_before_utc <= dt.timedelta(days=398)  # phones' limit
    assert got.fingerprint.replace(":", "") == hashlib.sha256(got.ca_der).hexdigest().upper()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for key in (CA_KEY, SERVER_KEY):
        assert stat.S_IMODE((folder / key).stat().st_mode) == 0o600, key


def handshake(cert, trusted_der: bytes, name: str):
    """A TLS handshake with a server using cert, from a client trusting only trusted_der, asking for name:
    True, or the client's verification message."""
    import socket
    import ssl
    import threading
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert.certfile, cert.keyfile)
    client = ssl.create_default_context(cadata=trusted_der)
    near, far = socket.socketpair()
    near.settimeout(10)
    far.settimeout(10)

    def answer():
        try:
            server.wrap_socket(far, server_side=True).close()
        except (ssl.SSLError, OSError):
            far.close()
    thread = threading.Thread(target=answer)
    thread.start()
    try:
        with client.wrap_socket(near, server_hostname=name):
            return True
    except ssl.SSLCertVerificationError as exc:
        near.close()
        return exc.verify_message
    finally:
        thread.join()


def test_a_client_trusting_only_the_authority_accepts_the_server_for_each_covered_name_and_no_other(tmp_path):
    cert = table_cert(["192.168.1.20", "127.0.0.1"], NAMES, tmp_path / "tls")
    for name in ("192.168.1.20", "127.0.0.1", *NAMES):
        assert handshake(cert, cert.ca_der, name) is True, name
    assert "mismatch" in handshake(cert, cert.ca_der, "other.test")
    assert "mismatch" in handshake(cert, cert.ca_der, "10.0.0.7")
    stranger = table_cert(["192.168.1.20"], NAMES, tmp_path / "other")  # another laptop's authority
    assert handshake(cert, stranger.ca_der, "pnp-table.test") == "self-signed certificate in certificate chain"


def test_certificates_are_kept_and_a_new_address_gets_a_new_server_certificate_from_the_same_authority(tmp_path):
    folder = tmp_path / "tls"
    table_cert(["192.168.1.20"], NAMES, folder)
    first = files(folder)
    table_cert(["192.168.1.20"], NAMES[:1], folder)  # fewer names: the one on disk covers them
    assert files(folder) == first
    table_cert(["10.0.0.7"], NAMES, folder)  # the laptop joined another network
    now = files(folder)
    assert now[CA_CERT] == first[CA_CERT] and now[CA_KEY] == first[CA_KEY]  # phones keep trusting it
    assert now[SERVER_CERT] != first[SERVER_CERT] and "10.0.0.7" in sans(chain(folder)[0])
    later = dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=380)  # 17 days before its end: made anew
    table_cert(["10.0.0.7"], NAMES, folder, now=later)
    assert chain(folder)[0].not_valid_after_utc > later + dt.timedelta(days=300)
    assert files(folder)[CA_KEY] == first[CA_KEY]


@pytest.mark.parametrize("damage", ["garbage", "missing", "open to all"])
def test_a_damaged_or_missing_authority_key_is_one_line_naming_it_and_nothing_is_replaced(tmp_path, damage):
    folder = tmp_path / "tls"
    table_cert(["192.168.1.20"], NAMES, folder)
    key = folder / CA_KEY
    if damage == "garbage":
        key.write_bytes(b"-----BEGIN PRIVATE KEY-----\nnot a key\n")
    elif damage == "missing":
        key.unlink()
    else:
        key.chmod(0o644)
    before = files(folder)
    with pytest.raises(UsageError) as err:
        table_cert(["10.0.0.7"], NAMES, folder)  # a new address: the server certificate would be made anew
    line = err.value.one_line()
    assert str(key) in line and "\n" not in line and "fix: " in line
    assert ("chmod 600" in line) if damage == "open to all" else ("delete the folder" in line)
    assert files(folder) == before  # nothing overwritten, least of all the authority phones trust


def test_a_name_no_certificate_can_hold_is_one_line_before_anything_is_made(tmp_path):
    for bad in ("my laptop", "läptop.local", "-x.local", "a" * 300, "x..local"):
        with pytest.raises(UsageError) as err:
            table_cert(["192.168.1.20"], ["laptop", bad], tmp_path / "tls")
        assert err.value.field == "cert-name" and "not a name the certificate can cover" in err.value.one_line()
    assert not (tmp_path / "tls").exists()
    r = CliRunner().invoke(main, ["serve", "--https", "--cert-name", "my laptop", "--port", "0",
                                  "--store", str(tmp_path / "s.db")], env={"PNP_CONFIG": str(tmp_path / "c.toml")})
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and "'my laptop'" in r.output, r.output


def test_an_expired_authority_is_refused_not_replaced(tmp_path):
    folder = tmp_path / "tls"
    table_cert(["192.168.1.20"], NAMES, folder)
    before = files(folder)
    with pytest.raises(UsageError, match="certificate authority expired on"):
        table_cert(["192.168.1.20"], NAMES, folder, now=dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3700))
    assert files(folder) == before


def test_serve_https_with_a_damaged_key_exits_non_zero_with_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CONFIG", str(tmp_path / "config.toml"))
    folder = tmp_path / "tls"
    table_cert(["127.0.0.1"], NAMES, folder)
    (folder / SERVER_KEY).write_text("damaged")
    r = CliRunner().invoke(main, ["serve", "--https", "--port", "0", "--store", str(tmp_path / "s.db")])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and str(folder / SERVER_KEY) in lines[0] and "damaged" in lines[0]
    assert f"fix: delete {folder / SERVER_KEY}" in lines[0] and "phones keep trusting" in lines[0]


def test_the_setup_page_gives_the_certificate_and_never_echoes_a_host_it_does_not_cover(tmp_path):
    import http.client

    from pnp.web import trust
    from pnp.web.server import bind
    cert = table_cert(["192.168.1.20"], NAMES, tmp_path / "tls")
    sock = bind("127.0.0.1", 0)
    server = trust.start(sock, cert, 8443, "192.168.1.20")
    try:
        def get(path, host):
            conn = http.client.HTTPConnection(*sock.getsockname()[:2], timeout=10)
            conn.request("GET", path, headers={"Host": host})
            r = conn.getresponse()
            got = (r.status, r.getheader("content-type"), r.read())
            conn.close()
            return got
        status, kind, body = get("/", "pnp-table.test:8080")
        assert status == 200 and b'href="https://pnp-table.test:8443/"' in body and cert.fingerprint.encode() in body
        for hostile in ('evil.example"><script>alert(1)</script>', "evil.example"):
            status, kind, body = get("/", hostile)
            assert b'href="https://192.168.1.20:8443/"' in body and b"evil" not in body, hostile
        assert get("/pnp-table.crt", "x") == (200, "application/x-x509-ca-cert", cert.ca_der)
        assert get("/../tls/ca-key.pem", "x")[0] == 404 and get("/ca-key.pem", "x")[0] == 404
    finally:
        server.shutdown()
        server.server_close()


def test_over_https_the_session_is_a_secure_cookie_of_its_own_and_writes_must_come_from_the_https_origin(store):
    token = "s3cret-token-for-tests-only-0123456789"
    handset = client(store, token, peer=("192.168.1.67", 50000), host=f"{HOST}:8443", scheme="https")
    issued = handset.get(f"/campaign?token={token}")
    cookie = issued.headers["set-cookie"].lower()
    assert issued.status_code == 303 and cookie.startswith("__host-pnp_session=")
    assert "; secure" in cookie and "samesite=lax" in cookie and "httponly" in cookie and "path=/" in cookie
    assert handset.get("/campaign").status_code == 200
    for elsewhere in (f"http://{HOST}:8443", f"http://{HOST}:8444", "https://evil.example"):  # http sibling, setup page
        refused = handset.post("/loss", data={"campaign": "voyage", **tokens(handset, "/campaign")},
                               headers={"origin": elsewhere})
        assert refused.status_code == 403 and "another site" in refused.text, elsewhere
    assert service.status(store)["losses"] == 0
    same = handset.post("/loss", data={"campaign": "voyage", **tokens(handset, "/campaign")},
                        headers={"origin": f"https://{HOST}:8443"})
    assert same.status_code == 303 and service.status(store)["losses"] == 1
    plain = client(store, token, peer=("192.168.1.67", 50000), host=f"{HOST}:8765")
    cookie = plain.get(f"/campaign?token={token}").headers["set-cookie"].lower()
    assert cookie.startswith("pnp_session=") and "secure" not in cookie  # plain http: as before


# ---- in Chromium, as a phone at the table ------------------------------------------------------------

def spki_hash(cert_der: bytes) -> str:
    """base64 SHA-256 of a certificate's public key, the form --ignore-certificate-errors-spki-list takes."""
    spki = x509.load_der_x509_certificate(cert_der).public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM),
                    reason=NO_CHROMIUM)
def test_a_phone_trusting_the_table_gets_the_offline_copy_over_https_and_never_over_http(tmp_path, monkeypatch):
    from playwright.sync_api import sync_playwright
    monkeypatch.setenv("PNP_CONFIG", str(tmp_path / "config.toml"))  # the servers' certificates, in tmp_path
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    secure = Server(store, "--lan", "--host", "127.0.0.1", "--https", "--cert-name", HOST)
    plain = Server(store, "--lan", "--host", "127.0.0.1")
    try:
        port, token = secure.info["port"], secure.url.split("token=")[1]
        assert secure.url.startswith("https://127.0.0.1:") and HOST in secure.info["names"]
        setup = secure.info["setup"].replace("127.0.0.1", HOST)
        ca_der = (tmp_path / "tls" / CA_CERT).read_bytes()
        ca_der = x509.load_pem_x509_certificate(ca_der).public_bytes(serialization.Encoding.DER)
        with sync_playwright() as p:
            # the phone that installed the table's authority: Chromium trusts what that key signed
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
                f"--ignore-certificate-errors-spki-list={spki_hash(ca_der)}"])
            context = phone(browser)
            page = context.new_page()
            errors = []
            page.on("console", lambda m: errors.append(f"{page.url} {m.text}") if m.type == "error" else None)

            page.goto(setup)  # what the terminal's code opens: plain http, no warning, no token sent
            assert "even offline" in page.inner_text("h1") and setup.endswith(f"/#{token}")  # never sent
            page.add_script_tag(path=str(AXE))  # the page players read first: as accessible as the rest
            assert axe_violations(page) == []
            with page.expect_download() as download:  # the phone's download, which its settings then install
                page.get_by_role("link", name="Get the certificate").click()
            assert download.value.suggested_filename == "pnp-table.crt"
            assert Path(download.value.path()).read_bytes() == ca_der
            kind = page.evaluate("fetch('/pnp-table.crt').then(r => r.headers.get('content-type'))")
            assert kind == "application/x-x509-ca-cert"
            page.get_by_role("link", name="Open the companion").click()
            page.wait_for_url(f"https://{HOST}:{port}/**")
            assert "token=" not in page.url and page.evaluate("window.isSecureContext") is True
            assert "voyage" in page.inner_text("main")  # the session arrived with the very first visit

            page.goto(f"https://{HOST}:{port}/campaign")
            scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
            assert scope == f"https://{HOST}:{port}/"
            page.locator("button:has-text('Record a loss')").click()  # CSRF and Origin checks pass on https
            page.wait_for_function(f"({LOSSES}) === '1 loss'")
            assert service.status(store)["losses"] == 1
            page.goto(f"https://{HOST}:{port}/campaign")  # the page as last seen before the laptop went away
            assert page.evaluate(LOSSES) == "1 loss"

            assert errors == []  # online, nothing failed (offline, the refused loads are the point)
            secure.stop()  # the laptop is out of reach
            page.goto(f"https://{HOST}:{port}/campaign")
            assert "Offline" in page.inner_text("main .offline") and page.evaluate(LOSSES) == "1 loss"
            page.goto(f"https://{HOST}:{port}/rules/argonauts")
            assert "argonauts.quest.4" in page.inner_text("main") and page.locator("main .offline").count() == 1
            page.goto(f"https://{HOST}:{port}/campaign")
            page.locator("button:has-text('Record a loss')").click()
            page.wait_for_selector("h1:has-text('Not recorded')")
            assert service.status(store)["losses"] == 1  # the refused tap recorded nothing

            other = context.new_page()  # the same name over plain http: the reason --https exists
            other.goto(plain.url.replace("127.0.0.1", HOST))
            assert "voyage" in other.inner_text("main") and other.url.startswith(f"http://{HOST}:")
            assert other.evaluate("[window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
            browser.close()
    finally:
        if secure.proc.poll() is None:
            secure.stop()
        plain.stop()
