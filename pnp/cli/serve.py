"""`pnp serve`: the table-side companion in a browser (local by default, --lan for a phone)."""
from __future__ import annotations

import json

import click


@click.command(name="serve")
@click.option("--store", metavar="PATH", help="Store file (default: $PNP_STORE or the user data directory).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="Port (0: any free one).")
@click.option("--host", default=None, help="Address to listen on (default 127.0.0.1; with --lan 0.0.0.0). "
                                           "Any address other than loopback implies --lan: the token is required.")
@click.option("--lan", is_flag=True, help="Listen on the local network; the printed URL carries an access token.")
@click.option("--https", is_flag=True,
              help="Serve over https with this table's own certificate, so phones keep an offline copy; "
                   "a plain-http page on the next port gives each phone the certificate to install once.")
@click.option("--cert-name", "cert_names", multiple=True, metavar="NAME",
              help="Another name phones use for this computer, for the certificate to cover (repeatable; "
                   "the hostname, hostname.local and the LAN address are always covered).")
@click.option("--json", "as_json", is_flag=True, help="Print the address as JSON before serving.")
def serve(store, port, host, lan, https, cert_names, as_json):
    """Serve the companion: campaigns, deck, play along with the physical deck, rules and rulings.

    Plain --lan needs no setup on a phone, but phones get no offline copy over http. With --https each
    phone scans the code once to trust this table's certificate, then keeps an offline copy.

    \b
    Example: pnp serve --lan
    Example: pnp serve --lan --https
    """
    from pnp.web.server import run  # lazy: start-up time (uvicorn and the web app load only when serving)
    run(store, host, port, lan, announce=(lambda info: click.echo(json.dumps(info))) if as_json else _announce,
        https=https, cert_names=cert_names)


def _announce(info: dict) -> None:
    click.echo(f"pnp serve: open {info['url']}")
    if info.get("setup"):
        click.echo(f"Phones: scan this code. It opens {info['setup'].split('#')[0]}, where a phone trusts this "
                   "table once (its certificate) and goes on to the companion:")
    if info.get("qr"):
        click.echo(info["qr"])
    if info.get("setup"):
        click.echo(f"Certificate fingerprint (SHA-256): {info['fingerprint']}")
    elif info.get("lan"):
        click.echo("Scan the code with the phone's camera; without the token in the address every page answers 403.")
        click.echo("Phones get live pages but no offline copy over http; pnp serve --lan --https gives them one.")
    click.echo("Press Ctrl+C to stop.")
