"""The rules editor's panel of combination piles (R30): each pile's name typed, its cards picked from the deck grid,
a pile added or taken away, laid out and drawn (a helper module: it holds no scene)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ....engine.combinations import Combination
from ....locale import tr
from ....locale.cards import card_label
from ... import paint, theme
from ...artwork import Artwork
from ...canvas import Canvas
from ...editor_widgets import TextField
from ...form import Control, Tile
from ...text import TextCache
from ...theme import suits_on_dark
from ...widgets import Button, button_width
from .deck import PICKER

MOST_PILES = 6  # as many as the panel shows; with the boodle cards they stay within R30's limit of 13 piles
ROW_TOP, ROW_H, ROW_GAP = PICKER.y + 64, 44, 22  # under each row, room for what is wrong with it


@dataclass
class PileActions:
    """What the panel's controls do, each told the pile's number where it is about one."""

    rename: Callable[[int, str], None]
    pick_cards: Callable[[int], None]
    remove: Callable[[int], None]
    add: Callable[[], None]
    done: Callable[[], None]


def pile_controls(text: TextCache, art: Artwork, four_colour: bool, piles: tuple[Combination, ...],
                  actions: PileActions, blink: bool) -> list[Control]:
    """A row for each pile (its name, its cards, Remove), then Add a pile and Done."""
    left = PICKER.x + 28
    width = PICKER.width - 56
    remove_word = tr("rules_editor.pile_remove")
    remove_w = button_width(text, remove_word, 20, minimum=130)
    name_w = (width - remove_w - 32) * 11 // 20
    cards_w = width - remove_w - 32 - name_w
    controls: list[Control] = []
    for index, pile in enumerate(piles):
        y = ROW_TOP + index * (ROW_H + ROW_GAP)
        controls.append(TextField(pygame.Rect(left, y, name_w, ROW_H),
                                  label=tr("rules_editor.pile_label", number=index + 1), value=pile.name,
                                  on_text=_renamer(actions, index), limit=24, blink=blink,
                                  tooltip=tr("rules_editor.pile_name_tip")))
        controls.append(Tile(pygame.Rect(left + name_w + 16, y, cards_w, ROW_H),
                             lambda i=index: actions.pick_cards(i),  # type: ignore[misc]
                             _cards_painter(text, art, four_colour, pile), tooltip=tr("rules_editor.pick_tip")))
        controls.append(Button(pygame.Rect(left + width - remove_w, y, remove_w, ROW_H), remove_word,
                               lambda i=index: actions.remove(i), size=20))  # type: ignore[misc]
    done, add = tr("rules_editor.done"), tr("rules_editor.pile_add")
    done_w = button_width(text, done, 22, minimum=160)
    add_w = button_width(text, add, 22, minimum=200)
    y = PICKER.bottom - 64
    controls.append(Button(pygame.Rect(PICKER.right - 28 - done_w - 16 - add_w, y, add_w, 48), add, actions.add,
                           enabled=len(piles) < MOST_PILES,
                           tooltip="" if len(piles) < MOST_PILES else tr("rules_editor.pile_full",
                                                                           count=MOST_PILES)))
    controls.append(Button(pygame.Rect(PICKER.right - 28 - done_w, y, done_w, 48), done, actions.done))
    return controls


def _renamer(actions: PileActions, index: int) -> Callable[[str], None]:
    """What typing in pile `index`'s name does."""
    return lambda words: actions.rename(index, words)


def _cards_painter(text: TextCache, art: Artwork, four_colour: bool,
                   pile: Combination) -> Callable[[Canvas, pygame.Rect, bool, bool], None]:
    """A pile's cards as players write them, in their suits' colours (or a word asking for them), boxed."""
    def painted(surface: Canvas, rect: pygame.Rect, focused: bool, hovered: bool) -> None:
        paint.rect(surface, (6, 20, 14), rect, border_radius=8)
        if focused or hovered:
            paint.rect(surface, theme.GOLD if focused else theme.PANEL_EDGE, rect, width=2, border_radius=8)
        if not pile.cards:
            text.draw(surface, tr("rules_editor.pile_no_cards"), rect.center, role="body", size=16,
                      colour=theme.INK_DIM, anchor="center", max_width=rect.width - 20, min_size=11)
            return
        x, colours = rect.x + 14, suits_on_dark(four_colour)
        for card in pile.cards:
            label = card_label(card)
            if x + text.width(label + " …", "bold", 20) > rect.right - 8:
                text.draw(surface, "…", (x, rect.centery), role="bold", size=20, colour=theme.INK, anchor="midleft")
                break
            x = text.draw(surface, label, (x, rect.centery), role="bold", size=20, colour=colours[card.suit],
                          anchor="midleft").right + 12
    return painted


def draw_pile_notes(surface: Canvas, text: TextCache, piles: tuple[Combination, ...],
                    problems: tuple[dict[int, str], list[str]]) -> None:
    """What the panel is for when there are no piles, what is wrong under each pile, and with the piles together."""
    if not piles:
        text.draw(surface, tr("rules_editor.pile_none"), (PICKER.centerx, ROW_TOP + 60), role="body", size=18,
                  colour=theme.INK_DIM, anchor="center", max_width=PICKER.width - 120, min_size=12)
    each, together = problems
    for index, words in each.items():
        text.draw(surface, "⚠ " + words, (PICKER.x + 44, ROW_TOP + index * (ROW_H + ROW_GAP) + ROW_H + 2),
                  role="body", size=text.fit_height("body", 14, ROW_GAP - 2), colour=theme.RED_TEXT,
                  max_width=PICKER.width - 88, min_size=10)  # in the gap under its row
    if together:
        text.draw(surface, "⚠ " + " · ".join(together), (PICKER.x + 28, PICKER.bottom - 110), role="body",
                  size=text.fit_height("body", 15, 24), colour=theme.RED_TEXT, max_width=PICKER.width - 56,
                  min_size=10)  # above the picker's note
