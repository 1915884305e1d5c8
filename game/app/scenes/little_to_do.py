"""New game's word on a table that leaves the player little to do (a big table under compulsory following, where
the player mostly watches), and its offer of the same seats under optional following (a helper module: it holds
no scene)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...config import RULES_DIR
from ...engine.rules import RuleSet
from ...locale import tr
from .. import theme
from ..canvas import Canvas
from ..text import TextCache
from ..widgets import Button, button_width
from .table_choices import RulesEntry

WATCHING_SEATS = range(6, 9)  # at these seats compulsory following leaves the player few decisions (issue 24)
OFFERED = "free_following"  # the shipped file offered instead: the classic game with optional following
ROOM = 40  # the height the word and its button take from the bottom of the rules file's note


def leaves_little(rules: RuleSet | None, players: int) -> bool:
    """Whether a table of `players` under `rules` leaves the player little to do."""
    return rules is not None and rules.follow == "compulsory" and players in WATCHING_SEATS


def offered(entries: Sequence[RulesEntry], rules_lock: Callable[[int], str]) -> int | None:
    """The shipped optional-following file among `entries`, when it loads and the road does not keep it locked."""
    return next((i for i, entry in enumerate(entries) if entry.path.parent == RULES_DIR
                 and entry.path.stem == OFFERED and entry.rules is not None and not rules_lock(i)), None)


def note_box(box: pygame.Rect) -> pygame.Rect:
    """The rules file's note, above the word."""
    return pygame.Rect(box.x, box.y, box.width, box.height - ROOM)


def offer_button(text: TextCache, box: pygame.Rect, action: Callable[[], None], rules: str) -> Button:
    """The offer of optional following (`rules`: the offered file's name), at the right of the word's line under
    the note's `box`."""
    label = tr("new_game.little_offer")
    width = min(box.width // 2, button_width(text, label, 16, keycap="O", pad=12))
    rect = pygame.Rect(box.right - width, box.bottom - ROOM + 6, width, ROOM - 6)
    return Button(rect, label, action, pygame.K_o, size=16, keycap="O",
                  tooltip=tr("new_game.little_offer_tip", rules=rules))


def draw_word(surface: Canvas, text: TextCache, box: pygame.Rect, button: pygame.Rect, players: int) -> None:
    """The word on the table, left of the offer's `button`, under the note's `box`."""
    room = pygame.Rect(box.x + 4, button.y, button.x - 10 - box.x - 4, button.height)
    words = tr("new_game.little_to_do", players=players)
    for size in (15, 14, 13, 12, 11):
        body = text.render_wrapped(words, "body", size, theme.GOLD, room.width)
        if body.get_height() <= room.height:
            break
    surface.blit(body, body.get_rect(midleft=room.midleft), area=pygame.Rect(0, 0, room.width, room.height))
