"""Phase A proposals: each with a rationale and a structured diff; None when nothing improves."""

from graphmind.improvement.model import Candidate, CandidateKind, ImprovementType
from graphmind.improvement.proposals import UNCERTAINTY_MARKERS, propose, word_diff
from graphmind.improvement.text import tokens
from tests.improvement.conftest import single


def test_normalize_has_rationale_and_diff(source):
    memory = source("the  deploy pipeline runs  the the tests", entities=["Deploy"])
    proposal = propose(single(memory))
    assert proposal.type is ImprovementType.NORMALIZE
    assert proposal.content == "The deploy pipeline runs the tests."
    assert proposal.tags == ["deploy"] and proposal.diff["tagsAdded"] == ["deploy"]
    assert proposal.diff["content"] and "formatting" in proposal.rationale
    assert proposal.supersedes == [memory.id]


def test_metadata_repair_alone(source):
    memory = source("The deploy pipeline runs the tests.", metadata={"Owner Team ": "ci", "empty": ""})
    proposal = propose(single(memory))
    assert proposal.type is ImprovementType.METADATA
    assert proposal.metadata == {"owner_team": "ci"}
    assert proposal.diff["metadata"] == {"renamed": {"Owner Team ": "owner_team"}, "dropped": ["empty"]}


def test_nothing_to_improve(source):
    assert propose(single(source("The deploy pipeline runs the tests.", tags=["ci"]))) is None


def test_summarize_keeps_covering_sentences_in_order(source):
    text = (
        "The release train leaves every Tuesday at noon. The release train leaves every Tuesday. "
        "Hotfixes skip the train when the on-call engineer approves them. "
        "The train leaves at noon on Tuesdays. Every Tuesday at noon the train leaves. "
        "Release notes are written by the engineer who merges the last change before the train leaves. "
        "The train leaves every Tuesday at noon without exception, even in holiday weeks."
    )
    proposal = propose(single(source(text)))
    assert proposal.type is ImprovementType.SUMMARIZE
    assert len(proposal.content) < len(text)
    assert proposal.diff["sentencesKept"] == sorted(proposal.diff["sentencesKept"])
    assert set(tokens(proposal.content)) <= set(tokens(text))


def test_deduplicate_merges_into_the_most_complete(source):
    a = source("Our team standup happens at 9:30 every weekday.", tags=["team"])
    b = source("The team standup is at 9:30 on every weekday in room 4.", tags=["meetings"])
    proposal = propose(Candidate(CandidateKind.NEAR_DUPLICATE, [a, b], "t", 0.93))
    assert proposal.type is ImprovementType.DEDUPLICATE
    assert proposal.content == b.content
    assert proposal.tags == ["meetings", "team"]
    assert proposal.supersedes == [a.id, b.id] and proposal.diff["merged"] == [a.id]


def test_reconcile_marks_uncertainty(source):
    old = source("The office coffee machine is on the third floor.")
    new = source("The office coffee machine is on the fifth floor.")
    proposal = propose(Candidate(CandidateKind.CONFLICT, [new, old], "t", 0.87))
    assert proposal.type is ImprovementType.RECONCILE
    assert proposal.content.startswith('Uncertain, records conflict: "The office coffee machine is on the third')
    assert UNCERTAINTY_MARKERS <= set(tokens(proposal.content))
    assert "unresolved-conflict" in proposal.tags and proposal.supersedes == [old.id, new.id]


def test_word_diff():
    assert word_diff("a b c", "a x c") == [{"op": "replace", "before": "b", "after": "x"}]
