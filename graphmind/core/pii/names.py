"""Names of persons: a person's full name, not a lone given name.

The given names and surnames are faker's lists for every locale it ships (`faker`, MIT,
shipped as Python data: nothing is loaded from elsewhere); the common-word lexicon that keeps
"May Day" or "Bill Price" from being names is faker's 971 common English words plus
GraphMind's own stop words. A name is redacted when it is written as one:

- a title and a capitalised name: "Dr. Patel", "Mrs Hudson", "Prof. Ada Lovelace";
- a given name, optional middle names or initials and particles, and a surname:
  "John Smith", "Mary J. Watson", "Ludwig van Beethoven"; a surname not in the lists
  counts after a cue that a person follows ("contact Emily Thornberry", "my colleague
  …") — and when the given name is also an English word ("Will", "Summer") the
  surname must be a listed one that is not;
- an initial and a listed surname ("J. Smith"), a listed surname, comma, given name
  ("Smith, John");
- after "my name is", "I'm called", "call me".

A name written in one case ("sarah connolly", "DEREK O'BRIEN") is one when both words
are listed names and neither is a word Webster's writes in lower case (`english-words`),
or after a cue. A lone given name ("Caroline said …", "ask Mel") is kept: it identifies no
one by itself, conversations are full of them, and recall depends on them. A public
figure's name is redacted as anyone's (docs/memory.md).
"""

import importlib
import pkgutil
import re
from functools import cache

from faker.providers import person
from faker.providers.lorem.en_US import Provider as EnglishWords

from graphmind.core.pii import Span
from graphmind.core.pii.name_words import CUES, PARTICLES, PLACE_WORDS, TITLES, WORK_NOUNS
from graphmind.core.words import COMMON_WORDS, INSTRUCTION_VERBS, STOPWORDS, webster

SELF_NAMING = re.compile(r"(?i)\b(?:my name is|my name's|i am called|i'm called|call me)\s+$")
TOKEN = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


@cache
def gazetteer() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(given names, surnames, common English words), lower case."""
    first: set[str] = set()
    last: set[str] = set()
    for locale in (module.name for module in pkgutil.iter_modules(person.__path__)):
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attribute in dir(provider):
            values = getattr(provider, attribute)
            if not isinstance(values, (tuple, list, dict)):
                continue
            # "van Dijk", "De Luca": the last word is the one written capitalised after particles
            names = {
                v.split()[-1].lower()
                for v in values
                if isinstance(v, str) and v.strip() and TOKEN.fullmatch(v.split()[-1])
            }
            if attribute.startswith(("first_name", "first_romanized_name")):
                first |= names
            elif attribute.startswith(("last_name", "last_romanized_name")):
                last |= names
    common = {w.lower() for w in EnglishWords.word_list} | COMMON_WORDS | INSTRUCTION_VERBS | STOPWORDS
    return frozenset(first), frozenset(last), frozenset(common)


@cache
def uncased_common() -> frozenset[str]:
    """The common words, and every word Webster's writes in lower case (`english-words`' web2
    list): "brown", "ginger", "will"; a name it knows only capitalised ("Sarah") is not among them."""
    return gazetteer()[2] | webster()[1]


def _capitalised(token: str) -> bool:
    return token[0].isupper() and (len(token) == 1 or not token.isupper())


def _base(token: str) -> tuple[str, bool]:
    """The token without a possessive 's, and whether it had one."""
    for suffix in ("'s", "’s"):
        if token.endswith(suffix):
            return token[: -len(suffix)], True
    return token, False


class _Tokens:
    def __init__(self, text: str) -> None:
        self.text = text
        self.items = [(m.start(), m.end(), m.group(0)) for m in TOKEN.finditer(text)]

    def __len__(self) -> int:
        return len(self.items)

    def gap(self, i: int) -> str:
        """The text between token i and token i+1 (a line break after the last)."""
        return self.text[self.items[i][1] : self.items[i + 1][0]] if i + 1 < len(self.items) else "\n"

    def joined(self, i: int) -> bool:
        """Token i+1 continues token i's name: only a space between (or an initial's dot)."""
        gap = self.gap(i)
        return gap == " " or (gap in (". ", ".") and self.initial(i))

    def word(self, i: int) -> str:
        return _base(self.items[i][2])[0]

    def possessive(self, i: int) -> bool:
        return _base(self.items[i][2])[1]

    def initial(self, i: int) -> bool:
        return len(self.items[i][2]) == 1 and self.items[i][2].isupper()


