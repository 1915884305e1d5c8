"""Seating a table: the human in seat 0, then characters by id."""

from __future__ import annotations

from collections.abc import Sequence

from ..locale.names import YOU
from .character import Character
from .registry import load_character_by_id

SeatSpec = tuple[str, Character | None]  # a seat's name and its character (None: the human)
HUMAN_NAME = YOU  # the human seat's name in the session's log, which stays English; worded when shown


def seats_against(character_ids: Sequence[str]) -> list[SeatSpec]:
    """The human in seat 0, then these characters in order (KeyError or ValueError for one that cannot play)."""
    characters = [load_character_by_id(character_id) for character_id in character_ids]
    return [(HUMAN_NAME, None)] + [(character.name, character) for character in characters]
