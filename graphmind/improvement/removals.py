"""What a proposal leaves out of its sources: the removal half of the fact-safety gate.

Words are compared lower-cased, counted (a word said twice is two words), after the
only removals normalising may make: fillers (um, uh) and a stop word said twice in a
row ("the the"), never a negation (`text.collapse_stutters`). Every other source word
must be in the proposal as often as the sources have it, except

- summarize: the words of the sentences it leaves out, whole (a sentence is kept when
  the proposal has a sentence of the same words; a summary sentence that is none of
  the memory's excuses nothing);
- deduplicate: the words only the other duplicates have (the proposal is built from
  one of them, the base: the source it keeps most of);

and even those may not take a number or a name with them that the proposal lacks
(singular or plural: "Tuesdays" is kept by "Tuesday").

A word's kind: a number (a digit, or a number word), a negation (not, no, never, …,
any n't word), a name (written with a capital where it does not start a sentence, in a
text that is not shouting), or a plain word.
"""

import re
from collections import Counter
from dataclasses import dataclass

from graphmind.core.words import STOPWORDS
from graphmind.improvement import text
from graphmind.improvement.model import ImprovementType, Proposal
from graphmind.lifecycle.conflict_words import NEGATIONS, NUMBER_WORDS

# a comma joins digits only ("1,000" is one word, "a,b" two: normalising spaces the latter)
TOKEN = re.compile(r"[^\W_]+(?:(?:[.:']|(?<=\d),(?=\d))[^\W_]+)*")
SENTENCE_OPENERS = tuple(".!?:;\"'(-*•>#")


@dataclass(frozen=True)
class Lost:
    words: list[str]  # source words the proposal does not keep, and its type does not excuse
    facts: list[str]  # numbers and names that went with an excused sentence or duplicate
    kinds: dict[str, str]  # the sources' words that are numbers, names or negations

    def risky(self) -> list[str]:
        return [w for w in self.words if w in self.kinds] + self.facts


def words(content: str) -> list[str]:
    """The words of a text as written, in order."""
    return TOKEN.findall(text.plain(content))


def kept_words(content: str) -> list[str]:
    """The words normalising must keep, lower-cased, in order."""
    return [w.lower() for w in words(text.collapse_stutters(text.drop_fillers(text.plain(content))))]


def kinds(content: str) -> dict[str, str]:
    """The text's numbers, negations and names (lower-cased) and their kind."""
    found: dict[str, str] = {}
    plain = text.plain(content)
    shouting = text.shouting(plain)
    for match in TOKEN.finditer(plain):
        word, lower = match.group(), match.group().lower()
        if any(c.isdigit() for c in word) or lower in NUMBER_WORDS:
            found[lower] = "number"
        elif is_negation(lower):
            found[lower] = "negation"
        elif word[0].isupper() and not shouting and lower not in STOPWORDS and not _opens(plain, match.start()):
            found[lower] = "name"
    return found


def is_negation(word: str) -> bool:
    lower = word.lower()
    return lower in NEGATIONS or lower.endswith("n't") or lower == "cannot"


def _opens(plain: str, start: int) -> bool:
    before = plain[:start].rstrip()
    return not before or before.endswith(SENTENCE_OPENERS)


def lost(proposal: Proposal) -> Lost:
    result = [w.lower() for w in words(proposal.content)]
    have = Counter(result)
    per_source = [Counter(kept_words(m.content)) for m in proposal.sources]
    removed = sum(per_source, Counter()) - have
    excused: Counter = Counter()
    if proposal.type is ImprovementType.SUMMARIZE:
        kept = Counter(tuple(kept_words(s)) for s in text.sentences(text.plain(proposal.content)))
        for sentence in text.sentences(text.plain(proposal.sources[0].content)):
            said = tuple(kept_words(sentence))
            if kept[said]:
                kept[said] -= 1
            else:
                excused.update(said)
        if +kept:  # a sentence of the summary is none of the memory's: sentences were edited, not left out
            excused = Counter()
    elif proposal.type is ImprovementType.DEDUPLICATE and len(per_source) > 1:
        base = min(range(len(per_source)), key=lambda i: (per_source[i] - have).total())
        excused = sum((c for i, c in enumerate(per_source) if i != base), Counter())
    unexcused = removed - excused
    found: dict[str, str] = {}
    for m in proposal.sources:
        found.update(kinds(m.content))
    facts = [
        w
        for w in (removed - unexcused)
        if found.get(w) in ("number", "name") and not have[w] and not have[w.removesuffix("s")]
    ]
    return Lost(list(unexcused.elements()), facts, found)
