"""Full-text search over a game's rule statements, gaps and cards (names and texts): SQLite FTS5, porter
stemming, bm25, synonyms.

The index of a built-in game is cached on disk (one SQLite file per game, in $PNP_CACHE or the user's
cache directory) and rebuilt whenever one of its data files changes (rules.yaml, gaps.yaml, the card
data: keyed by path, mtime and size), so a search does not need to parse YAML. If the cache cannot be
written, the index is built in memory. A process keeps each game's index open (shared()), so a search
only stats the data files before it queries (a server's pages at most every so often: shared(within=)),
and holds in memory what every query reads besides the full-text tables: entries, words, stems, synonyms.
"""
from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_cache_dir

from pnp.catalog import game
from pnp.errors import UsageError
from pnp.outpath import sync_file
from pnp.paths import cardsets_root
from pnp.rules.cards import reference, stamp

SCHEMA = "pnp-rules-index-10"  # bump when what is indexed changes (the tables, or how pnp.rules.cards reads cards)
CACHE_ENV = "PNP_CACHE"

# bm25 column weights, in table column order: section heading, statement text, gap entry.
# Headings repeat on every statement of a section, so they count less than the statement itself.
WEIGHTS = (0.4, 1.0, 0.8)
# A card's name and its text. Cards are a table of their own, so the rules' bm25 statistics stay as they
# were; weights measured on the 302 questions in tests/questions: at (1.0, 0.5) a card's text pushed an
# expected rule out of a top 3, at (0.6, 0.25) none does and a card's name still finds the card first.
CARD_WEIGHTS = (0.6, 0.25)
TABLES = {"fts": WEIGHTS, "card_fts": CARD_WEIGHTS}  # full-text table -> its bm25 weights
STEM_MEMO = 10_000  # query words whose stems the process (and typo corrections an open index) remembers, at most

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
    """One search result: a statement, gap or card id, its text, the section it cites (a card: its kind),
    and its bm25 score."""

    id: str
    kind: str  # "rule", "gap" or "card"
    text: str
    section: str
    score: float  # bm25, lower is better (SQLite convention)

    def to_dict(self) -> dict:
        """JSON form."""
        return {"id": self.id, "kind": self.kind, "text": self.text, "section": self.section, "score": self.score}


def words(text: str) -> list[str]:
    """The lowercase words of a text."""
    return [w.lower() for w in _WORD.findall(text)]


def _quote(term: str) -> str:
    """An FTS5 string literal (a phrase when it has several words)."""
    return '"' + term.replace('"', '""') + '"'


def _stems(conn: sqlite3.Connection, terms: list[str]) -> list[frozenset[str]]:
    """Porter stems of each term (as sets of tokens), computed by FTS5 itself in conn, all in one pass."""
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem USING fts5(t, tokenize='porter unicode61')")
    conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_i USING fts5vocab(temp, stem, instance)")
    conn.executemany("INSERT INTO temp.stem(rowid, t) VALUES (?, ?)", enumerate(terms, 1))
    found: dict[int, set[str]] = {}
    for term, doc in conn.execute("SELECT term, doc FROM temp.stem_i"):
        found.setdefault(doc, set()).add(term)
    conn.execute("DELETE FROM temp.stem")
    return [frozenset(found.get(i, ())) for i in range(1, len(terms) + 1)]


_STEMS: dict[str, frozenset[str]] = {}  # a word or phrase -> its stems: the same for every game's index
_STEM_CONN = sqlite3.connect(":memory:", check_same_thread=False)  # where they are worked out
_STEM_LOCK = threading.Lock()


