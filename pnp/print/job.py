"""A print job: resolve card sets, render each PDF and the optional PNG / Tabletop Simulator exports."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.cardset.find import builtin_sets, resolve_set
from pnp.cardset.load import load_cardset
from pnp.errors import PnpError, UsageError
from pnp.outpath import out_path
from pnp.print.options import PrintOptions, with_settings
from pnp.print.render import effective_options, render_pdf


@dataclass
class JobResult:
    """Per-set results and failures of a print job."""

    sets: list[dict] = field(default_factory=list)
    failures: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON summary: files, pages and cards per set, plus totals and failures."""
        return {"sets": self.sets, "failures": self.failures,
                "files": [f for s in self.sets for f in s["files"]],
                "pages": sum(s["pages"] for s in self.sets),
                "sheets": sum(s["sheets"] for s in self.sets), "cards": sum(s["cards"] for s in self.sets)}


def print_sets(names: list[str], all_sets: bool, out_dir: Path, settings: dict, *, png_dpi: int | None = None,
               tts: bool = False, progress=None) -> JobResult:
    """Render the named sets (or all built-in ones) into out_dir; one failed set does not stop the others.

    progress(label, total), if given, is called as each set starts and returns a tick(n) callback;
    progress(None, 0) marks the set's end.
    """
    if not names and not all_sets:
        raise UsageError("name a card set (game name or folder) or pass --all", hint="e.g. pnp print twelve-labors")
    folders = builtin_sets() if all_sets else [resolve_set(n) for n in names]
    base = with_settings(PrintOptions(), settings)
    explicit = {k for k, v in settings.items() if v is not None}
    result = JobResult()
    for folder in folders:
        try:
            cs = load_cardset(folder)
            options = effective_options(cs, base, explicit)
            tick = progress(cs.slug, cs.count) if progress else None
            try:
                res = render_pdf(cs, out_path(out_dir, cs.slug, ".pdf"), options, tick)
            finally:
                if progress:
                    progress(None, 0)
            files = [str(f) for f in res.files]
            files += [str(f) for f in export_images(cs, options, Path(out_dir), png_dpi=png_dpi, tts=tts)]
            result.sets.append({"set": cs.slug, "files": files, "outputs": _outputs(files, Path(out_dir)),
                                "pages": res.pages,
                                "sheets": res.sheets, "cards": res.cards,
                                "overflows": res.to_dict()["overflows"]})
        except PnpError as exc:
            if not all_sets:
                raise
            result.failures.append({"set": folder.name, "error": exc.one_line()})
    return result


def export_images(cs, options: PrintOptions, out_dir: Path, *, png_dpi: int | None, tts) -> list[Path]:
    """The requested image exports; returns the files written. tts: False, True or a pnp.print.tts.TtsOptions."""
    files = []
    if png_dpi:
        from pnp.print.exports import export_pngs
        files += export_pngs(cs, options, out_dir, png_dpi)
    if tts:
        from pnp.print.tts import TtsOptions, export_tts
        files += export_tts(cs, options, out_dir, tts if isinstance(tts, TtsOptions) else None)
    return files


def _outputs(files: list[str], out_dir: Path) -> list[str]:
    """The PDFs and the folders holding the other files (PNG, TTS, cut files), for a short listing."""
    out = []
    for f in files:
        path = Path(f)
        try:
            top = path.relative_to(out_dir).parts
        except ValueError:
            top = (path.name,)
        entry = f if len(top) == 1 else str(out_dir / top[0]) + "/"
        if entry not in out:
            out.append(entry)
    return out
