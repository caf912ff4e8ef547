"""Credentials told in a sentence: a value the sentence gives as a password, PIN, key or login.

No list of phrasings: a sentence gives a credential when it names one (a cue, below) and
holds, near that word, a value shaped like one. Near is within WINDOW_AFTER words after the
cue or WINDOW_BEFORE before it ("X is the new password"), in the same sentence. The cues are
the names of credentials, in a few languages:

- password-like (`password`, `passphrase`, `passcode`, `pw`, `creds`, `login`, `auth`, a PIN,
  a safe's combination, an access code: a `code` of a door, gate, alarm …): any value of
  PASSWORD_SHAPE (letters with a digit or a symbol), or of PIN_SHAPE for the numeric ones;
- key-like (`key`, `token`, `secret`): a value of PASSWORD_SHAPE of at least KEY_LENGTH.

A quoted text right after a cue is the value whatever its shape (a passphrase of words).
A `user:password` or `user / password` pair gives its second half. Formats that carry a
password without a cue are read as such: a URL's `user:password@`, a `.pgpass` line, and
a command's `-p<password>` beside `-u`.

Spared: templates (`${DB_PASSWORD}`, `<YOUR_API_KEY>`), paths, URLs and e-mail addresses,
versions, dates and times, and a year after a preposition ("rotated in 2024").
"""

import re
from dataclasses import dataclass

from graphmind.core.pii import Span

WINDOW_AFTER, WINDOW_BEFORE = 8, 4
QUOTE_WITHIN = 2  # words between a cue and the quoted text it gives ("password is set to '…'")
KEY_LENGTH = 16  # a key is long; "deploy@build-01" beside "authorized_keys" is a comment
PASSWORD_CUE = re.compile(
    r"(?i)^(?:pass(?:word|wort|phrase|code|wd)s?|pw|pwd|pins?|creds?|credentials?|logins?|auth"
    r"|kennwort|contrase[ñn]a|senha|wachtwoord|l[öo]senord|salasana|has[łl]o|combination)$"
)
KEY_CUE = re.compile(r"(?i)^(?:(?:api)?keys?|tokens?|secrets?|apikeys?)$")
NUMERIC_CUE = re.compile(r"(?i)^(?:pins?|pass(?:code|word|wort)s?|combination|code)$")
CUE_INSIDE = re.compile(r"(?i)pass(?:word|wort|phrase|code)|token|secret|credential")
ONLY_NUMERIC_CUE = re.compile(r"(?i)^(?:pins?|combination|code)$")  # a PIN is digits: "Pin v2.1" is a verb
# what a `code` opens makes it an access code, not an error or a status code
ACCESS_CODE = re.compile(r"(?i)^(?:door|gate|alarm|disarm|unlock|access|entry|security|safe|lock|garage|keypad)$")
ANY_CUE = re.compile(
    r"(?i)pass|\bpw|\bpin|cred|login|auth|kennwort|contrase|senha|wachtwoord|l[öo]senord|salasana|has[łl]o"
    r"|combination|\bcode|key|token|secret"
)  # a text without any can give no credential in a sentence
SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
WORD = re.compile(r"\S+")
OPEN, CLOSE = "([{\"'“‘`*_", ")]}\"'”’`.,;:!?*_"  # quotes, brackets, markdown emphasis
SYMBOL = re.compile(r"(?<=.)[!@#$%^&*+=?~|<>]")  # inside the word: "#hashtag" is no password
PASSWORD_SHAPE_MIN = 6
PIN_SHAPE = re.compile(r"^\d{4,12}[#*]?$|^\d{2,4}(?:[- ]\d{2,4}){2,}$")
SPARED = re.compile(
    r"^(?:\$\{.*\}|<.*>|\{\{.*\}\}|%\(?\w*\)?s"  # templates
    r"|v?\d+(?:\.\d+)+(?:[-+][\w.]+)?"  # versions
    r"|\d{1,2}:\d{2}(?::\d{2})?(?:am|pm)?|\d{4}-\d{2}-\d{2}\S*"  # times, dates
    r"|\S*://\S*|[^@\s]+@[^@\s]+\.\w+|[~.]?/\S*)$",  # URLs, e-mail addresses, paths
    re.IGNORECASE,
)
YEAR_AFTER = re.compile(r"(?i)^(?:in|since|from|by|until|of|for|before|after)$")
QUOTED = re.compile(r"(?:(?<=\s)|^)[\"'“‘`]([^\"'”’`\n]{4,200})[\"'”’`](?=[\s.,;:!?)]|$)")
USER_COLON = re.compile(r"^[\w.@-]{1,64}:(\S+)$")
URL_CREDENTIALS = re.compile(r"[a-z][a-z0-9+.-]*://[^\s:/@]*:(?P<value>[^\s@/]+)@", re.IGNORECASE)
PGPASS = re.compile(r"(?m)^[^\s:]+:(?:\d+|\*):[^\s:]+:[^\s:]+:(?P<value>\S+)$")
CLI_PASSWORD = re.compile(r"(?:^|\s)-u\s*\S+.*?\s-p(?P<value>\S+)|(?:^|\s)-p(?P<before>\S+).*?\s-u\s*\S")


