"""Rule R3 validation: each bad input names its field and is refused."""

import pytest

from graphmind.core.enums import ContentType, Source
from graphmind.errors import BadUserInput
from graphmind.memory.model import effective_salience, parse_memory_input

VALID = {"content": "User prefers Redis for caching"}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"content": "too short"}, "content"),
        ({"content": "x" * 2001}, "content"),
        ({"content": "   padded    "}, "content"),
        ({"content": "\u200b" * 12}, "content"),  # zero-width spaces: nothing to read
        ({"content": "\u200d\u2060 \u200e" * 4}, "content"),
        ({"content": "\ufe0f\u0301" * 6}, "content"),  # marks that only change the character before
        ({"content": "\u3164\u2800" * 6}, "content"),  # a filler and the blank braille pattern
        ({"contentType": "rumour"}, "contentType"),
        ({"temporalLevel": 0}, "temporalLevel"),
        ({"temporalLevel": 5}, "temporalLevel"),
        ({"temporalLevel": True}, "temporalLevel"),  # an import line's JSON: not coerced (QA)
        ({"baseSalience": "0.5"}, "baseSalience"),
        ({"baseSalience": 1.5}, "baseSalience"),
        ({"baseSalience": -0.1}, "baseSalience"),
        ({"source": "gossip"}, "source"),
        ({"tags": ["t"] * 21}, "tags"),
        ({"tags": ["x" * 65]}, "tags"),
        ({"metadata": {"blob": "x" * 5000}}, "metadata"),
        ({"metadata": {"x": float("nan")}}, "metadata"),  # not JSON (QA)
        ({"metadata": {"x": float("inf")}}, "metadata"),
        ({"metadata": {"blob": "ü" * 2049}}, "metadata"),  # 4098 bytes in UTF-8
        ({"entities": ["e" * 101]}, "entities"),
        ({"entities": ["Redis", "-"]}, "entities"),  # nothing to name: it was dropped unsaid (QA)
        ({"entities": ["  "]}, "entities"),
        ({"validFrom": "2024-01-02T00:00:00Z", "validUntil": "2024-01-01T00:00:00Z"}, "validUntil"),
        ({"unknownField": 1}, "unknownField"),
    ],
)
def test_each_invalid_field_is_named(changes, field):
    with pytest.raises(BadUserInput) as error:
        parse_memory_input({**VALID, **changes}, field_prefix="input.")
    assert error.value.field == f"input.{field}"
    assert error.value.code == "BAD_USER_INPUT"


@pytest.mark.parametrize("source", ["gossip", 3, ["user"]])
def test_an_unknown_source_is_told_the_callers_sources_only(source):
    """QA: the error listed `self_improvement`, which every caller is refused."""
    with pytest.raises(BadUserInput, match="source must be one of axiom, user, model, web$"):
        parse_memory_input({**VALID, "source": source})


def test_text_with_invisible_characters_and_emoji_alone_is_content():
    assert parse_memory_input({"content": "Zo\u200bë's café is on the left\u200e"}).content.startswith("Zo")
    assert parse_memory_input({"content": "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"}).content == "🎉" * 10


def test_metadata_is_measured_in_utf8_bytes_not_escapes():
    """QA: 700 × "ü" (1,400 bytes) was refused as more than 4096, counted as \\u00fc escapes."""
    assert parse_memory_input({**VALID, "metadata": {"blob": "ü" * 2000}}).metadata["blob"] == "ü" * 2000


def test_graphql_enum_spelling_is_accepted():
    """What the cookbook shows (`FACT`, `WEB`) parses as well as the stored spelling."""
    parsed = parse_memory_input({**VALID, "contentType": "FACT", "source": "WEB"})
    assert (parsed.content_type, parsed.source) == (ContentType.FACT, Source.WEB)
    assert parse_memory_input({**VALID, "contentType": "event"}).content_type == ContentType.EVENT


def test_defaults_and_normalisation():
    parsed = parse_memory_input({**VALID, "tags": ["Infra", "infra", " Cache "]})
    assert parsed.content_type == ContentType.OBSERVATION
    assert parsed.source == Source.USER and parsed.source.trust == 0.8
    assert parsed.tags == ["infra", "cache"]
    assert parsed.temporal_level is None and parsed.base_salience is None


def test_trust_levels_of_seed_003():
    assert [s.trust for s in (Source.AXIOM, Source.USER, Source.MODEL, Source.WEB)] == [1.0, 0.8, 0.6, 0.4]


def test_effective_salience_is_clamped():
    assert effective_salience(0.6, 0.032) == pytest.approx(0.632)
    assert effective_salience(0.9, 0.5) == 1.0
    assert effective_salience(0.1, -0.5) == 0.0


def test_a_lift_moves_only_the_base_and_never_claims_more_than_the_base_gives():
    """restore's lift (memory/model.lifted_salience): what outcomes taught is kept; a base
    capped at 1 with a negative adjustment gives what it gives, not the floor (review)."""
    from graphmind.memory.model import lifted_salience

    assert lifted_salience(0.3, 0.0, 0.1) is None  # already there
    base, effective = lifted_salience(0.02, 0.03, 0.1)
    assert base == pytest.approx(0.07) and effective == pytest.approx(0.1)
    base, effective = lifted_salience(0.2, -0.95, 0.1)
    assert base == 1.0 and effective == pytest.approx(0.05)  # 1.0 - 0.95, not the floor's 0.1
