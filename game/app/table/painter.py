"""The table drawn: the still picture built once (felt, plates, portraits, the board's empty slots), then each
frame the board of runs, the boodle piles, the pot and the dead hand, the seats, the player's hand and the
status line, as the model shows them; `draw` changes nothing."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import pygame

from ...ai.seats import SeatSpec
from ...engine.cards import Card
from ...engine.combinations import Pile
from ...engine.decisions import StakeDecision
from ...locale import language, tr, trn
from ...locale.cards import card_label
from .. import paint, theme
from ..canvas import Canvas, scale
from ..card_art import mix
from ..comfort import swaying
from ..portraits import HUMAN_LOOK, draw_portrait
from ..text import TextCache, suit_runs
from .bubble_place import card_count
from .captions import LIFT
from .charms.dead_seen import COUNT_AT, COUNT_SIZE, draw_seen_dead
from .charms.lock_marks import BOARD_LOCK_H, HAND_LOCK_H, board_lock_spot, draw_lock_mark, hand_lock_spots
from .controls import HINT_COLOUR
from .cue_marks import STOP_FILL, draw_playable_marks, draw_stop_mark, playable_mark_rects, stop_bar
from .cut import cut_card_rect
from .director import Director
from .felt import draw_background, draw_plaque
from .human import HumanSeat
from .layout import FAN_STEP, SeatPlace
from .looks import CLUB, ROUND_BOARD, TableLook
from .model import HUMAN
from .stage import Stage

OUT_MARK_Y = 39  # the "out" mark's top from the plate's: on the chips line, whose numbers stand at 36


def draw_out_mark(surface: Canvas, text: TextCache, place: SeatPlace, words: str = "",
                  colour: tuple[int, int, int] | None = None) -> pygame.Rect:
    """A seat out of the session marked "out" (or out of something else, in `words`) at the right end of its
    plate's chips line, under the name (beside a long name at the plate's top the mark ran into it:
    "Aunt Hettyout"); the mark's rect."""
    plate = place.plate
    room = plate.right - 12 - (place.name_left + 22 + text.width("888", "bold", 18) + 8)  # clear of the chips
    return text.draw(surface, words or tr("table.out"), (plate.right - 12, plate.y + OUT_MARK_Y), role="bold",
                     size=14, colour=colour or theme.RED_TEXT, anchor="topright", max_width=room, min_size=10)


