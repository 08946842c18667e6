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
@click.option("--json", "as_json", is_flag=True, help="Print the address as JSON before serving.")
def serve(store, port, host, lan, as_json):
    """Serve the companion: campaigns, deck, play along with the physical deck, rules and rulings.

    Example: pnp serve --lan
    """
    from pnp.web.server import run  # lazy: start-up time (uvicorn and the web app load only when serving)
    run(store, host, port, lan, announce=(lambda info: click.echo(json.dumps(info))) if as_json else _announce)


def _announce(info: dict) -> None:
    click.echo(f"pnp serve: open {info['url']}")
    if info.get("qr"):
        click.echo(info["qr"])
        click.echo("Scan the code with the phone's camera; without the token in the address every page answers 403.")
    click.echo("Press Ctrl+C to stop.")
