"""The player's controls drawn over the table: the question and its keys, the staking marks, the buttons, the
expert's hint and the tooltips; `draw_controls` only reads the seat and the stage."""

from __future__ import annotations

import pygame

from ...engine.decisions import StakeDecision
from ...locale import tr
from .. import theme
from ..text import suit_runs
from ..tooltips import draw_tooltip
from .human import HumanSeat
from .stage import Stage

HINT_COLOUR = (120, 220, 150)


def draw_controls(surface: pygame.Surface, human: HumanSeat, stage: Stage) -> None:
    """The prompt, the staking marks, the buttons, the hint and the tooltip."""
    if human.decision is None:
        return
    text, layout = stage.text, stage.layout
    words, keys = human.prompt()
    runs = suit_runs(words, theme.GOLD, theme.suits_on_dark(stage.decks.four_colour))
    size = text.fit_size(words, "bold", 19, layout.prompt.width, 13)
    if text.width(words, "bold", size) > layout.prompt.width:
        text.overflows.add(words)
    line = text.render_runs(runs, "bold", size)
    surface.blit(line, line.get_rect(midtop=(layout.prompt.centerx, layout.prompt.y)))
    text.draw(surface, keys, (layout.prompt.centerx, layout.prompt.bottom), role="body", size=13,
              colour=theme.INK_DIM, anchor="midtop", max_width=layout.prompt.width, min_size=10)
    if isinstance(human.decision, StakeDecision):
        _draw_stake(surface, human, stage)
    for i, button in enumerate(human.buttons):
        focused = (human.kind in ("buy_dead", "follow") and i == human.focus) or (human.kind == "lead" and i == 0)
        button.draw(surface, text, focused, i == human.hover_button)
    if human.hint:
        _draw_hint(surface, human, stage)
    tip = ""
    near: pygame.Rect | None = None
    if human.hover_button is not None and human.hover_button < len(human.buttons):
        tip = human.buttons[human.hover_button].tooltip
        near = human.buttons[human.hover_button].rect
    elif human.hover_card is not None:
        tip = human.refusal(human.hover_card)
        for card, rect in human.hand_rects():
            if card is human.hover_card:
                near = rect
    if tip and near is not None:
        draw_tooltip(surface, text, tip, near, [button.rect for button in human.buttons])


def _draw_stake(surface: pygame.Surface, human: HumanSeat, stage: Stage) -> None:
    layout, text = stage.layout, stage.text
    for slot, rect in enumerate(layout.boodle_cards):
        if slot == human.focus:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(10, 10), 3, border_radius=8)
        elif slot == human.hover_boodle:
            pygame.draw.rect(surface, theme.INK, rect.inflate(10, 10), 2, border_radius=8)
        chips = human.stake[slot]
        if chips:
            # a gold token on the card's corner: the chips you are placing, clear of its index
            centre = (rect.right - 2, rect.top + 2)
            pygame.draw.circle(surface, (60, 44, 10), (centre[0], centre[1] + 2), 15)
            pygame.draw.circle(surface, theme.GOLD, centre, 15)
            pygame.draw.circle(surface, (255, 240, 190), centre, 15, 2)
            label = text.render(f"+{chips}", "bold", 15, (40, 30, 10))
            surface.blit(label, label.get_rect(center=centre))


def _draw_hint(surface: pygame.Surface, human: HumanSeat, stage: Stage) -> None:
    """The hint over the status and prompt lines (the buttons stay in view), wide so it stays short."""
    text, layout = stage.text, stage.layout
    area = layout.status.union(layout.prompt)
    body = text.render_wrapped(human.hint or "", "body", 15, theme.INK, area.width - 120, align="center")
    box = pygame.Rect(0, 0, area.width - 80, body.get_height() + 14)
    box.midtop = (area.centerx, area.y)
    pygame.draw.rect(surface, (0, 0, 0), box.move(0, 3), border_radius=10)
    pygame.draw.rect(surface, (18, 44, 32), box, border_radius=10)
    pygame.draw.rect(surface, HINT_COLOUR, box, 2, border_radius=10)
    surface.blit(body, body.get_rect(center=box.center))
    text.draw(surface, tr("table.hint.hides"), (box.right - 8, box.bottom - 4), role="body", size=11,
              colour=theme.INK_DIM, anchor="bottomright")
