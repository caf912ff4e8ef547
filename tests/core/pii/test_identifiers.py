"""UUIDs and hex digests are found whole; digit runs glued to letters are not cards."""

from graphmind.core.pii.contacts import find as contacts
from graphmind.core.pii.identifiers import find


def test_uuids_and_digests_are_found_whole():
    text = "merged 2fbc5076-4245-4358-976a-7573b793ec8c and sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08."
    assert [text[a:b] for a, b in find(text)] == [
        "2fbc5076-4245-4358-976a-7573b793ec8c",
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    ]


def test_words_and_bare_numbers_are_not_identifiers():
    assert (
        find(
            "deadbeefdeadbeefdeadbeefdeadbeef 41111111111111111111111111111111111 x-2fbc5076-4245-4358-976a-7573b793ec8c"
        )
        == []
    )


def test_a_card_number_does_not_start_or_end_inside_a_word():
    assert contacts("b246-548991270564 and 4111111111111111x") == []
    assert [s.kind for s in contacts("card: 4111111111111111.")] == ["CARD"]
