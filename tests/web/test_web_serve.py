"""`pnp serve` as a process: 127.0.0.1 by default; --lan prints a URL with an access token and a QR code."""
from __future__ import annotations

import subprocess
import sys

import httpx
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.games.argonauts import campaign as service
from waiting import wait_for
from web_fixtures import Server, env


def test_serve_listens_on_localhost_by_default_and_serves_the_pages(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    server = Server(store)
    try:
        assert server.info["host"] == "127.0.0.1" and server.info["lan"] is False
        assert server.url == f"http://127.0.0.1:{server.info['port']}/"
        r = httpx.get(server.base + "/campaign")
        assert r.status_code == 200 and "voyage" in r.text and "Heroic Deeds" in r.text
    finally:
        server.stop()


def test_lan_needs_the_token_in_the_printed_url_on_every_page(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    server = Server(store, "--lan", "--host", "127.0.0.1")  # tests bind loopback only
    try:
        assert "?token=" in server.url and len(server.url.split("token=")[1]) >= 40
        for path in ("/", "/campaign", "/deck", "/play", "/rules", "/static/htmx.min.js"):
            assert httpx.get(server.base + path).status_code == 403, path
        with httpx.Client(follow_redirects=True) as phone:
            r = phone.get(server.url.replace(f"http://{server.url.split('/')[2]}", server.base))
            assert r.status_code == 200 and "voyage" in r.text
            assert "token=" not in str(r.url)  # moved to a cookie, off the address bar
            assert phone.get(server.base + "/deck").status_code == 200
    finally:
        server.stop()


def test_lan_prints_a_qr_code_of_the_url(tmp_path):
    store = tmp_path / "s.db"
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--store", str(store), "--lan", "--host",
                             "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env(tmp_path))
    try:
        lines = []
        while not lines or not lines[-1].startswith("Press Ctrl+C"):
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            lines.append(line.rstrip("\n"))
        assert lines[0].startswith("pnp serve: open http://127.0.0.1:") and "?token=" in lines[0]
        qr = [ln for ln in lines if set(ln.strip()) & set("█▀▄")]
        assert len(qr) >= 12 and len({len(ln) for ln in qr}) == 1  # a square block of equal rows
        import io

        import segno
        expected = io.StringIO()  # the code drawn for exactly the URL printed above it
        segno.make(lines[0].split("open ")[1], error="m").terminal(out=expected, compact=True)
        drawn = [ln for ln in expected.getvalue().splitlines() if set(ln.strip()) & set("█▀▄")]
        assert qr == drawn
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        proc.stdout.close()
        proc.stderr.close()


def test_the_listening_socket_sends_without_waiting_for_acks():
    """Accepted connections inherit TCP_NODELAY: no Nagle pause on each kept-alive response."""
    import socket

    from pnp.web.server import bind
    sock = bind("127.0.0.1", 0)
    try:
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
        assert sock.getsockname()[0] == "127.0.0.1" and sock.getsockname()[1] > 0
    finally:
        sock.close()


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    import socket
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "pnp", "serve", "--port", str(port), "--store", str(tmp_path / "s.db")],
                           capture_output=True, text=True, env=env(tmp_path), timeout=60)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        assert f"cannot listen on 127.0.0.1:{port}" in r.stderr and "--port" in r.stderr
    finally:
        taken.close()


def test_pages_read_while_the_terminal_records_are_never_error_pages(tmp_path):
    """A phone reloading the Player card while records land from the terminal always gets the page,
    never 'the stored state differs from its event log' (the row and the log are read as one)."""
    import threading
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    server = Server(store)
    seen, done = [], threading.Event()

    def phone():
        with httpx.Client(timeout=60) as client:
            while not done.is_set():
                r = client.get(server.base + "/campaign")
                seen.append((r.status_code, "Record a loss" in r.text, r.text[r.text.find('class="error"'):][:200]))
    readers = [threading.Thread(target=phone) for _ in range(3)]
    try:
        for t in readers:
            t.start()
        for _ in range(12):  # from this process, not the server's: the terminal is another process
            read = len(seen)
            r = CliRunner().invoke(main, ["campaign", "loss", "--campaign", "voyage", "--store", str(store)])
            assert r.exit_code == 0, r.output
            assert wait_for(lambda: len(seen) >= read + 3, 60)  # the phones read on between two records
    finally:
        done.set()
        for t in readers:
            t.join()
        server.stop()
    assert len(seen) > 12
    assert [s for s in seen if s[:2] != (200, True)] == []
    assert service.status(store)["losses"] == 12
