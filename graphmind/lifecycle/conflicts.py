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
   words and those differ, they do not start with two different PREPOSITIONS, nor with
   one and none after a verb other than be ("lives in Berlin" / "lives with two cats",
   "runs version 7.2" / "runs on 3 nodes" state two attributes, not two values of one;
   "is May 3" / "is on May 10" is one), the unchanged words hold at least
   MIN_SHARED_CONTENT_WORDS content words (the shared subject), and the changed
   span comes after a predicate (PREDICATES: a form of be or have, a stative verb
   such as live, like, prefer, or "at" for times). A changed identifier in the
   subject ("Sprint 12 notes" / "Sprint 13 notes") is two things, not a conflict.
4. Update phrasing: MARKERS ("now", "currently", "actually", "changed", "moved",
   "switched", "instead", "anymore", an "update:" or "correction:" label) say that a
   text replaces an earlier one; they are left out before rules 2-3 and 5, so "The
   backup now starts at 03:00" changes the value of "The backup starts at 01:00". A
   label's colon reads as "is" ("Kafka lag for orders: 1200 messages").
5. VALUES (`compare`): the values of a text are its numbers, times, dates and versions
   (any word with a digit), number words, month and day names, and names (a word
   written with a capital that is not a sentence's first word, or is one but stands
   capitalised where the other text has it in lower case). When each text holds a
   value the other lacks, and the rest is the same subject (the same content words
   besides the values, markers and function words; spelling variants allowed), the
   newer text changes the value (CHANGED_VALUE) — "Our primary region is Frankfurt" /
   "We moved our primary region to Dublin"; not "The region for backups is Zurich" —
   unless a
   changed value stands in the subject (before the text's first predicate) and
   neither text is phrased as an update: "Sprint 12 notes" / "Sprint 13 notes" are
   two things; or, again unless phrased as an update, the values are led by prepositions
   that make two attributes as in rule 3 ("lives in Berlin" / "lives with Tom").
6. Everything else is None: identical texts, differences only in case, punctuation,
   stopwords or inflection, different subjects, paraphrases.

`compare` also says when two texts are the SAME for deduplication (rule R4): a
duplicate is only a duplicate when no value, negation or content word was replaced
(an added detail word, a spelling variant or an abbreviation is not a change). Values
are compared written one way: "3pm" = "3 pm", "10,000" = "10000", "ten" = "10",
"Jan 5" = "January 5", "v2" = "2".
Deduplication, session promotion, consolidation and the self-improvement worker all
ask `is_duplicate`, and memory conflicts and trail merges share `negates`.

The rules see words, not meaning: "I like coffee" / "I like tea" is a changed value
although both can be true; whether a subject holds one value at a time is the caller's
call.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from graphmind.lifecycle.conflict_words import (
    CALENDAR_WORDS,
    CLITICS,
    CONTRACTIONS,
    FUNCTION_WORDS,
    IRREGULAR,
    IS_CLITIC_HOSTS,
    MARKERS,
    NEGATIONS,
    NUMBER_WORDS,
    PREDICATES,
    PREPOSITIONS,
    PRONOUNS,
    STOPWORDS,
    SUFFIXES,
    VERBS,
)
from graphmind.lifecycle.values import canonical

NEGATION_OVERLAP = 0.6
MAX_VALUE_WORDS = 3
MIN_SHARED_CONTENT_WORDS = 2

LABEL = re.compile(r"^\s*(?:update|updated|correction|note|fyi|edit)\s*[:\-]\s*", re.IGNORECASE)
COLON = re.compile(r":\s+")  # "Kafka lag for orders: 1200" states a value like "is" does
ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
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


class Relation(str, Enum):
    """How a newer text relates to an older one (`compare`)."""

    SAME = "same"  # a duplicate: nothing that matters differs
    NEGATION = ConflictKind.NEGATION.value
    CHANGED_VALUE = ConflictKind.CHANGED_VALUE.value
    DIFFERENT = "different"  # something that matters differs, but not the same subject's value


@dataclass(frozen=True)
class Comparison:
    relation: Relation
    old_value: str = ""
    new_value: str = ""


def contradiction(first: str, second: str) -> Contradiction | None:
    """How `second` contradicts `first` by the rules above; None when it does not."""
    found = compare(first, second)
    if found.relation in (Relation.NEGATION, Relation.CHANGED_VALUE):
        return Contradiction(ConflictKind(found.relation.value), found.old_value, found.new_value)
    return None


def is_duplicate(first: str, second: str) -> bool:
    """Whether `second` only repeats `first` (rule R4 on top of cosine): no value, negation
    or content word differs."""
    return compare(first, second).relation is Relation.SAME


def negates(first: str, second: str) -> bool:
    """Rule 2 alone: one text is the other negated (used by memory conflicts and trail merges)."""
    old, new = _plain(_words(_unlabel(first))), _plain(_words(_unlabel(second)))
    return _negation_parity_differs(old, new) and _jaccard(set(_content(old)), set(_content(new))) > NEGATION_OVERLAP


def compare(first: str, second: str) -> Comparison:
    """Rules 2-5 and the duplicate test, for an older text `first` and a newer `second`,
    on the texts with their values written one way (`values.canonical`: "3pm" = "15:00",
    "10,000" = "10000", "ten" = "10", "Jan" = "January", "v2" = "2"); a changed value is
    shown as written when the rules find it in the texts as they are."""
    found = _compare(canonical(first), canonical(second))
    if found.relation is Relation.CHANGED_VALUE:
        as_written = _compare(first, second)
        if as_written.relation is Relation.CHANGED_VALUE:
            return as_written
    return found


def _compare(first: str, second: str) -> Comparison:
    marked = _is_update(first) or _is_update(second)
    old, new = (_plain(_words(COLON.sub(" is ", _unlabel(text), count=1))) for text in (first, second))
    if _negation_parity_differs(old, new):
        if _jaccard(set(_content(old)), set(_content(new))) > NEGATION_OVERLAP:
            return Comparison(Relation.NEGATION)
        return Comparison(Relation.DIFFERENT)
    if changed := _changed_value(old, new):
        return Comparison(Relation.CHANGED_VALUE, changed.old_value, changed.new_value)
    old_terms, new_terms = _terms(old), _terms(new)
    removed, added = _without_variants(old_terms - new_terms, new_terms - old_terms)
    if not removed and not added:
        return Comparison(Relation.SAME)
    old_values = {w.stem for w in _values(old)} - new_terms
    new_values = {w.stem for w in _values(new)} - old_terms
    if old_values and new_values:
        rest_old, rest_new = old_terms - old_values - PREDICATE_STEMS, new_terms - new_values - PREDICATE_STEMS
        (old_lead, before), (new_lead, _) = _lead(old, old_values), _lead(new, new_values)
        if (
            rest_old
            and _same_subject(rest_old, rest_new)
            and (marked or not (_in_subject(old, old_values) or _in_subject(new, new_values)))
            and (marked or not _two_attributes(old_lead, new_lead, before))
        ):
            return Comparison(Relation.CHANGED_VALUE, _shown(old, old_values), _shown(new, new_values))
        return Comparison(Relation.DIFFERENT)
    if (removed and added) or old_values or new_values:
        return Comparison(Relation.DIFFERENT)  # a word replaced, or a value added or dropped
    return Comparison(Relation.SAME)  # only detail words added or dropped


def _is_update(text: str) -> bool:
    return bool(LABEL.match(text)) or any(w.word in MARKERS for w in _words(text))


def _unlabel(text: str) -> str:
    return LABEL.sub("", text, count=1)


def _plain(words: Sequence[_Word]) -> list[_Word]:
    """Rule 4: the words without update markers."""
    return [w for w in words if w.word not in MARKERS]


def _negation_parity_differs(old: list[_Word], new: list[_Word]) -> bool:
    return sum(w.word in NEGATIONS for w in old) % 2 != sum(w.word in NEGATIONS for w in new) % 2


def _terms(words: list[_Word]) -> set[str]:
    """The stems that carry meaning when two texts are compared."""
    return {
        w.stem for w in words if w.word not in STOPWORDS and w.word not in NEGATIONS and w.word not in FUNCTION_WORDS
    }


def _values(words: list[_Word]) -> list[_Word]:
    """Rule 5's values: numbers, times, dates, versions, number and calendar words, names."""
    found = []
    for i, w in enumerate(words):
        written = w.text
        if w.word in CALENDAR_WORDS and written[:1].isupper():  # "May" the month, not the verb
            found.append(w)
            continue
        if w.word in STOPWORDS or w.word in FUNCTION_WORDS or w.word in NEGATIONS:
            continue
        if (
            any(c.isdigit() for c in w.word)
            or w.word in NUMBER_WORDS
            or w.word in CALENDAR_WORDS
            or (written[:1].isupper() and (i > 0 or w.word not in VERBS))
            or (len(written) > 1 and written.isupper())
        ):
            found.append(w)
    return found


def _same_subject(old: set[str], new: set[str]) -> bool:
    """Rule 5's shared subject: the words besides the values are the same, but for spelling
    variants ("The datacenter region" is not "The datacenter region for backups")."""
    removed, added = _without_variants(old - new, new - old)
    return not removed and not added


def _in_subject(words: list[_Word], values: set[str]) -> bool:
    """Whether one of `values` comes before the text's first predicate (or it has none)."""
    if words and words[0].word in PRONOUNS:
        first = 1  # "We pin Node.js 18": a pronoun is the subject and its verb follows
    else:
        # no known predicate: the subject is taken to be the first half ("Sprint 12 notes")
        first = next(
            (i for i, w in enumerate(words) if w.stem in PREDICATE_STEMS or w.word in VERBS), (len(words) + 1) // 2
        )
    return any(w.stem in values for w in words[:first])


def _shown(words: list[_Word], values: set[str]) -> str:
    return " ".join(w.text for w in words if w.stem in values)


def _without_variants(removed: set[str], added: set[str]) -> tuple[set[str], set[str]]:
    """Drops pairs that are one word spelt two ways ("colour"/"color") or a word and its
    abbreviation ("auth"/"authentication"); numbers never are."""
    removed, added = set(removed), set(added)
    numbers = {word for word in removed | added if _has_digit(word)}
    by_initial: dict[str, list[str]] = {}  # both rules need the same first letter
    for word in sorted(added - numbers):
        by_initial.setdefault(word[:1], []).append(word)
    for old in sorted(removed - numbers):
        for new in by_initial.get(old[:1], []):
            if new not in added:  # paired with an earlier word already
                continue
            short, long = sorted((old, new), key=len)
            if (len(short) >= 4 and long.startswith(short)) or (
                old[0] == new[0]
                and abs(len(old) - len(new)) <= 1
                and min(len(old), len(new)) >= 5
                and SequenceMatcher(None, old, new).ratio() >= 0.85
            ):
                removed.discard(old)
                added.discard(new)
                break
    return removed, added


def _two_attributes(old: tuple[str, ...], new: tuple[str, ...], before: "_Word | None") -> bool:
    """Whether two values, led by these prepositions, state two attributes of the subject,
    not two values of one: led by two different ones ("lives in Berlin" / "lives with Tom",
    "is at 9am" / "is on Zoom"), or by one and none after a verb other than be ("runs
    version 7.2" / "runs on 3 nodes"); after be, a preposition is often left out ("is May
    3" / "is on May 10")."""
    if old == new:
        return False
    if old and new:
        return True
    return before is None or before.stem != "be"


def _lead(words: list[_Word], values: set[str]) -> tuple[tuple[str, ...], "_Word | None"]:
    """The prepositions right before the first of `values` in `words`, and the word before them."""
    first = next((i for i, w in enumerate(words) if w.stem in values), 0)
    start = first
    while start > 0 and words[start - 1].word in PREPOSITIONS:
        start -= 1
    return tuple(w.word for w in words[start:first]), (words[start - 1] if start else None)


def _relation(span: list[_Word]) -> tuple[str, ...]:
    """The prepositions a replaced span starts with (none for "version 7.2", "in" for "in Berlin")."""
    leading = []
    for w in span:
        if w.word not in PREPOSITIONS:
            break
        leading.append(w.word)
    return tuple(leading)


@lru_cache(maxsize=65536)
def _has_digit(word: str) -> bool:
    return any(c.isdigit() for c in word)


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
    if _two_attributes(_relation(old_value), _relation(new_value), old[i1 - 1] if i1 else None):
        return None
    if _without_variants(old_content - new_content, new_content - old_content) == (set(), set()):
        return None  # one word spelt two ways, or abbreviated
    if len(_content(old[:i1] + old[i2:])) < MIN_SHARED_CONTENT_WORDS:
        return None
    if not any(w.stem in PREDICATE_STEMS for w in old[:i1]):
        return None
    old_text, new_text = (" ".join(w.text for w in span) for span in (old_value, new_value))
    return Contradiction(ConflictKind.CHANGED_VALUE, old_text, new_text)


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[_Word, ...]:
    """Rule 1: words with contractions expanded, each with its stem. Cached: remember
    compares a new text with each of its near neighbours, twice (as normalised and as
    written), and a neighbour's text comes back in the next remember's comparisons."""
    words: list[_Word] = []
    for match in WORD.finditer(text.replace("\u2019", "'")):
        parts = _expand(match.group().lower())
        written = [match.group()] if len(parts) == 1 else parts
        words.extend(_Word(shown, part, _stem(part)) for shown, part in zip(written, parts))
    return tuple(words)


def _expand(word: str) -> list[str]:
    if word in CONTRACTIONS:
        return [CONTRACTIONS[word], "not"]
    head, _, tail = word.partition("'")
    if tail in CLITICS or (tail == "s" and head in IS_CLITIC_HOSTS):
        return [head, CLITICS.get(tail, "is")]
    return [word]


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """A crude stem: equal for inflections of one word, never used for display."""
    word = IRREGULAR.get(word, word)
    if any(char.isdigit() for char in word):
        return ORDINAL.sub(r"\1", word)  # 3rd = 3
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


PREDICATE_STEMS = frozenset(_stem(word) for word in PREDICATES | VERBS)