def stems(terms: list[str]) -> list[frozenset[str]]:
    """Porter stems of each term (see _stems), remembered by the process (at most STEM_MEMO terms):
    a word new to it is stemmed once, not once per game. Safe from any thread."""
    out = [_STEMS.get(t) for t in terms]
    if None in out:
        with _STEM_LOCK:
            todo = list(dict.fromkeys(t for t, st in zip(terms, out) if st is None))
            if len(_STEMS) + len(todo) > STEM_MEMO:
                _STEMS.clear()
            new = dict(zip(todo, _stems(_STEM_CONN, todo)))
            _STEMS.update(new)
        out = [new[t] if st is None else st for t, st in zip(terms, out)]
    return out


class Index:
    """A filled search index kept open: its connection (any thread, one at a time under `lock`) and what
    every query reads besides the full-text tables, held in memory: the entries shown, synonyms with their
    keys' stems (and the keys each stem may complete), the book's words, and the stems of each table."""

    def __init__(self, conn: sqlite3.Connection, stamp: tuple = (), folder: Path | None = None):
        self.conn = conn
        self.stamp = stamp  # its game folder's data files when opened (cards.stamp): reopened when they change
        self.folder = folder
        self.checked = time.monotonic()  # when stamp was last compared with the folder (shared(within=))
        self.lock = threading.Lock()
        self.entries = {row[0]: row[1:] for row in conn.execute("SELECT rowid, id, kind, text, section FROM entry")}
        self.synonyms, self.key_stems = _synonyms(conn)
        self.key_rank = {key: i for i, key in enumerate(self.synonyms)}  # the map's order
        self.keys_by_stem: dict[str, list[str]] = {}  # a stem -> the synonym keys with it
        for key in self.synonyms:
            for st in self.key_stems.get(key, ()):
                self.keys_by_stem.setdefault(st, []).append(key)
        self.words = {row[0] for row in conn.execute("SELECT term FROM book_word")}
        self.table_stems = {t: set() for t in TABLES}  # full-text table -> its stems (a table none fits is skipped)
        for term, table in conn.execute("SELECT term, tbl FROM book_stem"):
            self.table_stems[table].add(term)
        self.book_stems = set().union(*self.table_stems.values())
        self.by_start: dict[tuple[str, int], list[str]] = {}  # (first letter, length) -> typo candidates
        for w in self.words - STOPWORDS:
            self.by_start.setdefault((w[0], len(w)), []).append(w)
        self._nearest: dict[str, str | None] = {}  # an unknown query word -> its correction (or None)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def corrections(ix: Index, terms: list[str]) -> list[str]:
    """The book's words nearest to each query word it lacks, by stem too ("sirenz" -> sirens); a
    word of the book, or one sharing a stem with it, is never corrected."""
    unknown = [t for t in terms if len(t) >= TYPO_MIN_LEN and not t.isdigit() and t not in ix.words]
    if not unknown:
        return []
    unknown = [t for t, st in zip(unknown, stems(unknown)) if not st & ix.book_stems]
    if not unknown:
        return []
    out = []
    for t in unknown:
        if t not in ix._nearest:
            if len(ix._nearest) >= STEM_MEMO:
                ix._nearest.clear()
            ix._nearest[t] = _nearest(ix, t)
        if ix._nearest[t] is not None and ix._nearest[t] not in out:
            out.append(ix._nearest[t])
    return out


def _nearest(ix: Index, t: str) -> str | None:
    """The book's word a typo away from t (see TYPO_*), the nearest and then the first in order; else None."""
    from rapidfuzz.distance import OSA  # lazy: start-up time (rapidfuzz, only for unknown words)
    resize = 1 if len(t) >= TYPO_RESIZE else 0
    near = min(((OSA.distance(t, w), w) for n in range(len(t) - resize, len(t) + resize + 1)
                for w in ix.by_start.get((t[0], n), ())), default=None)
    return near[1] if near and near[0] <= (1 if len(t) < TYPO_LONG else 2) else None


