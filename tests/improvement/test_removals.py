"""What a proposal leaves out of its sources, and what kind of word it was."""

from graphmind.improvement import removals
from graphmind.improvement.model import ImprovementType
from tests.improvement.test_gates import proposal_of


def test_kept_words_drop_only_fillers_and_stop_word_stutters():
    assert removals.kept_words("Um, the the band is Duran Duran, not not 2 2") == [
        "the",
        "band",
        "is",
        "duran",
        "duran",
        "not",
        "not",
        "2",
        "2",
    ]
    assert removals.words("a,b cost 1,000 and don\u2019t") == ["a", "b", "cost", "1,000", "and", "don't"]


def test_kinds():
    found = removals.kinds("Duran Duran play at 9:30. They don't play on Sunday, never twice.")
    assert found == {
        "duran": "name",
        "9:30": "number",
        "don't": "negation",
        "sunday": "name",
        "never": "negation",
        "twice": "number",
    }
    assert removals.kinds("THE BUILD SERVER RESTARTS EVERY NIGHT") == {}  # shouting has no names


def test_lost(source):
    memory = source("The band we booked is Duran Duran")
    lost = removals.lost(proposal_of([memory], "The band is Duran."))
    assert lost.words == ["we", "booked", "duran"] and lost.risky() == ["duran"]
    assert removals.lost(proposal_of([memory], "The band we booked is Duran Duran.")).words == []


def test_a_summary_may_leave_out_sentences_but_not_their_names(source):
    memory = source("Deploys run at noon. Ask Priya before. Deploys run at noon on weekdays.")
    kept = removals.lost(proposal_of([memory], "Deploys run at noon. Ask Priya before.", ImprovementType.SUMMARIZE))
    assert kept.words == [] and kept.facts == []
    gone = removals.lost(proposal_of([memory], "Deploys run at noon on weekdays.", ImprovementType.SUMMARIZE))
    assert gone.words == [] and gone.facts == ["priya"]
    edited = removals.lost(
        proposal_of([memory], "Deploys run. Deploys run at noon on weekdays.", ImprovementType.SUMMARIZE)
    )
    assert "at" in edited.words and "priya" in edited.words  # an edited sentence excuses nothing