class TablePainter:
    """Draws the table on the stage it is given; the still picture is built again only when what it shows
    changed (the window's size, the deck's colours, the table's look, the language)."""

    def __init__(self, stage: Stage, seats: Sequence[SeatSpec], boodle_cards: Sequence[Pile]) -> None:
        self.stage = stage
        self.seats = list(seats)
        self.boodle_cards = tuple(boodle_cards)
        self.background: Canvas | None = None
        self.portraits: list[Canvas] = []
        self.table_look: TableLook = CLUB
        self._built_for: tuple[object, ...] | None = None
        self._out_veil: Canvas | None = None
        self._suit_light: list[tuple[int, int, int]] = []

    def stale(self, four_colour: bool, size: tuple[int, int], look: TableLook) -> bool:
        """True when the still picture drawn last does not show this (the plates and labels carry words too)."""
        return self.background is None or self._built_for != (four_colour, size, look, language(), scale())

    def build(self, look: TableLook) -> None:
        """Draw the still picture for the stage as it is now."""
        stage = self.stage
        self.portraits = []
        for seat, (_name, character) in enumerate(self.seats):
            # the human's tag says "you" in the player's language ("MOI")
            face = dataclasses.replace(HUMAN_LOOK, initials=tr("table.you_tag")) if character is None else \
                character.look
            key_id = "human" if character is None else character.id
            # seeded by the character alone: the same face at every seat and in the new-game picker
            self.portraits.append(draw_portrait(face, stage.layout.seats[seat].portrait_radius, stage.text, key_id))
        names = [self.plate_name(seat) for seat in range(len(self.seats))]
        self.background = draw_background(stage.layout, names, self.portraits, self.boodle_cards, stage.decks,
                                          stage.text, look=look, pot=stage.model.rules.has_pot,
                                          removed=stage.model.rules.removed_cards)
        self.table_look = look
        veil = Canvas.new(stage.layout.seats[0].plate.size, pygame.SRCALPHA)
        paint.rect(veil, (0, 0, 0, 150), veil.get_rect(), border_radius=14)
        self._out_veil = veil
        # suit symbols light enough to read on the dark status band
        self._suit_light = list(theme.suits_on_dark(stage.decks.four_colour))
        self._built_for = (stage.decks.four_colour, stage.layout.size, look, language(), scale())

    def forget(self) -> None:
        """The words changed: the still picture is drawn again at the next build."""
        self._built_for = None

    def plate_name(self, seat: int) -> str:
        """The name on a seat's plate: its one name, as every other screen names it."""
        return self.stage.model.name(seat)

    def draw(self, surface: Canvas, human: HumanSeat, director: Director, *, clock: float,
             thinking: bool, turn_words: str, covered: bool) -> None:
        """The table as the model shows it and the moving cards and chips over it (the player's controls and the
        decorations are drawn by the scene over this)."""
        if self.background is None:
            surface.fill(theme.FELT)
            return
        if surface.bleed() != surface.get_rect():  # a wider or taller window: the room goes on into the bars
            surface.fill(self.table_look.room)
        surface.blit(self.background, (0, 0))
        self._draw_board(surface)
        self._draw_boodle(surface)
        self._draw_pot_and_dead(surface)
        self._draw_seats(surface, director, clock, thinking)
        self._draw_hand(surface, human, director.own.lifted)
        director.motion.draw(surface)
        if not (human.hint and not isinstance(human.decision, StakeDecision)):  # the hint stands on the line then
            self._draw_status(surface, director, turn_words, covered)

    def _draw_board(self, surface: Canvas) -> None:
        stage = self.stage
        model, layout, deck = stage.model, stage.layout, stage.decks.board
        run = model.run_number
        live = bool(model.current_run)
        for card, mark in model.board.items():
            slot = layout.board_slot(card)
            current = live and mark.run == run
            surface.blit(deck.highlighted(card) if current else deck.face(card), slot)
        back = deck.back()
        for card in model.board_dead():
            if card not in model.board:
                slot = layout.board_slot(card)
                surface.blit(back, slot)
        for card in model.stop_marks:
            slot = layout.board_slot(card)
            bar = stop_bar(slot, card.rank == (1 if layout.aces_high else 13))
            surface.fill(STOP_FILL, bar)
            draw_stop_mark(surface, bar)  # the bar's colour alone would not say "stop"
        for card in model.locked:  # R35: before it is played, and after
            draw_lock_mark(surface, board_lock_spot(layout.board_slot(card)), BOARD_LOCK_H)

    def _draw_boodle(self, surface: Canvas) -> None:
        stage = self.stage
        model, layout, art, text = stage.model, stage.layout, stage.art, stage.text
        for slot, chips in enumerate(model.boodle):
            x, y = layout.boodle_stacks[slot]
            if chips:
                art.draw_stack(surface, 1 + slot % 4, layout.boodle_chip_radius, chips, (x, y), max_shown=12)
            lx, ly = layout.boodle_labels[slot]
            colour = theme.GOLD if chips else theme.INK_DIM
            text.draw(surface, str(chips), (lx, ly), role="bold", size=15, colour=colour, anchor="midtop",
                      shadow=True)

    def _draw_pot_and_dead(self, surface: Canvas) -> None:
        stage = self.stage
        model, layout, art, text = stage.model, stage.layout, stage.art, stage.text
        if model.pot:
            columns = (model.pot + 9) // 10
            shown = min(columns, 3)
            for i in range(shown):
                count = min(10, model.pot - i * 10) if i < shown - 1 else model.pot - (shown - 1) * 10
                cx = layout.pot_stack[0] + (i - (shown - 1) / 2) * 32
                art.draw_stack(surface, (0, 3, 2)[i], 14, count, (round(cx), layout.pot_stack[1]), max_shown=10)
        if model.pot or model.rules.has_pot:  # rules with no pot show no empty one
            where = (layout.pot.centerx, layout.pot.y + 112)
            if self.table_look.style == ROUND_BOARD:  # the number falls on the board's gold ring: set it apart
                draw_plaque(surface, text.render(f"{model.pot}", "title", 24, theme.GOLD).get_rect(midtop=where))
            text.draw(surface, f"{model.pot}", where, role="title", size=24,
                      colour=theme.GOLD if model.pot else theme.INK_DIM, anchor="midtop", shadow=True)
        count_y = layout.dead.y + COUNT_AT
        if model.seen_dead:  # R32/R33: what the player's own charms showed them, face up in the pile's place
            count_y = draw_seen_dead(surface, lambda width: stage.art.deck(width, stage.decks.four_colour), text,
                                     layout, model.seen_dead)
        else:
            back = stage.decks.flight.back()
            x, y = layout.dead_pile
            for i in range(min(model.dead_count, 6)):
                surface.blit(back, back.get_rect(center=(x + i * 2, y - i * 2)))
        words = trn("table.cards", model.dead_count) if model.dead_count else "—"
        text.draw(surface, words, (layout.dead.centerx, count_y), role="bold", size=COUNT_SIZE,
                  colour=theme.INK if model.dead_count else theme.INK_DIM, anchor="midtop", shadow=True,
                  max_width=layout.dead.width, min_size=12)
        removed = model.rules.removed_cards
        if removed:  # R24: the cards everyone knows are nowhere, under the dead hand's count
            note = tr("ranks.out_of_deck", cards=", ".join(card_label(card) for card in removed))
            text.draw(surface, note, (layout.dead.centerx, count_y + 22), role="body", size=13,
                      colour=theme.INK_DIM, anchor="midtop", shadow=True, max_width=layout.dead.width, min_size=10)

    def _draw_seats(self, surface: Canvas, director: Director, clock: float, thinking: bool) -> None:
        stage = self.stage
        model, layout, text, art = stage.model, stage.layout, stage.text, stage.art
        back = stage.decks.fan.back()
        chip = art.chip(1, 8)
        pulse = 0.5 + 0.5 * math.sin(swaying(clock) * 5)
        passers = director.auction.passers()  # R26: a pass is final, marked on the plate until the auction ends
        for seat, (place, state) in enumerate(zip(layout.seats, model.seats)):
            plate = place.plate
            if seat == model.active and state.in_session:
                glow = mix(theme.GOLD, (255, 255, 255), pulse * 0.4)
                paint.rect(surface, glow, plate.inflate(6, 6), 3, border_radius=16)
            y = plate.y + 36
            surface.blit(chip, (place.name_left, y + 2))
            text.draw(surface, str(state.chips), (place.name_left + 22, y), role="bold", size=18, colour=theme.GOLD)
            if seat == model.active and thinking and seat != stage.human_seat:
                dots = "•" * (1 + int(clock * 3) % 3)
                text.draw(surface, dots, (plate.right - 14, y + 2), role="bold", size=16, colour=theme.INK_DIM,
                          anchor="topright")
            if not state.in_session and self._out_veil is not None:
                surface.blit(self._out_veil, plate)
                draw_out_mark(surface, text, place)
            elif seat in passers:
                draw_out_mark(surface, text, place, tr("auction.passed"), theme.INK_DIM)
            if seat != HUMAN and state.cards:
                count = state.cards
                width = back.get_width() + FAN_STEP * (count - 1)
                left = place.fan.centerx - width // 2
                for i in range(count):
                    surface.blit(back, (left + i * FAN_STEP, place.fan.y))
                text.draw(surface, str(count), card_count(place).midleft, role="bold", size=14,
                          colour=theme.INK, anchor="midleft", shadow=True)
            cut = model.cut_cards.get(seat)
            if cut is not None:
                face = stage.decks.flight.face(cut)
                surface.blit(face, cut_card_rect(place, face.get_size()))
        flying = director.button_flight
        if model.dealer is not None and (flying is None or flying.done):
            button = art.dealer_button(12)
            surface.blit(button, button.get_rect(center=layout.seats[model.dealer].button_spot))

    def _draw_hand(self, surface: Canvas, human: HumanSeat, lifted: Card | None) -> None:
        deck = self.stage.decks.hand
        deciding = human.kind in ("lead", "follow") or bool(human.charm is not None and human.lawful)
        options = human.options()
        focused = options[min(human.focus, len(options) - 1)] if options else None
        if human.charm is not None:  # R31: the target of the charm picked, as a lead's card
            focused = human.charm.target
        shadow = deck.shadow()
        pad = deck.shadow_pad
        placed = human.hand_rects()
        # a card the rules play for the player stands up over its neighbours, glowing, before it flies
        rects = [(c, r) for c, r in placed if c is not lifted] + [(c, r.move(0, -LIFT)) for c, r in placed
                                                                     if c is lifted]
        for card, rect in rects:
            if card is lifted:
                paint.rect(surface, theme.GOLD, rect.inflate(10, 10), 4, border_radius=11)
            surface.blit(shadow, (rect.x - pad, rect.y - pad + 3))
            if card in human.lawful:
                image = deck.highlighted(card)
            elif deciding:
                image = deck.dimmed(card)
            else:
                image = deck.face(card)
            surface.blit(image, rect)
            if card is focused or (human.kind == "follow" and card in human.lawful):
                paint.rect(surface, theme.INK, rect.inflate(4, 4), 2, border_radius=8)
            if card is human.hint_card:
                paint.rect(surface, HINT_COLOUR, rect.inflate(8, 8), 3, border_radius=10)
        if deciding:  # raised and bright is not enough for every eye: a ▲ under each card that may be played
            draw_playable_marks(surface, playable_mark_rects(placed, human.lawful))
        for _, spot in hand_lock_spots(rects, self.stage.model.locked):
            draw_lock_mark(surface, spot, HAND_LOCK_H)

    def _draw_status(self, surface: Canvas, director: Director, turn_words: str, covered: bool) -> None:
        stage = self.stage
        model, layout, text = stage.model, stage.layout, stage.text
        parts = [p for p in (model.status, turn_words) if p]
        if not parts or (director.stop_banner_showing() and not covered):
            return  # the stop's banner stands on this line while it shows
        words = "   ·   ".join(parts)
        light = self._suit_light
        colour = (255, 214, 200) if model.status_is_stop else theme.INK
        room = layout.status.width - 24
        # larger words, but only as large as the line's height holds: the board above and the prompt below stay clear
        tall = layout.status.height - 2
        largest = next((size for size in range(17, 13, -1) if text.line_height("bold", size) <= tall), 13)
        size = text.fit_size(words, "bold", largest, room, 12)
        if text.width(words, "bold", size) > room:
            text.overflows.add(words)
        line = text.render_runs(suit_runs(words, colour, light), "bold", size)
        rect = line.get_rect(center=layout.status.center)
        back = rect.inflate(24, 6)
        paint.rect(surface, (8, 30, 20), back, border_radius=back.height // 2)
        surface.blit(line, rect)
