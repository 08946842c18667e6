"""The one door for every file pnp's print side writes: names from data become safe file names inside the
output folder, and files are written whole (a temporary file moved into place), never through a link or over
anything that is not a regular file."""
from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from pnp.errors import OutputError
from pnp.leftovers import part_prefix, remove_stale

MAX_NAME_BYTES = 120            # bytes (UTF-8) of a name from data, before pnp's own suffix; filesystems allow 255
_HASH = 10                      # hex digits of the hash that keeps a changed name distinct
_RESERVED = set('/\\<>:"|?*')   # separators, and characters Windows refuses in file names
_DEVICES = {"con", "prn", "aux", "nul", "conin$", "conout$", "clock$"} | {
    f"{dev}{n}" for dev in ("com", "lpt") for n in (*"0123456789", "¹", "²", "³")}
_BAD_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}   # control, format (bidi), surrogate, unassigned


def _bad_char(ch: str) -> bool:
    return ch in _RESERVED or unicodedata.category(ch) in _BAD_CATEGORIES


def _device(name: str) -> bool:
    """True for a Windows device name (CON, NUL, COM1, ...), with or without an extension."""
    return name.split(".")[0].rstrip(" ").casefold() in _DEVICES


def name_problem(name) -> str | None:
    """Why a name from data cannot be used as a file name as it is, or None when it can (the rules validate reports)."""
    text = str(name)
    if not text.strip():
        return "is empty"
    if text in (".", ".."):
        return "is a path to a folder ('.' or '..')"
    bad = sorted({ch for ch in text if _bad_char(ch)})
    if bad:
        return "has characters a file name cannot hold (" + " ".join(_show_char(ch) for ch in bad) + ")"
    if text[0] == ".":
        return "starts with '.' (a hidden file)"
    if text[0] == " " or text[-1] in ". ":
        return "starts with a space or ends with a space or '.' (Windows drops them)"
    if _device(text):
        return "is a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9)"
    if len(text.encode("utf-8")) > MAX_NAME_BYTES:
        return f"is longer than {MAX_NAME_BYTES} bytes"
    return None


def _show_char(ch: str) -> str:
    return f"'{ch}'" if ch.isprintable() else f"U+{ord(ch):04X}"


def shown(name, limit: int = 60) -> str:
    """A name from data as it may be printed on one line: control characters escaped, long names cut."""
    text = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in str(name))
    return text if len(text) <= limit else text[:limit] + "…"


def _hash(*parts) -> str:
    return hashlib.sha256("\0".join(map(str, parts)).encode("utf-8", "surrogatepass")).hexdigest()[:_HASH]


def safe_name(name) -> str:
    """name itself when name_problem finds nothing; else a cleaned, shortened name ending in a hash of the original,
    so that distinct names stay distinct ("../x" -> "_x-3f2a…", "CON" -> "_CON-9b1c…")."""
    text = str(name)
    if name_problem(text) is None:
        return text
    clean = "".join("_" if _bad_char(ch) else ch for ch in text).strip(" .")
    clean = clean.encode("utf-8")[:MAX_NAME_BYTES - _HASH - 2].decode("utf-8", "ignore").rstrip(" .")
    if not clean or _device(clean):
        clean = "_" + clean
    return f"{clean}-{_hash(text)}"


def out_path(folder: Path, name, suffix: str = "") -> Path:
    """folder/<safe name><suffix>: the path a name from data (a slug, component name, card id) is written at.

    suffix is pnp's own (".pdf", "-back.png"); the result is always a direct child of folder.
    """
    return Path(folder) / (safe_name(name) + suffix)


def _key(file_name: str) -> str:
    """Names equal under this key are one file on Windows and macOS (case and Unicode form ignored)."""
    return unicodedata.normalize("NFC", file_name).casefold()