def _surname(tokens: _Tokens, j: int, names: tuple[frozenset, frozenset, frozenset], strict: bool) -> int | None:
    """Index of the surname after the given (or middle) name at j, particles allowed."""
    first, last, common = names
    k = j
    while k + 1 < len(tokens) and tokens.joined(k) and tokens.items[k + 1][2].lower() in PARTICLES:
        k += 1
    if tokens.possessive(j) or k + 1 >= len(tokens) or not tokens.joined(k):
        return None
    surname = tokens.word(k + 1)
    lower = surname.lower()
    if not _capitalised(surname) or len(surname) < 2 or lower in PLACE_WORDS:
        return None
    if lower in last and not (strict and lower in common):
        return k + 1
    if not strict and lower not in common and lower not in first:
        return k + 1
    return None


def _full_name(tokens: _Tokens, i: int, names: tuple[frozenset, frozenset, frozenset], strict: bool) -> int | None:
    """The last token of "Given [Middle|I.]* [particle]* Surname" starting at token i."""
    first, _, common = names
    j = i
    while j + 2 < len(tokens) and tokens.joined(j) and not tokens.possessive(j):
        middle = tokens.word(j + 1)
        if tokens.initial(j + 1) or (
            _capitalised(middle)
            and middle.lower() in first
            and middle.lower() not in common
            and not tokens.possessive(j + 1)
        ):
            j += 1
        else:
            break
    for given_end in dict.fromkeys((j, i)):  # with the middle names, then without
        end = _surname(tokens, given_end, names, strict)
        if end is not None:
            return end
    return None


def _titled(tokens: _Tokens, i: int, names: tuple[frozenset, frozenset, frozenset]) -> int | None:
    """ "Dr. Patel", "Mrs Hudson", "Prof. Ada Lovelace", "dr. emily hartwell": the name after a
    title, capitalised, or in one case when it is a listed name."""
    first, last, common = names
    if tokens.possessive(i) or i + 1 >= len(tokens) or tokens.gap(i) not in (" ", ". "):
        return None

    def named(token: str) -> bool:
        if token.lower() in common:
            return False
        return _capitalised(token) or (_uncased(token) and _listed(token, first | last, common))

    if not named(tokens.word(i + 1)):
        return None
    end = i + 1
    while end + 1 < len(tokens) and tokens.joined(end) and not tokens.possessive(end) and named(tokens.word(end + 1)):
        end += 1
    return end


def _inverted(tokens: _Tokens, i: int, names: tuple[frozenset, frozenset, frozenset]) -> int | None:
    """ "Smith, John": a listed surname, a comma, a listed given name (neither an English word)."""
    first, _, common = names
    if i + 1 >= len(tokens) or tokens.gap(i) != ", " or tokens.possessive(i):
        return None
    given = tokens.word(i + 1)
    return i + 1 if _capitalised(given) and given.lower() in first and given.lower() not in common else None


def _initials(tokens: _Tokens, i: int, names: tuple[frozenset, frozenset, frozenset]) -> int | None:
    """ "J. Smith", "J. R. Smith": initials, then a listed surname that is not an English word."""
    _, last, common = names
    j = i
    while j + 1 < len(tokens) and tokens.initial(j) and tokens.gap(j) in (". ", "."):
        j += 1
    if j == i or tokens.initial(j):
        return None
    surname = tokens.word(j)
    return j if _capitalised(surname) and surname.lower() in last and surname.lower() not in common else None


def _uncased(token: str) -> bool:
    """Written without a name's capital: all lower case, or all capitals (a shouted line)."""
    return token.islower() or (len(token) > 1 and token.isupper())


