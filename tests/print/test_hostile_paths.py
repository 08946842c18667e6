"""Hostile names and hostile output folders: a card set's slug, component names and card ids never write, replace or
delete anything outside the output folder; links, pipes and devices where a file goes are refused by name; a full
disk or a failed write is a one-line error that leaves the previous files whole (issue 25, items 1, 4 and 7)."""
from __future__ import annotations

import builtins
import errno
import io
import json
import os
import signal
import stat
import subprocess

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli.main import main
from print_fixtures import write_set

HOSTILE = ["../x", "../../../x", "/abs", "a/b", "a\\b", "..", ".", "CON", "nul.txt", "com1", "x" * 300,
           "tab\there", "\x1b[2Jclear", "bidi\u202efdp.exe", ".hidden", "a:b", 'q"?*<>|']
PRINTED = ["../x", "../../../x", "/abs", "a/b", "..", ".", "CON", "x" * 300, "\x1b[2Jclear", ".hidden", "a:b"]
PLACES = ["slug", "component", "id"]


def _tree(root) -> dict[str, tuple]:
    """Every entry under root (links not followed): relative path -> (kind, size or link target)."""
    out = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            info = os.readlink(path) if stat.S_ISLNK(st.st_mode) else (st.st_size if stat.S_ISREG(st.st_mode) else "")
            out[os.path.relpath(path, root)] = (stat.S_IFMT(st.st_mode), info)
    return out


def _plain(name: str) -> bool:
    """A file name that is the same file everywhere: printable, no separators or Windows-reserved characters, not
    hidden, no device name, no trailing dot or space, at most 140 bytes (the test's own check, not pnp's)."""
    return (name.isprintable() and not set(name) & set('/\\<>:"|?*') and not name.startswith(".")
            and name.split(".")[0].rstrip().casefold() not in {"con", "prn", "aux", "nul", "com1", "lpt1"}
            and not name.endswith((".", " ")) and len(name.encode()) <= 140)


def _set(tmp_path, place: str, name: str, cards: str | None = None):
    """A two-card set in tmp_path/set with `name` as its slug, component name or first card id."""
    component = {"name": name if place == "component" else "deck", "type": "cards", "size": "poker",
                 "data": "cards.csv", "layout": "front", "back": {"layout": "back"}}
    manifest = {"slug": name if place == "slug" else "s", "components": [component]}
    if cards is None:
        first = '"' + name.replace('"', '""') + '"' if place == "id" else "alpha"
        cards = f"id,name,copies\n{first},Alpha,1\nbeta,Beta,1\n"
    return write_set(tmp_path / "set", manifest=manifest, cards=cards)


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _one_line_error(res, *words):
    assert res.exit_code == 1, res.output
    assert "internal error" not in res.output and "Traceback" not in res.output
    lines = [line for line in res.output.strip().splitlines() if line.lower().startswith("error")]
    assert len(lines) == 1, res.output
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


# --- the name rules -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", HOSTILE + ["", " ", "a\x00b", "LPT9.tar.gz", "é" * 100, "ends with dot."])
def test_every_hostile_name_maps_to_one_plain_file_name(name):
    from pnp.outpath import MAX_NAME_BYTES, name_problem, out_path, safe_name
    assert name_problem(name) is not None
    safe = safe_name(name)
    assert name_problem(safe) is None and safe not in (".", "..") and "/" not in safe and "\\" not in safe
    assert len(safe.encode()) <= MAX_NAME_BYTES and all(ch.isprintable() for ch in safe)
    assert out_path("/o", name, ".png").parent.as_posix() == "/o"


def test_distinct_names_stay_distinct_even_where_case_and_unsafe_characters_do_not_count():
    from pnp.outpath import OutFolder, safe_name
    names = ["a/b", "a\\b", "a:b", "a_b", "a?b", "x" * 300, "x" * 301, "CON", "con", "Con", "..", "."]
    assert len({safe_name(n) for n in names}) == len(names)
    folder = OutFolder("/o")
    files = [folder.file(n, ".png") for n in ["Hydra", "hydra", "HYDRA", "a_b", "a/b"]]
    assert len({f.name.casefold() for f in files}) == 5
    assert folder.file("Hydra", ".png") == files[0]  # the same name asked again is the same file
    assert safe_name("Golden Hind") == "Golden Hind" and safe_name("Ἡρακλῆς") == "Ἡρακλῆς"  # plain: kept


