"""Values written one way, so that a value written two ways is one value: "2pm" = "2 p.m."
= "14:00" = "14:00h", "9:30" = "09:30", "10,000" = "10000", "ten" = "10", "Jan 5" =
"January 5", "v2" = "2", "3pm" = "3 pm" (a unit apart from its number).

`canonical` is what the conflict and duplicate rules compare (`conflicts.compare`), and
`same_text` says when two texts differ in nothing but case, punctuation and how their values
are written: one memory, whatever their cosine (the embedding sees "WE USE POSTGRESQL" and
"We use PostgreSQL" as 0.94 alike).
"""

import re
from functools import lru_cache

from graphmind.lifecycle.conflict_words import MONTHS, NUMBERS

FROM_TO = re.compile(
    r"\b(switched|moved|changed|migrated|upgraded|downgraded|went)\s+(\w+\s+)?from\s+.+?\s+to\b", re.IGNORECASE
)
THOUSANDS = re.compile(r"\b\d{1,3}(?:,\d{3})+\b")
# 2pm, 2 p.m., 2:30 PM, 12am: a clock time on the 12-hour clock
TWELVE_HOUR = re.compile(r"\b(1[0-2]|0?[1-9])(?::([0-5]\d))?\s*([ap])\.?\s?m\b\.?", re.IGNORECASE)
# 9:30, 09:30, 14:00h: a clock time on the 24-hour clock
TWENTY_FOUR_HOUR = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)h?\b")
UNIT = re.compile(r"\b(\d+(?:[.:]\d+)?)(?!st\b|nd\b|rd\b|th\b)([a-zA-Z]{1,3})\b")  # 4GB → 4 GB
VERSION = re.compile(r"\b[vV](\d+(?:\.\d+)*)\b")
NUMBER_WORD = re.compile(r"\b(?:" + "|".join(NUMBERS) + r")\b", re.IGNORECASE)
MONTH = re.compile(r"\b(?:" + "|".join(MONTHS) + r")\b\.?(?=\s*\d)", re.IGNORECASE)
PUNCTUATION = re.compile(r"[^\w:.]+|(?<!\d)[.:]|[.:](?!\d)")


@lru_cache(maxsize=4096)  # a text is compared with each of its candidates
def canonical(text: str) -> str:
    """`text` with its values written one way; everything else as written."""
    text = FROM_TO.sub(r"\1 \2to", text)  # "switched from Jira to Linear": the old value is not news
    text = THOUSANDS.sub(lambda m: m.group().replace(",", ""), text)
    text = TWELVE_HOUR.sub(_from_twelve_hours, text)
    text = TWENTY_FOUR_HOUR.sub(lambda m: f"{int(m.group(1)):02d}:{m.group(2)}", text)
    text = UNIT.sub(r"\1 \2", text)
    text = VERSION.sub(r"\1", text)
    text = NUMBER_WORD.sub(lambda m: NUMBERS[m.group().lower()], text)
    return MONTH.sub(lambda m: MONTHS[m.group().lower().rstrip(".")], text)


def same_text(first: str, second: str) -> bool:
    """Whether the two texts differ only in case, punctuation and how values are written."""
    return _letters(first) == _letters(second)


@lru_cache(maxsize=4096)
def _letters(text: str) -> tuple[str, ...]:
    return tuple(PUNCTUATION.sub(" ", canonical(text).casefold()).split())


def _from_twelve_hours(match: re.Match) -> str:
    hour = int(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
    return f"{hour:02d}:{match.group(2) or '00'}"
