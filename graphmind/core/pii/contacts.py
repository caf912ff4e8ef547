"""E-mail addresses, payment card numbers and IP addresses.

Cards must pass the Luhn check (`stdnum.luhn`); IPv6 candidates must parse
(`ipaddress`), so times such as 10:30 and MAC-like strings are spared.
"""

import ipaddress
import re

from stdnum import luhn

from graphmind.core.pii import Span

EMAIL = re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b")
CARD = re.compile(r"(?<![\w-])(?:\d[ -]?){12,18}\d(?![\w-])")
IPV4 = re.compile(r"\b(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b")
IPV6 = re.compile(r"(?<![:\w])(?:[0-9a-fA-F]{0,4}:){2,7}[0-9a-fA-F]{1,4}(?![:\w])")


def _card(candidate: str) -> bool:
    digits = re.sub(r"\D", "", candidate)
    return 13 <= len(digits) <= 19 and luhn.is_valid(digits)


def _ipv6(candidate: str) -> bool:
    try:
        ipaddress.IPv6Address(candidate)
    except ValueError:
        return False
    return candidate.count(":") >= 3 or "::" in candidate


def find(text: str) -> list[Span]:
    spans = [Span(m.start(), m.end(), "EMAIL") for m in EMAIL.finditer(text)]
    spans += [Span(m.start(), m.end(), "CARD") for m in CARD.finditer(text) if _card(m.group(0))]
    spans += [Span(m.start(), m.end(), "IP") for m in IPV4.finditer(text)]
    spans += [Span(m.start(), m.end(), "IP") for m in IPV6.finditer(text) if _ipv6(m.group(0))]
    return spans
