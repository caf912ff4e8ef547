"""A query's keywords: the terms recall's keyword channel looks up in the caller's own
index (memory/keyword_index.py), and a Lucene query for the fulltext index, scoped to
one user, that finds subject matches for new memories (memory/neighbours.py).

The fulltext index `memory_text` covers `content` and `userKey`; the user's key
is a hash of the user id (one token under any analyzer), so the user filter runs
inside Lucene and the matches are the user's own. Query words are escaped: no
Lucene syntax from the caller ever reaches the index.
"""

import hashlib
import re

from graphmind.core import terms as bm25
from graphmind.core.words import STOPWORDS

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")  # letters and digits of any script
MAX_TERMS = 32


def user_key(user_id: str) -> str:
    """The user's token in the fulltext index (hex digits with a letter prefix)."""
    return "u" + hashlib.sha256(user_id.encode()).hexdigest()[:32]


def query_terms(text: str) -> list[str]:
    """Lower-case content words of a query, stop words dropped, first 32 kept."""
    terms: list[str] = []
    for word in _WORD.findall(text.lower()):
        word = word.split("'")[0]
        if word not in STOPWORDS and word not in terms and len(word) > 1:
            terms.append(word)
    return terms[:MAX_TERMS]


def lucene_query(text: str, user_id: str) -> str | None:
    """`+userKey:<key> +content:(t1 t2 …)`, or None when the text has no content words."""
    terms = query_terms(text)
    if not terms:
        return None
    return f"+userKey:{user_key(user_id)} +content:({' '.join(terms)})"


def keyword_terms(text: str) -> list[str]:
    """The distinct index terms (core/terms.py) of a query's content words."""
    return list(dict.fromkeys(bm25.analyze(" ".join(query_terms(text)))))
