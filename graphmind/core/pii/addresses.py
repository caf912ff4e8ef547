"""Street addresses.

US, Canadian and British addresses are found by `pyap2` (a maintained fork of pyap,
MIT, regular expressions built from USPS/Canada Post/Royal Mail street types, states,
provinces and postcodes): "221B Baker Street, London NW1 6XE", "1600 Amphitheatre
Parkway, Mountain View, CA 94043". No offline library covers continental Europe or
Australia (libpostal needs a 2 GB model), so their written shapes are kept here:
"Hauptstraße 5, 10115 Berlin", "12 rue de Rivoli, 75001 Paris", "Via Roma 10, 00184
Roma", "Calle Mayor 5, 28013 Madrid", "Prinsengracht 263, 1016 GV Amsterdam", "10 George
Street, Sydney NSW 2000". A street line is an address with or without its postcode, in any
case ("42 elm street", "Flat 3, 12 Baker Road"): `STREET_LINE`.
"""

import re
from typing import Literal

import pyap
from pyap.parser import AddressParser
from pyap.source_CA import data as canada
from pyap.source_GB import data as britain
from pyap.source_US import data as united_states
from pyap.utils import DEFAULT_FLAGS

from graphmind.core.pii import Span

_NAME = r"[A-ZÀ-Þ][\wÀ-ÿ'’.-]*"
_CITY = rf"(?:\d{{4,5}}(?:\s?[A-Z]{{2}})?\s+{_NAME}(?:[ -]{_NAME})*)"
PATTERNS = [
    # Germanic: the street type joined to the name, then the number ("Hauptstraße 5")
    re.compile(
        rf"\b{_NAME}(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|gracht|straat"
        rf"|laan|plein|kade|singel|vej|gade|gatan|vägen|veien|gate)\s\d{{1,4}}[a-zA-Z]?\b(?:,?\s{_CITY})?"
    ),
    # French: number, street type, name ("12 rue de Rivoli")
    re.compile(
        rf"\b\d{{1,4}}(?:\s?(?:bis|ter))?,?\s(?i:rue|avenue|boulevard|bd|chemin|impasse|allée|place|quai"
        rf"|route|cours)\s(?:(?:de|du|des|de la|d'|l')\s?)?{_NAME}(?:\s{_NAME})*(?:,?\s{_CITY})?"
    ),
    # Italian, Spanish, Portuguese: street type, name, number ("Via Roma 10", "Calle Mayor, 5")
    re.compile(
        rf"\b(?:Via|Viale|Piazza|Corso|Largo|Calle|Avenida|Avda\.|Plaza|Paseo|Carrer|Rua|Travessa|Praça)"
        rf"\s(?:(?:de|del|della|da|do|dos|das|di)\s)?{_NAME}(?:\s{_NAME})*,?\s(?:n\.?\s?º?\s?)?\d{{1,4}}\b"
        rf"(?:,?\s{_CITY})?"
    ),
    # Australian: number, name, street type, suburb, state, postcode ("10 George Street, Sydney NSW 2000")
    re.compile(
        rf"\b\d{{1,5}}[A-Za-z]?\s{_NAME}(?:\s{_NAME})*\s(?:Street|St|Road|Rd|Avenue|Ave|Parade|Pde|Terrace"
        rf"|Tce|Highway|Hwy|Drive|Dr|Lane|Place|Crescent)\.?,?\s{_NAME}(?:\s{_NAME})*,?\s"
        rf"(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s\d{{4}}\b"
    ),
]
# A street line without a postcode, in any case: a house number, one to three words of
# its name (no stop word among them) and a street type that is no other word ("42 elm
# street", "3047 N Lincoln Ave", "88 KINGS HIGHWAY"), with a flat or unit before or after
# it and a capitalised town after a comma.
_STREET_TYPE = (
    r"(?i:street|st\.?|road|rd\.?|avenue|ave\.?|lane|ln\.?|boulevard|blvd\.?|crescent|highway|hwy\.?"
    r"|parkway|pkwy\.?)"
    # also other words ("a 20 minute drive", "per square foot"): only written as a name
    r"|(?-i:Drive|Dr\.?|Way|Place|Pl\.?|Square|Close|Court|Ct\.?|Terrace|Row|Mews|Grove|Gardens|Walk)"
)
_UNIT = r"(?:flat|unit|apt\.?|apartment|suite|ste\.?|#)\s?\w{1,5}"
STREET_LINE = re.compile(
    rf"(?i:\b{_UNIT},?\s)?\b\d{{1,5}}[a-zA-Z]?\s(?:(?i:[NSEW]|NE|NW|SE|SW|north|south|east|west)\.?\s)?"
    rf"(?P<name>(?:[^\W\d_][\w'’-]*\s){{1,3}})(?P<type>{_STREET_TYPE})\b"
    rf"(?:,?\s(?i:{_UNIT})\b)?(?:,\s{_NAME}(?:\s{_NAME})?)?"
)
_STOP_IN_NAME = re.compile(
    r"(?i)^(?:the|a|an|of|at|in|on|to|by|for|and|or|my|our|your|his|her|their|this|that|is|was)$"
)