@dataclass(frozen=True)
class _Word:
    """A word of a sentence without the quotes, brackets and punctuation around it."""

    start: int
    end: int
    text: str

    @classmethod
    def of(cls, match: re.Match) -> "_Word":
        raw = match.group(0)
        lead = len(raw) - len(raw.lstrip(OPEN))
        core = raw[lead:].rstrip(CLOSE) or raw[lead:]
        start = match.start() + lead
        return cls(start, start + len(core), core)

    @property
    def bare(self) -> str:
        """The word as a cue: the last part of a compound ("WLAN-Passwort", "twilio_auth_token",
        "sdk_key:"), before an `=` that gives its value ("key=…")."""
        return re.split(r"[-–_.]", self.text.split("=")[0].rstrip(":"))[-1]

    def given(self) -> "_Word | None":
        """The value of a `name=value` word, as a word of its own."""
        name, equals, value = self.text.partition("=")
        if not equals or not value:
            return None
        return _Word(self.start + len(name) + 1, self.end, value)


def _password_shaped(value: str, length: int = PASSWORD_SHAPE_MIN) -> bool:
    if len(value) < length or SPARED.match(value) or not re.search(r"[^\W\d_]", value):
        return False
    if CUE_INSIDE.search(value):  # "1Password", "PASSWORD_HASHERS": a name, not a value
        return False
    return bool(re.search(r"\d", value) or SYMBOL.search(value))


def _value_span(word: _Word, numeric: bool, only_numeric: bool, length: int, key_like: bool) -> Span | None:
    if only_numeric:
        return Span(word.start, word.end, "PASSWORD") if numeric and PIN_SHAPE.match(word.text) else None
    pair = USER_COLON.match(word.text)
    if pair and not key_like and not SPARED.match(word.text):
        start = word.start + pair.start(1)
        return Span(start, start + len(pair.group(1)), "PASSWORD")
    if _password_shaped(word.text, length) or (numeric and PIN_SHAPE.match(word.text)):
        return Span(word.start, word.end, "PASSWORD")
    return None


def _cue(words: list[_Word], i: int) -> tuple[bool, bool, bool] | None:
    """(numeric, only numeric, key-like) when word i names a credential, else None."""
    bare = words[i].bare
    if bare.lower() == "code":
        return (True, True, False) if i > 0 and ACCESS_CODE.match(words[i - 1].bare) else None
    if PASSWORD_CUE.match(bare):
        return bool(NUMERIC_CUE.match(bare)), bool(ONLY_NUMERIC_CUE.match(bare)), False
    if KEY_CUE.match(bare):
        return False, False, True
    return None


def _in_sentence(text: str, offset: int, sentence: str) -> list[Span]:
    words = [_Word.of(m) for m in WORD.finditer(sentence)]
    spans = []
    for i in range(len(words)):
        cue = _cue(words, i)
        if cue is None:
            continue
        numeric, only_numeric, key_like = cue
        length = KEY_LENGTH if key_like else PASSWORD_SHAPE_MIN
        after_cue = sentence[words[i].end :]
        quoted = QUOTED.search(after_cue)
        if (
            not key_like
            and not only_numeric
            and quoted
            and len(WORD.findall(after_cue[: quoted.start()])) <= QUOTE_WITHIN
            and not CUE_INSIDE.search(quoted.group(1))
        ):
            start = offset + words[i].end + quoted.start(1)
            spans.append(Span(start, start + len(quoted.group(1)), "PASSWORD"))
        kind = "SECRET" if key_like else "PASSWORD"
        for j in range(max(0, i - WINDOW_BEFORE), min(len(words), i + WINDOW_AFTER + 1)):
            word = words[i].given() if j == i else words[j]
            if word is None or (numeric and j > 0 and YEAR_AFTER.match(words[j - 1].text) and word.text.isdigit()):
                continue
            span = _value_span(word, numeric and j >= i, only_numeric, length, key_like)
            if span:
                spans.append(Span(offset + span.start, offset + span.end, kind))
    return spans


def _formats(text: str) -> list[Span]:
    spans = []
    for pattern in (URL_CREDENTIALS, PGPASS, CLI_PASSWORD):
        for match in pattern.finditer(text):
            group = next(g for g in ("value", "before") if g in pattern.groupindex and match.group(g))
            spans.append(Span(match.start(group), match.end(group), "PASSWORD"))
    return spans


def find(text: str) -> list[Span]:
    spans, start = _formats(text), 0
    if not ANY_CUE.search(text):
        return spans
    for end in [m.end() for m in SENTENCE_END.finditer(text)] + [len(text)]:
        if end > start:
            spans += _in_sentence(text, start, text[start:end])
        start = end
    return spans