def expand(ix: Index, query: str, synonyms: dict[str, list[str]] | None = None, typos: bool = True) -> str:
    """The FTS5 MATCH expression for a player's query: its words OR-ed, plus their synonyms, plus
    (typos=True) the book's words nearest to words it lacks (see corrections()).

    A synonym key applies when its stemmed words all occur among the query's stemmed words, so the
    key "fight" also expands "fighting" and "fights". synonyms default to the index's own.
    """
    return " OR ".join(_quote(t) for t in _terms(ix, query, synonyms, typos))


def _terms(ix: Index, query: str, synonyms: dict[str, list[str]] | None, typos: bool) -> list[str]:
    """The words and phrases expand() ORs together."""
    all_words = words(query)
    kept = [w for w in all_words if w not in STOPWORDS] or all_words
    if not kept:
        raise UsageError("empty search query", expected="some words, e.g. \"what happens on a roll of 6\"")
    terms = list(dict.fromkeys(kept))
    if typos:
        fixed = corrections(ix, terms)
        terms.extend(w for w in fixed if w not in terms)
        all_words = all_words + fixed
    query_stems = frozenset().union(*stems(all_words))
    if synonyms is None:  # the index's own: only keys sharing a stem with the query can apply
        synonyms, key_stems = ix.synonyms, ix.key_stems
        keys = sorted({k for st in query_stems for k in ix.keys_by_stem.get(st, ())}, key=ix.key_rank.__getitem__)
    else:
        key_stems = dict(zip(synonyms, stems(list(synonyms))))
        keys = list(synonyms)
    for key in keys:
        ks = key_stems.get(key)
        if ks and ks <= query_stems:
            terms.extend(v for v in synonyms[key] if v not in terms)
    return terms


