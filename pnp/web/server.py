"""Run the companion with uvicorn on a socket bound first (so port 0 works and the URL printed is exact)."""
from __future__ import annotations

import io
import socket

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
    import segno
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
        from pnp.errors import UsageError
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror})", field="port",
                         hint="choose another --port, or 0 for any free one") from None
    sock.listen(128)
    return sock


def listen_plan(host: str | None, lan: bool) -> tuple[str, bool]:
    """The address to listen on and whether the access token is required.

    Any address other than loopback needs the token: a `--host` that is not 127.0.0.0/8, ::1 or
    localhost implies --lan, so no way of starting the server leaves the network unlocked.
    """
    from pnp.web.security import is_loopback
    host = host or ("0.0.0.0" if lan else LOCAL)
    return host, lan or not is_loopback(host)


def run(store, host: str | None, port: int, lan: bool, announce) -> None:
    """Serve until interrupted; announce({url, host, port, lan, qr}) once listening."""
    import uvicorn

    from pnp.campaign.log import open_log
    from pnp.catalog import campaign_rules
    from pnp.web.app import create_app
    from pnp.web.security import new_token
    for rules in campaign_rules().values():  # open (and migrate) the store now: a bad --store fails before serving
        open_log(store, rules).close()
    host, lan = listen_plan(host, lan)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    token = new_token() if lan else None
    shown = (lan_address() if host == "0.0.0.0" else host)
    url = f"http://{shown}:{port}/" + (f"?token={token}" if token else "")
    app = create_app(store, token)
    announce({"url": url, "host": host, "port": port, "lan": lan, "qr": terminal_qr(url) if lan else None})
    # proxy_headers off: the client address (loopback check, wrong-token counts) is the socket's peer,
    # never an X-Forwarded-For a client wrote
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", proxy_headers=False)
    uvicorn.Server(config).run(sockets=[sock])