# --- validate -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("name", ["../x", "CON", "x" * 300, "a:b", "ends with dot.", "."])
def test_validate_reports_an_unsafe_name_with_file_row_and_field(tmp_path, place, name):
    folder = _set(tmp_path, place, name)
    res = _run("validate", folder)
    assert res.exit_code == 1, res.output
    lines = [line for line in res.output.splitlines() if "file name" in line]
    assert len(lines) == 1, res.output
    where = {"slug": ("cardset.yaml:", "field 'slug'"), "component": ("cardset.yaml:", "field 'components.0.name'"),
             "id": ("cards.csv row 2", "field 'id'")}[place]
    assert all(w in lines[0] for w in where)


def test_validate_passes_plain_names(tmp_path):
    res = _run("validate", _set(tmp_path, "id", "Golden Hind 2"))
    assert res.exit_code == 0 and "file name" not in res.output


# --- printing never leaves the output folder ------------------------------------------------------------------

@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("name", PRINTED)
def test_hostile_names_write_only_plain_files_inside_the_output_folder(tmp_path, place, name):
    hostile = name if name != "/abs" else str(tmp_path / "abs" / "x")  # an absolute path, kept inside tmp_path
    (tmp_path / "abs").mkdir()
    folder = _set(tmp_path, place, hostile)
    out = tmp_path / "up" / "work" / "out"  # deep enough that old escapes stayed inside tmp_path
    before = _tree(tmp_path)
    for args in (("print", folder, "-o", out, "--png", 36, "--tts", "--cut-file", "svg"),
                 ("preview", folder, "alpha" if place != "id" else hostile, "beta", "--back", "-o", out / "preview")):
        res = _run(*args)
        if any(not ch.isprintable() for ch in name) and res.exit_code == 1:  # a loader may refuse control characters
            _one_line_error(res)
            return
        assert res.exit_code == 0 and "internal error" not in res.output, res.output
    after = _tree(tmp_path)
    outside = {p for p in after if not p.startswith(os.path.join("up", "work", "out"))}
    assert outside == set(before) | {"up", os.path.join("up", "work")}  # nothing appeared outside up/work/out
    written = _tree(out)
    assert all(_plain(part) for p in written for part in p.split(os.sep)), sorted(written)
    top = {p for p in written if os.sep not in p}  # the PDF and one folder per export, each file at its depth
    assert sorted(t.rsplit("-", 1)[-1] if "." not in t[-4:] else t[-4:] for t in top) == \
        [".pdf", "cut", "png", "preview", "tts"], sorted(written)
    depth = {"cut": 2, "png": 3, "tts": 2, "preview": 2}
    assert all(p.count(os.sep) + 1 == depth[p.split(os.sep)[0].rsplit("-", 1)[-1]]
               for p, (kind, _) in written.items() if kind == stat.S_IFREG and not p.endswith(".pdf")), sorted(written)
    assert sum(p.endswith(".pdf") for p in written) == 1 and sum(p.endswith(".svg") for p in written) >= 1
    assert sum(p.endswith(".png") for p in written) >= 7 and sum(p.endswith(".json") for p in written) == 2


def test_cut_files_of_an_escaping_slug_delete_nothing_outside(tmp_path):
    victim = tmp_path / "work" / "victim-cut"
    victim.mkdir(parents=True)
    (victim / "page-001.svg").write_text("someone else's cut file")
    folder = _set(tmp_path, "slug", "../victim")
    res = _run("print", folder, "-o", tmp_path / "work" / "out", "--cut-file", "svg")
    assert res.exit_code == 0, res.output
    assert (victim / "page-001.svg").read_text() == "someone else's cut file"
    assert sorted(os.listdir(victim)) == ["page-001.svg"]


def test_card_ids_differing_by_case_or_suffix_get_distinct_files(tmp_path):
    cards = "id,name,copies\nHydra,A,1\nhydra,B,1\nx,C,1\nx-back,D,1\nback,E,1\n"
    layouts = {"front": {"boxes": {"n": {"x": 5, "y": 5, "w": 50, "h": 10, "text": "{{ name }}", "size": 10}}},
               "back": {"boxes": {"n": {"x": 5, "y": 5, "w": 50, "h": 10, "text": "back of {{ name }}"}}}}
    folder = write_set(tmp_path / "set", cards=cards, layouts=layouts)
    out = tmp_path / "out"
    assert _run("print", folder, "-o", out, "--png", 36).exit_code == 0
    index = json.loads((out / "set-png" / "deck" / "cards.json").read_text())["cards"]
    names = [c[side] for c in index for side in ("front", "back")]
    assert len({n.casefold() for n in names}) == 10, names  # 5 fronts and 5 backs, one file each
    assert sorted(os.listdir(out / "set-png" / "deck")) == sorted(names + ["cards.json"])


