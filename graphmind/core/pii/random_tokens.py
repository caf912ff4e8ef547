"""Random tokens: the shape every provider's key shares, whatever the provider.

A provider key is a short readable prefix and a long random body ("sk_live_…", "dop_v1_…",
"key-…", "hf_…", "AGE-SECRET-KEY-1…", "oy2…"). So a token (a run of letters, digits and
`_-.~$+`, base64 padding after; a URL's path is a token a segment) is a key when one of its
parts, split at `_-.~$`, or what follows its first part less the words, is at least MIN_BODY
characters of random text:

- letters and digits mixed, with at least MIN_ENTROPY bits per character, not hex and not
  camelCase (`_camel_case`: most letters are Webster's words, or the pieces read as words); or
- mixed-case letters that switch case as random text does and are not camelCase; or
- hex, when something is written before it in the token ("key-", "SK", "dop_v1_"): a bare
  hex run is a commit id or a digest, not a secret, and so is one after a digest's name
  ("sha256-…"); a hex body shorter than a digest (an AWS instance id "i-0abc…") is an id.

The whole token is the span: a key is never kept in part. Tokens beside a credential word
are judged again with a lower bar (`credentials.py`); public key material and templates are
spared by the caller (`pii/identifiers.py`).
"""

import math
import re
from collections import Counter

from graphmind.core.pii import Span
from graphmind.core.words import webster

# a token long enough to hold a body; a URL's path is one token a segment
TOKEN = re.compile(r"(?<![\w~$+.-])[A-Za-z0-9_~$+.-]{15,}(?<=[A-Za-z0-9])=*")
SEPARATORS = re.compile(r"[_\-.~$]")
MIN_BODY = 16  # a random body this long: shorter parts are ids, versions and words
MIN_HEX_BODY = 32  # the shortest digest (MD5): a shorter hex body is an id
MIN_ENTROPY = 3.2  # bits per character; 16 random alphanumerics give about 3.7
MIN_B64_ENTROPY = 4.0  # a base64 body (with + or /): 16 of its 64 characters give 4
MIN_CASE_SWITCHES = 0.2  # per character, for letters only: random text about 0.5 (camelCase is told apart by its words)
DIGEST_NAMES = re.compile(r"(?i)^(?:sha\d*|md5|blake2[bs]?|sha3)$")
HEX = re.compile(r"^[0-9a-fA-F]+$")
WORD_PART = re.compile(r"^(?:[a-z]{2,}|[A-Z][a-z]+|[A-Z]{2,})$")  # a word between separators, no digits
VOWEL = re.compile(r"[aeiouyAEIOUY]")
CONSONANTS = re.compile(r"(?i)[b-df-hj-np-tv-xz]{4}")  # four in a row: no English word has them often
CAMEL_PIECE = 4  # letters a piece of camelCase has on average; random mixed case about 2
CAMEL_WORDS = 0.6  # of a camelCase name's letters are in words ("Talk…Korean": 10 of 16)
ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")  # a sortable id, as a UUID
UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
KEY_CHARACTER = re.compile(r"[A-Za-z0-9_~$+.-]")
BASE64_CHARACTER = re.compile(r"[A-Za-z0-9_~$+/.-]")


