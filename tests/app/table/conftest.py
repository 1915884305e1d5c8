"""Fixtures shared by the table's tests: a headless app whose tables play with no animation time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import instant_app

from game.app.app import App


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A headless English app with instant animations in the test's scratch folder, its scenes closed after."""
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
