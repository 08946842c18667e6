"""Full-text search over a game's rule statements and gaps: SQLite FTS5, porter stemming, bm25, synonyms.

The index of a built-in game is cached on disk (one SQLite file per game, in $PNP_CACHE or the user's
cache directory) and rebuilt whenever rules.yaml or gaps.yaml changes (keyed by path, mtime and
size), so a search does not need to parse YAML. If the cache cannot be written, the index is built
in memory for that call.
"""
from __future__ import annotations

import os
import re
import sqlite3
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

from platformdirs import user_cache_dir

from pnp.catalog import game
from pnp.errors import UsageError
from pnp.paths import cardsets_root

SCHEMA = "pnp-rules-index-6"
CACHE_ENV = "PNP_CACHE"

# bm25 column weights, in table column order: section heading, statement text, gap entry.
# Headings repeat on every statement of a section, so they count less than the statement itself.
WEIGHTS = (0.4, 1.0, 0.8)

# A query word the book does not contain (nor any word of the same stem) is read as the book's
# word nearest to it, if one is a typo away: the same first letter, one edit (a letter changed,
# added, dropped, or two swapped: rapidfuzz's OSA distance; two from TYPO_LONG letters on), and
# a letter added or dropped only from TYPO_RESIZE letters on. "sirenz" -> sirens, "pegasis" ->
# pegasus, "wraht" -> wrath. Measured on the 302 questions in tests/questions: looser rules turned
# correct words into others ("against" -> again, "many" -> any or may, "beaten" -> been).
TYPO_MIN_LEN = 4
TYPO_RESIZE = 6
TYPO_LONG = 8

# Words that carry no meaning in a player's question; dropped unless nothing else is left.
STOPWORDS = frozenset("""
a an and any are as at be been being but by can could do does did for from had has have how i if in
into is it its it's me my of on or our so than that the their them then there these they this those
to was we were what when where which while who whom why will with would you your yours get gets
s t m d ll re ve don doesn isn
""".split())

_WORD = re.compile(r"\w+", re.UNICODE)  # as FTS5's unicode61 splits: "don't" -> don, t


@dataclass(frozen=True)
class Hit:
    """One search result: a statement or gap id, its text, the section it cites, and its bm25 score."""

    id: str
    kind: str  # "rule" or "gap"
    text: str
    section: str
    score: float  # bm25, lower is better (SQLite convention)

    def to_dict(self) -> dict:
        """JSON form."""
        return asdict(self)


def words(text: str) -> list[str]:
    """The lowercase words of a text."""
    return [w.lower() for w in _WORD.findall(text)]


def _quote(term: str) -> str:
    """An FTS5 string literal (a phrase when it has several words)."""
    return '"' + term.replace('"', '""') + '"'


def _stems(conn: sqlite3.Connection, terms: list[str]) -> list[set[str]]:
    """Porter stems of each term (as sets of tokens), computed by FTS5 itself."""
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem USING fts5(t, tokenize='porter unicode61')")
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_v USING fts5vocab(temp, stem, row)")
    out = []
    for term in terms:
        conn.execute("DELETE FROM temp.stem")
        conn.execute("INSERT INTO temp.stem(t) VALUES (?)", (term,))
        out.append({row[0] for row in conn.execute("SELECT term FROM temp.stem_v")})
    conn.execute("DELETE FROM temp.stem")
    return out


def corrections(conn: sqlite3.Connection, terms: list[str]) -> list[str]:
    """The book's words nearest to each query word it lacks, by stem too ("sirenz" -> sirens); a
    word of the book, or one sharing a stem with it, is never corrected."""
    unknown = [t for t in terms if len(t) >= TYPO_MIN_LEN and not t.isdigit()
               and conn.execute("SELECT 1 FROM book_word WHERE term=?", (t,)).fetchone() is None]
    if not unknown:
        return []
    unknown = [t for t, st in zip(unknown, _stems(conn, unknown))
               if not any(conn.execute("SELECT 1 FROM book_stem WHERE term=?", (s,)).fetchone() for s in st)]
    if not unknown:
        return []
    from rapidfuzz.distance import OSA  # lazy: start-up time (rapidfuzz, only for unknown words)
    vocab = [row[0] for row in conn.execute("SELECT term FROM book_word")]
    out = []
    for t in unknown:
        edits = 1 if len(t) < TYPO_LONG else 2
        near = sorted((OSA.distance(t, w), w) for w in vocab
                      if w[0] == t[0] and abs(len(w) - len(t)) <= (len(t) >= TYPO_RESIZE) and w not in STOPWORDS)
        if near and near[0][0] <= edits and near[0][1] not in out:
            out.append(near[0][1])
    return out


