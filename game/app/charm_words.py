"""A charm's words as the menus show them: its name and its one line, in the current language."""

from __future__ import annotations

from ..locale import has, tr


def charm_title(charm_id: str) -> str:
    """A charm's name in the current language (its id when no words name it)."""
    key = f"charms.{charm_id}.name"
    return tr(key) if has(key) else charm_id


def charm_line(charm_id: str) -> str:
    """A charm's one line in the current language ("" when no words say it)."""
    key = f"charms.{charm_id}.description"
    return tr(key) if has(key) else ""
