"""Detectors of personal data and secrets, one kind of thing per module.

Each detector takes the text and returns `Span`s (where, and which placeholder kind);
`graphmind/core/redaction.py` runs them all, keeps the non-overlapping spans by
priority and writes the placeholders. Libraries do the recognising wherever one exists:
`phonenumbers` (phones), `detect-secrets` (credentials), `python-stdnum` (national ids,
IBAN, card checksums), `pyap2` (US, Canadian and British addresses), `faker`'s name
lists (given names and surnames of every locale it ships) and `english-words` (Webster's
word list, for names written without capitals). Keys of unknown providers are found by
their shape (`random_tokens`), passwords by their sentence (`credentials`).
"""

from typing import NamedTuple


class Span(NamedTuple):
    start: int
    end: int
    kind: str