def _create(conn: sqlite3.Connection) -> None:
    conn.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE entry (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, kind TEXT NOT NULL,
                            section TEXT NOT NULL, text TEXT NOT NULL);
        CREATE TABLE synonym (key TEXT NOT NULL, value TEXT NOT NULL);
        CREATE TABLE synonym_key (key TEXT PRIMARY KEY, stems TEXT NOT NULL);
        CREATE VIRTUAL TABLE fts USING fts5(heading, text, gap, tokenize='porter unicode61');
        CREATE VIRTUAL TABLE card_fts USING fts5(name, text, tokenize='porter unicode61');
        CREATE TABLE book_word (term TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE book_stem (term TEXT NOT NULL, tbl TEXT NOT NULL, PRIMARY KEY (term, tbl)) WITHOUT ROWID;
    """)


def fill(conn: sqlite3.Connection, book, cards=()) -> None:
    """Create the index tables in conn and fill them from a RuleBook and the game's cards (pnp.rules.cards)."""
    _create(conn)
    rows = []  # (id, kind, section, text shown; heading, text, gap searched)
    for sec in book.sections:
        heading = " ".join(p for p in (sec.heading, sec.heading_en) if p)
        rows += [(st.id, "rule", sec.title, st.text, heading, st.text, "") for st in sec.statements]
    rows += [(g.id, "gap", g.section, f"{g.title}: {g.ruling}", g.section, "",
              " ".join((g.title, g.question, g.ruling))) for g in book.gaps]
    # cards in a table of their own, so they leave the rules' bm25 statistics (and ranking) as they were
    card_rows = [(f"{book.game}.card.{c.id}", "card", f"Card: {c.kind}", f"{c.name}: {c.text}" if c.text else c.name,
                  c.name, c.text) for c in cards]
    conn.executemany("INSERT INTO entry VALUES (?, ?, ?, ?, ?)",
                     [(i, *r[:4]) for i, r in enumerate(rows + card_rows, 1)])
    conn.executemany("INSERT INTO fts(rowid, heading, text, gap) VALUES (?, ?, ?, ?)",
                     [(i, *r[4:]) for i, r in enumerate(rows, 1)])
    conn.executemany("INSERT INTO card_fts(rowid, name, text) VALUES (?, ?, ?)",
                     [(i, *r[4:]) for i, r in enumerate(card_rows, len(rows) + 1)])
    conn.executemany("INSERT INTO synonym VALUES (?, ?)", [(k, v) for k, vs in book.synonyms.items() for v in vs])
    keys = list(book.synonyms)
    conn.executemany("INSERT INTO synonym_key VALUES (?, ?)",
                     [(k, " ".join(sorted(st))) for k, st in zip(keys, _stems(conn, keys))])
    texts = [" ".join(row) for row in conn.execute("SELECT heading, text, gap FROM fts")]
    texts += [" ".join(row) for row in conn.execute("SELECT name, text FROM card_fts")]
    texts += [" ".join([k, *vs]) for k, vs in book.synonyms.items()]
    conn.executemany("INSERT OR IGNORE INTO book_word VALUES (?)", [(w,) for t in texts for w in words(t)])
    for table in TABLES:
        conn.execute(f"CREATE VIRTUAL TABLE temp.fts_terms USING fts5vocab(main, {table}, row)")
        conn.execute("INSERT INTO book_stem SELECT term, ? FROM temp.fts_terms", (table,))
        conn.execute("DROP TABLE temp.fts_terms")


def _synonyms(conn: sqlite3.Connection) -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """The synonym map stored in an index, and each key's stems."""
    out: dict[str, list[str]] = {}
    for key, value in conn.execute("SELECT key, value FROM synonym ORDER BY rowid"):
        out.setdefault(key, []).append(value)
    stems = {key: set(st.split()) for key, st in conn.execute("SELECT key, stems FROM synonym_key")}
    return out, stems


def _sql(tables: tuple[str, ...]) -> str:
    """The query of the best rows of some full-text tables (one MATCH and the limit as parameters):
    rowid and bm25 score, best first, ties in rowid order."""
    return " UNION ALL ".join(f"SELECT rowid AS n, bm25({t}, {', '.join(map(str, TABLES[t]))}) AS score "
                              f"FROM {t} WHERE {t} MATCH ?" for t in tables) + " ORDER BY score, n LIMIT ?"


_SQL = {tables: _sql(tables) for tables in (("fts",), ("card_fts",), tuple(TABLES))}


def query(ix: Index, text: str, limit: int = 5, typos: bool = True) -> list[Hit]:
    """The best `limit` entries of an index for a player's query, best first (bm25);
    typos=False takes the query's words as typed. Safe from any thread (one query at a time per index)."""
    with ix.lock:
        terms = _terms(ix, text, None, typos)
        found = stems(terms)
        # Each table is asked only for the words (and phrases) whose every stem occurs in it: any other
        # matches no row and adds 0.0 to every row's bm25 score, so rows and scores are the same. A table
        # none of them fits would find nothing: not asked at all.
        tables, matches = [], []
        for table, have in ix.table_stems.items():
            fits = [(t, st) for t, st in zip(terms, found) if st <= have]  # (a term of no token is kept, as typed)
            if any(st for _, st in fits):
                tables.append(table)
                matches.append(" OR ".join(_quote(t) for t, _ in fits))
        if not tables:
            return []
        rows = ix.conn.execute(_SQL[tuple(tables)], (*matches, limit)).fetchall()
        return [Hit(*ix.entries[n], score) for n, score in rows]


def memory_index(book, cards=()) -> Index:
    """An index of a RuleBook (and cards) built in memory, not cached."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    fill(conn, book, cards)
    return Index(conn)


def search_book(book, text: str, limit: int = 5) -> list[Hit]:
    """Search a RuleBook through an in-memory index (no cache)."""
    ix = memory_index(book)
    try:
        return query(ix, text, limit)
    finally:
        ix.close()


def _fingerprint(folder: Path, now: tuple) -> str:
    """Cache key: schema, and each data file's absolute path, mtime (ns) and size (now: cards.stamp(folder))."""
    return "|".join([SCHEMA, *(f"{(folder / name).resolve()}:{mtime}:{size}" for name, mtime, size in now)])


def cache_dir() -> Path:
    """Folder of the on-disk search indexes: $PNP_CACHE or the user's cache directory."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path(user_cache_dir("pnp", appauthor=False))


def _connect(target: str, **kw) -> sqlite3.Connection:
    """A connection any thread may use (Index.lock keeps them one at a time)."""
    return sqlite3.connect(target, check_same_thread=False, **kw)


def _open_cached(path: Path, fingerprint: str) -> sqlite3.Connection | None:
    """The cached index at path if it is current, else None."""
    if not path.exists():
        return None
    conn = _connect(f"file:{path}?mode=ro", uri=True)
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
    book, cards = load(slug), reference(slug)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        conn = sqlite3.connect(tmp)
        conn.execute("PRAGMA synchronous=OFF")  # no sync per statement: the one fsync below, before the rename
        fill(conn, book, cards)
        conn.execute("INSERT INTO meta VALUES ('fingerprint', ?)", (fingerprint,))
        conn.commit()
        conn.close()
        sync_file(tmp)
        os.replace(tmp, path)
        return _connect(f"file:{path}?mode=ro", uri=True)
    except (OSError, sqlite3.OperationalError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        conn = _connect(":memory:")
        fill(conn, book, cards)
        return conn


def index(slug: str) -> Index:
    """The current search index of a built-in game, opened anew (cached on disk by mtime); close it after use."""
    slug = game(slug).slug
    rules = cardsets_root() / slug / "rules.yaml"
    if not rules.exists():
        raise UsageError(f"no rules data for {slug} yet", file=str(rules))
    now = stamp(rules.parent)
    fingerprint = _fingerprint(rules.parent, now)
    digest = f"{zlib.crc32(str(rules.resolve()).encode()):08x}"
    path = cache_dir() / "rules" / f"{slug}-{digest}.sqlite3"
    return Index(_open_cached(path, fingerprint) or _build_cached(slug, path, fingerprint), now, rules.parent)


_OPEN: dict[tuple, Index] = {}  # (slug, $PNP_HOME, $PNP_CACHE) -> the index kept open, with its folder
_OPEN_LOCK = threading.Lock()


def _current(ix: Index | None, within: float) -> bool:
    """Whether an open index still fits its game's data files: compared now, or trusted if compared less
    than `within` seconds ago."""
    if ix is None:
        return False
    now = time.monotonic()
    if now - ix.checked < within:
        return True
    if ix.stamp != stamp(ix.folder):
        return False
    ix.checked = now
    return True


def _key(slug: str) -> tuple:
    """What decides a game's folder and cache file: (slug, $PNP_HOME, $PNP_CACHE)."""
    return slug, os.environ.get("PNP_HOME"), os.environ.get(CACHE_ENV)


def is_open(slug: str, within: float = 0.0) -> bool:
    """Whether the process holds a game's index open and current (see shared()): a search opens nothing."""
    return _current(_OPEN.get(_key(game(slug).slug)), within)


def shared(slug: str, within: float = 0.0) -> Index:
    """The process's open index of a built-in game: opened once, reopened only when a data file of the
    game changes (a replaced index is closed by the garbage collector once no query holds it). The data
    files are looked at on every call, or with `within` (seconds) at most that often: a server's pages."""
    slug = game(slug).slug
    key = _key(slug)
    ix = _OPEN.get(key)
    if _current(ix, within):
        return ix
    with _OPEN_LOCK:  # one thread opens it; the others then find it open
        ix = _OPEN.get(key)
        if not _current(ix, 0.0):
            ix = _OPEN[key] = index(slug)
    return ix


def search(slug: str, text: str, limit: int = 5, within: float = 0.0) -> list[Hit]:
    """The best `limit` statements, gaps and cards of a built-in game for a player's query, best first
    (`within`: see shared())."""
    if limit < 1:
        raise UsageError(f"--limit must be at least 1, not {limit}")
    return query(shared(slug, within), text, limit)
