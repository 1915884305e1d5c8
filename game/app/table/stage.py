"""The stage: what the table's director and the player's controls act on, and nothing more of the scene.

The scene builds one and keeps it current (a new layout and decks when the window or the deck colours
change); the director changes the model through it as events are presented, and asks it for words, sounds
and cached pictures; the scene hears back through its two callbacks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.events import Event
from ...stats.callouts import RecordWatch
from ..artwork import Artwork
from ..comfort import card_size
from ..text import TextCache
from .layout import SCREEN, TableLayout, table_layout
from .model import DealRecord, TableModel
from .sprites import BoundedCache, TableDecks

if TYPE_CHECKING:
    from .trophy_moment import DealTrophies

CACHED_PICTURES = 48


def _ignore(_: Any) -> None:
    """A callback that wants nothing done."""


def laid_table(players: int, boodle_count: int, aces_high: bool, size: tuple[int, int] = SCREEN) -> TableLayout:
    """The table's layout at the player's card size now (Settings, Comfort)."""
    return table_layout(players, boodle_count, size, aces_high, card_size())


@dataclass
class Stage:
    """The table as the director and the controls see it."""

    model: TableModel
    layout: TableLayout
    decks: TableDecks
    text: TextCache
    art: Artwork
    play_sound: Callable[[str, float], None]
    rng: random.Random  # the table's own stream for what only looks random (the order dealt cards arrive in)
    human_seat: int | None
    line_for: Callable[[int, str], str | None]  # what a character says at a moment, if anything
    deal_settled: Callable[[DealRecord | None], None] = _ignore  # a deal's summary is due
    presented: Callable[[Event], None] = _ignore  # one event has been presented
    hurrying: bool = False  # the table fast-forwards (tests, screenshots, the benchmark)
    ending: bool = False  # the session ends with the deal in play (the time is up)
    records: RecordWatch | None = None  # the player's records, watched to call out the ones that fall
    trophies: DealTrophies | None = None  # the trophies a deal may earn the player, watched to show them
    cache: BoundedCache = field(default_factory=lambda: BoundedCache(CACHED_PICTURES))  # banners and bubbles
    # what the scene shows over the felt that no speech bubble may cover (the deal log's button, its open panel)
    kept_clear: Callable[[], list[pygame.Rect]] = lambda: []

    def cached(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The picture kept under `key`, made (and kept) the first time it is asked for."""
        found = self.cache.get(key)
        return found if found is not None else self.cache.put(key, make())

    def forget_pictures(self) -> None:
        """Drop the cached banners and bubbles (their words changed with the language)."""
        self.cache = BoundedCache(CACHED_PICTURES)
