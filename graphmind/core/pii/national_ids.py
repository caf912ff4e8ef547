"""National identity numbers and bank accounts, validated by `python-stdnum`.

A candidate is found by the number's written shape and kept only when stdnum
validates it (check digits, ranges, country formats), so an order number of the
same length is spared. The UK National Insurance number has no validator in stdnum;
its shape is HMRC's (two letters, not an unused prefix such as GB, six digits, A-D).
"""

import re
from collections.abc import Callable

from stdnum import iban
from stdnum.br import cpf
from stdnum.ca import sin
from stdnum.es import dni, nie
from stdnum.fr import nir
from stdnum.in_ import aadhaar
from stdnum.it import codicefiscale
from stdnum.us import ssn

from graphmind.core.pii import Span

_NINO_PREFIX_BANNED = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def _nino_ok(candidate: str) -> bool:
    return candidate.replace(" ", "")[:2].upper() not in _NINO_PREFIX_BANNED


# (kind, candidate shape, validator)
RULES: list[tuple[str, re.Pattern, Callable[[str], bool]]] = [
    ("IBAN", re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b"), iban.is_valid),
    (
        "NATIONAL_ID",
        re.compile(r"(?<![\d-])\d{3}[- ]\d{2}[- ]\d{4}(?![\d-])"),
        lambda c: ssn.is_valid(c.replace(" ", "-")),
    ),
    # nine digits in a row are a social security number only where the text says so
    (
        "NATIONAL_ID",
        re.compile(r"(?i)(?:\bssn|\bsocial security(?: number| no\.?)?)\W{0,3}(?:is\s+)?(?P<value>\d{9})\b"),
        ssn.is_valid,
    ),
    ("NATIONAL_ID", re.compile(r"\b[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b"), _nino_ok),
    ("NATIONAL_ID", re.compile(r"(?<![\d.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])"), cpf.is_valid),
    ("NATIONAL_ID", re.compile(r"(?<![\d-])\d{4} \d{4} \d{4}(?![\d-])"), aadhaar.is_valid),
    ("NATIONAL_ID", re.compile(r"(?<![\d-])\d{3}[- ]\d{3}[- ]\d{3}(?![\d-])"), sin.is_valid),
    ("NATIONAL_ID", re.compile(r"\b[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}\b"), nir.is_valid),
    (
        "NATIONAL_ID",
        re.compile(r"\b\d{8}-?[A-Z]\b|\b[XYZ]-?\d{7}-?[A-Z]\b"),
        lambda c: dni.is_valid(c) or nie.is_valid(c),
    ),
    ("NATIONAL_ID", re.compile(r"\b[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]\b"), codicefiscale.is_valid),
]


def _iban_spans(text: str, match: re.Match) -> Span | None:
    """The longest prefix of the candidate that is a valid IBAN (it may run into a word)."""
    candidate = match.group(0)
    for end in range(len(candidate), 14, -1):
        if candidate[end - 1] != " " and iban.is_valid(candidate[:end]):
            return Span(match.start(), match.start() + end, "IBAN")
    return None


def find(text: str) -> list[Span]:
    spans = []
    for kind, pattern, valid in RULES:
        for match in pattern.finditer(text):
            if kind == "IBAN":
                span = _iban_spans(text, match)
                if span:
                    spans.append(span)
            else:
                group = "value" if "value" in pattern.groupindex else 0
                if valid(match.group(group)):
                    spans.append(Span(match.start(group), match.end(group), kind))
    return spans
