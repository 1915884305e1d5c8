"""The campaign screen's chooser of the road a new road plays: the road's name between arrows, which of how many it
is, and under it what the road is (the classic game venue by venue, or the road with charms and its limits)."""

from __future__ import annotations

import pygame

from ...campaign.road_summary import road_summary
from ...campaign.roads import CampaignChoice
from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..text import TextCache
from ..widgets import draw_panel

BOX = pygame.Rect(64, 112, 1152, 104)
LABEL_W = 330  # room for the chooser's label, left of the road's name
ROW_H = 38  # the row of the road's name between its arrows
ARROW_W = 40


def value_rect() -> pygame.Rect:
    """The row holding the road's name between its two arrows."""
    return pygame.Rect(BOX.x + LABEL_W, BOX.y + 8, BOX.width - LABEL_W - 20, ROW_H)


def arrow_rects() -> tuple[pygame.Rect, pygame.Rect]:
    """The arrows to the previous and the next road, each end of the name's row."""
    value = value_rect()
    return (pygame.Rect(value.x, value.y, ARROW_W, value.height),
            pygame.Rect(value.right - ARROW_W, value.y, ARROW_W, value.height))


def summary_rect() -> pygame.Rect:
    """Where the road's description goes: under its name, to the box's foot."""
    value = value_rect()
    top = value.bottom + 6
    return pygame.Rect(value.x + 8, top, value.width - 16, BOX.bottom - 6 - top)


def choice_words(choice: CampaignChoice) -> tuple[str, bool]:
    """What is said under the road's name: its description, or what is wrong with its file (and True)."""
    if choice.problem or choice.road is None:
        return choice.problem, True
    return road_summary(choice.road), False


def choice_name(choice: CampaignChoice) -> str:
    """The road's name as the chooser shows it: a road the game comes with by its name alone, a player's own with
    its file's name too (so they can tell theirs apart), and whether its file has problems."""
    words = choice.name if choice.shipped or choice.name == choice.path.name \
        else f"{choice.name}  ·  {choice.path.name}"
    return words + (f"  ·  {tr('roads.has_problems')}" if choice.problem else "")


def draw_road_chooser(surface: Canvas, text: TextCache, choices: list[CampaignChoice], chosen: int) -> None:
    """The chooser: its label and which road of how many, the name between arrows, the description under it."""
    draw_panel(surface, BOX, alpha=200, radius=12)
    value = value_rect()
    label_room = LABEL_W - 28
    text.draw(surface, tr("roads.chooser"), (BOX.x + 18, value.centery), role="bold", size=17, colour=theme.INK_DIM,
              anchor="midleft", max_width=label_room, min_size=12)
    text.draw(surface, tr("road_choice.place", number=chosen + 1, count=len(choices)),
              (BOX.x + 18, value.bottom + 8), role="body", size=14, colour=theme.INK_DIM, max_width=label_room)
    back, on = arrow_rects()
    paint.rect(surface, (6, 20, 14), value, border_radius=8)
    arrows = theme.GOLD if len(choices) > 1 else theme.INK_DIM
    text.draw(surface, "◀", back.center, role="body", size=16, colour=arrows, anchor="center")
    text.draw(surface, "▶", on.center, role="body", size=16, colour=arrows, anchor="center")
    choice = choices[chosen]
    text.draw(surface, choice_name(choice), value.center, role="bold", size=18,
              colour=theme.LOSS if choice.problem else theme.GOLD, anchor="center",
              max_width=value.width - 2 * ARROW_W - 20, min_size=12)
    said, trouble = choice_words(choice)
    area = summary_rect()
    size = text.wrapped_size(said, "body", 15, area.width, area.height, floor=11)
    block = text.render_wrapped(said, "body", size, theme.LOSS if trouble else theme.INK, area.width, align="center")
    surface.blit(block, block.get_rect(midtop=(area.centerx, area.y)),
                 area=pygame.Rect(0, 0, block.get_width(), area.height))
