"""The player's controls drawn over the table: the question and its keys, the staking marks, the buttons, the
expert's hint and the tooltips; `draw_controls` only reads the seat and the stage."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...engine.decisions import StakeDecision
from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..comfort import text_size
from ..pad_words import keyed
from ..text import TextCache, readable_size, suit_runs
from ..tooltips import draw_tooltip
from .charms.input import enter_button
from .charms.places import RAISE, tray_tiles
from .human import HumanSeat
from .layout import TableLayout
from .stage import Stage
from .take_back_offer import draw_caption

HINT_COLOUR = (120, 220, 150)
HINT_SIZES = (15, 12)  # the hint's one line shrinks this far before it takes a second
HINT_WRAPPED = 14
HINT_PAD = 8
HIDES_SIZE = 11
HINT_ROOM = 16  # a widened hint keeps this far inside the felt
KEYS_SIZE = 13


def draw_controls(surface: Canvas, human: HumanSeat, stage: Stage) -> None:
    """The prompt, the staking marks, the buttons, the hint and the tooltip."""
    if human.decision is None:
        return
    text, layout = stage.text, stage.layout
    words, keys = human.prompt()
    keys = keyed(keys)  # the controller's buttons while it is in use
    runs = suit_runs(words, theme.GOLD, theme.suits_on_dark(stage.decks.four_colour))
    size = text.fit_size(words, "bold", 19, layout.prompt.width, 13)
    if text.width(words, "bold", size) > layout.prompt.width:
        text.overflows.add(words)
    line = text.render_runs(runs, "bold", size)
    surface.blit(line, line.get_rect(midtop=(layout.prompt.centerx, layout.prompt.y)))
    size = keys_fit(text, layout, keys)
    lines = text.render_wrapped(keys, "body", size, theme.INK_DIM, layout.prompt.width, align="center")
    surface.blit(lines, lines.get_rect(midtop=(layout.prompt.centerx, layout.prompt.bottom)))
    if isinstance(human.decision, StakeDecision):
        _draw_stake(surface, human, stage)
    for i, button in enumerate(human.buttons):
        focused = (human.kind in ("buy_dead", "follow", "bid") and i == human.focus) \
            or (human.kind == "lead" and i == 0) \
            or (human.kind == "stake" and human.left_to_place == 0 and button.action == human.confirm_stake) \
            or (human.charm is not None and i == enter_button(human.charm))
        button.draw(surface, text, focused, i == human.hover_button)
    if human.take_back_offer is not None and human.take_back_button is not None:
        draw_caption(surface, human.take_back_button, human.take_back_offer.caption, stage)
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
        draw_tooltip(surface, text, tip, near, tip_avoids(human, stage))


def tip_avoids(human: HumanSeat, stage: Stage) -> list[pygame.Rect]:
    """What a tooltip at the table keeps clear of: the buttons, and the question with its line of keys above the
    hand (so a lowered card's note goes beside it, not over the help line)."""
    keys = keyed(human.prompt()[1])
    avoid = [button.rect for button in human.buttons] + [prompt_area(stage.text, stage.layout, keys)]
    if human.take_back_offer is not None and human.take_back_button is not None:
        avoid.append(human.take_back_button.rect)
    return avoid


def _draw_stake(surface: Canvas, human: HumanSeat, stage: Stage) -> None:
    layout, text = stage.layout, stage.text
    for slot, rect in enumerate(layout.boodle_cards):
        if slot == human.focus:
            paint.rect(surface, theme.GOLD, rect.inflate(10, 10), 3, border_radius=8)
        elif slot == human.hover_boodle:
            paint.rect(surface, theme.INK, rect.inflate(10, 10), 2, border_radius=8)
        chips = human.stake[slot]
        if chips:
            # a gold token on the card's corner: the chips you are placing, clear of its index and of the chips'
            # count (which stands level with the card's top when the hand is large: then the lower corner)
            count_at_top = layout.boodle_labels[slot][1] <= rect.top
            centre = (rect.left + 2, rect.bottom - 2) if count_at_top else (rect.right - 2, rect.top + 2)
            paint.circle(surface, (60, 44, 10), (centre[0], centre[1] + 2), 15)
            paint.circle(surface, theme.GOLD, centre, 15)
            paint.circle(surface, (255, 240, 190), centre, 15, 2)
            label = text.render(f"+{chips}", "bold", 15, (40, 30, 10))
            surface.blit(label, label.get_rect(center=centre))


def keys_size() -> int:
    """The size of the line of keys under the question: readable in a small window too."""
    return readable_size(KEYS_SIZE)


def keys_fit(text: TextCache, layout: TableLayout, keys: str) -> int:
    """The size the line of keys is drawn at: smaller to fit on one line, but never out of reading."""
    # past that, a small window's long line takes two: only the staking's is that long, over the hand's empty place
    size = text.fit_size(keys, "body", keys_size(), layout.prompt.width, readable_size(10))
    if text_size() > 1:  # a player who asked for larger words gets them at least as large as usual, on two lines
        size = max(size, math.ceil(KEYS_SIZE / text_size()))
    if len(text.wrap(keys, "body", size, layout.prompt.width)) == 1:  # one line: clear of a raised card below
        size = min(size, text.fit_height("body", size, layout.seat(0).fan.top - layout.prompt.bottom))
    return size


def prompt_area(text: TextCache, layout: TableLayout, keys: str = "") -> pygame.Rect:
    """Where the question and its line (or lines) of `keys` are drawn: nothing else may cover them."""
    size = keys_fit(text, layout, keys) if keys else keys_size()
    rows = len(text.wrap(keys, "body", size, layout.prompt.width)) if keys else 1
    font = text.font("body", size)
    keys_height = round(font.get_linesize() * 1.15) * (rows - 1) + font.get_height()
    return pygame.Rect(layout.prompt.x, layout.prompt.y, layout.prompt.width, layout.prompt.height + keys_height)


@dataclass(frozen=True)
class HintBox:
    """Where the hint is drawn: its box, its words (`lines` of them at `size`) and its "H hides" label."""

    box: pygame.Rect
    body: pygame.Rect
    label: pygame.Rect
    size: int
    lines: int
    column: int  # the width the words are wrapped to


def hint_box(text: TextCache, layout: TableLayout, words: str, *, staking: bool = False, keys: str = "",
             key_label: str = "", clear_of: Sequence[pygame.Rect] = ()) -> HintBox:
    """The hint over the status line and ending above the prompt, one line when its words allow it (else it
    grows upwards); while staking, under the prompt's keys in the hand's place, empty until the deal (growing
    downwards, clear of the board). The key's label ("H details", "H hides") keeps a column of its own at the
    right. Larger print is never given back to keep the words on one line: the box widens as far as the seats
    beside it allow, and past that the words take two lines (or more)."""
    area = layout.status
    hides, hides_size = key_label or keyed(tr("table.hint.hides")), readable_size(HIDES_SIZE)
    label = pygame.Rect(0, 0, text.width(hides, "body", hides_size), text.font("body", hides_size).get_height())
    margins = 3 * HINT_PAD + label.width
    span = area.copy()  # the box's left and width (its top and height come last)
    smallest = readable_size(HINT_SIZES[1])  # a small window shrinks the picture: the words take two lines instead
    largest = max(HINT_SIZES[0], smallest)
    size = text.fit_size(words, "body", largest, span.width - margins, smallest) if text_size() == 1 else largest
    lines = 1
    widens = text_size() > 1 and not staking  # larger print: a wider box before (and as) the words wrap
    if widens and text.width(words, "body", size) > span.width - margins:
        wide = widest(layout, _above(area, text.block_height(words, "body", size, 10**6)), clear_of)
        if text.width(words, "body", size) <= wide.width - margins:
            span = wide
    if text.width(words, "body", size) > span.width - margins:
        size = readable_size(HINT_WRAPPED)
        if widens:
            span = widest(layout, _above(area, text.block_height(words, "body", size, span.width - margins)),
                          clear_of)
        lines = len(text.wrap(words, "body", size, span.width - margins))
    column = span.width - margins
    body_height = text.block_height(words, "body", size, column)
    width = min(column, max(text.width(line, "body", size) for line in text.wrap(words, "body", size, column)))
    if staking:
        top = prompt_area(text, layout, keys).bottom + HINT_PAD
        box = pygame.Rect(span.x, top, span.width, max(area.height + 2, body_height + 8))
    else:
        above = _above(area, body_height)  # its shadow too ends above the prompt
        box = pygame.Rect(span.x, above.y, span.width, above.height)
    body = pygame.Rect(0, 0, width, body_height)
    body.center = (box.x + HINT_PAD + column // 2, box.centery)
    label.midright = (box.right - HINT_PAD, box.centery)
    return HintBox(box, body, label, size, lines, column)


def _above(area: pygame.Rect, body_height: int) -> pygame.Rect:
    """The hint's box over the status line `area` for words `body_height` tall: ending above the prompt."""
    height = max(area.height + 2, body_height + 8)
    return pygame.Rect(area.x, area.bottom - 2 - height, area.width, height)


def widest(layout: TableLayout, box: pygame.Rect, clear_of: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """`box` widened towards each side of the felt, as far as it stays on the felt (inside its margin), clear of
    every seat, of the decision panel and of whatever else is `clear_of` (the player's charm tray)."""
    blockers = [place.region for place in layout.seats] + [layout.panel, *clear_of]
    room = layout.felt.inflate(-2 * HINT_ROOM, 0)
    left, right = box.left, box.right
    for step in (-8, 8):
        while True:
            wider = pygame.Rect(left + min(step, 0), box.y, right - left + abs(step), box.height)
            if not room.contains(wider) or wider.collidelist(blockers) >= 0:
                break
            left, right = wider.left, wider.right
    return pygame.Rect(left, box.y, right - left, box.height)


def _draw_hint(surface: Canvas, human: HumanSeat, stage: Stage) -> None:
    """The hint in its box (`hint_box`), suits in their colours on every line."""
    text = stage.text
    words = human.hint or ""
    label = human.hint_key
    tray = [tile.move(0, -RAISE) for tile in tray_tiles(stage.layout, len(stage.model.charms.of(0)))]
    place = hint_box(text, stage.layout, words, staking=isinstance(human.decision, StakeDecision),
                     keys=keyed(human.prompt()[1]), key_label=label, clear_of=tray)
    box = place.box
    paint.rect(surface, (0, 0, 0), box.move(0, 2), border_radius=10)
    paint.rect(surface, (18, 44, 32), box, border_radius=10)
    paint.rect(surface, HINT_COLOUR, box, 2, border_radius=10)
    suits = theme.suits_on_dark(stage.decks.four_colour)
    lines = text.wrap(words, "body", place.size, place.column) if place.lines > 1 else [words]
    step = text.line_height("body", place.size, 1.15)
    for row, line in enumerate(lines):  # each line with its suits in their colours, centred in the box
        body = text.render_runs(suit_runs(line, theme.INK, suits), "body", place.size)
        surface.blit(body, body.get_rect(midtop=(place.body.centerx, place.body.y + row * step)))
    text.draw(surface, label, place.label.topleft, role="body", size=readable_size(HIDES_SIZE),
              colour=theme.INK_DIM)