# --- links, pipes and devices where output goes ---------------------------------------------------------------

LINKED = ["s.pdf", "s-png", "s-png/deck/alpha.png", "s-tts/deck.json", "s-cut", "s-cut/page-003.svg"]


@pytest.mark.parametrize("at", LINKED)
def test_a_symlink_where_output_goes_is_refused_and_its_target_kept(tmp_path, at):
    folder = _set(tmp_path, "id", "alpha")
    out = tmp_path / "out"
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "page-001.svg").write_text("keep me")
    (victim / "file").write_text("keep me")
    link = out / at
    link.parent.mkdir(parents=True, exist_ok=True)
    is_folder = "." not in at
    link.symlink_to(victim if is_folder else victim / "file")
    res = _run("print", folder, "-o", out, "--png", 36, "--tts", "--cut-file", "svg")
    _one_line_error(res, "symbolic link", str(link))
    assert link.is_symlink()
    assert _tree(victim) == {"page-001.svg": (stat.S_IFREG, 7), "file": (stat.S_IFREG, 7)}
    assert (victim / "file").read_text() == "keep me" and (victim / "page-001.svg").read_text() == "keep me"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("at", ["s.pdf", "s-png/deck/alpha.png", "s-tts/deck-1.png"])
def test_a_fifo_where_output_goes_is_refused_not_written_or_replaced(tmp_path, at):
    folder = _set(tmp_path, "id", "alpha")
    out = tmp_path / "out"
    (out / at).parent.mkdir(parents=True)
    os.mkfifo(out / at)
    res = _run("print", folder, "-o", out, "--png", 36, "--tts")
    _one_line_error(res, "named pipe", str(out / at))
    assert stat.S_ISFIFO(os.lstat(out / at).st_mode)


def _device(path) -> None:
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the /dev/null device
    except (PermissionError, OSError, AttributeError) as exc:
        pytest.skip(f"cannot make a device node here ({exc})")


@pytest.mark.parametrize("at", ["s.pdf", "s-tts/deck.json"])
def test_a_device_where_output_goes_is_refused_and_kept(tmp_path, at):
    folder = _set(tmp_path, "id", "alpha")
    out = tmp_path / "out"
    (out / at).parent.mkdir(parents=True)
    _device(out / at)
    res = _run("print", folder, "-o", out, "--tts")
    _one_line_error(res, "a device", str(out / at))
    assert stat.S_ISCHR(os.lstat(out / at).st_mode)


def test_schema_refuses_a_device_folder_and_a_linked_file(tmp_path):
    _one_line_error(_run("schema", "-o", "/dev/null"), "a device", "/dev/null")
    out = tmp_path / "schema"
    out.mkdir()
    (tmp_path / "victim").write_text("keep me")
    (out / "cardset.schema.json").symlink_to(tmp_path / "victim")
    _one_line_error(_run("schema", "-o", out), "symbolic link", "cardset.schema.json")
    assert (tmp_path / "victim").read_text() == "keep me"


# --- full disk, failed writes and kills leave the previous files ----------------------------------------------

class _Failing(io.RawIOBase):
    """A writable file whose writes fail with `code` once `room` bytes are written (the first bytes land)."""

    def __init__(self, real, room: int, code: int):
        self.real, self.room, self.code = real, room, code

    def writable(self):
        return True

    def write(self, data):
        if len(data) > self.room:
            self.real.write(bytes(data)[:self.room])
            self.real.flush()
            self.room = 0
            if self.code == -1:
                raise KeyboardInterrupt  # a kill as far as this process can see one: the write stops mid-way
            if self.code == -2:
                os.kill(os.getpid(), signal.SIGKILL)  # a real kill: no cleanup runs
            raise OSError(self.code, os.strerror(self.code))
        self.room -= len(data)
        return self.real.write(data)

    def fileno(self):
        raise io.UnsupportedOperation("no fileno")  # Pillow then writes through write(), not the descriptor

    def seek(self, *a):
        return self.real.seek(*a)

    def tell(self):
        return self.real.tell()

    def flush(self):
        self.real.flush()

    def close(self):
        if not self.closed:
            super().close()
            self.real.close()


