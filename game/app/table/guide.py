"""What a table's guide may do: a voice over the table (the guided first deal's coach) that hears each event as
it is presented, sees input before the player's controls, draws over the table and takes the deal's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine.events import Event
from ..canvas import Canvas
from .model import DealRecord

if TYPE_CHECKING:
    from .scene import TableScene


class TableGuide(Protocol):
    """A guide at the table; the table it guides keeps nothing on disk and counts nothing."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds, before the table does."""

    def presented(self, event: Event) -> None:
        """The director has just presented `event`."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """See input first; True when it was used (the table and the controls never see it)."""

    def deal_settled(self, record: DealRecord | None) -> bool:
        """A deal is settled; True when the guide shows what comes next instead of the deal summary."""

    def draw(self, surface: Canvas) -> None:
        """Draw over the table and its controls (only while nothing covers the table)."""


GuideMaker = Callable[["TableScene"], TableGuide]  # the guide of a table scene, made once the scene is built
