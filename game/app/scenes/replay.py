"""The replay: a checked event log played back on a simple table, every hand face up, forwards and back.

The table here is drawn from the replay's `TableState` alone (seats down the left with their hands, the boodle,
pot and the runs laid out by suit on the right), so stepping back is as cheap as stepping forward. Card faces,
chips and the dealer button come from the app's shared artwork, portraits from the menus' helper.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.cards import Card
from ...engine.ranks import hand_order
from ...locale import decimal, language, tr, trn
from ...locale.names import seat_name
from ...replay import Replay, TableState
from .. import paint, theme
from ..canvas import Canvas
from ..card_art import card_size
from ..comfort import reduced_motion
from ..portraits import HUMAN_LOOK
from ..replay_log import draw_moment, draw_replay_log
from ..replay_words import WordsAt, replay_human, shipped_character, words_at
from ..scene import Scene
from ..widgets import Button, Menu, button_width, draw_panel
from .common import felt_backdrop, hint_bar, portrait

if TYPE_CHECKING:
    from ..app import App

SEATS = pygame.Rect(16, 64, 700, 560)
BOARD = pygame.Rect(732, 64, 532, 560)
BAR = pygame.Rect(16, 636, 1248, 54)
PACES = (1.2, 0.7, 0.4, 0.2, 0.08)  # seconds per event while playing, slow to fast
BOARD_CARD_W = 34
PLAYER_W = 500  # the progress track and the pace words, left of the controls
BOODLE_CARD_W = 52
LOG_MIN = 84  # the least room kept under the seats for the deal so far
RUN_EDGE = theme.GOLD


@dataclass(frozen=True)
class SeatFace:
    """How a seat is shown: a short name and the character's look, when the log names a known character."""

    name: str
    look: Any
    key: str


def seat_faces(replay: Replay) -> list[SeatFace]:
    """Each seat's name and portrait look, read off the log's session_start: the faces the table drew (seeded by
    the character alone, the player's own disc tagged as at the table)."""
    first = replay.steps[0].event if replay.steps else None
    players = first.players if first is not None and first.type == "session_start" else ()
    human = replay_human(replay)
    faces: list[SeatFace] = []
    for seat, player in enumerate(players):
        personality = player.get("personality")
        character = shipped_character(personality if isinstance(personality, str) else None)
        logged = str(player.get("name", tr("replay.seat", number=seat + 1)))
        if seat == human:
            you = dataclasses.replace(HUMAN_LOOK, initials=tr("table.you_tag"))
            faces.append(SeatFace(seat_name(character, logged), you, "human"))
            continue
        look = character.look if character is not None else None  # a built-in AI ("random"): a plain disc
        faces.append(SeatFace(seat_name(character, logged), look, character.id if character is not None else ""))
    return faces