def _street_lines(text: str) -> list[Span]:
    spans = []
    for m in STREET_LINE.finditer(text):
        words = m.group("name").split()
        if any(_STOP_IN_NAME.match(word) for word in words):
            continue
        if m.group("type")[0].isupper() and not m.group("type").isupper() and not all(w[0].isupper() for w in words):
            continue  # "Drive", "Way" … name a street only after a capitalised name
        spans.append(Span(m.start(), m.end(), "ADDRESS"))
    return spans


# A part every address of the country must contain, from pyap's own rules: a text without
# one cannot hold such an address, so the full rules (the British ones cost ~15 ms on a
# 900-character text) run only where it is found. US: a state or a ZIP code; Canada: a
# province; Britain: a postcode. Only as `_plausible` keeps it: with a digit or a capital.
REQUIRED_PART: dict[Literal["US", "CA", "GB"], re.Pattern[str]] = {
    "US": re.compile(united_states.region1_postal_code, DEFAULT_FLAGS),
    "CA": re.compile(canada.region1, DEFAULT_FLAGS),
    "GB": re.compile(britain.postal_code, DEFAULT_FLAGS),
}
COUNTRIES = tuple(REQUIRED_PART)
_DIGIT = re.compile(r"\d")


def _located(text: str, found: str, near: int) -> tuple[int, int] | None:
    """pyap reports positions in its normalised copy of the text (spaces and commas
    collapsed, dashes unified): find the address again in the original."""
    parts = [re.escape(part) for part in re.split(r"[\s,-]+", found.strip(" ,")) if part]
    if not parts:
        return None
    pattern = re.compile(r"[\s,\-‐‑‒–—―]+".join(parts))
    match = pattern.search(text, max(0, near - 20)) or pattern.search(text)
    return (match.start(), match.end()) if match else None


def _plausible(address) -> bool:
    """pyap also matches prose ("one of you is struggling or": a number word, a street
    type "is", Oregon): keep addresses with a numeric house number, a capitalised
    street, and a postcode or a state written as one ("IL", "Texas")."""
    region = address.region1 or ""
    return (
        bool(address.street_number)
        and address.street_number[0].isdigit()
        and re.search(r"[A-Z]", address.full_street or "") is not None
        and bool(address.postal_code or (region[:1].isupper()))
    )


def may_hold(country: Literal["US", "CA", "GB"], normalised: str) -> bool:
    """Whether the text holds the country's required part as an address `_plausible`
    keeps would write it: a ZIP code or postcode (digits) or a region with a capital.
    pyap's rules match the state "IN" in any case, so without the capital every "in"
    near a number ran the full US rules (0.4 ms of a 0.65 ms redaction)."""
    return any(
        _DIGIT.search(part) or part.strip(" ,-")[:1].isupper()
        for part in (m.group(0) for m in REQUIRED_PART[country].finditer(normalised))
    )


def find(text: str) -> list[Span]:
    if not _DIGIT.search(text):
        return []  # every address detected here has a number
    spans = []
    normalised = AddressParser._normalize_string(text)  # what pyap's rules run on
    for country in COUNTRIES:
        if not may_hold(country, normalised):
            continue
        for address in pyap.parse(text, country=country):
            where = _located(text, address.full_address, address.match_start) if _plausible(address) else None
            if where:
                spans.append(Span(*where, "ADDRESS"))
    for pattern in PATTERNS:
        spans += [Span(m.start(), m.end(), "ADDRESS") for m in pattern.finditer(text)]
    return spans + _street_lines(text)
