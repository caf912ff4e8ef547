"""The period a recall query names, so that recall can favour memories dated in it
(`rank.cypher`, docs/memory.md).

Absolute periods ("on October 13, 2023", "in May 2023", "in June", "in 2022") are read
first. Relative ones ("yesterday", "three days ago", "a couple of days ago", "last week",
"last Saturday", "last month", "two weeks ago") are read against the moment the question
is asked (recall passes its clock's now; without it they are not read), in UTC days: an
"N days ago" is that day ± 1 day, "N weeks ago" ± 3 days, "N months ago" ± 15 days;
"last week" and "last month" are the calendar week (Monday to Sunday) and month before
the current one. A capitalised month name counts ("May" opening a question is the verb);
the first period found is used."""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

MONTHS = ("January February March April May June July August September October November December").split()
_MONTH = "|".join(MONTHS)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})\b")
_MONTH_YEAR = re.compile(rf"\b({_MONTH}),?\s+(\d{{4}})\b")
_MONTH_ALONE = re.compile(rf"\b({_MONTH})\b")
_YEAR = re.compile(r"\b(?:in|of|during|since|from)\s+((?:19|20)\d\d)\b")

WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_FUZZY = {"a couple of": 2, "a few": 3}
_AGO = re.compile(rf"\b(\d{{1,2}}|{'|'.join(_FUZZY)}|{'|'.join(_COUNTS)})\s+(day|week|month)s?\s+ago\b", re.IGNORECASE)
_LAST_UNIT = re.compile(r"\b(last|this|past)\s+(week|month|year)\b", re.IGNORECASE)
_LAST_WEEKDAY = re.compile(rf"\blast\s+({'|'.join(WEEKDAYS)})\b", re.IGNORECASE)
_YESTERDAY = re.compile(r"\byesterday\b", re.IGNORECASE)
_TODAY = re.compile(r"\b(?:today|this morning|this afternoon|this evening|tonight)\b", re.IGNORECASE)
# an "N <unit>s ago": the unit's length and the slack around its centre, in days
_UNITS = {"day": (1, 1), "week": (7, 3), "month": (30, 15)}
_DAY = timedelta(days=1)


@dataclass(frozen=True)
class Period:
    """A year, a month (of any year when `year` is None) or a day, None parts matching
    anything; or, for a relative period, the instants from `start` (included) to `end`."""

    year: int | None = None
    month: int | None = None
    day: int | None = None
    start: datetime | None = None
    end: datetime | None = None

    def as_param(self) -> dict[str, object]:
        return {
            "named": True,
            "year": self.year,
            "month": self.month,
            "day": self.day,
            "from": self.start,
            "to": self.end,
        }


# No period named: still a map, so that a query naming one and a query naming none share
# one cached plan of rank.cypher (Neo4j caches a plan per parameter type: map or null).
NO_PERIOD: dict[str, object] = {"named": False}


def period_param(period: Period | None) -> dict[str, object]:
    """rank.cypher's `$period`: the period's map, or `NO_PERIOD`."""
    return period.as_param() if period else NO_PERIOD


def _month(name: str) -> int:
    return MONTHS.index(name) + 1


def named_period(query: str, now: datetime | None = None) -> Period | None:
    """The period `query` names, absolute forms first (the most precise first), then
    relative ones read against `now`; None when it names none."""
    return _absolute(query) or (_relative(query, now) if now is not None else None)


def _absolute(query: str) -> Period | None:
    if match := _MONTH_DAY_YEAR.search(query):
        return _dated(int(match[3]), _month(match[1]), int(match[2]))
    if match := _DAY_MONTH_YEAR.search(query):
        return _dated(int(match[3]), _month(match[2]), int(match[1]))
    if match := _MONTH_YEAR.search(query):
        return Period(int(match[2]), _month(match[1]))
    for match in _MONTH_ALONE.finditer(query):
        if not (match[1] == "May" and match.start() == 0):
            return Period(month=_month(match[1]))
    if match := _YEAR.search(query):
        return Period(int(match[1]))
    return None


def _dated(year: int, month: int, day: int) -> Period:
    """The day, or its month when no month has that day ("March 45, 2023")."""
    return Period(year, month, day if 1 <= day <= 31 else None)


def _relative(query: str, now: datetime) -> Period | None:
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if _YESTERDAY.search(query):
        return Period(start=today - _DAY, end=today)
    if match := _AGO.search(query):
        amount, (length, slack) = match[1].lower(), _UNITS[match[2].lower()]
        count = int(amount) if amount.isdigit() else _FUZZY.get(amount) or _COUNTS[amount]
        centre = today - count * length * _DAY
        return Period(start=centre - slack * _DAY, end=centre + (1 + slack) * _DAY)
    if match := _LAST_WEEKDAY.search(query):
        back = (today.weekday() - WEEKDAYS.index(match[1].capitalize())) % 7 or 7
        return Period(start=today - back * _DAY, end=today - (back - 1) * _DAY)
    if match := _LAST_UNIT.search(query):
        return _calendar(match[1].lower(), match[2].lower(), today)
    if _TODAY.search(query):
        return Period(start=today, end=today + _DAY)
    return None


def _calendar(which: str, unit: str, today: datetime) -> Period:
    """last / this / past week, month or year."""
    if which == "past":  # the last 7, 30 or 365 days up to today
        return Period(start=today - {"week": 7, "month": 30, "year": 365}[unit] * _DAY, end=today + _DAY)
    if unit == "year":
        return Period(today.year - (which == "last"))
    if unit == "week":
        monday = today - today.weekday() * _DAY
        return (
            Period(start=monday - 7 * _DAY, end=monday) if which == "last" else Period(start=monday, end=today + _DAY)
        )
    first = today.replace(day=1)
    if which == "this":
        return Period(start=first, end=today + _DAY)
    return Period(start=(first - _DAY).replace(day=1), end=first)
