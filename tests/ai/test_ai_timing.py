"""bench's ai_decision_ms: every character is timed over real decisions of real deals."""

import pytest

from game.ai import timing
from game.ai.registry import character_ids


def test_decision_times_come_from_real_decisions() -> None:
    times = timing.decision_times("maud", 40)
    assert len(times) == 40 and all(t > 0 for t in times)


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert timing.percentile(values, 0.5) == 50.0
    assert timing.percentile(values, 0.99) == 99.0
    assert timing.percentile([7.0], 0.99) == 7.0


def test_every_character_gets_p50_and_p99(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timing, "HEURISTIC_DECISIONS", 30)
    monkeypatch.setattr(timing, "DECISIONS", {"expert": 6})
    figures = timing.ai_decision_ms(0.1)
    assert set(figures) == set(character_ids())
    for entry in figures.values():
        assert set(entry) == {"p50", "p99"} and 0 < entry["p50"] <= entry["p99"]
