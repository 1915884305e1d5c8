"""New game's tiles drawn: a character's (portrait, name tag, seat badge, padlock while the road keeps them) and
their bio, the random table's die, a rules file's row and its details (a helper module: it holds no scene)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ....locale import decimal, tr, trn
from ....locale.names import seat_name
from ....locale.texts import character_bio, character_name
from ... import paint, theme
from ...canvas import Canvas
from ...text import TextCache
from ...widgets import Button, button_width
from ..common import LEVEL_TOP, draw_level_pips, portrait
from .rules_list import heading_line
from .table_choices import RulesEntry

TILE = (18, 52, 38)


def draw_padlock(surface: Canvas, centre: tuple[int, int]) -> None:
    """A small gold padlock: the shackle's arc over a body with a keyhole."""
    x, y = centre
    body = pygame.Rect(0, 0, 26, 20)
    body.midtop = (x, y - 2)
    paint.arc(surface, theme.GOLD, pygame.Rect(x - 9, y - 16, 18, 26), 0, 3.1416, 4)
    paint.rect(surface, (0, 0, 0), body.move(0, 2), border_radius=4)
    paint.rect(surface, theme.GOLD, body, border_radius=4)
    paint.circle(surface, theme.PANEL, (x, body.y + 8), 3)
    paint.line(surface, theme.PANEL, (x, body.y + 9), (x, body.y + 15), 2)


