"""The plain-http page beside `pnp serve --https` where a phone gets this table's certificate (once), with
steps in words, and goes on to the companion; it serves nothing else and needs no token."""
from __future__ import annotations

import html
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pnp.web.security import host_name, url_host

CA_PATH = "/pnp-table.crt"
CA_TYPE = "application/x-x509-ca-cert"

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>Trust this table · pnp</title>
<style>body{{font:1.05rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;overflow-wrap:anywhere}}
a.button{{display:block;min-height:44px;line-height:44px;margin:.6rem 0;padding:0 1rem;border-radius:.4rem;
text-align:center;background:#1d4e89;color:#fff;text-decoration:none;font-weight:600}}
li{{margin:.4rem 0}} code{{font-size:.85rem}}</style></head><body><main>
<h1>Use the companion on this phone, even offline</h1>
<p>The companion keeps a copy of the rules and your campaign on your phone for when the laptop is out of reach.
For that your phone must trust this table once. It takes about a minute and is needed only once per phone.</p>
<h2>1. Get this table's certificate</h2>
<p><a class="button" href="{ca}">Get the certificate</a></p>
<h2>2. Install it</h2>
<ul>
<li><b>Android:</b> open Settings, search for <i>CA certificate</i> (under Security, Encryption and credentials,
Install a certificate), choose <i>CA certificate</i>, tap <i>Install anyway</i> and pick <i>pnp-table.crt</i>
from your downloads.</li>
<li><b>iPhone or iPad</b> (use Safari): tap <i>Allow</i>, then open Settings, tap <i>Profile Downloaded</i> and
<i>Install</i>. Then go to Settings, General, About, Certificate Trust Settings and switch on
<i>{ca_name}</i>.</li>
<li><b>A laptop's browser:</b> in its settings, search for <i>certificates</i>, open <i>Authorities</i> and
import the file, trusting it to identify websites.</li>
</ul>
<p>Before you install, you can check the certificate: its SHA-256 fingerprint is
<code>{fingerprint}</code>.</p>
<h2>3. Open the companion</h2>
<p><a class="button" id="go" href="{https}">Open the companion</a></p>
<p id="again">If it asks for the address with the access code, scan the code on the laptop's screen again.</p>
<p>Rather not install anything? Open the companion anyway and accept your browser's warning
(<i>Advanced</i>, then <i>Proceed</i>): everything works except the copy kept for offline.</p>
</main><script>
var code = location.hash.slice(1);
if (/^[A-Za-z0-9_-]+$/.test(code)) {{
  document.getElementById("go").href += "?token=" + code;
  document.getElementById("again").hidden = true;
}}
</script></body></html>
"""


def page(https: str, fingerprint: str, ca_name: str) -> bytes:
    """The setup page: the steps, then a link to the companion at `https` (the access code arrives in the
    page's #fragment, which browsers never send, so it is added by the page's script)."""
    return PAGE.format(ca=CA_PATH, https=html.escape(https), fingerprint=html.escape(fingerprint),
                       ca_name=html.escape(ca_name)).encode()


def start(sock, cert, port: int, shown: str) -> ThreadingHTTPServer:
    """Serve the setup page and the authority's certificate (cert: pnp.web.tls.TableCert) on a bound
    socket in a daemon thread; its link goes to the companion's https `port` at the name the phone used
    if the certificate covers it (a Host header is never echoed otherwise), else at `shown`."""

    def https_for(header: str) -> str:
        named = host_name(header).lower()
        return f"https://{url_host(named if named in cert.names else shown)}:{port}/"

    class Handler(BaseHTTPRequestHandler):
        timeout = 10  # seconds a connection may stay silent: a client that never finishes its request lets go
        server_version, sys_version = "pnp", ""
        def do_GET(self):  # noqa: N802 (http.server's name)
            path = self.path.split("?", 1)[0]
            if path == "/":
                body = page(https_for(self.headers.get("host", "")), cert.fingerprint, cert.ca_name)
                kind = "text/html; charset=utf-8"
            elif path == CA_PATH:
                body, kind = cert.ca_der, CA_TYPE
            else:
                body, kind = b"404: this address only gives the table's certificate; open / for the steps", "text/plain"
            self.send_response(200 if kind != "text/plain" else 404)
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(body)))
            self.send_header("cache-control", "no-store")
            if path == CA_PATH:  # inline, as mitmproxy's mitm.it: Safari offers the profile, Android saves the file
                self.send_header("content-disposition", 'inline; filename="pnp-table.crt"')
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet, like the companion's own server
            pass

    server = ThreadingHTTPServer(sock.getsockname()[:2], Handler, bind_and_activate=False)
    server.socket.close()  # the one it made itself, never bound: it serves on the socket bound before
    server.socket = sock
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="pnp-trust", daemon=True).start()
    return server