class OutFolder:
    """A folder pnp writes many files into: each distinct name gets its own file, even where case does not count.

    Example: OutFolder(out).file(card.id, ".png") -> out/<safe id>.png, a hash added if that file was handed out
    for another name.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self._given: dict[str, tuple] = {}   # _key(file name) -> what it was handed out for

    def file(self, name, suffix: str = "", *, key: tuple | None = None) -> Path:
        """The path for name + suffix; key (default (name, suffix)) says which requests are the same file."""
        key = key if key is not None else (str(name), suffix)
        path = out_path(self.path, name, suffix)
        if self._given.setdefault(_key(path.name), key) != key:
            path = out_path(self.path, f"{safe_name(name)}-{_hash(*key)}", suffix)
            self._given.setdefault(_key(path.name), key)
        return path

    def folder(self, name, suffix: str = "") -> OutFolder:
        """A sub-folder for name + suffix, created if missing (see make_folder)."""
        return OutFolder(make_folder(self.file(name, suffix)))


def make_folder(path: Path, *, link_ok: bool = False) -> Path:
    """Create path (and its parents) as a folder; refused when a non-folder, or a link unless link_ok (for the
    user's own -o folder, never for one named from data), is at path itself.

    Stale `.part` files of killed writers in it are removed.
    """
    path = Path(path)
    try:
        st = os.stat(path) if link_ok else os.lstat(path)
    except FileNotFoundError:
        try:
            path.mkdir(parents=True)
        except FileExistsError:
            return make_folder(path, link_ok=link_ok)
        except OSError as exc:
            raise _os_error(exc, path, "create the output folder") from None
        return path
    except OSError as exc:
        raise _os_error(exc, path, "create the output folder") from None
    if stat.S_ISLNK(st.st_mode):
        raise OutputError("a symbolic link is where pnp's output folder goes; pnp does not write through links",
                          file=str(path), hint="remove the link or choose another folder with -o")
    if not stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{_kind(st.st_mode)} is where pnp's output folder goes", file=str(path),
                          hint="move it away or choose another folder with -o")
    remove_stale(path)
    return path


def _kind(mode: int) -> str:
    for test, what in ((stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return what
    return "something that is not a regular file"


def check_target(path: Path) -> None:
    """Refuse a file path where a link, folder, pipe, device, socket or read-only file is (missing or regular: fine)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _os_error(exc, path, "write") from None
    if stat.S_ISLNK(st.st_mode):
        raise OutputError("a symbolic link is where the file goes; pnp does not write through links",
                          file=str(path), hint="remove the link or choose another folder with -o")
    if not stat.S_ISREG(st.st_mode):
        raise OutputError(f"{_kind(st.st_mode)} is where the file goes; pnp only replaces regular files",
                          file=str(path), hint="move it away or choose another folder with -o")
    if not os.access(path, os.W_OK):
        raise OutputError("a read-only file is where the file goes", file=str(path),
                          hint="make it writable, move it away or choose another folder with -o")


def _os_error(exc: OSError, path: Path, doing: str) -> OutputError:
    """A one-line error for a failed write: 'no space left on …' for a full disk, else 'cannot …' and why."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return OutputError("no space left on the disk", file=str(path),
                           hint="free some space or choose another folder with -o")
    other = f": {exc.filename}" if exc.filename and Path(exc.filename).parent != path.parent else ""
    return OutputError(f"cannot {doing} ({exc.strerror or exc}{other})", file=str(path),
                       hint="check the folder's permissions or choose another folder with -o")


def sync_file(path) -> None:
    """Flush a finished file's bytes to the disk, before it is renamed into place (written without syncs)."""
    with open(path, "rb+") as fh:
        os.fsync(fh.fileno())


@contextmanager
def atomic_write(path: Path, *, durable: bool = False) -> Iterator[BinaryIO]:
    """A binary file to write path's content into: a hidden `.part` file beside path, moved over path only when
    the block ends without error (a kill or a failure leaves the previous file as it was); durable: its bytes
    synced to the disk before the move, so a power cut leaves the old file or the whole new one."""
    path = Path(path)
    check_target(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=part_prefix(path), suffix=".part", dir=path.parent)
    except OSError as exc:
        raise _os_error(exc, path, "write") from None
    try:
        with os.fdopen(fd, "wb") as out:
            yield out
            if durable:
                out.flush()
                os.fsync(out.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        check_target(path)
        os.replace(tmp, path)  # replaces the directory entry: never writes through a link or a hard link
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _os_error(exc, path, "write") from None
        raise


@contextmanager
def scratch_file(near: Path, suffix: str) -> Iterator[Path]:
    """The path of a new hidden `.part` file beside near for pnp's own scratch data, removed afterwards (a killed
    run's is removed by the next make_folder); a failed write to it is a one-line error."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=part_prefix(Path(near)), suffix=suffix + ".part", dir=Path(near).parent)
        os.close(fd)
    except OSError as exc:
        raise _os_error(exc, Path(near), "write") from None
    try:
        yield Path(tmp)
    except OSError as exc:
        raise _os_error(exc, Path(tmp), "write") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def write_file(path: Path, data: bytes | str | Callable[[BinaryIO], object], *, durable: bool = False) -> Path:
    """Write bytes, UTF-8 text or whatever data(file) writes to path, whole or not at all (see atomic_write)."""
    with atomic_write(path, durable=durable) as out:
        if callable(data):
            data(out)
        else:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(path)
