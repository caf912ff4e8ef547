"""Formatting normalisation and the structure score."""

import pytest

from graphmind.improvement.text import normalise, structure_score, tokens


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("the  deploy pipeline runs  the the tests", "The deploy pipeline runs the tests."),
        ("- um, buy oat milk ,please", "Buy oat milk, please."),
        ("THE SERVER ROOM CODE CHANGED TODAY", "The server room code changed today."),
        ("Meeting moved to 9:30!!", "Meeting moved to 9:30!"),
        ("\u201cQuoted\u201d note\ttext", '"Quoted" note text.'),
        ("Already a clean sentence.", "Already a clean sentence."),
        ("the band we booked is Duran Duran", "The band we booked is Duran Duran."),  # a name, not a stutter
        ("our retry backoff is 2 2 seconds", "Our retry backoff is 2 2 seconds."),
        ("Do not not restart the primary", "Do not not restart the primary."),
        ("I I think the, um, the plan works", "I think the plan works."),
    ],
)
def test_normalise(raw, clean):
    assert normalise(raw) == clean


def test_normalise_keeps_the_words():
    raw = "uh the   budget for Q3 is 40k EUR"
    assert set(tokens(normalise(raw))) <= set(tokens(raw))


def test_a_meaningful_repeat_is_not_a_formatting_fault():
    assert structure_score("The band we booked is Duran Duran.", []).formatting == 1.0
    assert structure_score("The the band we booked.", []).formatting < 1.0


def test_structure_score_rewards_clean_text():
    messy = structure_score("the  deploy pipeline runs  the the tests", [])
    clean = structure_score("The deploy pipeline runs the tests.", ["ci"])
    assert messy.total < 0.7 < clean.total
    assert clean.formatting == 1.0 and clean.metadata == 1.0
    assert set(clean.as_dict()) == {"formatting", "compactness", "metadata", "total"}


def test_long_texts_lose_compactness():
    long = " ".join(f"word{i}" for i in range(120)) + "."
    assert structure_score(long, []).compactness == pytest.approx(0.5)
