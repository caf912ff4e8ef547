"""Text as keyword terms, and BM25 over one user's own statistics.

The analysis follows Lucene's English analyzer (so a word is what Neo4j's fulltext
search would take it to be): words of letters and digits, a trailing possessive 's dropped,
lower case, Lucene's 33 English stop words dropped, Porter stems (`snowballstemmer`'s
"porter" is Porter's original algorithm, as Lucene's PorterStemFilter). Recall's
keyword channel (`cypher/memory/lexical_candidates.cypher`) and remember's subject
candidates (`cypher/memory/subject_candidates.cypher`) score BM25 with K1 and B from here,
over the caller's own postings (memory/keyword_index.py): one tenant's ranking never
depends on what other tenants stored. `bm25` is the same formula in Python, the
reference the query is tested against.
"""

import math
import re
import threading
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# org.apache.lucene.analysis.en.EnglishAnalyzer.ENGLISH_STOP_WORDS_SET
LUCENE_STOP_WORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    }
)
K1 = 1.2  # Lucene's BM25 defaults
B = 0.75
PARAMETERS = {"k1": K1, "b": B}  # the $bm25 parameter of the keyword queries

_stemmer = snowballstemmer.stemmer("porter")
_stemming = threading.Lock()  # the stemmer keeps its working state on itself: one word at a time


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    with _stemming:  # rememberMany judges a batch in a thread while the event loop stems too
        return _stemmer.stemWord(word)


def analyze(text: str) -> list[str]:
    """The terms of `text` in order, repeats kept."""
    terms = []
    for word in _WORD.findall(text.lower()):
        if word.endswith(("'s", "’s")):
            word = word[:-2]
        if word and word not in LUCENE_STOP_WORDS:
            terms.append(stem(word))
    return terms


@dataclass(frozen=True)
class TermCounts:
    """What a Memory stores for keyword scoring: its distinct terms (sorted), how often
    each occurs, and its length in terms."""

    terms: list[str]
    counts: list[int]
    length: int

    @classmethod
    def of(cls, text: str) -> "TermCounts":
        analyzed = analyze(text)
        counted = sorted(Counter(analyzed).items())
        return cls([t for t, _ in counted], [n for _, n in counted], len(analyzed))

    def properties(self) -> dict:
        return {"terms": self.terms, "termCounts": self.counts, "termLength": self.length}


def index_rows(memories: list[dict]) -> list[dict]:
    """memory.index_terms's rows for memories given by `id` and `content`."""
    return [{"id": m["id"], **TermCounts.of(m["content"]).properties()} for m in memories]


def idf(docs: int, df: int) -> float:
    """Lucene's BM25 idf: ln(1 + (N − n + 0.5) / (n + 0.5))."""
    return math.log(1.0 + (docs - df + 0.5) / (df + 0.5))


def bm25(query: list[str], doc: dict[str, int], length: int, docs: int, avg_length: float, df: dict[str, int]) -> float:
    """BM25 of one document (term → count, `length` terms) for the distinct query terms,
    over a collection of `docs` documents of mean length `avg_length` where term t
    occurs in df[t] of them."""
    norm = K1 * (1.0 - B + B * length / avg_length) if avg_length > 0 else K1
    score = 0.0
    for term in query:
        tf = doc.get(term, 0)
        if tf:
            n = max(df.get(term, 0), 1)
            score += idf(max(docs, n), n) * tf * (K1 + 1.0) / (tf + norm)
    return score
