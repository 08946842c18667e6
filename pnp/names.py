"""One forgiving matcher for every name a user types: games, cards, deeds, campaigns, spaces, colours...

A typed name is compared with each candidate's id and names in four steps, stopping at the first
that finds anything:

1. the same words, ignoring case, spacing, punctuation, accents and a plural ending
   ("dragons teeth warrior" = "Dragon's-Teeth Warriors");
2. every typed word is a whole word of the name ("fleece" = "Golden Fleece", "hera" = "Hera and Zeus");
3. every typed word starts a word of the name, at least three letters typed ("bronze bul"); of
   several such names, the one with no words left over wins ("adventur" = Adventure, not Adventure Back);
4. a small typo: rapidfuzz's similarity (0-100) of the whole names, accepted only when the best
   reaches the kind's cut-off and leads the runner-up by the kind's margin ("charibdis", "sirenz");
   numbers must be the same ("run 2" is never "run 1").

One or two letters are taken only as a whole name; otherwise the names they start are listed.

Exactly one candidate from a step is a match; several are "ambiguous" and listed, never guessed;
none at all is "none", with the nearest names as suggestions. Cut-offs per kind are chosen from
the typo table in tests/names_typos.csv.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from typing import Mapping

from pnp.errors import UsageError


@dataclass(frozen=True)
class Cutoff:
    """Fuzzy step thresholds (rapidfuzz ratio, 0-100): accept at `accept` when ahead by `margin`."""

    accept: float = 78.0
    margin: float = 8.0
    suggest: float = 55.0


# Chosen from tests/names_typos.csv: the typos the table accepts score 80 ("grean" for green) and
# up; the wrong names it refuses score 75 at most ("tset", "kerberos" for Cerberus), so 78 sits
# between. Campaign names are stricter (85, and a wider lead): a result recorded on the wrong
# campaign is worse than a refusal, and "frist-voyage" still scores 92.
CUTOFFS: dict[str, Cutoff] = {
    "campaign": Cutoff(accept=85.0, margin=10.0),
}
DEFAULT = Cutoff()
SHORT_LIST = 6  # names shown for an ambiguous or unknown name
MIN_PREFIX = 3  # letters needed before a word start counts as a match

_APOSTROPHES = re.compile(r"[’'`´]")
_DIGITS = re.compile(r"\d+")
_NON_WORD = re.compile(r"[\W_]+")  # any letters or digits are kept: Greek, Czech, Chinese names too
CACHED_LENGTH = 200  # characters: names up to this long are normalised once per process (a typed text may be huge)


def _remembered(fn):
    """fn of a text, its answers remembered for texts up to CACHED_LENGTH characters (a typed text may be
    huge): every lookup normalises the same card and deed names again."""
    memo = lru_cache(maxsize=1 << 14)(fn)

    @wraps(fn)
    def call(text):
        text = str(text)
        return memo(text) if len(text) <= CACHED_LENGTH else fn(text)
    return call


@_remembered
def normalise(text: str) -> str:
    """Lower case, accents and apostrophes dropped, other punctuation as one space.

    "Dragon's-Teeth" -> "dragons teeth".
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower().replace("&", " and ")
    return " ".join(_NON_WORD.sub(" ", _APOSTROPHES.sub("", text)).split())


