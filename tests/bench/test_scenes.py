"""The scenes bench on a tiny hand-made conversation file (real model, no database)."""

import json

from graphmind.bench import scenes


def test_scene_bench_reports_shifts_and_noticed_turns(tmp_path):
    turn = lambda speaker, text: {"speaker": speaker, "text": text, "dia_id": "D1:1"}  # noqa: E731
    data = [
        {
            "sample_id": "a",
            "conversation": {
                "session_1": [
                    turn("Ann", "We should plan the garden this weekend."),
                    turn("Ben", "Tomatoes and basil in the garden?"),
                    turn("Ann", "Yes, and the garden needs a fence."),
                    turn("Ben", "I'll buy fence posts for the garden."),
                ]
            },
        },
        {
            "sample_id": "b",
            "conversation": {
                "session_1": [
                    turn("Cy", "The Kafka consumer lag is growing."),
                    turn("Di", "Scale the consumer group."),
                    turn("Cy", "Lag is down after adding consumers."),
                ]
            },
        },
    ]
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(data))
    report = scenes.run(path)
    assert (report["sessions"], report["turns"]) == (2, 7)
    assert report["precision"] == "int8"  # what a new store embeds at (auto, ONNX Runtime)
    rows = {r["threshold"]: r for r in report["rows"]}
    assert rows[0.35]["configured"] and rows[0.3]["shiftsPerTurn"] <= rows[0.6]["shiftsPerTurn"]
    assert "configured" in scenes.format_report(report)
