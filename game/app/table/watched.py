"""The table's own timing without a window: the real director presenting a session's events on a virtual clock, so
the seconds a player watches can be measured (`python main.py agency`) and cannot drift from what the table shows.

Each event is pushed on its own and the director is stepped a frame at a time until it is idle again: the same
timeline as at the table, where the next event waits for the hold and the blocking motions of the one before. What
the player spends deciding, reading a deal's summary or releasing the pause after a stop is theirs, not watched.
A character's thinking is watched: the table waits that long before their answer is shown.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence

import pygame

from ...ai.character import Character, CharacterAgent
from ...ai.registry import UnknownAgentError, load_character_by_id
from ...engine.decisions import Action, Decision
from ...engine.events import Event
from ...engine.play import Agent
from ...engine.rules import RuleSet
from ..artwork import Artwork
from ..assets import Assets
from ..text import TextCache
from .captions import chosen_card
from .controller import STAKE_THINK
from .director import Director
from .model import TableModel
from .pacing import PACES, Pace
from .sprites import TableDecks
from .stage import Stage, laid_table

FRAME = 1 / 60  # the table's frame: holds end on a frame, as they do on screen
MOST_FRAMES = 60 * 60  # no single event is shown for a minute; a director that never goes idle is a bug

_TOOLS: tuple[TextCache, Artwork] | None = None


def _tools() -> tuple[TextCache, Artwork]:
    """Fonts and card art, made once per process (no window, no sound)."""
    global _TOOLS
    if _TOOLS is None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1, 1))
        assets = Assets(audio=False)
        _TOOLS = (TextCache(assets), Artwork(assets))
    return _TOOLS


class WatchedTable:
    """One session's table, shown headlessly at a speed setting's pace; seat 0 is the player."""

    def __init__(self, rules: RuleSet, ids: Sequence[str], setting: str = "normal") -> None:
        text, art = _tools()
        seats: list[tuple[str, Character | None]] = [("You", None)]
        seats += [(agent_id, _character(agent_id)) for agent_id in ids[1:]]
        self.model = TableModel(rules, seats)
        layout = laid_table(len(seats), len(rules.piles), rules.aces == "high")
        self.stage = Stage(self.model, layout, TableDecks(art, layout, False), text, art, _silent,
                           random.Random("watched"), 0, _quiet)
        self.director = Director(self.stage)
        self.pace: Pace = PACES[setting]
        self.director.pace = self.pace
        self.director.speed = self.pace.speed

    def shown(self, event: Event) -> float:
        """Seconds from the start of `event`'s presentation until the table is ready for what follows."""
        director = self.director
        director.push([event])
        seconds = 0.0
        for _ in range(MOST_FRAMES):
            director.update(FRAME)
            seconds += FRAME
            director.waiting = False  # a deal's summary: the player reads it in their own time
            director.pause.release()  # the pause after a stop: the player ends it
            if director.idle:
                return seconds
        raise RuntimeError(f"the table never finished showing {event!r}")

    def answered(self, action: Action, events: Sequence[Event]) -> None:
        """The player's own answer: the card they chose is theirs, not one the rules played for them."""
        self.director.chosen = chosen_card(action, events)

    def thinking(self, agent: Agent, decision: Decision) -> float:
        """Seconds the table waits while a character decides, as the table controller draws them."""
        if not isinstance(agent, CharacterAgent) or math.isinf(self.pace.speed):
            return 0.0
        return agent.think_time() * (STAKE_THINK if decision.kind == "stake" else 1.0) / self.pace.speed


def normal_watch(rules: RuleSet, ids: Sequence[str]) -> WatchedTable:
    """A watched table at Normal speed (the `Watch` the agency measure takes)."""
    return WatchedTable(rules, ids, "normal")


def _character(agent_id: str) -> Character | None:
    """The character of an id, or None for an agent that is not one."""
    try:
        return load_character_by_id(agent_id)
    except UnknownAgentError:
        return None


def _silent(_name: str, _volume: float) -> None:
    """No sound."""


def _quiet(_seat: int, _moment: str) -> str | None:
    """Nobody speaks (the measure's seeded streams stay the decisions' own)."""
    return None