def entropy(text: str) -> float:
    """Shannon entropy of the text's characters, in bits per character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _camel_case(part: str, loose: bool = True) -> bool:
    """Words run together ("PBKDF2PasswordHasher", "BertTokenizerFast", "TalkToMeInKorean"):
    most of its letters are English words of three letters or more, or its pieces read as
    words (long, with vowels, one acronym at most), where a random body's pieces are short
    runs of either case ("hf_aEhUfJQEqzzHDyuEhf…") and of consonants ("Cjaqxczh"). Not
    `loose`: by the words only."""
    pieces = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", part)
    if not pieces or part.upper() == part or part.lower() == part:
        return False
    words = webster()[0]
    covered = sum(
        len(p) for p in pieces if len(p) >= 3 and (p.lower() in words or p.lower().removesuffix("s") in words)
    )
    if covered >= CAMEL_WORDS * sum(c.isalpha() for c in part):
        return True
    if not loose:
        return False
    acronyms = sum(p.isupper() and len(p) > 1 for p in pieces)
    unvoiced = sum(not p.isupper() and not VOWEL.search(p) for p in pieces)
    clusters = any(CONSONANTS.search(p) for p in pieces if not p.isupper())
    return acronyms <= 1 and unvoiced <= 1 and not clusters and sum(map(len, pieces)) / len(pieces) >= CAMEL_PIECE


def _random_letters(part: str) -> bool:
    """Mixed-case letters that switch case as random text does and are not camelCase words."""
    switches = sum(a.isupper() != b.isupper() for a, b in zip(part, part[1:]))
    return (
        part.isalpha()
        and not _camel_case(part)
        and switches >= MIN_CASE_SWITCHES * len(part)
        and entropy(part) >= MIN_ENTROPY
    )


def random_part(part: str, prefixed: bool) -> bool:
    """Whether a body is random text (see the module's rules)."""
    if len(part) < MIN_BODY:
        return False
    if HEX.match(part):
        return prefixed and len(part) >= MIN_HEX_BODY
    digits = sum(c.isdigit() for c in part)
    letters = sum(c.isalpha() for c in part)
    if "/" in part or "+" in part:  # base64 is mixed-case; a path or a sum is not
        return digits >= 1 and part.lower() != part and part.upper() != part and entropy(part) >= MIN_B64_ENTROPY
    if (digits >= 2 and letters >= 2) or (digits and part.lower() != part != part.upper()):
        return entropy(part) >= MIN_ENTROPY and not _camel_case(part)
    return _random_letters(part)


def _word_part(part: str) -> bool:
    """A word between a key's separators ("live", "SECRET", "access", "ServiceAccount"), not a
    piece of its body: an English word, a short one, or a long camelCase name."""
    if len(part) >= 8 and _camel_case(part, loose=False):
        return True
    return bool(WORD_PART.match(part)) and (len(part) <= 3 or part.lower() in webster()[0])


def _bodies(token: str) -> list[tuple[str, bool]]:
    """The token's candidate bodies, each with whether something stands before it: every
    part, and what follows the first part with its words left out (a base64url body holds
    `-` and `_`: "sq0atp-rTMKvHDAt-t2PfjY…"); a part after a digest's name is a digest."""
    parts = [p for p in SEPARATORS.split(token.rstrip("=")) if p]
    bodies: list[tuple[str, bool]] = []
    named = any(c.isalpha() for c in parts[0]) if parts else False  # a prefix names a vendor ("00-…" does not)
    for i, part in enumerate(parts):
        if i > 0 and DIGEST_NAMES.match(parts[i - 1]):
            return bodies
        bodies.append((part, i > 0 and named))
        hex_tail = re.search(r"[0-9a-fA-F]+$", part)
        if hex_tail and hex_tail.start() > 0 and not DIGEST_NAMES.match(part[: hex_tail.start()]):
            bodies.append((hex_tail.group(0), True))  # "SK" + 32 hex, "dapi" + 32 hex
    rest = "".join(p for p in parts[1:] if not _word_part(p))
    # a base64url body is mixed-case ("rTMKvHDAt-t2PfjY…"); fields of a code or a file name are not
    if len(parts) > 2 and rest.lower() != rest != rest.upper():
        bodies.append((rest, True))
    return bodies


def is_key(token: str) -> bool:
    """Whether the token holds a random body (a UUID is an id, not a key)."""
    if UUID.search(token) or ULID.fullmatch(token):
        return False
    return any(random_part(body, prefixed) for body, prefixed in _bodies(token))


def whole(text: str, start: int, end: int) -> tuple[int, int]:
    """The span grown to the whole token it stands in (`=` inside a key too, as Atlassian's
    have; `/` only in a base64 key that holds one), less a sentence's full stop or a dash after it."""
    first = end
    key = BASE64_CHARACTER if "/" in text[start:end] else KEY_CHARACTER  # a path's `/` ends a key
    while start > 0 and key.match(text[start - 1]):
        start -= 1
    while end < len(text) and (
        key.match(text[end]) or (text[end] == "=" and (end + 1 == len(text) or not text[end + 1].isspace()))
    ):
        end += 1
    while end > first and text[end - 1] in ".-~":
        end -= 1
    return start, end


def find(text: str) -> list[Span]:
    return [Span(*whole(text, *m.span()), "API_KEY") for m in TOKEN.finditer(text) if is_key(m.group(0))]
