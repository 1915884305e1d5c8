"""Fixtures shared by the engine tests (the helpers themselves live in helpers.py)."""

from __future__ import annotations

import pytest

from helpers import StackedDeals


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch) -> StackedDeals:
    """Chosen deals for the engine: `stacked.queue({seat: "2S 3S", ...})` (see helpers.StackedDeals)."""
    return StackedDeals(monkeypatch)
