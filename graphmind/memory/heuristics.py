"""Defaults chosen from the content: temporal level (rule R1) and salience (rule R2).

The rules, in order (docs/memory.md explains them):
temporal level: explicit "right now" markers → 1; identity facts/preferences → 4;
recurring patterns → 3; situational markers → 2; otherwise by content type
(event → 1, everything else → 2).
salience: for statements (facts, preferences, goals, observations) hedged → 0.4 and
explicit first-person statements → 1.0; evidence → 0.8; short event chatter → 0.2;
otherwise 0.6. An event records that something happened or was said: "I love
painting" said in a conversation is not a declared preference, so the statement
rules do not apply to events.
"""

import re

from graphmind.memory.model import ContentType

IMMEDIATE = re.compile(r"\b(right now|currently|this session|at the moment|just now)\b", re.I)
IDENTITY = re.compile(
    r"\b(always|never|is an?|am an?|values?|believes?|my name is|identif(y|ies) as"
    r"|core belief|at heart|by nature|lifelong)\b",
    re.I,
)
RECURRING = re.compile(
    r"\b(typically|usually|generally|tends? to|often|pattern|habit|routine|regularly"
    r"|every (day|morning|evening|night|week|weekend|month|quarter|year|season|spring|summer"
    r"|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|each (day|week|month|quarter|year)|(daily|weekly|monthly|quarterly|yearly|annually))\b",
    re.I,
)
SITUATIONAL = re.compile(
    r"\b(working on|this (week|month|sprint|quarter)|current|project|lately|these days"
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


def temporal_level(content: str, content_type: ContentType) -> int:
    """Rule R1: how long this memory is expected to stay relevant (1 hours … 4 years)."""
    if IMMEDIATE.search(content):
        return 1
    if content_type in (ContentType.FACT, ContentType.PREFERENCE) and IDENTITY.search(content):
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
