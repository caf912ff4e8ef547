"""Defaults chosen from the content: temporal level (rule R1) and salience (rule R2).

The rules, in order (docs/memory.md explains them):
temporal level: explicit "right now" markers, or a person doing something now ("User is
debugging …") → 1; identity → 4: a fact, preference or observation about a person (the
user, I, we, my, he, she, they, or a name) that says who they are ("is a/the …",
"is founder of …", "my name is"), what they value or believe, or what they always or
never do, and not about one moment ("yesterday") — "The staging server is a t3.large"
or "The nightly build never finished" are not identity; recurring patterns → 3
("typically", "every quarter", "before holidays"); situational markers → 2 ("working
on", "this week", "current focus"); otherwise by content type (event → 1, everything
else → 2).
salience: for statements (facts, preferences, goals, observations) hedged → 0.4 and
explicit first-person statements → 1.0; evidence → 0.8; short event chatter → 0.2;
otherwise 0.6. An event records that something happened or was said: "I love
painting" said in a conversation is not a declared preference, so the statement
rules do not apply to events.
"""

import re

from graphmind.core.enums import ContentType
from graphmind.memory.entities import KNOWN_TECH

IMMEDIATE = re.compile(r"\b(right now|currently|this session|at the moment|just now)\b", re.I)
PERSON = r"(?:the user|user|i|i'm|we|we're|my|our|he|she|they|(?-i:(?!The\b)[A-Z][a-z]+(?: [A-Z][a-z]+)?))"
# a person busy with something now: "User is debugging the API" (not "working on": situational)
DOING_NOW = re.compile(rf"^{PERSON} (?:is|am|are|'m|'re) (?!working on\b)\w+ing\b", re.I)
IDENTITY = re.compile(
    rf"^{PERSON}\b.*?\b(?:"
    r"(?:is|am|are|'m|'re) (?:a|an|the) (?!\w+ing\b)\w+"  # "is a vegetarian", "am the founder"
    r"|(?:is|am|are) (?:co-?)?(?:founder|owner|creator|author|head|lead|member|fan|parent) of"
    r"|values?|believes?|cares? (?:deeply )?about|stands? for|identif(?:y|ies) as"
    r"|always|never|at heart|by nature|lifelong|core belief)\b"
    r"|^my name is\b|\bmy (?:core )?values?\b",
    re.I,
)
ONE_MOMENT = re.compile(r"\b(yesterday|today|tonight|this morning|last (night|week|time)|just now|earlier)\b", re.I)
RECURRING = re.compile(
    r"\b(typically|usually|generally|tends? to|often|pattern|habit|routine|regularly"
    r"|every (day|morning|evening|night|week|weekend|month|quarter|year|season|spring|summer"
    r"|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|each (day|week|month|quarter|year)|(daily|weekly|monthly|quarterly|yearly|annually)"
    r"|(before|after|during|around|over) (the )?(holidays|weekends|releases|launches|deadlines|sprints|quarters))\b",
    re.I,
)
SITUATIONAL = re.compile(
    r"\b(working on|this (week|month|sprint|quarter)|current( focus)?|project|lately|these days"
    r"|recently|for now|ongoing|in progress)\b",
    re.I,
)
EXPLICIT_STATEMENT = re.compile(
    r"\b(I|we) (really )?(want|prefer|need|like|love|hate|dislike|always|never|must|insist)\b"
    r"|\bmy (preference|favou?rite|goal)\b|\bplease (always|never)\b",
    re.I,
)
EVIDENCE = re.compile(
    r"\b(because|measured|confirmed|verified|observed|benchmark|tested|proved|data shows"
    r"|according to|evidence|\d+(\.\d+)?\s?(%|ms|s|x|times))",
    re.I,
)
HEDGE = re.compile(
    r"\b(maybe|might|perhaps|possibly|probably|i think|i guess|not sure|seems|apparently"
    r"|rumou?r|could be)\b",
    re.I,
)


def _about_a_thing(content: str) -> bool:
    """A sentence whose subject is a known product or platform ("Redis is a store")."""
    first = content.split(maxsplit=1)[0].strip(".,:;!?").lower() if content else ""
    return first in KNOWN_TECH


def temporal_level(content: str, content_type: ContentType) -> int:
    """Rule R1: how long this memory is expected to stay relevant (1 hours … 4 years)."""
    content = content.strip()
    if IMMEDIATE.search(content) or DOING_NOW.search(content):
        return 1
    if (
        content_type in (ContentType.FACT, ContentType.PREFERENCE, ContentType.OBSERVATION)
        and IDENTITY.search(content)
        and not ONE_MOMENT.search(content)
        and not _about_a_thing(content)
    ):
        return 4
    if RECURRING.search(content):
        return 3
    if SITUATIONAL.search(content):
        return 2
    return 1 if content_type == ContentType.EVENT else 2


def initial_salience(content: str, content_type: ContentType) -> float:
    """Rule R2: 1.0 explicit statements, 0.8 evidence, 0.6 inference, 0.4 hedged, 0.2 filler."""
    statement = content_type != ContentType.EVENT
    if statement and HEDGE.search(content):
        return 0.4
    if statement and EXPLICIT_STATEMENT.search(content):
        return 1.0
    if EVIDENCE.search(content):
        return 0.8
    if len(content) < 25 and content_type == ContentType.EVENT:
        return 0.2  # background chatter: "ok, sounds good!"
    return 0.6
