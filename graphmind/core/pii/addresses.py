"""Street addresses.

US, Canadian and British addresses are found by `pyap2` (a maintained fork of pyap,
MIT, regular expressions built from USPS/Canada Post/Royal Mail street types, states,
provinces and postcodes): "221B Baker Street, London NW1 6XE", "1600 Amphitheatre
Parkway, Mountain View, CA 94043". No offline library covers continental Europe or
Australia (libpostal needs a 2 GB model), so their written shapes are kept here:
"Hauptstraße 5, 10115 Berlin", "12 rue de Rivoli, 75001 Paris", "Via Roma 10, 00184
Roma", "Calle Mayor 5, 28013 Madrid", "Prinsengracht 263, 1016 GV Amsterdam", "10 George
Street, Sydney NSW 2000".
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
        rf"\b\d{{1,4}}(?:\s?(?:bis|ter))?,?\s(?:rue|avenue|boulevard|bd|chemin|impasse|allée|place|quai"
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
    return spans
