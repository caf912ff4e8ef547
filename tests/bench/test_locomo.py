"""LoCoMo loading: dates, evidence normalisation, turn texts."""

import json
from datetime import UTC, datetime

from graphmind.bench.common import percentile
from graphmind.bench.locomo import load, normalise_evidence, parse_session_time


def test_session_time():
    assert parse_session_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def test_malformed_evidence_ids_are_normalised():
    known = {"D8:6", "D9:17", "D11:26", "D30:5"}
    assert normalise_evidence(["D8:6; D9:17", "D:11:26", "D30:05", "D99:1"], known) == known


def test_turns_carry_speaker_caption_and_minute_offsets(tmp_path):
    sample = {
        "sample_id": "c1",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "Hi!"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Look", "blip_caption": "a red kite"},
            ],
            "session_2_date_time": "2:00 pm on 9 May, 2023",
        },
        "qa": [],
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]))
    [conversation] = load(path)
    (d1, t1, w1), (d2, t2, w2) = conversation.turns
    assert (d1, t1) == ("D1:1", "Ann said: Hi!")
    assert t2 == "Bo said: Look [shared an image: a red kite]"
    assert (w2 - w1).total_seconds() == 60


def test_percentile_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 50) == 50 and percentile(values, 95) == 95 and percentile(values, 100) == 100