def expand(conn: sqlite3.Connection, query: str, synonyms: dict[str, list[str]],
           key_stems: dict[str, set[str]] | None = None, typos: bool = True) -> str:
    """The FTS5 MATCH expression for a player's query: its words OR-ed, plus their synonyms, plus
    (typos=True) the book's words nearest to words it lacks (see corrections()).

    A synonym key applies when its stemmed words all occur among the query's stemmed words, so the
    key "fight" also expands "fighting" and "fights". key_stems (key -> stems) may be precomputed.
    """
    all_words = words(query)
    kept = [w for w in all_words if w not in STOPWORDS] or all_words
    if not kept:
        raise UsageError("empty search query", expected="some words, e.g. \"what happens on a roll of 6\"")
    terms = list(dict.fromkeys(kept))
    if typos:
        fixed = corrections(conn, terms)
        terms.extend(w for w in fixed if w not in terms)
        all_words = all_words + fixed
    if key_stems is None:
        key_stems = dict(zip(synonyms, _stems(conn, list(synonyms))))
    query_stems = _stems(conn, [" ".join(all_words)])[0]
    for key, values in synonyms.items():
        ks = key_stems.get(key)
        if ks and ks <= query_stems:
            terms.extend(v for v in values if v not in terms)
    return " OR ".join(_quote(t) for t in terms)


