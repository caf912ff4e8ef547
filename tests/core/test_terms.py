"""Keyword terms (Lucene's English analysis) and BM25 on hand-computed examples."""

import math

import pytest

from graphmind.core.terms import K1, B, TermCounts, analyze, bm25, idf


def test_analysis_follows_lucenes_english_analyzer():
    assert analyze("Caroline's dogs were running to THE meetings in 2023") == [
        "carolin",
        "dog",
        "were",
        "run",
        "meet",
        "2023",
    ]


def test_a_memory_stores_distinct_terms_their_counts_and_its_length():
    counted = TermCounts.of("The cat chased the cats; a dog watched")
    assert counted == TermCounts(["cat", "chase", "dog", "watch"], [2, 1, 1, 1], 5)
    assert counted.properties() == {
        "terms": ["cat", "chase", "dog", "watch"],
        "termCounts": [2, 1, 1, 1],
        "termLength": 5,
    }


def test_idf_is_lucenes():
    assert idf(10, 1) == pytest.approx(math.log(1 + 9.5 / 1.5))
    assert idf(10, 10) == pytest.approx(math.log(1 + 0.5 / 10.5))


def test_bm25_on_a_hand_computed_example():
    # 4 documents of mean length 5; "cat" in 2 of them, "dog" in 1. The document has
    # "cat" twice and "dog" once in 6 terms.
    doc, length, docs, average = {"cat": 2, "dog": 1, "sat": 3}, 6, 4, 5.0
    norm = K1 * (1 - B + B * 6 / 5)
    cat = math.log(1 + (4 - 2 + 0.5) / (2 + 0.5)) * 2 * (K1 + 1) / (2 + norm)
    dog = math.log(1 + (4 - 1 + 0.5) / (1 + 0.5)) * 1 * (K1 + 1) / (1 + norm)
    assert bm25(["cat", "dog", "fish"], doc, length, docs, average, {"cat": 2, "dog": 1}) == pytest.approx(cat + dog)


def test_bm25_is_zero_without_a_shared_term():
    assert bm25(["fish"], {"cat": 1}, 1, 3, 1.0, {"cat": 3}) == 0.0
