"""`pnp print`: render card sets to press-ready PDFs (and optional PNG / TTS exports)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.cli.progress import showing
from pnp.cli.watch import watch_print
from pnp.paths import default_output
from pnp.print_values import BACK_MODES, CUT_FILES, CUT_MODES, LAYOUTS


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
@click.argument("sets", nargs=-1, shell_complete=complete("card-set", dirs=True))
@click.option("--all", "all_sets", is_flag=True, help="Print every built-in game.")
@click.option("-o", "--output", type=click.Path(file_okay=False), default=None, help="Output folder [output/].")
@click.option("--paper", default=None, help="a4, letter, a3 or WxH in mm [pnp config paper, else your locale's, else a4].")
@click.option("--margins", default=None, help="ALL or TOP,RIGHT,BOTTOM,LEFT in mm [5].")
@click.option("--bleed", type=float, default=None, help="Bleed in mm, 0-10 [the set's, else 3].")
@click.option("--layout", type=click.Choice(LAYOUTS), default=None,
              help="packed: cards butted at the trim, bleed on the outer edges only (no --gap); gutters: a "
                   "full bleed round each card; auto: whichever fits more cards per sheet [auto].")
@click.option("--cut", type=click.Choice(CUT_MODES), default=None,
              help="Cut guides outside the cards: crop marks to the paper edge, or lines through margins "
                   "and gutters [marks].")
@click.option("--mark-length", type=float, default=None, help="Crop-mark length in mm [to the paper edge].")
@click.option("--cut-file", type=click.Choice(CUT_FILES), default=None,
              help="Also an SVG cut path per sheet for print-then-cut machines (Silhouette, Cricut), with "
                   "registration marks on the PDF.")
@click.option("--corner-radius", type=float, default=None, help="Rounded card corners in the cut file, mm [0].")
@click.option("--gap", type=float, default=None, help="Gap between cards in mm [0].")
@click.option("--backs", type=click.Choice(BACK_MODES), default=None,
              help="How backs are printed: duplex-long = printer set to two-sided, 'flip on long edge'; "
                   "duplex-short = two-sided, 'flip on short edge'; gutterfold = one-sided, fold each sheet "
                   "down the middle; none = fronts only [duplex-long].")
@click.option("--back-offset", default=None,
              help="X,Y mm shift of the backs, measured on the back page (x right, y down) [0,0].")
@click.option("--ink-saver", is_flag=True, default=None, help="No full-bleed fills, light outlines.")
@click.option("--no-front-matter", "--no-calibration", "no_calibration", is_flag=True,
              help="Leave out the front matter (checklist, rules, calibration ruler and targets).")
@click.option("--png", "png_dpi", type=click.IntRange(36, 1200), default=None,
              help="Also a PNG per distinct card face at DPI (a shared back once).")
@click.option("--tts", is_flag=True, help="Also Tabletop Simulator deck sheets and JSON.")
@click.option("--tts-url", default=None, metavar="BASE",
              help="TTS image URLs as BASE/<slug>-tts/<file> (host the folder there for multiplayer).")
@click.option("--tts-saved-objects", is_flag=False, flag_value="", default=None, metavar="[DIR]",
              help="Also write the TTS objects into Saved Objects/pnp/<slug>/ (TTS's own folder if no DIR; "
                   "give DIR as --tts-saved-objects=DIR).")
@click.option("--watch", is_flag=True, help="Re-render whenever a file of the set changes (Ctrl-C stops).")
@click.option("-v", "--verbose", is_flag=True, help="List every file written, not just PDFs and folders.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary.")
def print_cmd(sets, all_sets, output, paper, margins, bleed, layout, cut, mark_length, cut_file,
              corner_radius, gap, backs, back_offset, ink_saver, no_calibration, png_dpi, tts, tts_url,
              tts_saved_objects, watch, verbose, as_json):
    """Render card sets (built-in game names or folders) to PDF sheets.

    \b
    Example: pnp print twelve-labors --backs duplex-short --back-offset 0.5,-0.3 --cut-file svg
    Designing: pnp print my-deck --watch   (re-renders on every save)
    """
    from pnp.print.job import kinds_text, print_sets  # lazy: start-up time (reportlab)

    settings = {"paper": paper, "margins": margins, "bleed": bleed, "layout": layout, "cut": cut,
                "mark_length": mark_length, "cut_file": cut_file, "corner_radius": corner_radius, "gap": gap,
                "backs": backs, "back_offset": back_offset, "ink_saver": ink_saver,
                "calibration": False if no_calibration else None}
    out = Path(output) if output else default_output()
    if tts or tts_url or tts_saved_objects is not None:
        from pnp.print.tts import TtsOptions, default_saved_objects  # lazy: start-up time (reportlab, Pillow)
        saved = None if tts_saved_objects is None else Path(tts_saved_objects or default_saved_objects())
        tts = TtsOptions(url=tts_url, saved_objects=saved)
    if watch:
        return watch_print(sets, all_sets, out, settings, as_json, png_dpi=png_dpi, tts=tts)
    result = print_sets(list(sets), all_sets, out, settings, png_dpi=png_dpi, tts=tts,
                        progress=_Progress() if showing() else None)
    if as_json:
        emit_json(result.to_dict())
    else:
        for s in result.sets:
            for f in s["files"] if verbose else s["outputs"]:
                click.echo(f"{f}")
            click.echo(f"  {s['set']}: {kinds_text(s['kinds'])} on {s['sheets']} sheets ({s['pages']} pages); "
                       f"paper {s['paper']} ({s['paper_source']})")
            for o in s["overflows"]:
                click.echo(f"  warning: {o['source']}: card {o['card']}: text in box '{o['box']}' overflows at "
                           f"{o['size']:g} pt",
                           err=True)
        if len(result.sets) > 1:
            total = result.to_dict()
            click.echo(f"total: {kinds_text(total['kinds'])} on {total['sheets']} sheets of paper")
        for f in result.failures:
            click.echo(f"error: {f['set']}: {f['error']}", err=True)
        if tts and not tts.url and result.sets:
            click.echo("note: the TTS JSON points at local file:// images, which friends in a multiplayer game "
                       "cannot load; upload each <slug>-tts folder and print again with --tts-url BASE", err=True)
    if result.failures:
        sys.exit(1)
