"""`pnp print`: render card sets to press-ready PDFs (and optional PNG / TTS exports)."""
from __future__ import annotations

import sys
from pathlib import Path

import click


class _Progress:
    """One progress bar on stderr per card set (used only on a terminal)."""

    def __init__(self):
        self.bar = None

    def __call__(self, label, total):
        if self.bar is not None:
            self.bar.render_finish()
            self.bar = None
        if label is None:
            return None
        self.bar = click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True)
        return self.bar.update


@click.command(name="print")
@click.argument("sets", nargs=-1)
@click.option("--all", "all_sets", is_flag=True, help="Print every built-in game.")
@click.option("-o", "--output", type=click.Path(file_okay=False), default=None, help="Output folder [output/].")
@click.option("--paper", default=None, help="a4, letter, a3 or WxH in mm [a4].")
@click.option("--margins", default=None, help="ALL or TOP,RIGHT,BOTTOM,LEFT in mm [5].")
@click.option("--bleed", type=float, default=None, help="Bleed in mm [the set's, else 3].")
@click.option("--cut", type=click.Choice(["marks", "lines", "none"]), default=None, help="Cut guides [marks].")
@click.option("--gap", type=float, default=None, help="Gap between cards in mm [0].")
@click.option("--backs", type=click.Choice(["duplex-long", "duplex-short", "gutterfold", "none"]), default=None,
              help="How backs are printed [duplex-long].")
@click.option("--back-offset", default=None, help="X,Y mm shift of the backs (x right, y down) [0,0].")
@click.option("--ink-saver", is_flag=True, default=None, help="No full-bleed fills, light outlines.")
@click.option("--no-calibration", is_flag=True, help="Leave out the calibration page.")
@click.option("--png", "png_dpi", type=click.IntRange(36, 1200), default=None, help="Also a PNG per card at DPI.")
@click.option("--tts", is_flag=True, help="Also Tabletop Simulator deck sheets and JSON.")
@click.option("--tts-url", default=None, metavar="BASE",
              help="TTS image URLs as BASE/<slug>-tts/<file> (host the folder there for multiplayer).")
@click.option("--tts-saved-objects", is_flag=False, flag_value="", default=None, metavar="[DIR]",
              help="Also write the TTS objects into Saved Objects/pnp/<slug>/ (TTS's own folder if no DIR; "
                   "give DIR as --tts-saved-objects=DIR).")
@click.option("--watch", is_flag=True, help="Re-render whenever a file of the set changes (Ctrl-C stops).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary.")
def print_cmd(sets, all_sets, output, paper, margins, bleed, cut, gap, backs, back_offset, ink_saver,
              no_calibration, png_dpi, tts, tts_url, tts_saved_objects, watch, as_json):
    """Render card sets (built-in game names or folders) to PDF sheets.

    Example: pnp print twelve-labors --backs duplex-short --back-offset 0.5,-0.3
    Designing: pnp print my-set --watch   (re-renders on every save)
    """
    from pnp.cli.output import emit_json
    from pnp.paths import default_output
    from pnp.print.job import print_sets

    settings = {"paper": paper, "margins": margins, "bleed": bleed, "cut": cut, "gap": gap, "backs": backs,
                "back_offset": back_offset, "ink_saver": ink_saver,
                "calibration": False if no_calibration else None}
    out = Path(output) if output else default_output()
    if tts or tts_url or tts_saved_objects is not None:
        from pnp.print.tts import TtsOptions, default_saved_objects
        saved = None if tts_saved_objects is None else Path(tts_saved_objects or default_saved_objects())
        tts = TtsOptions(url=tts_url, saved_objects=saved)
    if watch:
        from pnp.cli.watch import watch_print
        return watch_print(sets, all_sets, out, settings, as_json, png_dpi=png_dpi, tts=tts)
    result = print_sets(list(sets), all_sets, out, settings, png_dpi=png_dpi, tts=tts,
                        progress=_Progress() if not as_json and sys.stderr.isatty() else None)
    if as_json:
        emit_json(result.to_dict())
    else:
        for s in result.sets:
            for f in s["files"]:
                click.echo(f"{f}")
            click.echo(f"  {s['set']}: {s['cards']} cards, {s['pages']} pages")
            for o in s["overflows"]:
                click.echo(f"  warning: {o['source']}: card {o['card']}: text in box '{o['box']}' overflows at "
                           f"{o['size']:g} pt",
                           err=True)
        for f in result.failures:
            click.echo(f"error: {f['set']}: {f['error']}", err=True)
        if tts and not tts.url and result.sets:
            click.echo("note: the TTS JSON points at local file:// images, which friends in a multiplayer game "
                       "cannot load; upload each <slug>-tts folder and print again with --tts-url BASE", err=True)
    if result.failures:
        sys.exit(1)
