"""New game's word on a table that leaves the player little to do (a big table under compulsory following, where
the player mostly watches), and its offer of the same seats under optional following (a helper module: it holds
no scene)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ....config import RULES_DIR
from ....engine.rules import RuleSet
from ....locale import tr
from ... import theme
from ...canvas import Canvas
from ...text import TextCache
from ...widgets import Button, button_width
from .table_choices import RulesEntry

WATCHING_SEATS = range(6, 9)  # at these seats compulsory following leaves the player few decisions (issue 24)
OFFERED = "free_following"  # the shipped file offered instead: the classic game with optional following
STRIP = pygame.Rect(40, 680, 1200, 34)  # under the panels, where the keys' hint bar is otherwise


def leaves_little(rules: RuleSet | None, players: int) -> bool:
    """Whether a table of `players` under `rules` leaves the player little to do."""
    return rules is not None and rules.follow == "compulsory" and players in WATCHING_SEATS


def offered(entries: Sequence[RulesEntry], rules_lock: Callable[[int], str]) -> int | None:
    """The shipped optional-following file among `entries`, when it loads and the road does not keep it locked."""
    return next((i for i, entry in enumerate(entries) if entry.path.parent == RULES_DIR
                 and entry.path.stem == OFFERED and entry.rules is not None and not rules_lock(i)), None)


def offer_button(text: TextCache, players: int, action: Callable[[], None], rules: str) -> Button:
    """The offer of optional following (`rules`: the offered file's name), just after the word on the table, the
    two centred under the panels."""
    label = tr("new_game.little_offer")
    width = button_width(text, label, 16, keycap="O", pad=12)
    words = min(text.width(tr("new_game.little_to_do", players=players), "bold", 16), STRIP.width - width - 12)
    left = STRIP.centerx - (words + 12 + width) // 2
    return Button(pygame.Rect(left + words + 12, STRIP.y, width, STRIP.height), label, action, pygame.K_o,
                  size=16, keycap="O", tooltip=tr("new_game.little_offer_tip", rules=rules))


def draw_word(surface: Canvas, text: TextCache, button: pygame.Rect, players: int) -> None:
    """The word on the table, just before the offer's `button`."""
    text.draw(surface, tr("new_game.little_to_do", players=players), (button.x - 12, button.centery), role="bold",
              size=16, colour=theme.GOLD, anchor="midright", max_width=button.x - 12 - STRIP.x, min_size=11)
