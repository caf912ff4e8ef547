"""Phone numbers, by Google's libphonenumber (`phonenumbers`).

A number with its country code (+44 …, 0044 …) is found in any region; a number in
national format ("07700 900123", "030 1234567", "01 23 45 67 89") only in its own
region, so the matcher runs over the regions below. Leniency VALID: the number must be
a valid one of its region (right length and ranges, national prefix where one is
written), which spares dates, years, amounts, versions and ports.
"""

import re

from phonenumbers import Leniency, PhoneNumberMatcher

from graphmind.core.pii import Span

# National formats recognised without a country code (the rest need +CC or 00CC).
REGIONS = ("US", "GB", "DE", "FR", "ES", "IT", "NL", "IN", "JP", "BR", "AU", "MX", "IE", "CH", "SE", "PL")
MIN_DIGITS = 7  # in the text, and in each number: shorter ones are years and counts, not phones
_DIGIT = re.compile(r"\d")


def find(text: str) -> list[Span]:
    if len(_DIGIT.findall(text)) < MIN_DIGITS:
        return []
    spans: dict[tuple[int, int], Span] = {}
    for region in REGIONS:
        for match in PhoneNumberMatcher(text, region, leniency=Leniency.VALID):
            if len(_DIGIT.findall(match.raw_string)) < MIN_DIGITS:
                continue  # "1649" is a valid German number, and a year
            spans.setdefault((match.start, match.end), Span(match.start, match.end, "PHONE"))
    return list(spans.values())
