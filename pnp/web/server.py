"""Run the companion with uvicorn on a socket bound first (so port 0 works and the URL printed is exact)."""
from __future__ import annotations

import io
import ipaddress
import socket

from pnp.campaign.log import open_log
from pnp.catalog import campaign_rules
from pnp.errors import UsageError
from pnp.web.app import create_app
from pnp.web.security import is_loopback, new_token, url_host

LOCAL = "127.0.0.1"


def lan_address() -> str:
    """This machine's address on the local network (the interface a LAN packet would leave by; nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.168.0.1", 9))  # UDP connect only picks a route
        return probe.getsockname()[0]
    except OSError:
        return LOCAL
    finally:
        probe.close()


def terminal_qr(url: str) -> str:
    """The URL as a QR code drawn with block characters (segno)."""
    import segno  # lazy: only --lan draws a code
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket (port 0: a free one) whose connections send at once (TCP_NODELAY).

    Without TCP_NODELAY a kept-alive connection waits about 40 ms per response (Nagle's algorithm
    meeting the client's delayed ACK); connections accepted from this socket inherit the option.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror})", field="port",
                         hint="choose another --port, or 0 for any free one") from None
    sock.listen(128)
    return sock


def listen_plan(host: str | None, lan: bool) -> tuple[str, bool]:
    """The address to listen on and whether the access token is required.

    Any address other than loopback needs the token: a `--host` that is not 127.0.0.0/8, ::1 or
    localhost implies --lan, so no way of starting the server leaves the network unlocked.
    """
    host = host or ("0.0.0.0" if lan else LOCAL)
    return host, lan or not is_loopback(host)


def _cert_names(host: str, shown: str, extra) -> tuple[list[str], list[str]]:
    """(IP addresses, DNS names) the server certificate covers: where it listens and how phones name it."""
    from pnp.web.tls import machine_names  # lazy: cryptography loads only with --https
    addresses, names = [LOCAL], []
    for value in (shown, host, *machine_names(extra)):
        try:
            if not ipaddress.ip_address(value).is_unspecified:
                addresses.append(value)
        except ValueError:
            names.append(value.lower())
    return list(dict.fromkeys(addresses)), list(dict.fromkeys(names))


class Serving:
    """The companion ready to serve: what to announce (.info) and a uvicorn server for its bound socket."""

    def __init__(self, info: dict, server, sock: socket.socket):
        self.info, self.server, self.sock = info, server, sock

    def serve(self) -> None:
        """Serve until interrupted, or until stop() is called from another thread."""
        self.server.run(sockets=[self.sock])

    def stop(self) -> None:
        """Ask serve() to finish (from another thread): open requests end, then it returns."""
        self.server.should_exit = True


def prepare(store, host: str | None, port: int, lan: bool, https: bool = False, cert_names=()) -> Serving:
    """Open the store, listen, build the app: a Serving whose .info is {url, host, port, lan, qr, https, setup,
    fingerprint}. Connections arriving before serve() wait in the socket's queue.

    With https, the companion is served over TLS with this table's certificate (pnp.web.tls), and a
    plain-http page beside it (pnp.web.trust, the next port) gives phones the certificate to install.
    """
    import uvicorn  # lazy: the HTTP server (and the click it loads) only when serving, not for create_app users
    for rules in campaign_rules().values():  # open (and migrate) the store now: a bad --store fails before serving
        open_log(store, rules).close()
    host, lan = listen_plan(host, lan)
    shown = (lan_address() if host == "0.0.0.0" else host)
    cert = None
    if https:
        from pnp.web.tls import table_cert  # lazy: cryptography loads only with --https
        cert = table_cert(*_cert_names(host, shown, cert_names))  # a bad certificate state fails before listening
    sock = bind(host, port)
    asked, port = port, sock.getsockname()[1]
    token = new_token() if lan else None
    scheme = "https" if https else "http"
    url = f"{scheme}://{url_host(shown)}:{port}/" + (f"?token={token}" if token else "")
    app = create_app(store, token)
    info = {"url": url, "host": host, "port": port, "lan": lan, "https": https}
    trust = None
    if cert is not None:
        from pnp.web import trust as setup  # lazy: only with --https
        trust_sock = bind(host, port + 1 if 0 < asked < 65535 else 0)  # the next port; with --port 0 any free one
        trust = setup.start(trust_sock, cert, port, shown)
        setup_url = f"http://{url_host(shown)}:{trust_sock.getsockname()[1]}/" + (f"#{token}" if token else "")
        info.update(setup=setup_url, fingerprint=cert.fingerprint, names=list(cert.names))
    info["qr"] = terminal_qr(info.get("setup", url)) if lan else None
    # proxy_headers off: the client address (loopback check, wrong-token counts) is the socket's peer,
    # never an X-Forwarded-For a client wrote
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", proxy_headers=False,
                            timeout_graceful_shutdown=5,
                            **({"ssl_certfile": str(cert.certfile), "ssl_keyfile": str(cert.keyfile)} if cert else {}))

    class Server(uvicorn.Server):
        async def shutdown(self, sockets=None):
            app.state.changes.close()  # end the pages' event streams, or stopping would wait on them
            if trust is not None:
                trust.shutdown()
            await super().shutdown(sockets)
    return Serving(info, Server(config), sock)


def run(store, host: str | None, port: int, lan: bool, announce, https: bool = False, cert_names=()) -> None:
    """Serve until interrupted; announce(prepare's .info) once listening."""
    serving = prepare(store, host, port, lan, https, cert_names)
    announce(serving.info)
    serving.serve()
