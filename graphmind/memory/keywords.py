"""A text's keywords: the terms looked up in the caller's own keyword index
(memory/keyword_index.py) by recall's keyword channel and by remember's search for
memories on the same subject (memory/neighbours.py).
"""

import re
from functools import lru_cache

from graphmind.core import terms as bm25
from graphmind.core.words import STOPWORDS

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")  # letters and digits of any script
MAX_TERMS = 32


def query_terms(text: str) -> list[str]:
    """Lower-case content words of a query, stop words dropped, first 32 kept."""
    terms: list[str] = []
    for word in _WORD.findall(text.lower()):
        word = word.split("'")[0]
        if word not in STOPWORDS and word not in terms and len(word) > 1:
            terms.append(word)
    return terms[:MAX_TERMS]


def keyword_terms(text: str) -> list[str]:
    """The distinct index terms (core/terms.py) of a query's content words."""
    return list(_keyword_terms(text))


@lru_cache(maxsize=4096)  # remember looks a text's terms up twice: in the store and in its batch
def _keyword_terms(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(bm25.analyze(" ".join(query_terms(text)))))
