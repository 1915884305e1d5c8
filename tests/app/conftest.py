"""Fixtures shared by the app's tests: a headless app in a scratch folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import make_app

from game.app.app import App


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A headless English app keeping its files in the test's scratch folder, its scenes closed after."""
    made = make_app(tmp_path)
    yield made
    made.scenes.close()
