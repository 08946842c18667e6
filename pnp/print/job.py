"""A print job: resolve card sets, render each PDF and the optional PNG / Tabletop Simulator exports."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pnp.cardset.find import builtin_sets, resolve_set
from pnp.cardset.load import load_cardset
from pnp.config import Paper, default_paper
from pnp.errors import PnpError, UsageError
from pnp.outpath import out_path
from pnp.plural import counted
from pnp.print.options import PrintOptions, refuse_contradictions, with_settings
from pnp.print.render import effective_options, render_pdf


@dataclass
class JobResult:
    """Per-set results and failures of a print job."""

    sets: list[dict] = field(default_factory=list)
    failures: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON summary per set and in total: files, pages, sheets, pieces by kind, paper; and failures.

        "cards" counts every piece (kept for scripts); "kinds" splits them into cards, tokens, boards...
        """
        kinds: Counter[str] = Counter()
        for s in self.sets:
            kinds.update(s["kinds"])
        return {"sets": self.sets, "failures": self.failures, "kinds": dict(kinds),
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
    if names and all_sets:
        raise UsageError(f"--all prints every built-in game, so the named {', '.join(names)} would be ignored",
                         hint=f"drop --all to print just {', '.join(names)}, or drop the names to print all")
    refuse_contradictions(settings)
    folders = builtin_sets() if all_sets else [resolve_set(n) for n in names]
    paper = default_paper(settings.get("paper"))
    settings = {**settings, "paper": paper.value}
    base = with_settings(PrintOptions(), settings)
    explicit = {k for k, v in settings.items() if v is not None and (k != "paper" or paper.chosen)}
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
            files += [str(f) for f in export_images(cs, options, Path(out_dir), png_dpi=png_dpi, tts=tts,
                                                     progress=progress)]
            result.sets.append({"set": cs.slug, "files": files, "outputs": _outputs(files, Path(out_dir)),
                                "pages": res.pages,
                                "sheets": res.sheets, "cards": res.cards, "kinds": piece_kinds(cs),
                                **_paper(cs, paper),
                                "overflows": res.to_dict()["overflows"]})
        except PnpError as exc:
            if not all_sets:
                raise
            result.failures.append({"set": folder.name, "error": exc.one_line()})
    return result


def export_images(cs, options: PrintOptions, out_dir: Path, *, png_dpi: int | None, tts, progress=None) -> list[Path]:
    """The requested image exports; returns the files written. tts: False, True or a pnp.print.tts.TtsOptions.

    progress(label, total), as print_sets takes it, is ticked once per component and export."""
    files = []
    if not png_dpi and not tts:
        return files
    tick = progress(f"{cs.slug} exports", len(cs.components) * (bool(png_dpi) + bool(tts))) if progress else None
    try:
        if png_dpi:
            from pnp.print.exports import export_pngs  # lazy: pdfium and the exports only when asked for
            files += export_pngs(cs, options, out_dir, png_dpi, tick)
        if tts:
            from pnp.print.tts import TtsOptions, export_tts  # lazy: as above
            files += export_tts(cs, options, out_dir, tts if isinstance(tts, TtsOptions) else None, tick)
    finally:
        if progress:
            progress(None, 0)
    return files


def piece_kinds(cs) -> dict[str, int]:
    """Pieces by component type (cards, tokens, board, track, aid), copies counted, in manifest order."""
    kinds: Counter[str] = Counter()
    for comp in cs.components:
        kinds[comp.type] += comp.count
    return dict(kinds)


_NOUNS = {"cards": "card", "tokens": "token", "board": "board", "track": "track", "aid": "aid"}


def kinds_text(kinds: dict[str, int]) -> str:
    """'60 cards, 140 tokens, 1 board and 6 aids' (each kind with its own count)."""
    parts = [counted(n, _NOUNS[k]) if k in _NOUNS else f"{n} {k}" for k, n in kinds.items() if n]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else "nothing"


def _paper(cs, paper: Paper) -> dict:
    """The paper a set printed on and where the choice came from (a set's own print.paper beats the locale)."""
    own = cs.print_defaults.get("paper")
    if own is not None and not paper.chosen:
        return {"paper": str(own), "paper_source": "the card set's print.paper"}
    return {"paper": paper.value, "paper_source": paper.source}


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
