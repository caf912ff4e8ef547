"""PII and secret redaction (rule R3, seed 003 policy 9): typed placeholders.

Secrets are redacted before personal data, so a token that contains an `@`
becomes `[API_KEY]`, not `[EMAIL]`. Card numbers must pass the Luhn check and
phone numbers need 9+ digits, to spare dates, years and amounts.
"""

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Redaction:
    text: str
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _luhn_ok(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for index, char in enumerate(digits):
        value = int(char)
        if index % 2 == parity:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _card(match: re.Match) -> str | None:
    digits = re.sub(r"\D", "", match.group(0))
    return "[CARD]" if 13 <= len(digits) <= 19 and _luhn_ok(digits) else None


def _phone(match: re.Match) -> str | None:
    text = match.group(0)
    digits = re.sub(r"\D", "", text)
    if 9 <= len(digits) <= 15 or (text.startswith("+") and len(digits) >= 8):
        return "[PHONE]"
    return None


def _secret_assignment(match: re.Match) -> str:
    placeholder = "[PASSWORD]" if re.match(r"(?i)pass|pwd", match.group("key")) else "[SECRET]"
    return f"{match.group('key')}{match.group('sep')}{placeholder}"


Replacement = str | Callable[[re.Match], str | None]

# (type, pattern, replacement); a callable may return None to keep the match.
RULES: list[tuple[str, re.Pattern, Replacement]] = [
    ("PRIVATE_KEY", re.compile(
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----"
    ), "[PRIVATE_KEY]"),
    ("TOKEN", re.compile(
        r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
    ), "[TOKEN]"),
    ("API_KEY", re.compile(
        r"\b(?:sk|pk|rk)-(?:[a-z]+-)?[A-Za-z0-9_-]{16,}"
        r"|\bgh[pousr]_[A-Za-z0-9]{20,}"
        r"|\bgithub_pat_[A-Za-z0-9_]{20,}"
        r"|\bAKIA[0-9A-Z]{16}\b"
        r"|\bAIza[0-9A-Za-z_-]{35}"
        r"|\bxox[abprs]-[A-Za-z0-9-]{10,}"
        r"|\bglpat-[A-Za-z0-9_-]{20,}"
    ), "[API_KEY]"),
    ("TOKEN", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*"), "Bearer [TOKEN]"),
    ("SECRET", re.compile(
        r"(?i)\b(?P<key>password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key"
        r"|access[_-]?token|auth[_-]?token|refresh[_-]?token|token)"
        r"(?P<sep>\s*[:=]\s*)"
        r"(?P<value>\"[^\"]+\"|'[^']+'|[^\s,;]{4,})"
    ), _secret_assignment),
    # "my password is hunter22": only when the value looks like a secret (has a digit
    # or a symbol), so "the token is expired" and "the secret is that…" stay.
    ("SECRET", re.compile(
        r"(?i)\b(?P<key>password|passwd|pwd|passphrase|pin|api[_-]?key)(?P<sep>\s+is\s+)"
        r"(?P<value>(?=[^\s,;]*[\d\W_])[^\s,;]{6,})"
    ), _secret_assignment),
    ("EMAIL", re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"),
     "[EMAIL]"),
    ("CARD", re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])"), _card),
    ("IP", re.compile(
        r"\b(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b"
    ), "[IP]"),
    ("IP", re.compile(
        r"(?<![:\w])(?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}(?![:\w])"
        r"|(?<![:\w])(?:[0-9a-fA-F]{1,4}:){1,6}:(?:[0-9a-fA-F]{1,4}:){0,5}[0-9a-fA-F]{1,4}(?![:\w])"
    ), "[IP]"),
    # Phone numbers: international (+…), a bracketed area code, North-American 3-3-4
    # with one separator kind, or a national trunk prefix (0…). Not dates, not ports.
    ("PHONE", re.compile(
        r"(?<![\w+])\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}(?!\w)"
        r"|(?<!\w)\(\d{2,4}\)\s?\d{3,4}[\s.-]?\d{3,4}(?!\w)"
        r"|(?<![\w-])\d{3}(?P<s1>[.-])\d{3}(?P=s1)\d{4}(?![\w-])"
        r"|(?<![\w-])\d{3} \d{3} \d{4}(?![\w-])"
        r"|(?<![\w-])0\d{2,4}[\s-]\d{3,4}[\s-]\d{3,4}(?![\w-])"
    ), _phone),
]

_PLACEHOLDER = re.compile(r"\[([A-Z_]+)\]")


def redact(text: str) -> Redaction:
    """Replaces PII and secrets with typed placeholders such as `[EMAIL]`."""
    counts: Counter[str] = Counter()
    for _kind, pattern, replacement in RULES:
        def substitute(match: re.Match, replacement=replacement) -> str:
            new = replacement(match) if callable(replacement) else replacement
            if new is None:
                return match.group(0)
            counts[_PLACEHOLDER.search(new).group(1)] += 1
            return new

        text = pattern.sub(substitute, text)
    return Redaction(text, dict(counts))
