"""The dev folds: fixed by the ids alone, and the per-fold table's arithmetic."""

from graphmind.bench import folds


def test_the_split_depends_only_on_the_ids():
    split = folds.split(["conv-50", "conv-26", "conv-30", "conv-41", "conv-42"])
    assert split == {"conv-26": "A", "conv-30": "A", "conv-41": "A", "conv-42": "B", "conv-50": "B"}
    assert folds.split(reversed(list(split))) == split
    assert list(folds.split([f"q{i:02}" for i in range(30)]).values()).count("A") == 15


def test_the_table_shows_the_margin_over_the_best_channel_and_the_spread():
    report = {
        "A": {
            "members": ["a"],
            "questions": 2,
            "recall": {"hybrid": {"recall@5": 0.60}, "vector": {"recall@5": 0.40}, "keyword": {"recall@5": 0.55}},
        },
        "B": {"members": ["b"], "questions": 0, "recall": {}},
    }
    lines = folds.table(report, ["recall@5"])
    assert lines[1].split()[-1] == "+5.0"  # 0.60 − max(0.40, 0.55)
    assert "nan" in lines[2]  # an empty fold prints as nan, not an error
    assert lines[3] == "spread of hybrid recall@5: nan points" or lines[3].startswith("spread")
    assert folds.mean([]) != folds.mean([])  # nan