def paint_character(surface: Canvas, rect: pygame.Rect, text: TextCache, character: Any, lit: bool,
                    focused: bool, seat: int | None, *, locked: bool) -> None:
    """A character's tile: lit under the focus or the mouse, with their seat number once seated, faded behind
    a padlock while the road keeps them."""
    fill = theme.FELT_LIGHT if lit else TILE
    paint.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=12)
    paint.rect(surface, fill, rect, border_radius=12)
    edge = theme.GOLD if seat is not None or focused else theme.PANEL_EDGE
    paint.rect(surface, edge, rect, width=3 if seat is not None else 2, border_radius=12)
    size = min(72, rect.height - 48)
    disc = portrait(character.look, size, text, character.id)
    if locked:  # a faded face behind a padlock: who is waiting on the road
        disc = disc.copy()
        disc.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(disc, disc.get_rect(midtop=(rect.centerx, rect.y + 10)))
    text.draw(surface, seat_name(character), (rect.centerx, rect.bottom - 26), role="bold", size=17,
              colour=theme.INK_DIM if locked else theme.INK, anchor="center", max_width=rect.width - 10)
    if locked:
        draw_padlock(surface, (rect.centerx, rect.y + 10 + size // 2))
    step = max(8, min(11, (rect.height - 50) // LEVEL_TOP))  # a column clear of the name tag in a small tile
    draw_level_pips(surface, character.level, (rect.x + 9, rect.y + 12), dim=locked, vertical=True, step=step)
    if seat is not None:
        badge = pygame.Rect(rect.right - 34, rect.y + 6, 28, 24)
        paint.rect(surface, theme.GOLD, badge, border_radius=8)
        text.draw(surface, str(seat), badge.center, role="bold", size=16, colour=theme.PANEL, anchor="center")


def level_words(level: int | None) -> str:
    """A character's level in words: "Level 3 of 5", or unrated."""
    return tr("levels.unrated") if level is None else tr("levels.level_of", level=level, top=LEVEL_TOP)


def paint_random(surface: Canvas, rect: pygame.Rect, text: TextCache, lit: bool, focused: bool) -> None:
    """The random table's tile: a die and its two lines."""
    fill = theme.FELT_LIGHT if lit else TILE
    paint.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=12)
    paint.rect(surface, fill, rect, border_radius=12)
    paint.rect(surface, theme.GOLD if focused else theme.PANEL_EDGE, rect, width=2, border_radius=12)
    size = min(56, rect.height - 66)  # clear of the two lines under it, however low the tile
    die = pygame.Rect(0, 0, size, size)
    die.midtop = (rect.centerx, rect.y + 12)
    paint.rect(surface, theme.INK, die, border_radius=max(3, size // 6))
    for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)):
        paint.circle(surface, theme.CARD_BACK, (die.x + fx * size, die.y + fy * size), max(2, size // 10))
    text.draw(surface, tr("new_game.random_1"), (rect.centerx, rect.bottom - 36), role="bold", size=17,
              colour=theme.GOLD, anchor="center", max_width=rect.width - 10)
    text.draw(surface, tr("new_game.random_2"), (rect.centerx, rect.bottom - 17), role="bold", size=17,
              colour=theme.GOLD, anchor="center", max_width=rect.width - 10)


def paint_rules_row(surface: Canvas, rect: pygame.Rect, text: TextCache, entry: RulesEntry, lit: bool,
                    focused: bool, *, chosen: bool, locked: bool) -> None:
    """A rules file's row: its mark (chosen, or ⚠ when it cannot be used), its name, and its file or why not."""
    if chosen or lit:
        fill = theme.FELT_LIGHT if lit else (24, 70, 50)
        paint.rect(surface, fill, rect, border_radius=8)
    if focused:
        paint.rect(surface, theme.GOLD, rect, width=2, border_radius=8)
    mark_centre = (rect.x + 18, rect.centery)
    if entry.rules is None:
        text.draw(surface, "⚠", mark_centre, role="bold", size=18, colour=theme.RED_TEXT, anchor="center")
    else:
        paint.circle(surface, theme.PANEL_EDGE, mark_centre, 8, width=2)
        if chosen:
            paint.circle(surface, theme.GOLD, mark_centre, 5)
    colour = theme.RED_TEXT if entry.rules is None else (theme.INK_DIM if locked else theme.INK)
    if entry.rules is not None and locked:
        note, tint = tr("new_game.rules_locked_note"), theme.GOLD
    elif entry.rules is not None:
        note, tint = entry.path.name, theme.INK_DIM
    else:
        note, tint = tr("new_game.cannot_be_used"), theme.RED_TEXT
    note_rect = text.draw(surface, note, (rect.right - 10, rect.centery), role="body", size=14, colour=tint,
                          anchor="midright", max_width=170, min_size=11)
    text.draw(surface, entry.title, (rect.x + 36, rect.centery), role="bold", size=17, colour=colour,
              anchor="midleft", max_width=note_rect.x - 12 - rect.x - 36, min_size=12)


def wrapped(text: TextCache, words: str, colour: tuple[int, int, int], room: tuple[int, int],
            sizes: Sequence[int] = (14, 13, 12)) -> Canvas:
    """`words` wrapped to the room's width at the largest of `sizes` that fits its height (a long language
    shrinks a little); if even the smallest does not fit, the words count as overflowing."""
    for size in [*sizes, *text.sizes_down(sizes[-1])[1:]]:  # larger print gives way down to the 100% look
        body = text.render_wrapped(words, "body", size, colour, room[0], line_spacing=1.05)
        if body.get_height() <= room[1]:
            return body
    text.overflows.add(words)
    return body


def draw_problems(surface: Canvas, text: TextCache, entry: RulesEntry, box: pygame.Rect) -> None:
    """Every problem line of a broken rules file in `box` (over the table's rows just above the list)."""
    paint.rect(surface, (0, 0, 0), box.move(0, 3), border_radius=12)
    paint.rect(surface, (40, 14, 14), box, border_radius=12)
    paint.rect(surface, theme.RED_TEXT, box, width=2, border_radius=12)
    text.draw(surface, f"⚠  {entry.path.name}", (box.x + 16, box.y + 12), role="bold", size=18,
              colour=theme.RED_TEXT, max_width=box.width - 32)
    clip = pygame.Rect(box.x + 16, box.y + 42, box.width - 32, box.height - 52)
    words = "\n".join(entry.problems)
    size = text.fit_block(words, "body", 14, clip.width, clip.height, line_spacing=1.0)
    body = text.render_wrapped(words, "body", size, theme.INK, clip.width, line_spacing=1.0)
    surface.blit(body, clip.topleft, area=pygame.Rect(0, 0, clip.width, clip.height))
    if body.get_height() > clip.height:
        text.draw(surface, "…", (box.right - 14, box.bottom - 6), role="bold", size=16, colour=theme.RED_TEXT,
                  anchor="bottomright")


Action = Callable[[], None]


def bottom_row(text: TextCache, panel: pygame.Rect, back: Action, start: tuple[Action, bool, str],
               kept: tuple[Action, str] | None) -> list[Button]:
    """Back, then Continue (when a free game was left mid-session: its action and what it holds), then Start
    (its action, whether it can start, and why not), along the bottom of `panel`."""
    go, can_start, problem = start
    back_label, begin = tr("new_game.back"), tr("new_game.start")
    back_width = button_width(text, back_label, 22 if kept is None else 20, minimum=150 if kept is None else 100)
    start_size = 26 if kept is None else 22  # room for Continue between them
    start_width = button_width(text, begin, start_size, minimum=250 if kept is None else 150)
    y = panel.bottom - 62
    row = [Button(pygame.Rect(panel.x + 20, y, back_width, 50), back_label, back, tooltip=tr("new_game.back_tip"),
                  size=22 if kept is None else 20)]
    if kept is not None:
        room = panel.width - 40 - 20
        wanted = button_width(text, tr("new_game.continue"), 20, keycap="C", minimum=100)
        if back_width + wanted + start_width > room:  # larger words: the three share the row by what they need
            share = room / (back_width + wanted + start_width)
            back_width, start_width = round(back_width * share), round(start_width * share)
            row[0].rect.width = back_width
        left = panel.x + 20 + back_width + 10
        width = panel.right - 20 - start_width - 10 - left
        row.append(Button(pygame.Rect(left, y, width, 50), tr("new_game.continue"), kept[0], pygame.K_c, size=20,
                          tooltip=tr("new_game.continue_tip", details=kept[1]), keycap="C"))
    row.append(Button(pygame.Rect(panel.right - 20 - start_width, y, start_width, 50), begin, go, enabled=can_start,
                      tooltip=problem or tr("new_game.start_tip"), size=start_size))
    return row


def draw_opponents_heading(surface: Canvas, text: TextCache, panel: pygame.Rect, seated: int, needed: int,
                           strength: bool) -> None:
    """"Opponents" over the left `panel`, and how many of the `needed` are seated, the rest at the table's
    `strength` or at random."""
    title = text.draw(surface, tr("new_game.opponents"), (panel.x + 22, panel.y + 14), role="title", size=24,
                      colour=theme.GOLD, max_width=panel.width // 2 - 30)
    count = trn("new_game.seated", needed, seated=seated)
    if seated < needed:
        count += trn("new_game.at_strength" if strength else "new_game.at_random", needed - seated)
    text.draw(surface, count, (panel.right - 22, panel.y + 20), role="body", size=16, colour=theme.INK_DIM,
              anchor="topright", max_width=panel.right - 22 - title.right - 16, min_size=12)


def draw_flash(surface: Canvas, text: TextCache, words: str, top: int, right: int) -> None:
    """A short note in a gold-edged box at the foot of the screen, no higher than `top` (clear of the panels),
    centred left of `right`."""
    label = text.fit(words, "bold", text.fit_height("bold", 17, 28), theme.GOLD, right - 100)
    box = label.get_rect(center=(right // 2, 694)).inflate(24, 10)
    box.y = max(box.y, top)  # larger print grows down, clear of the panels
    paint.rect(surface, theme.PANEL, box, border_radius=10)
    paint.rect(surface, theme.GOLD, box, width=1, border_radius=10)
    surface.blit(label, label.get_rect(center=box.center))


def label_width(text: TextCache) -> int:
    """The widest of the table's choice rows' labels as the row draws them."""
    labels = ("new_game.players", "new_game.length_label", "new_game.minutes", "new_game.deals", "new_game.animation")
    return max(text.width(tr(key), "bold", 20) for key in labels)


def edit_rules_button(text: TextCache, area: pygame.Rect, action: Action, files: tuple[int, int]) -> Button:
    """The rules editor's button, on the line of the rules list's heading just after it (`files`: how many, and
    how many rows show them)."""
    _, rect = heading_line(text, area, *files)
    return Button(rect, tr("rules_editor.open"), action, size=16, tooltip=tr("rules_editor.open_tip"))


def draw_bio(surface: Canvas, text: TextCache, character: Any, venue: str, box: pygame.Rect, *,
             guests: int = 0) -> None:
    """A character's portrait, name, pace and bio in `box` (`venue`: the one that unlocks them, if locked); at a
    table bigger than the unlocked cast, a word on the `guests` it seats."""
    paint.rect(surface, (8, 24, 18), box, border_radius=12)
    disc = portrait(character.look, 84, text, character.id)
    surface.blit(disc, (box.x + 14, box.y + 14))
    bio = character_bio(character)
    if venue:
        bio = tr("new_game.character_locked_bio", venue=venue, name=seat_name(character)) + "\n" + bio
    # larger lines over and under the bio take from its room, unless it then could not fit even at its 100% look
    above = text.growth("title", 22) + text.growth("body", 14)
    under = (98 + text.growth("bold", 14)) if guests > 0 else 76
    smallest = text.block_height(bio, "body", text.sizes_down(12)[-1], box.width - 130, line_spacing=1.05)
    if smallest > box.height - under - above:
        above, under = 0, 98 if guests > 0 else 76
    name_size, line_size = (22, 14) if above else (text.sizes_down(22)[-1], text.sizes_down(14)[-1])
    level = text.draw(surface, level_words(character.level), (box.right - 14, box.y + 18), role="bold", size=14,
                      colour=theme.GOLD, anchor="topright", max_width=(box.width - 130) // 2, min_size=10)
    # the one place a character's full name is shown: the box that introduces them
    text.draw(surface, character_name(character), (box.x + 114, box.y + 14), role="title", size=name_size,
              colour=theme.GOLD, max_width=level.x - 12 - box.x - 114, min_size=min(name_size, 14))
    low, high = character.think_time
    chat = tr("new_game.silent") if character.chattiness <= 0 else \
        tr("new_game.talks", percent=round(character.chattiness * 100))
    text.draw(surface, tr("new_game.thinks", low=decimal(low), high=decimal(high), chat=chat),
              (box.x + 114, box.y + 44 + (text.growth("title", 22) if above else 0)), role="body", size=line_size,
              colour=theme.INK_DIM, max_width=box.width - 130)
    if guests > 0:
        text.draw(surface, trn("table_notes.guests", guests), (box.x + 14, box.bottom - 24 - (under - 98)),
                  role="bold", size=line_size, colour=theme.GOLD, max_width=box.width - 28, min_size=10)
    clip = pygame.Rect(box.x + 114, box.y + 68 + above, box.width - 128, box.height - under - above)
    body = wrapped(text, bio, theme.INK, (box.width - 130, clip.height), sizes=(16, 15, 14, 13, 12))
    surface.blit(body, clip.topleft, area=pygame.Rect(0, 0, clip.width, clip.height))
