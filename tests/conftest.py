"""Fixtures shared by the engine tests (the helpers themselves live in helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import StackedDeals

import game.locale


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English and a "system language" of English, so a French machine passes too;
    a test that wants another language sets it (and is put back to English after)."""
    monkeypatch.setattr(game.locale, "system_language", lambda known: "en")
    game.locale.set_language("en")
    yield
    game.locale.set_language("en")


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch) -> StackedDeals:
    """Chosen deals for the engine: `stacked.queue({seat: "2S 3S", ...})` (see helpers.StackedDeals)."""
    return StackedDeals(monkeypatch)
