"""Phone numbers, by Google's libphonenumber (`phonenumbers`).

A number with its country code (+44 …, 0044 …) is found in any region; a number in
national format ("07700 900123", "030 1234567", "01 23 45 67 89") only in its own
region, so the matcher runs over the regions below. Leniency VALID: the number must be
a valid one of its region (right length and ranges, national prefix where one is
written), which spares dates, years, amounts, versions and ports; a number written with
`+` and its country code needs only to be possible (a new range is not yet in the data).
Digits that run on into a decimal or a version ("1234567.89", "Chrome/124.0.6367.91")
are not a phone number.
"""

import re

from phonenumbers import Leniency, PhoneNumberMatcher

from graphmind.core.pii import Span

# National formats recognised without a country code (the rest need +CC or 00CC).
REGIONS = ("US", "GB", "DE", "FR", "ES", "IT", "NL", "IN", "JP", "BR", "AU", "MX", "IE", "CH", "SE", "PL")
MIN_DIGITS = 7  # in the text, and in each number: shorter ones are years and counts, not phones
_DIGIT = re.compile(r"\d")
_PART_OF_NUMBER = re.compile(r"\.\d")
_AFTER_NUMBER = re.compile(r"(?:\d\.|/)$")
_DECIMAL = re.compile(r"\.\d{1,2}$")


def find(text: str) -> list[Span]:
    if len(_DIGIT.findall(text)) < MIN_DIGITS:
        return []
    spans: dict[tuple[int, int], Span] = {}
    for region in REGIONS:
        for match in PhoneNumberMatcher(text, region, leniency=Leniency.VALID):
            if len(_DIGIT.findall(match.raw_string)) < MIN_DIGITS:
                continue  # "1649" is a valid German number, and a year
            if (
                _PART_OF_NUMBER.match(text, match.end)
                or _AFTER_NUMBER.search(text, 0, match.start)
                or _DECIMAL.search(match.raw_string)
            ):
                continue  # "1234567.89 EUR", "Chrome/124.0.6367.91": an amount or a version
            spans.setdefault((match.start, match.end), Span(match.start, match.end, "PHONE"))
    # a number written with its country code ("+44 …") is a phone number when it could be one
    for match in PhoneNumberMatcher(text, "US", leniency=Leniency.POSSIBLE):
        if match.raw_string.startswith("+") and len(_DIGIT.findall(match.raw_string)) >= MIN_DIGITS:
            spans.setdefault((match.start, match.end), Span(match.start, match.end, "PHONE"))
    return list(spans.values())
