"""PII and secret redaction (rule R3, seed 003 policy 9): typed placeholders.

The one entry point, `redact`, runs the detectors of `graphmind/core/pii/` on the
text, keeps the spans that do not overlap by priority (a credential before an e-mail,
so a token holding an `@` becomes `[API_KEY]`; an IBAN or a national id before a
phone number) and replaces each with its kind: `[EMAIL]`, `[PHONE]`, `[PERSON]` …
The report counts the replacements per kind.
"""

import re
from collections import Counter
from dataclasses import dataclass, field

from graphmind.core.pii import (
    Span,
    addresses,
    contacts,
    credentials,
    identifiers,
    names,
    national_ids,
    phones,
    random_tokens,
    secrets,
)

# Highest priority first: where two findings overlap, the earlier kind wins.
KINDS = (
    "PRIVATE_KEY",
    "TOKEN",
    "API_KEY",
    "PASSWORD",
    "SECRET",
    "EMAIL",
    "IBAN",
    "NATIONAL_ID",
    "CARD",
    "IP",
    "ADDRESS",
    "PHONE",
    "PERSON",
)
DETECTORS = (
    secrets.find,
    random_tokens.find,
    credentials.find,
    contacts.find,
    national_ids.find,
    addresses.find,
    phones.find,
    names.find,
)
# Kinds read from digit runs, which a UUID or a hex digest also holds (`pii/identifiers.py`).
NUMBER_KINDS = frozenset({"IBAN", "NATIONAL_ID", "CARD", "PHONE"})
# Kinds read from random-looking text, which public key material also is (`identifiers.public`).
SECRET_KINDS = frozenset({"API_KEY", "TOKEN", "SECRET", "PASSWORD"})
VALIDATED_KINDS = frozenset({"IBAN", "NATIONAL_ID"})  # checked by their check digits (`pii/national_ids.py`)
_RANK = {kind: i for i, kind in enumerate(KINDS)}
_GROUP = {
    kind: 0 if kind in ("PRIVATE_KEY", "TOKEN", "API_KEY", "PASSWORD", "SECRET") else i for kind, i in _RANK.items()
}
PLACEHOLDER = re.compile("|".join(re.escape(f"[{kind}]") for kind in KINDS))


@dataclass
class Redaction:
    text: str
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _chosen(found: list[tuple[int, Span]]) -> list[Span]:
    """Non-overlapping spans, by priority, then the longer, then the earlier detector (a known
    format before a shape), then the kind; in text order. The secret kinds share one priority:
    the longer finding is more of the secret."""
    taken: list[Span] = []
    for _, span in sorted(found, key=lambda f: (_GROUP[f[1].kind], f[1].start - f[1].end, f[0], _RANK[f[1].kind])):
        if span.end > span.start and all(span.end <= t.start or span.start >= t.end for t in taken):
            taken.append(span)
    return sorted(taken)


def _inside(span: Span, ranges: list[tuple[int, int]]) -> bool:
    return any(start <= span.start and span.end <= end for start, end in ranges)


def find(text: str) -> list[Span]:
    """Where the personal data and secrets of `text` are, in text order.

    A number found inside a machine identifier (a UUID, a hex digest) is part of it, and a
    random string inside public key material or a template is no secret.
    """
    ids, public = identifiers.find(text), identifiers.public(text)
    found = [(i, span) for i, detect in enumerate(DETECTORS) for span in detect(text)]
    validated = {(s.start, s.end) for _, s in found if s.kind in VALIDATED_KINDS}  # a codice fiscale looks random
    return _chosen(
        [
            (i, s)
            for i, s in found
            if not (s.kind in NUMBER_KINDS and _inside(s, ids))
            and not (
                s.kind in SECRET_KINDS
                and (
                    _inside(s, public)
                    or (s.start, s.end) in validated
                    or identifiers.encoded_prose(text[s.start : s.end])
                )
            )
        ]
    )


def redact(text: str) -> Redaction:
    """Replaces PII and secrets with typed placeholders such as `[EMAIL]`."""
    spans = find(text)
    parts, at = [], 0
    for span in spans:
        parts += [text[at : span.start], f"[{span.kind}]"]
        at = span.end
    parts.append(text[at:])
    return Redaction("".join(parts), dict(Counter(span.kind for span in spans)))


def as_written(text: str) -> str:
    """A redacted text as short as its writer's text was at least: each placeholder as one
    character, for it stood for one or more (`[EMAIL]` for `a@b.io`, 6). Limits on stored
    text that comes back in (`graphmind import`) measure this, as they measured the original."""
    return PLACEHOLDER.sub("x", text)
