"""Contradictions between two memories about the same thing: explicit word rules, no model.

The caller has already found the two texts similar (embeddings); these rules only decide
whether they disagree, and how. They are deliberately conservative: a missed
contradiction is preferred over a false one, so anything the rules do not match is None.

1. Words: the lowercased text split into words; digits stay ("3pm", "9:30", "1.80"),
   apostrophes inside words stay, punctuation goes. n't contractions become their base
   word + "not" (CONTRACTIONS: "don't" → do not, "won't" → will not, "cannot" → can not);
   'm, 're, 've, 'll and a pronoun's 's become am, are, have, will, is. Words are
   compared by a crude stem (IRREGULAR, SUFFIXES: "cats" = "cat", "lived" = "live",
   "was" = "is"), so an inflection is never a difference. NEGATIONS are the negation
   markers; STOPWORDS (articles, determiners, conjunctions, fillers, auxiliaries) and
   NEGATIONS are not content words.
2. NEGATION: the counts of NEGATIONS differ in parity, and the content words overlap
   with Jaccard > NEGATION_OVERLAP. ("neither … nor" counts twice and cancels out.)
3. CHANGED_VALUE: the same parity; difflib.SequenceMatcher (autojunk=False) over the
   stems finds exactly one difference, a 'replace' (an insertion or deletion anywhere
   rules it out) of at most MAX_VALUE_WORDS words on each side, both sides hold content
   words and those differ, the unchanged words hold at least
   MIN_SHARED_CONTENT_WORDS content words (the shared subject), and the changed
   span comes after a predicate (PREDICATES: a form of be or have, a stative verb
   such as live, like, prefer, or "at" for times). A changed identifier in the
   subject ("Sprint 12 notes" / "Sprint 13 notes") is two things, not a conflict.
4. Everything else is None: identical texts, differences only in case, punctuation,
   stopwords or inflection, different subjects, paraphrases.

The rules see words, not meaning: "I like coffee" / "I like tea" is a changed value
although both can be true; whether a subject holds one value at a time is the caller's
call.
"""

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum
from typing import NamedTuple

NEGATION_OVERLAP = 0.6
MAX_VALUE_WORDS = 3
MIN_SHARED_CONTENT_WORDS = 2

NEGATIONS = frozenset("not no never none nobody nothing neither nor without".split())
STOPWORDS = frozenset(
    "a an the this that these those some any and or but so then just really very quite"
    " also too still do does did will would shall should can could may might must".split()
)
CONTRACTIONS = {
    "don't": "do", "doesn't": "does", "didn't": "did", "isn't": "is", "aren't": "are",
    "wasn't": "was", "weren't": "were", "won't": "will", "can't": "can", "cannot": "can",
    "couldn't": "could", "shouldn't": "should", "wouldn't": "would", "haven't": "have",
    "hasn't": "has", "hadn't": "had", "mustn't": "must", "needn't": "need",
}  # fmt: skip
CLITICS = {"m": "am", "re": "are", "ve": "have", "ll": "will"}
IS_CLITIC_HOSTS = frozenset("he she it that there here what who where".split())
IRREGULAR = {
    "am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "been": "be",
    "being": "be", "has": "have", "had": "have", "does": "do", "did": "do",
}  # fmt: skip
SUFFIXES = ("'s", "ing", "ies", "es", "ed", "s", "d")
PREDICATES = frozenset(
    "be am is are was were have has had live work like love prefer hate enjoy use want need"
    " cost start end move call name own drive study weigh earn pay born favourite favorite"
    " at".split()
)
WORD = re.compile(r"\d+(?:[.:,/-]\d+)*[a-z]*|[a-z0-9]+(?:'[a-z0-9]+)*", re.IGNORECASE)


class ConflictKind(str, Enum):
    NEGATION = "negation"  # "I like coffee" / "I don't like coffee"
    CHANGED_VALUE = "changed_value"  # "I live in Paris" / "I live in Berlin"


@dataclass(frozen=True)
class Contradiction:
    """How two texts disagree; the values are the replaced words as written ("" for a negation)."""

    kind: ConflictKind
    old_value: str
    new_value: str


class _Word(NamedTuple):
    text: str  # as written (a contraction's parts as expanded)
    word: str  # lowercased
    stem: str


def contradiction(first: str, second: str) -> Contradiction | None:
    """How `second` contradicts `first` by the rules above; None when it does not."""
    old, new = _words(first), _words(second)
    if sum(w.word in NEGATIONS for w in old) % 2 != sum(w.word in NEGATIONS for w in new) % 2:
        if _jaccard(set(_content(old)), set(_content(new))) > NEGATION_OVERLAP:
            return Contradiction(ConflictKind.NEGATION, "", "")
        return None
    return _changed_value(old, new)


def _changed_value(old: list[_Word], new: list[_Word]) -> Contradiction | None:
    """Rule 3: exactly one short replaced span, a real value on each side, a shared subject."""
    matcher = SequenceMatcher(None, [w.stem for w in old], [w.stem for w in new], autojunk=False)
    changes = [change for change in matcher.get_opcodes() if change[0] != "equal"]
    if len(changes) != 1 or changes[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = changes[0]
    old_value, new_value = old[i1:i2], new[j1:j2]
    if max(len(old_value), len(new_value)) > MAX_VALUE_WORDS:
        return None
    old_content, new_content = set(_content(old_value)), set(_content(new_value))
    if not old_content or not new_content or old_content == new_content:
        return None
    if len(_content(old[:i1] + old[i2:])) < MIN_SHARED_CONTENT_WORDS:
        return None
    predicates = {_stem(p) for p in PREDICATES}
    if not any(w.stem in predicates for w in old[:i1]):
        return None
    old_text, new_text = (" ".join(w.text for w in span) for span in (old_value, new_value))
    return Contradiction(ConflictKind.CHANGED_VALUE, old_text, new_text)


def _words(text: str) -> list[_Word]:
    """Rule 1: words with contractions expanded, each with its stem."""
    words = []
    for match in WORD.finditer(text.replace("\u2019", "'")):
        parts = _expand(match.group().lower())
        written = [match.group()] if len(parts) == 1 else parts
        words.extend(_Word(shown, part, _stem(part)) for shown, part in zip(written, parts))
    return words


def _expand(word: str) -> list[str]:
    if word in CONTRACTIONS:
        return [CONTRACTIONS[word], "not"]
    head, _, tail = word.partition("'")
    if tail in CLITICS or (tail == "s" and head in IS_CLITIC_HOSTS):
        return [head, CLITICS.get(tail, "is")]
    return [word]


def _stem(word: str) -> str:
    """A crude stem: equal for inflections of one word, never used for display."""
    word = IRREGULAR.get(word, word)
    if any(char.isdigit() for char in word):
        return word
    while suffix := next((s for s in SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3), ""):
        word = word[: -len(suffix)]  # repeatedly: mornings → morning → morn
    if len(word) > 3 and word[-1] == word[-2]:  # running → runn → run
        word = word[:-1]
    if len(word) > 3 and word[-1] in "ey":  # live/lived, city/cities
        word = word[:-1]
    return word


def _content(words: list[_Word]) -> list[str]:
    return [w.stem for w in words if w.word not in STOPWORDS and w.word not in NEGATIONS]


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0
