"""Word-level text tools of the self-improvement worker: tokens, formatting, a structure score.

The structure score (readability and compactness) is what the structure gate compares
before and after a proposal, in [0, 1]:

    score = 0.5·formatting + 0.3·compactness + 0.2·metadata

formatting is the share of FORMAT_CHECKS a text passes; compactness is the share of
distinct words (repeats cost), less the share of filler words, scaled down past
LONG_WORDS words; metadata is 1 when the memory has at least one tag.

Normalising removes no word but fillers (um, uh) and a stop word said twice in a row
("the the"): a repeated negation, number, name or other word may mean something
("Do not not restart", "2 2 seconds", "Duran Duran") and stays.
"""

import re
import unicodedata
from dataclasses import dataclass

from graphmind.core.words import STOPWORDS
from graphmind.lifecycle.conflict_words import NEGATIONS

WORD = re.compile(r"[^\W_]+(?:[.,:'][^\W_]+)*")  # "3.5", "9:30", "don't" stay one token
FILLERS = frozenset("um uh erm uhm hmm".split())
LONG_WORDS = 60
WEIGHTS = {"formatting": 0.5, "compactness": 0.3, "metadata": 0.2}
SENTENCE = re.compile(r"(?<=[.!?])\s+")
FILLER = re.compile(r"(?i)(?:,\s*)?\b(?:" + "|".join(sorted(FILLERS)) + r")\b,?")
REPEAT = re.compile(r"\b(\w+)(?:\s+\1\b)+", flags=re.IGNORECASE)
STUTTERS = frozenset(STOPWORDS - NEGATIONS)  # "the the" is a slip; "not not", "Duran Duran", "2 2" mean something
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def tokens(text: str) -> list[str]:
    """Lower-cased words and numbers, in order."""
    return [w.lower() for w in WORD.findall(text)]


def _letters(text: str) -> str:
    return "".join(c for c in text if c.isalpha())


FORMAT_CHECKS = {
    "starts_capitalised": lambda t: bool(t) and (t[0].isupper() or t[0].isdigit()),
    "ends_with_punctuation": lambda t: bool(t) and t[-1] in ".!?\"')",
    "single_spaces": lambda t: "  " not in t and "\t" not in t and "\n" not in t and t == t.strip(),
    "no_repeated_word": lambda t: collapse_stutters(t) == t,  # a stutter, not "Duran Duran"
    "not_shouting": lambda t: len(_letters(t)) < 12 or sum(c.isupper() for c in _letters(t)) / len(_letters(t)) < 0.6,
    "no_markup_noise": lambda t: not re.match(r"^\s*[-*•>#]", t) and not re.search(r"([!?.,])\1", t),
    "no_space_before_punctuation": lambda t: not re.search(r"\s[,.;:!?]", t),
}


@dataclass(frozen=True)
class StructureScore:
    formatting: float
    compactness: float
    metadata: float

    @property
    def total(self) -> float:
        return sum(WEIGHTS[k] * getattr(self, k) for k in WEIGHTS)

    def as_dict(self) -> dict[str, float]:
        return {k: round(getattr(self, k), 4) for k in WEIGHTS} | {"total": round(self.total, 4)}


def structure_score(text: str, tags: list[str]) -> StructureScore:
    words = tokens(text)
    formatting = sum(check(text) for check in FORMAT_CHECKS.values()) / len(FORMAT_CHECKS)
    if words:
        distinct = len(set(words)) / len(words)
        fillers = sum(w in FILLERS for w in words) / len(words)
        length = min(1.0, LONG_WORDS / len(words))
        compactness = max(0.0, distinct - fillers) * length
    else:
        compactness = 0.0
    return StructureScore(formatting, compactness, 1.0 if tags else 0.0)


def plain(text: str) -> str:
    """NFKC with straight quotes: the characters normalising starts from."""
    return unicodedata.normalize("NFKC", text).translate(QUOTES)


def drop_fillers(text: str) -> str:
    """The fillers (um, uh) gone, with the comma that set them off; spaces single."""
    return re.sub(r"\s+", " ", FILLER.sub("", re.sub(r"\s+", " ", text))).strip()


def collapse_stutters(text: str) -> str:
    """A stop word said twice in a row once ("the the" → "the"); any other repeat stays."""
    return REPEAT.sub(lambda m: m.group(1) if m.group(1).lower() in STUTTERS else m.group(0), text)


def shouting(text: str) -> bool:
    letters = _letters(text)
    return len(letters) >= 12 and sum(c.isupper() for c in letters) / len(letters) >= 0.6


def normalise(text: str) -> str:
    """Formatting only: the same words (fillers and stop-word stutters aside) in a clean form."""
    s = re.sub(r"^\s*(?:[-*•>#]+\s*)+", "", plain(text))  # bullets, quote and heading marks
    s = collapse_stutters(drop_fillers(s))
    s = re.sub(r"\s+([,.;:!?])", r"\1", s)
    s = re.sub(r"([!?.,])\1+", r"\1", s)
    s = re.sub(r"([,;])(?=[^\s\d\"')])", r"\1 ", s)  # "a,b" → "a, b" ("1,000" stays)
    if shouting(s):
        s = s.lower()
    if s and s[0].isalpha() and s[0].islower():
        s = s[0].upper() + s[1:]
    if s and s[-1].isalnum():
        s += "."
    return s


def sentences(text: str) -> list[str]:
    return [p for p in SENTENCE.split(text.strip()) if p]
