"""What the screenshot fixtures of tests/conftest.py found in one language (a helper, so a test can name it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Rendered:
    """One language's screenshots: the files, the words that did not fit, the buttons whose labels were tight."""

    paths: list[Path]
    overflows: set[str] = field(default_factory=set)
    tight: set[str] = field(default_factory=set)
    buttons: set[str] = field(default_factory=set)
    keycaps: set[tuple[str, str | None, str]] = field(default_factory=set)  # (label, hotkey's name, keycap shown)
    crossings: set[str] = field(default_factory=set)  # words drawn over other words, or cut by a panel