@pytest.fixture
def faulty_disk(monkeypatch):
    """Make writes of files under a folder fail after `room` bytes: faulty_disk(folder, code, room=100); files
    named ...`but` (pnp's scratch PDF of the faces, say) are written as usual."""
    real_open = io.open

    def arm(folder, code: int, room: int = 100, but: str = "\0"):
        folder = str(folder)

        def fake_open(file, mode="r", *args, **kwargs):
            f = real_open(file, mode, *args, **kwargs)
            name = os.readlink(f"/proc/self/fd/{file}") if isinstance(file, int) else os.path.abspath(file)
            if any(m in mode for m in "wax+") and name.startswith(folder) and not name.endswith(but):
                wrapper = _Failing(f.buffer if hasattr(f, "buffer") else f, room, code)
                return io.TextIOWrapper(io.BufferedWriter(wrapper), encoding="utf-8") if "b" not in mode \
                    else io.BufferedWriter(wrapper)
            return f

        monkeypatch.setattr(io, "open", fake_open)
        monkeypatch.setattr(builtins, "open", fake_open)

    return arm


def _files(out) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("export", ["--png", "--tts"])
@pytest.mark.parametrize("code,words", [(errno.ENOSPC, "no space left on"), (errno.EACCES, "cannot write"),
                                        (errno.EIO, "cannot write")])
def test_a_failed_export_write_is_one_line_and_keeps_the_previous_files(tmp_path, faulty_disk, export, code, words):
    folder = _set(tmp_path, "id", "alpha")
    out = tmp_path / "out"
    args = ["print", folder, "-o", out] + (["--png", 72] if export == "--png" else ["--tts"])
    assert _run(*args).exit_code == 0
    good = _files(out)
    (folder / "cards.csv").write_text("id,name,copies\nalpha,Changed,1\nbeta,Beta,1\n")
    faulty_disk(out / ("s-png" if export == "--png" else "s-tts"), code, but=".pdf.part")
    _one_line_error(_run(*args), words)
    assert {k: v for k, v in _files(out).items() if not k.endswith(".pdf")} == \
           {k: v for k, v in good.items() if not k.endswith(".pdf")}  # every export file as before, none half-new
    assert not list(out.rglob(".*.part"))


def test_a_kill_mid_png_write_keeps_the_previous_png(tmp_path, faulty_disk):
    folder = _set(tmp_path, "id", "alpha")
    out = tmp_path / "out"
    assert _run("print", folder, "-o", out, "--png", 72).exit_code == 0
    good = _files(out / "s-png")
    faulty_disk(out / "s-png", -1, but=".pdf.part")  # KeyboardInterrupt part-way through the first PNG
    with pytest.raises(KeyboardInterrupt):
        from pnp.cardset.load import load_cardset
        from pnp.print.exports import export_pngs
        from pnp.print.options import PrintOptions
        export_pngs(load_cardset(folder), PrintOptions(), out, 150)
    assert _files(out / "s-png") == good and not list(out.rglob(".*.part"))


@pytest.mark.parametrize("code,words", [(errno.ENOSPC, "no space left on"), (errno.EROFS, "cannot write")])
def test_schema_on_a_failing_disk_is_one_line_and_keeps_the_previous_files(tmp_path, faulty_disk, code, words):
    out = tmp_path / "schema"
    assert _run("schema", "-o", out).exit_code == 0
    good = _files(out)
    (out / "layouts.schema.json").write_text("{}\n")  # an older file, so a rewrite would change it
    good["layouts.schema.json"] = b"{}\n"
    faulty_disk(out, code)
    _one_line_error(_run("schema", "-o", out), words)
    assert _files(out) == good