def _create(conn: sqlite3.Connection) -> None:
    conn.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE entry (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, kind TEXT NOT NULL,
                            section TEXT NOT NULL, text TEXT NOT NULL);
        CREATE TABLE synonym (key TEXT NOT NULL, value TEXT NOT NULL);
        CREATE TABLE synonym_key (key TEXT PRIMARY KEY, stems TEXT NOT NULL);
        CREATE VIRTUAL TABLE fts USING fts5(heading, text, gap, tokenize='porter unicode61');
        CREATE TABLE book_word (term TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE book_stem (term TEXT PRIMARY KEY) WITHOUT ROWID;
    """)


def fill(conn: sqlite3.Connection, book) -> None:
    """Create the index tables in conn and fill them from a RuleBook."""
    _create(conn)
    rowid = 0
    for sec in book.sections:
        heading = " ".join(p for p in (sec.heading, sec.heading_en) if p)
        for st in sec.statements:
            rowid += 1
            conn.execute("INSERT INTO entry VALUES (?, ?, 'rule', ?, ?)", (rowid, st.id, sec.title, st.text))
            conn.execute("INSERT INTO fts(rowid, heading, text, gap) VALUES (?, ?, ?, '')",
                         (rowid, heading, st.text))
    for g in book.gaps:
        rowid += 1
        conn.execute("INSERT INTO entry VALUES (?, ?, 'gap', ?, ?)", (rowid, g.id, g.section, f"{g.title}: {g.ruling}"))
        conn.execute("INSERT INTO fts(rowid, heading, text, gap) VALUES (?, ?, '', ?)",
                     (rowid, g.section, " ".join((g.title, g.question, g.ruling))))
    conn.executemany("INSERT INTO synonym VALUES (?, ?)", [(k, v) for k, vs in book.synonyms.items() for v in vs])
    keys = list(book.synonyms)
    conn.executemany("INSERT INTO synonym_key VALUES (?, ?)",
                     [(k, " ".join(sorted(st))) for k, st in zip(keys, _stems(conn, keys))])
    texts = [" ".join(row) for row in conn.execute("SELECT heading, text, gap FROM fts")]
    texts += [" ".join([k, *vs]) for k, vs in book.synonyms.items()]
    conn.executemany("INSERT OR IGNORE INTO book_word VALUES (?)", [(w,) for t in texts for w in words(t)])
    conn.execute("CREATE VIRTUAL TABLE temp.fts_terms USING fts5vocab(main, fts, row)")
    conn.execute("INSERT INTO book_stem SELECT term FROM temp.fts_terms")
    conn.execute("DROP TABLE temp.fts_terms")


def _synonyms(conn: sqlite3.Connection) -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """The synonym map stored in an index, and each key's stems."""
    out: dict[str, list[str]] = {}
    for key, value in conn.execute("SELECT key, value FROM synonym ORDER BY rowid"):
        out.setdefault(key, []).append(value)
    stems = {key: set(st.split()) for key, st in conn.execute("SELECT key, stems FROM synonym_key")}
    return out, stems


def query(conn: sqlite3.Connection, text: str, limit: int = 5, typos: bool = True) -> list[Hit]:
    """The best `limit` entries of a filled index for a player's query, best first (bm25);
    typos=False takes the query's words as typed."""
    match = expand(conn, text, *_synonyms(conn), typos=typos)
    weights = ", ".join(str(w) for w in WEIGHTS)
    rows = conn.execute(
        f"SELECT e.id, e.kind, e.text, e.section, bm25(fts, {weights}) AS score "
        f"FROM fts JOIN entry e ON e.rowid = fts.rowid WHERE fts MATCH ? "
        f"ORDER BY score, e.rowid LIMIT ?", (match, limit)).fetchall()
    return [Hit(*row) for row in rows]


def search_book(book, text: str, limit: int = 5) -> list[Hit]:
    """Search a RuleBook through an in-memory index (no cache)."""
    conn = sqlite3.connect(":memory:")
    try:
        fill(conn, book)
        return query(conn, text, limit)
    finally:
        conn.close()


def _sources(slug: str) -> list[Path]:
    folder = cardsets_root() / slug
    return [folder / "rules.yaml", folder / "gaps.yaml"]


def _fingerprint(paths: list[Path]) -> str:
    """Cache key: schema, and each source's absolute path, mtime (ns) and size."""
    parts = [SCHEMA]
    for p in paths:
        try:
            st = p.stat()
            parts.append(f"{p.resolve()}:{st.st_mtime_ns}:{st.st_size}")
        except FileNotFoundError:
            parts.append(f"{p}:absent")
    return "|".join(parts)


def cache_dir() -> Path:
    """Folder of the on-disk search indexes: $PNP_CACHE or the user's cache directory."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path(user_cache_dir("pnp", appauthor=False))


def _open_cached(path: Path, fingerprint: str) -> sqlite3.Connection | None:
    """The cached index at path if it is current, else None."""
    if not path.exists():
        return None
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key='fingerprint'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row and row[0] == fingerprint:
        return conn
    conn.close()
    return None


def _build_cached(slug: str, path: Path, fingerprint: str) -> sqlite3.Connection:
    """Build the index for slug into path (atomically, via a temporary file); in memory if unwritable."""
    from pnp.rules.book import load  # lazy: start-up time (a cached index never parses YAML)
    book = load(slug)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        conn = sqlite3.connect(tmp)
        fill(conn, book)
        conn.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (fingerprint,))
        conn.commit()
        conn.close()
        os.replace(tmp, path)
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except (OSError, sqlite3.OperationalError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        conn = sqlite3.connect(":memory:")
        fill(conn, book)
        return conn


def index(slug: str) -> sqlite3.Connection:
    """A connection to the current search index of a built-in game (cached on disk by mtime)."""
    slug = game(slug).slug
    sources = _sources(slug)
    if not sources[0].exists():
        raise UsageError(f"no rules data for {slug} yet", file=str(sources[0]))
    fingerprint = _fingerprint(sources)
    digest = f"{zlib.crc32(str(sources[0].resolve()).encode()):08x}"
    path = cache_dir() / "rules" / f"{slug}-{digest}.sqlite3"
    return _open_cached(path, fingerprint) or _build_cached(slug, path, fingerprint)


def search(slug: str, text: str, limit: int = 5) -> list[Hit]:
    """The best `limit` statements and gaps of a built-in game for a player's query, best first."""
    if limit < 1:
        raise UsageError(f"--limit must be at least 1, not {limit}")
    conn = index(slug)
    try:
        return query(conn, text, limit)
    finally:
        conn.close()
