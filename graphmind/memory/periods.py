"""The calendar period a recall query names ("on October 13, 2023", "in May 2023", "in June",
"in 2022"), so that recall can favour memories dated in it (`rank.cypher`, docs/memory.md).

Only absolute dates are read: a relative one ("last week") needs the moment the question
was asked, which recall does not know for questions about the past. A capitalised month
name counts ("May" opening a question is the verb); the first period found is used."""

import re
from dataclasses import dataclass

MONTHS = ("January February March April May June July August September October November December").split()
_MONTH = "|".join(MONTHS)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})\b")
_MONTH_YEAR = re.compile(rf"\b({_MONTH}),?\s+(\d{{4}})\b")
_MONTH_ALONE = re.compile(rf"\b({_MONTH})\b")
_YEAR = re.compile(r"\b(?:in|of|during|since|from)\s+((?:19|20)\d\d)\b")


@dataclass(frozen=True)
class Period:
    """A year, a month (of any year when `year` is None) or a day; None parts match anything."""

    year: int | None = None
    month: int | None = None
    day: int | None = None

    def as_param(self) -> dict[str, int | None]:
        return {"year": self.year, "month": self.month, "day": self.day}


def _month(name: str) -> int:
    return MONTHS.index(name) + 1


def named_period(query: str) -> Period | None:
    """The period `query` names, most precise form first; None when it names none."""
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