def singular(word: str) -> str:
    """A word without its English plural ending ("harpies" -> "harpy", "bulls" -> "bull"); short words kept."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@_remembered
def words(text: str) -> tuple[str, ...]:
    """The normalised, singular words of a name (a tuple: callers cannot change a remembered value)."""
    return tuple(singular(w) for w in normalise(text).split())


@dataclass(frozen=True)
class Match:
    """What a typed name matched: status "match" (one id), "ambiguous" or "none" (candidates listed)."""

    kind: str
    text: str
    status: str
    id: str | None = None
    candidates: tuple = ()  # ids: the tied ones when ambiguous, the nearest ones when none
    step: str = ""  # exact | words | prefix | typo


@dataclass
class _Choice:
    id: str
    display: str
    forms: list = field(default_factory=list)  # tuples of singular words, one per alias


def _choices(choices) -> list[_Choice]:
    """id -> display name (or a list of names, the first shown); a plain list means id = name."""
    if not isinstance(choices, Mapping):
        choices = {c: c for c in choices}
    key = _plain(choices)
    return _build(choices) if key is None else _built(key)


def _plain(choices: Mapping) -> tuple | None:
    """The choices as a tuple (id, name or names) when every id and name is a plain str, else None."""
    out = []
    for cid, names in choices.items():
        if type(cid) is not str:
            return None
        if type(names) is not str:
            if type(names) not in (list, tuple) or not all(type(n) is str for n in names):
                return None
            names = tuple(names)
        out.append((cid, names))
    return tuple(out)


def _build(choices: Mapping) -> list[_Choice]:
    out = []
    for cid, names in choices.items():
        names = [names] if isinstance(names, str) else list(names) or [cid]
        aliases = [cid] + [n for n in names if n]
        forms = list(dict.fromkeys(w for a in aliases for w in (words(a), tuple(normalise(a).split())) if w))
        out.append(_Choice(str(cid), str(names[0]), forms))
    return out


@lru_cache(maxsize=64)
def _built(key: tuple) -> list[_Choice]:
    """_build of plain choices, once per process: the same cards, deeds and traits are matched on every
    lookup, and the list is only read."""
    return _build(dict(key))


def _compact(form: tuple) -> str:
    return "".join(form)


def _whole_words(typed: tuple, form: tuple) -> bool:
    return all(w in form for w in typed)


def _word_starts(typed: tuple, form: tuple) -> bool:
    """Each typed word starts a different word of the name, in order."""
    i = 0
    for w in typed:
        while i < len(form) and not form[i].startswith(w):
            i += 1
        if i == len(form):
            return False
        i += 1
    return True


def _ids(cs: list[_Choice], test) -> list[str]:
    return [c.id for c in cs if any(test(f) for f in c.forms)]


def _by_id(cs: list[_Choice]) -> dict[str, _Choice]:
    return {c.id: c for c in cs}


def _numbers(form: tuple) -> list[str]:
    return _DIGITS.findall(" ".join(form))


def _similarity(text: str, cs: list[_Choice], same_numbers: bool) -> list[tuple[float, str]]:
    """(score 0-100, id), best first: rapidfuzz ratio of the spaced and the run-together forms,
    plural endings kept and dropped. same_numbers: a form with other numbers scores 0 (to accept,
    numbers are never typos: "run 2" is not "run 1"; to suggest, they may be)."""
    from rapidfuzz import fuzz  # lazy: start-up time (the CLI imports names at start; rapidfuzz only for typos)
    typed = {words(text), tuple(normalise(text).split())}
    scored = [(max(max(fuzz.ratio(" ".join(t), " ".join(f)), fuzz.ratio(_compact(t), _compact(f)))
                   if not same_numbers or _numbers(t) == _numbers(f) else 0.0
                   for f in c.forms for t in typed), c.id) for c in cs]
    return sorted(scored, key=lambda s: (-s[0], s[1]))


def match(kind: str, text: str, choices) -> Match:
    """Match typed `text` against `choices` (ids to display names, or a list of names)."""
    cs = _choices(choices)
    typed = words(text)
    if not typed or not cs:
        return Match(kind, text, "none")
    short = len(_compact(typed)) < MIN_PREFIX  # a letter or two: only a whole name is taken
    steps = [("exact", lambda f: f == typed or _compact(f) == _compact(typed)),
             ("short", lambda f: short and _word_starts(typed, f)),
             ("words", lambda f: _whole_words(typed, f)),
             ("prefix", lambda f: not short and _word_starts(typed, f))]
    for step, test in steps:
        hits = _ids(cs, test)
        if step == "short":  # refuse, listing the names starting so when several do
            if len(hits) > 1:
                return Match(kind, text, "ambiguous", candidates=tuple(hits), step=step)
            continue
        if len(hits) == 1:
            return Match(kind, text, "match", hits[0], step=step)
        whole = [cid for cid in hits if step == "prefix" and any(
            len(f) == len(typed) and _word_starts(typed, f) for f in _by_id(cs)[cid].forms)]
        if len(whole) == 1:  # "adventur": Adventure rather than Adventure Back
            return Match(kind, text, "match", whole[0], step=step)
        if hits:
            return Match(kind, text, "ambiguous", candidates=tuple(hits), step=step)
    cut = CUTOFFS.get(kind, DEFAULT)
    scored = _similarity(text, cs, same_numbers=True)
    best = scored[0][0]
    if best >= cut.accept:
        close = [cid for score, cid in scored if score > best - cut.margin]
        if len(close) == 1:
            return Match(kind, text, "match", close[0], step="typo")
        return Match(kind, text, "ambiguous", candidates=tuple(close), step="typo")
    scored = _similarity(text, cs, same_numbers=False)
    best = scored[0][0]
    near = [cid for score, cid in scored if score >= max(cut.suggest, best - cut.margin)][:3]
    if not near:  # a letter or two: the names starting that way
        near = _ids(cs, lambda f: _word_starts(typed, f))
    return Match(kind, text, "none", candidates=tuple(near))


def suggest(text: str, choices, n: int = 3, kind: str = "name") -> list[str]:
    """Display names of the candidates nearest to `text`, best first (for "did you mean")."""
    m = match(kind, text, choices)
    cs = {c.id: c.display for c in _choices(choices)}
    ids = [m.id] if m.status == "match" else list(m.candidates)
    return [cs[i] for i in ids[:n]]


def short_list(names: list[str]) -> str:
    """'A, B or C', or the first few and how many more."""
    names = list(names)
    if len(names) > SHORT_LIST:
        return ", ".join(names[:SHORT_LIST]) + f" (and {len(names) - SHORT_LIST} more)"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def ambiguous_message(kind: str, text: str, fitting: list[str]) -> str:
    """ambiguous X 'text': it could be A, B or C (sorted, a short list)."""
    return f"ambiguous {kind} '{text}': it could be {short_list(sorted(fitting))}"


def resolve(kind: str, text: str, choices, *, error=UsageError, field: str | None = None,
            listing: str | None = None, **where) -> str:
    """The id `text` names; otherwise `error` (a PnpError class) listing the tied or nearest names.

    An unknown name gets every choice listed as what was expected, unless `listing` says where
    to see them instead ("see the card names with 'pnp campaign deck'").
    """
    m = match(kind, text, choices)
    if m.status == "match":
        return m.id
    display = {c.id: c.display for c in _choices(choices)}
    shown = text.strip()
    if m.status == "ambiguous":
        raise error(ambiguous_message(kind, shown, [display[i] for i in m.candidates]), field=field,
                    hint="type more of the name", **where)
    expected = None if listing else f"one of {', '.join(sorted(display.values()))}"
    if m.candidates:
        hint = f"did you mean {short_list([repr(display[i]) for i in m.candidates])}?"
    else:
        hint = listing
    raise error(f"unknown {kind} '{shown}'", field=field, expected=expected, hint=hint, **where)


def unknown_message(kind: str, text: str, choices) -> str:
    """One line for a name that matched nothing: unknown X 'text'. Did you mean ...? Valid: ..."""
    choices = sorted(choices)
    near = suggest(text, choices, n=1, kind=kind)
    hint = f" Did you mean '{near[0]}'?" if near else ""
    return f"unknown {kind} '{text}'.{hint} Valid: {', '.join(choices)}."
