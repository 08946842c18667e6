"""User settings (the default paper) in a small TOML file, and the paper size a locale implies."""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_config_dir

from pnp.errors import RenderError, UsageError
from pnp.names import resolve
from pnp.print.options import parse_paper

SETTINGS = {"paper": "paper for pnp print when --paper is not given: a4, letter, a3 or WxH in mm"}
# Regions whose locales print on US Letter (glibc's LC_PAPER); every other region uses A4.
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "CR", "DO", "GT", "NI", "PA", "PR", "SV", "VE",
                            "BZ"})
_REGION = re.compile(r"^[a-z]{2,3}_([A-Z]{2})(?:[.@]|$)")


def config_file() -> Path:
    """The settings file: $PNP_CONFIG, else config.toml in the user's config folder (platformdirs)."""
    env = os.environ.get("PNP_CONFIG")
    if env:
        return Path(env)
    return Path(user_config_dir("pnp", appauthor=False)) / "config.toml"


def load() -> dict[str, str]:
    """The saved settings (an absent file is no settings); a broken file is a one-line UsageError."""
    path = config_file()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"cannot read the settings: {exc}", file=str(path),
                         expected="lines of the form key = \"value\"", hint="fix the file, or delete it and run "
                                                                          "pnp config paper a4") from None
    return {k: str(v) for k, v in raw.items() if k in SETTINGS}


def resolve_key(key: str) -> str:
    """The setting a typed name means (pnp.names); else UsageError listing them."""
    return resolve("setting", key, list(SETTINGS))


def save(key: str, value: str | None) -> tuple[str, str | None]:
    """Set one setting (value None removes it); returns (key, value) as stored. Paper is checked first."""
    key = resolve_key(key)
    values = load()
    if value is None:
        values.pop(key, None)
    else:
        parse_paper(value)  # a RenderError naming the paper when it is not one
        values[key] = value.strip().lower()
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f'{k} = "{v}"\n' for k, v in sorted(values.items()))
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("# pnp settings: pnp config KEY VALUE changes them\n" + text, encoding="utf-8")
    os.replace(tmp, path)
    return key, values.get(key)


def locale_paper(environ=None) -> tuple[str, str] | None:
    """('letter' or 'a4', 'locale VAR=value') from LC_ALL, LC_PAPER or LANG (POSIX order); None without a region."""
    environ = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        value = environ.get(var, "")
        if value:
            m = _REGION.match(value)
            if not m:
                return None  # C, POSIX, C.UTF-8: no region, no paper of its own
            return ("letter" if m.group(1) in LETTER_REGIONS else "a4"), f"locale {var}={value}"
    return None


@dataclass(frozen=True)
class Paper:
    """The paper a print uses and where that choice came from."""

    value: str
    source: str
    chosen: bool  # True when the user chose it (--paper or the settings file): it beats a card set's own paper


def default_paper(cli: str | None = None) -> Paper:
    """--paper, else the settings file, else the locale, else A4."""
    if cli is not None:
        return Paper(cli, "--paper", True)
    saved = load().get("paper")
    if saved:
        try:
            parse_paper(saved)
        except RenderError as exc:  # the file was edited by hand: say which file, and how to mend it
            exc.file, exc.hint = str(config_file()), "set it again with e.g. pnp config paper letter"
            raise
        return Paper(saved, f"pnp config, {config_file()}", True)
    found = locale_paper()
    if found:
        return Paper(found[0], found[1], False)
    return Paper("a4", "default", False)