def seat_row(seat: int, count: int) -> pygame.Rect:
    """Where seat `seat` of `count` is drawn down the left."""
    gap = 6
    count = max(1, count)
    row_h = min(110, (SEATS.height - LOG_MIN - gap * count) // count)  # room kept under them for the deal so far
    return pygame.Rect(SEATS.x, SEATS.y + seat * (row_h + gap), SEATS.width, row_h)


BOARD_TOP = BOARD.y + 172


def board_slot(suit: int, rank: int) -> pygame.Rect:
    """Where a played card lies in the runs by suit."""
    w, h = card_size(BOARD_CARD_W)
    return pygame.Rect(BOARD.x + 42 + (rank - 1) * (w + 2), BOARD_TOP + 28 + suit * (h + 8), w, h)


FLIGHT = 0.3  # seconds a played card takes from its hand to the board


def parse_card(name: str) -> Card | None:
    """A card of the log, or None if it is not one (the log was checked, so this is only a guard)."""
    try:
        return Card.parse(name)
    except ValueError:
        return None


class ReplayScene(Scene):
    """Steps through a Replay: Right/Left, Space to play or pause, Home/End, PageUp/PageDown by deal, Esc back."""

    music = "table"  # a table is shown, so its music is heard

    def __init__(self, app: App, replay: Replay, title: str = "") -> None:
        super().__init__(app)
        self.replay = replay
        self.title = title or Path(replay.source).name
        self.faces = seat_faces(replay)
        self._words: tuple[tuple[int, str], WordsAt] | None = None
        self.playing = False
        self.pace = 1
        self.clock = 0.0
        self.flight = FLIGHT  # time into the last played card's flight to the board; FLIGHT when landed
        self.replay.seek(max(0, replay.position))
        self.menu = Menu()
        self._build_buttons()

    @classmethod
    def from_deal_logs(cls, app: App, logs: list[str] | tuple[str, ...], index: int,
                       title: str = "") -> ReplayScene:
        """A replay of one finished deal kept in a save (`SaveData.logs[index]`); LogError if it is unsound."""
        return cls(app, Replay.from_text(logs[index], f"deal {index + 1} of the save"),
                   title or tr("replay.deal_title", number=index + 1))

    # --- moving the cursor ------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """The index of the step shown."""
        return self.replay.position

    def words(self) -> WordsAt:
        """What the replay says at the cursor, made once a position and language (not every frame)."""
        key = (self.position, language())
        if self._words is None or self._words[0] != key:
            self._words = key, words_at(self.replay, self.position, [face.name for face in self.faces])
        return self._words[1]

    def seek(self, position: int) -> None:
        """Show step `position` (clamped to the log)."""
        self.replay.seek(max(0, position))
        self.clock = 0.0
        self.flight = FLIGHT

    def step_by(self, count: int) -> None:
        """Move `count` events forwards (or back when negative); one step forwards onto a play animates it."""
        self.seek(self.position + count)
        if count == 1:
            self.flight = 0.0

    def flight_card(self) -> str | None:
        """The card flying to the board: the one played by the event at the cursor, if that is a play."""
        step = self.replay.step
        return str(step.event.card) if step is not None and step.event.type == "play" else None

    def deal_index(self) -> int:
        """The index in `replay.deals` of the deal at the cursor (-1 before the first deal)."""
        found = -1
        for index, span in enumerate(self.replay.deals):
            if span.first <= self.position:
                found = index
        return found

    def jump_deal(self, direction: int) -> None:
        """To the start of the next deal, or of this one (the previous one when already at its start)."""
        deals = self.replay.deals
        if not deals:
            self.seek(0 if direction < 0 else len(self.replay.steps) - 1)
            return
        index = self.deal_index()
        if direction > 0:
            if index + 1 < len(deals):
                self.seek(deals[index + 1].first)
            else:
                self.seek(len(self.replay.steps) - 1)
        elif index >= 0 and self.position > deals[index].first:
            self.seek(deals[index].first)
        elif index > 0:
            self.seek(deals[index - 1].first)
        else:
            self.seek(0)

    def toggle_play(self) -> None:
        """Play or pause; playing from the end starts again from the beginning."""
        if not self.playing and self.position >= len(self.replay.steps) - 1:
            self.seek(0)
        self.playing = not self.playing
        self.clock = 0.0
        self._build_buttons()

    def back(self) -> None:
        """Leave the replay: back to the scene below, or close the window when it is the only one."""
        if self.app.scenes.top is not self:
            return
        if len(self.app.scenes) > 1:
            self.app.scenes.pop()
        else:
            self.app.quit()

    # --- input and time ---------------------------------------------------------------------------

    def relabel(self) -> None:
        """The language changed: the controls again in the new words (the rest is read as it draws)."""
        self.faces = seat_faces(self.replay)
        self._build_buttons()

    def _build_buttons(self) -> None:
        controls = ((tr("replay.buttons.prev_deal"), lambda: self.jump_deal(-1)),
                    (tr("replay.buttons.back"), lambda: self._manual(-1)),
                    (tr("replay.buttons.pause") if self.playing else tr("replay.buttons.play"), self.toggle_play),
                    (tr("replay.buttons.step"), lambda: self._manual(1)),
                    (tr("replay.buttons.next_deal"), lambda: self.jump_deal(1)),
                    (tr("replay.buttons.close"), self.back))
        gap = 8
        room = BAR.width - 24 - PLAYER_W - (len(controls) - 1) * gap
        for size in (17, 16, 15):  # long words: a size smaller for every button, their margins kept
            widths = [button_width(self.app.text, label, size, minimum=84 if size == 17 else 64, pad=18)
                      for label, _ in controls]
            if sum(widths) <= room:
                break
        x = BAR.right - 12 - sum(widths) - (len(controls) - 1) * gap
        buttons = []
        for (label, action), width in zip(controls, widths):
            buttons.append(Button(pygame.Rect(x, BAR.y + 8, width, BAR.height - 16), label, action, size=size))
            x += width + gap
        self.menu.set(buttons)
        if not self.menu.keyboard:
            self.menu.focus = 2  # Play/Pause: what Enter most likely means here

    def _manual(self, count: int) -> None:
        self.playing = False
        self._build_buttons()
        self.step_by(count)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The replay's keys; the mouse goes to the buttons."""
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif key == pygame.K_RIGHT:
                self._manual(1)
            elif key == pygame.K_LEFT:
                self._manual(-1)
            elif key == pygame.K_SPACE:
                self.toggle_play()
            elif key == pygame.K_HOME:
                self._manual(-len(self.replay.steps))
            elif key == pygame.K_END:
                self._manual(len(self.replay.steps))
            elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.playing = False
                self._build_buttons()
                self.jump_deal(1 if key == pygame.K_PAGEDOWN else -1)
            elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.pace = min(len(PACES) - 1, self.pace + 1)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.pace = max(0, self.pace - 1)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        """While playing, move on one event every `PACES[pace]` seconds; stop at the end."""
        self.flight = min(FLIGHT, self.flight + dt)
        if not self.playing:
            return
        self.clock += dt
        while self.clock >= PACES[self.pace]:
            self.clock -= PACES[self.pace]
            if self.replay.forward() is None:
                self.playing = False
                self.clock = 0.0
                self._build_buttons()
                return
            self.flight = 0.0

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The table at the cursor, the last event in words, and the controls."""
        state = self.replay.state
        felt_backdrop(surface)
        self._draw_top(surface, state)
        self._draw_seats(surface, state)
        self._draw_log(surface, state)
        self._draw_board(surface, state)
        self._draw_bar(surface)
        hint_bar(surface, self.app.text, tr("replay.hint"))

    def _draw_top(self, surface: Canvas, state: TableState) -> None:
        text = self.app.text
        heading = text.draw(surface, tr("replay.title"), (24, 12), role="title", size=34, colour=theme.GOLD,
                            shadow=True, max_width=170, min_size=22)
        deals = len(self.replay.deals)
        if not state.deal:
            where = tr("replay.before")
        elif deals > 1:  # a deal kept with a save is a log of its own: "of 1" would mislead
            where = tr("replay.deal_of", deal=state.deal, total=deals)
        else:
            where = tr("replay.deal", deal=state.deal)
        x = max(200, heading.right + 24)
        placed = text.draw(surface, where, (x, 20), role="bold", size=22, colour=theme.INK, max_width=260,
                           min_size=15)
        step = tr("replay.event_of", number=self.position + 1, total=len(self.replay.steps))
        shown = text.draw(surface, step, (placed.right + 20, 24), size=17, colour=theme.INK_DIM, max_width=220,
                          min_size=12)
        room = BOARD.right - shown.right - 24
        if room > 60:
            text.draw(surface, self.title, (BOARD.right, 24), size=15, colour=theme.INK_DIM, anchor="topright",
                      max_width=min(560, room), min_size=11)

    def _draw_pot(self, surface: Canvas, pot: int) -> None:
        text, pot_x = self.app.text, BOARD.right - 80
        text.draw(surface, tr("replay.pot"), (pot_x, BOARD.y + 10), role="bold", size=17, colour=theme.GOLD,
                  anchor="midtop", max_width=140)
        if pot:
            self.app.art.draw_stack(surface, 2, 14, min(pot, 10), (pot_x, BOARD.y + 100))
        text.draw(surface, str(pot), (pot_x, BOARD.y + 106), role="title", size=26, colour=theme.INK, anchor="midtop")

    def _draw_seats(self, surface: Canvas, state: TableState) -> None:
        text = self.app.text
        count = max(1, len(state.players))
        row_h = seat_row(0, count).height
        card_w = max(28, min(56, round((row_h - 16) / 1.4)))
        deck = self.app.art.deck(card_w, self.app.settings.four_colour_deck)
        last = self.replay.step
        mover = getattr(last.event, "player", None) if last is not None else None
        for seat, name in enumerate(state.players):
            row = seat_row(seat, count)
            out = bool(state.in_session) and not state.in_session[seat]
            draw_panel(surface, row, alpha=170 if out else 215, radius=12)
            if seat == mover:
                paint.rect(surface, theme.GOLD, row, width=2, border_radius=12)
            disc_d = min(52, row_h - 12)
            centre = (row.x + 10 + disc_d // 2, row.centery)
            self._draw_face(surface, seat, disc_d, centre)
            name_x = row.x + 20 + disc_d
            text.draw(surface, self.faces[seat].name if seat < len(self.faces) else name,
                      (name_x, row.centery - 2), role="bold", size=17 if row_h > 50 else 15,
                      colour=theme.INK_DIM if out else theme.INK, anchor="bottomleft", max_width=row.x + 226 - name_x,
                      min_size=11)
            chips = state.chips[seat] if seat < len(state.chips) else 0
            notes = [trn("replay.chips", chips)]
            if out:
                notes.append(tr("replay.out"))
            if state.deal_winner == seat:
                notes.append(tr("replay.went_out"))
            if state.winners is not None and seat in state.winners:
                notes.append(tr("replay.winner"))
            text.draw(surface, "  · ".join(notes), (name_x, row.centery + 2), size=15,
                      colour=theme.GOLD if state.deal_winner == seat else theme.INK_DIM, anchor="topleft",
                      max_width=row.x + 226 - name_x, min_size=10)
            if state.dealer == seat:
                button = self.app.art.dealer_button(12)
                surface.blit(button, button.get_rect(center=(row.x + 12 + disc_d, row.bottom - 14)))
            hand = state.hands[seat] if seat < len(state.hands) else ()
            self._draw_hand(surface, deck, hand, pygame.Rect(row.x + 230, row.y + 6, row.width - 240, row_h - 12))

    def _draw_log(self, surface: Canvas, state: TableState) -> None:
        last = seat_row(len(state.players) - 1, len(state.players)) if state.players else SEATS.move(0, -SEATS.h)
        area = pygame.Rect(SEATS.x, last.bottom + 6, SEATS.width, SEATS.bottom - last.bottom - 6)
        draw_replay_log(surface, self.app.text, area, self.words().log, state.deal)

    def _draw_face(self, surface: Canvas, seat: int, diameter: int, centre: tuple[int, int]) -> None:
        face = self.faces[seat] if seat < len(self.faces) else None
        if face is not None and face.look is not None:
            disc = portrait(face.look, diameter, self.app.text, face.key)
            surface.blit(disc, disc.get_rect(center=centre))
            return
        paint.circle(surface, theme.PANEL_EDGE, centre, diameter // 2)
        paint.circle(surface, theme.GOLD, centre, diameter // 2, 2)
        self.app.text.draw(surface, str(seat + 1), centre, role="bold", size=max(12, diameter // 2),
                           colour=theme.INK, anchor="center")

    def _draw_hand(self, surface: Canvas, deck: Any, hand: tuple[str, ...], area: pygame.Rect) -> None:
        cards = [c for c in (parse_card(name) for name in hand) if c is not None]
        now = self.replay.step
        cards.sort(key=hand_order("high" if now is not None and now.state.aces_high else "low"))
        if not cards:
            return
        w, h = card_size(deck.face(cards[0]).get_width())
        step = min(w + 3, (area.width - w) // max(1, len(cards) - 1)) if len(cards) > 1 else w
        y = area.centery - h // 2
        for index, card in enumerate(cards):
            surface.blit(deck.face(card), (area.x + index * step, y))

    def _draw_board(self, surface: Canvas, state: TableState) -> None:
        text = self.app.text
        draw_panel(surface, BOARD)
        # the boodle cards with their chips, and the pot
        text.draw(surface, tr("replay.boodle"), (BOARD.x + 16, BOARD.y + 10), role="bold", size=17, colour=theme.GOLD,
                  max_width=300)
        boodle_deck = self.app.art.deck(BOODLE_CARD_W, self.app.settings.four_colour_deck)
        x = BOARD.x + 16
        for pile, (name, chips) in enumerate(state.boodle):
            card = parse_card(name)
            if card is None:
                continue
            rect = surface.blit(boodle_deck.face(card), (x, BOARD.y + 36))
            if chips:  # each boodle card's chips in its own colour, as on the table
                self.app.art.draw_stack(surface, 1 + pile % 4, 11, chips, (rect.centerx, rect.bottom + 24), max_shown=3)
            text.draw(surface, str(chips), (rect.centerx, rect.bottom + 26), role="bold", size=16,
                      colour=theme.INK, anchor="midtop")
            x = rect.right + 18
        if state.pot or self.replay.has_pot:  # rules with no pot show no empty one, as at the table
            self._draw_pot(surface, state.pot)
        # the runs by suit: every card played this deal in its suit's row, the current run outlined
        top = BOARD_TOP
        text.draw(surface, tr("replay.played_by_suit"), (BOARD.x + 16, top), role="bold", size=17,
                  colour=theme.GOLD, max_width=BOARD.width - 32)
        deck = self.app.art.deck(BOARD_CARD_W, self.app.settings.four_colour_deck)
        w, h = card_size(BOARD_CARD_W)
        played = set(state.played)
        flying = self.flight_card() if self.flight < FLIGHT and not reduced_motion() else None  # else placed
        flight_card: Card | None = None
        flight_slot = pygame.Rect(0, 0, 0, 0)
        in_run = set(state.run)
        suit_colours = theme.suits_on_dark(self.app.settings.four_colour_deck)
        for suit in range(4):
            y = top + 28 + suit * (h + 8)
            text.draw(surface, "♠♥♦♣"[suit], (BOARD.x + 24, y + h // 2), role="bold", size=22,
                      colour=suit_colours[suit], anchor="center")
            for rank in range(1, 14):
                slot = board_slot(suit, (13 if rank == 1 else rank - 1) if state.aces_high else rank)
                card = Card.parse(f"{_RANKS[rank]}{'SHDC'[suit]}")
                name = str(card)
                if name in played and name == flying:
                    paint.rect(surface, (30, 70, 50), slot, width=1, border_radius=4)
                    flight_card, flight_slot = card, slot
                elif name in played:
                    surface.blit(deck.face(card), slot)
                    if name in in_run:
                        paint.rect(surface, RUN_EDGE, slot.inflate(2, 2), width=2, border_radius=4)
                else:
                    paint.rect(surface, (30, 70, 50), slot, width=1, border_radius=4)
        if flight_card is not None:
            self._draw_flight(surface, deck, flight_card, flight_slot, state)
        # the last event in words, as the table's deal log told it, and the stops of this deal with its reasons
        words_y = top + 28 + 4 * (h + 8) + 6
        words = self.words()
        draw_moment(surface, text, pygame.Rect(BOARD.x + 16, words_y, BOARD.width - 32, BOARD.bottom - 6 - words_y),
                    words.moment, words.stops)
        if state.dead:
            text.draw(surface, trn("replay.dead_hand", len(state.dead)), (BOARD.right - 16, BOARD.y + 150), size=15,
                      colour=theme.INK_DIM, anchor="topright", max_width=260)

    def _draw_flight(self, surface: Canvas, deck: Any, card: Card, slot: pygame.Rect,
                     state: TableState) -> None:
        """The card just played, on its way from its player's hand to its place in the runs."""
        seat = state.last_player if state.last_player is not None else 0
        row = seat_row(seat, len(state.players))
        start = pygame.Vector2(row.x + 230 + len(state.hands[seat]) * 20 if seat < len(state.hands) else row.x,
                               row.centery - slot.height / 2)
        t = self.flight / FLIGHT
        t = 1 - (1 - t) ** 3  # ease out: quick off the hand, settling into place
        at = start.lerp(pygame.Vector2(slot.topleft), t)
        surface.blit(deck.face(card), (round(at.x), round(at.y)))

    def _draw_bar(self, surface: Canvas) -> None:
        text = self.app.text
        draw_panel(surface, BAR, radius=12)
        pace = tr("replay.playing" if self.playing else "replay.paused", seconds=decimal(PACES[self.pace]))
        controls = self.menu.buttons[0].rect.x if self.menu.buttons else BAR.right
        # the track gives up width to the pace's words (longer in some languages, larger at a larger text size)
        spare = controls - BAR.x - 16 - 14 - text.width(pace, "body", 14) - 16
        track = pygame.Rect(BAR.x + 16, BAR.centery - 4, max(96, min(330, spare)), 8)
        paint.rect(surface, (30, 60, 46), track, border_radius=4)
        total = max(1, len(self.replay.steps) - 1)
        for span in self.replay.deals:
            x = track.x + round(span.first * track.width / total)
            paint.line(surface, theme.PANEL_EDGE, (x, track.y - 6), (x, track.bottom + 5))
        done = track.copy()
        done.width = round(max(0, self.position) * track.width / total)
        paint.rect(surface, theme.GOLD, done, border_radius=4)
        paint.circle(surface, theme.GOLD, (done.right, track.centery), 8)
        room = controls - track.right - 24
        text.draw(surface, pace, (track.right + 14, BAR.centery), size=14, colour=theme.INK_DIM, anchor="midleft",
                  max_width=room, min_size=10)
        self.menu.draw(surface, text)


_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", **{r: str(r) for r in range(2, 11)}}