def _listed(word: str, names: frozenset, common: frozenset) -> bool:
    """A listed name that is not an English word; a hyphenated one by its parts ("jean-luc", "al-sayed")."""
    lower = word.lower()
    if lower in common:
        return False
    parts = re.split(r"[-'’]", lower)
    return lower in names or (len(parts) > 1 and parts[-1] in names and parts[-1] not in common)


def _surname_like(word: str, names: tuple[frozenset, frozenset, frozenset]) -> bool:
    """An unlisted word that can be a surname after a cue: no English word, no given name, no place word."""
    first, _, common = names
    lower = word.lower()
    return len(lower) > 1 and lower not in common and lower not in first and lower not in PLACE_WORDS


def _uncased_name(tokens: _Tokens, i: int, names: tuple[frozenset, frozenset, frozenset]) -> int | None:
    """A name written in one case ("sarah connolly", "JOHN MCALLISTER", "chen wei"): the case
    says nothing, so both words must be listed names and neither an English word: a given name
    then a surname (particles between), or a surname then a given name."""
    first, last, common = names[0], names[1], uncased_common()  # without a capital, an English word is one
    names = (first, last, common)
    word = tokens.word(i)
    if word.lower() not in first and word.lower() not in last and "-" not in word:
        return None
    if tokens.possessive(i) or i + 1 >= len(tokens) or not tokens.joined(i):
        return None
    k = i
    while k + 1 < len(tokens) and tokens.joined(k) and tokens.word(k + 1).lower() in PARTICLES:
        k += 1
    if k + 1 >= len(tokens) or not tokens.joined(k):
        return None
    following = tokens.word(k + 1)
    if not (_uncased(following) or _capitalised(following)) or following.lower() in PLACE_WORDS:
        return None
    if _listed(word, first, common) and _listed(following, last, common):
        return k + 1
    if _cue_before(tokens, i) and _listed(word, first, common) and _surname_like(following, names):
        return k + 1  # "ask fatima al-sayed", "call JOHN MCALLISTER": a cue says a person follows
    if k == i and _listed(word, last, common) and _listed(following, first, common):
        return k + 1
    return None


def _cue_before(tokens: _Tokens, i: int) -> bool:
    return i > 0 and tokens.gap(i - 1).strip() in ("", ":", ",") and tokens.items[i - 1][2].lower() in CUES


def _name_at(tokens: _Tokens, i: int, names: tuple[frozenset, frozenset, frozenset]) -> int | None:
    """The index of the last token of a person's name starting at token i, or None."""
    first, last, common = names
    word = tokens.word(i)
    lower = word.lower()
    if lower in TITLES and _uncased(word):
        return _titled(tokens, i, names)
    if not _capitalised(word):
        return _uncased_name(tokens, i, names) if _uncased(word) else None
    if lower in TITLES:
        return _titled(tokens, i, names)
    if SELF_NAMING.search(tokens.text[: tokens.items[i][0]]) and lower not in common:
        end: int | None = i
        if (
            tokens.joined(i)
            and i + 1 < len(tokens)
            and _capitalised(tokens.items[i + 1][2])
            and tokens.word(i + 1).lower() not in common
            and not tokens.possessive(i)
        ):
            end = i + 1
        return end
    if tokens.initial(i):
        return _initials(tokens, i, names)
    end = None
    if lower in first and not tokens.possessive(i):
        strict = lower in common or not _cue_before(tokens, i)
        end = _full_name(tokens, i, names, strict)
    if end is None and lower in last and lower not in common:
        end = _inverted(tokens, i, names)
    return end


def find(text: str) -> list[Span]:
    names = gazetteer()
    tokens = _Tokens(text)
    spans: list[Span] = []
    i = 0
    while i < len(tokens):
        end = _name_at(tokens, i, names)
        if end is None:
            i += 1
            continue
        if not (end + 1 < len(tokens) and tokens.gap(end) == " " and tokens.items[end + 1][2].lower() in WORK_NOUNS):
            spans.append(Span(tokens.items[i][0], tokens.items[end][0] + len(tokens.word(end)), "PERSON"))
        i = end + 1
    return spans