def test_schema_into_an_unmakeable_folder_is_one_line(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    _one_line_error(_run("schema", "-o", tmp_path / "file" / "schema"), "cannot create the output folder")


@pytest.fixture
def small_tmpfs(tmp_path):
    """A 1 MB tmpfs at tmp_path/disk (needs root and mount rights; skipped otherwise)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    try:
        res = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True, check=False)
    except OSError as exc:
        pytest.skip(f"no mount command ({exc})")
    if res.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not allowed here ({res.stderr.decode().strip()})")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True, check=False)


def test_a_really_full_tmpfs_is_no_space_left_and_keeps_the_previous_pngs(tmp_path, small_tmpfs):
    folder = _set(tmp_path, "id", "alpha")
    out = small_tmpfs / "out"
    assert _run("print", folder, "-o", out, "--png", 72).exit_code == 0
    good = _files(out)
    filler = small_tmpfs / "filler"
    with open(filler, "wb", buffering=0) as f:  # fill the disk, then free room for the PDF and a little more
        try:
            while f.write(b"\0" * 4096):
                pass
        except OSError:
            pass
    os.truncate(filler, os.path.getsize(filler) - (out / "s.pdf").stat().st_size - 20000)
    _one_line_error(_run("print", folder, "-o", out, "--png", 300), "no space left on")
    now = _files(out)
    assert set(now) == set(good)  # no hidden .part file left, nothing missing
    kept = [k for k in good if k.endswith(".png") and now[k] == good[k]]
    assert kept  # the PNG that did not fit is the previous one, whole
    for k in good:  # every PNG is the previous one or a whole new one (300 dpi), never a part of one
        if k.endswith(".png") and k not in kept:
            with Image.open(out / k) as im:
                im.load()
                assert round(im.info["dpi"][0]) == 300


def test_hosted_tts_urls_quote_the_file_names(tmp_path):
    folder = _set(tmp_path, "component", "big deck #2 100%")
    out = tmp_path / "out"
    assert _run("print", folder, "-o", out, "--tts-url", "https://example.org/g").exit_code == 0
    deck = json.loads(next((out / "s-tts").glob("*.json")).read_text())["ObjectStates"][0]
    url = next(iter(deck["CustomDeck"].values()))["FaceURL"]
    assert url == "https://example.org/g/s-tts/big%20deck%20%232%20100%25-1.png"
    assert (out / "s-tts" / "big deck #2 100%-1.png").is_file()


def test_exports_and_tts_do_not_import_each_other():
    """Issue 29: pnp.print.tts uses exports' face rendering; exports must not import tts back."""
    import ast
    from pathlib import Path

    from pnp.print import exports
    tree = ast.parse(Path(exports.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | \
               {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "pnp.print.tts" not in imported and "pnp.print.job" not in imported


def test_tts_saved_objects_of_an_escaping_slug_stay_in_their_folder(tmp_path):
    folder = _set(tmp_path, "slug", "../../../x")
    saved = tmp_path / "up" / "saved"
    before = _tree(tmp_path)
    res = _run("print", folder, "-o", tmp_path / "up" / "out", f"--tts-saved-objects={saved}")
    assert res.exit_code == 0, res.output
    new = set(_tree(tmp_path)) - set(before)
    assert all(p.startswith((os.path.join("up", "out"), os.path.join("up", "saved")))
               for p in new if p != "up"), sorted(new)
    objects = _tree(saved / "pnp")
    assert len([p for p in objects if os.sep not in p]) == 1 and all(_plain(p.split(os.sep)[0]) for p in objects)
    assert sorted(os.path.basename(p) for p in objects if os.sep in p) == ["deck.json", "deck.png"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_sigkill_mid_png_write_keeps_the_previous_pngs_and_the_next_run_cleans_up(tmp_path, faulty_disk):
    from pnp.cardset.load import load_cardset
    from pnp.print.exports import export_pngs
    from pnp.print.options import PrintOptions

    cs = load_cardset(_set(tmp_path, "id", "alpha"))
    out = tmp_path / "out"
    export_pngs(cs, PrintOptions(), out, 100)
    good = _files(out)
    pid = os.fork()
    if pid == 0:
        try:
            faulty_disk(out / "s-png", -2, room=1000, but=".pdf.part")  # SIGKILL itself 1000 bytes into a PNG
            export_pngs(cs, PrintOptions(), out, 90)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    assert {k: v for k, v in _files(out).items() if not os.path.basename(k).startswith(".")} == good
    assert list(out.rglob(".*.part"))  # the killed writer's hidden files, which the next run removes
    export_pngs(cs, PrintOptions(), out, 100)
    assert not list(out.rglob(".*.part")) and _files(out) == good


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes into read-only folders; the fault-injected EACCES tests cover this as root")
def test_schema_into_a_read_only_folder_is_one_line(tmp_path):
    out = tmp_path / "schema"
    out.mkdir()
    out.chmod(0o500)
    try:
        _one_line_error(_run("schema", "-o", out), "cannot write", str(out))
        assert os.listdir(out) == []
    finally:
        out.chmod(0o700)
