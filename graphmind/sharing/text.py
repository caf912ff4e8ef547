"""The text of a shared pattern (docs/sharing.md): only words that occur in the pattern
summaries of at least k distinct users (k-anonymity), never one user's sentence; the
summaries are redacted before the words are counted and the result is redacted again."""

import re
from collections import Counter

from graphmind.core.redaction import redact
from graphmind.core.words import STOPWORDS

WORD = re.compile(r"[^\W\d_]{3,}")  # letters only (any script), 3 or more: no numbers, no ids
PLACEHOLDER = re.compile(r"\[[A-Z_]+\]")  # what the redactor leaves, e.g. [EMAIL]
MAX_KEYWORDS = 12


def words(summary: str) -> list[str]:
    """The content words of a redacted summary, lower-case, each once, in order."""
    text = PLACEHOLDER.sub(" ", redact(summary).text)
    seen: list[str] = []
    for word in WORD.findall(text.lower()):
        if word not in STOPWORDS and word not in seen:
            seen.append(word)
    return seen


def describe(summaries_by_user: list[tuple[str, ...]], min_users: int) -> tuple[str, list[str]]:
    """The description and keywords: up to 12 words used by ≥ min_users users (the most
    widely used first), in their usual order within the summaries."""
    users_of: Counter[str] = Counter()
    positions: dict[str, list[float]] = {}
    for summaries in summaries_by_user:
        used: set[str] = set()
        for summary in summaries:
            found = words(summary)
            for i, word in enumerate(found):
                positions.setdefault(word, []).append(i / len(found))
            used.update(found)
        users_of.update(used)
    common = sorted((w for w, n in users_of.items() if n >= min_users), key=lambda w: (-users_of[w], w))
    ordered = sorted(common[:MAX_KEYWORDS], key=lambda w: (sum(positions[w]) / len(positions[w]), w))
    keywords = [w for w in redact(" ".join(ordered)).text.split() if not PLACEHOLDER.search(w)]
    return " ".join(keywords), keywords
