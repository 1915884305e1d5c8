"""Statistics: the player's record against each character, boodle hits, deals, pots, runs and chips over time."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...ai.registry import load_character_by_id
from ...engine.cards import Card
from ...locale import tr, trn
from ...locale.names import seat_name
from ...stats import Record, Statistics
from ...storage.statistics_file import load_statistics
from .. import paint, theme
from ..canvas import Canvas
from ..scene import Scene
from ..widgets import Button, Menu, button_width, draw_panel, signed
from .common import felt_backdrop, heading, hint_bar, portrait

if TYPE_CHECKING:
    from ..app import App

SCREEN = pygame.Rect(0, 0, *theme.SCREEN_SIZE)
TILES = pygame.Rect(64, 138, 1152, 76)
RECORDS = pygame.Rect(64, 228, 560, 448)
CHART = pygame.Rect(640, 228, 576, 300)
BOODLE = pygame.Rect(640, 540, 576, 136)
ROW_H = 44
PORTRAIT = 36
GRID = (60, 104, 80)
LINE = theme.GOLD


@dataclass(frozen=True)
class Opponent:
    """One row of the record table: who, how they look, and the record."""

    key: str
    name: str
    look: Any  # the character's Look, or None for a seat with no character file
    record: Record


def nice_step(span: float, wanted: int = 5) -> int:
    """A round gridline step (1, 2, 5 × 10^n) giving about `wanted` lines over `span`."""
    raw = max(span, 1) / wanted
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, int(factor * power))
    return max(1, int(10 * power))


def taken_back_words(stats: Statistics) -> str:
    """The sessions with take backs, counted apart ("Not counted above: 2 sessions with take backs ...")."""
    return tr("take_back.apart", sessions=trn("take_back.sessions", stats.taken_back_sessions),
              won=trn("take_back.won", stats.taken_back_won),
              decisions=trn("take_back.decisions", stats.decisions_taken_back))


def find_opponent(key: str, record: Record) -> Opponent:
    """The character behind a record's key, with their name and look when their file loads."""
    try:
        character = load_character_by_id(key)
        return Opponent(key, seat_name(character), character.look, record)
    except Exception:  # noqa: BLE001 - a built-in AI or a character whose file is gone: a plain disc stands in
        return Opponent(key, key.replace("_", " ").title(), None, record)


class StatisticsScene(Scene):
    """The player's record, read from the data folder; Esc or Back returns."""

    def __init__(self, app: App, statistics: Statistics | None = None) -> None:
        super().__init__(app)
        self.message = ""
        if statistics is None:
            found = load_statistics(app.data_dir)
            statistics, self.message = found.statistics, found.problem or ""
            app.notices.tell(found.problem)  # the file set aside is said as every player file is
        self.stats = statistics
        self.empty = statistics.sessions == 0 and statistics.taken_back_sessions == 0
        self.menu = Menu()
        self.relabel()

    def relabel(self) -> None:
        """The Back button, the opponents' names and the chart's session marks in the current language."""
        ordered = sorted(self.stats.records.items(), key=lambda item: (-item[1].sessions, item[0]))
        self.opponents = [find_opponent(key, record) for key, record in ordered]
        back, trophies = tr("statistics.back"), tr("trophies.open")
        width = button_width(self.app.text, back, 20, "ESC", minimum=150)
        wide = button_width(self.app.text, trophies, 20, "T", minimum=150)
        self.menu.set([Button(pygame.Rect(1216 - width, 46, width, 48), back, self.back,
                              tooltip=tr("statistics.back_tip"), keycap="ESC", size=20),
                       Button(pygame.Rect(1216 - width - 12 - wide, 46, wide, 48), trophies, self.open_trophies,
                              pygame.K_t, tooltip=tr("trophies.open_tip"), keycap="T", size=20)])
        self.chart = self._chart_geometry()

    def open_trophies(self) -> None:
        """The trophy case, over the statistics."""
        self.app.scenes.push("trophies")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc, Backspace or Back return; T or Trophies opens the trophy case."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        self.menu.handle_event(event)

    # --- the chart's geometry, worked out once ----------------------------------------------------

    def _chart_geometry(self) -> dict[str, Any]:
        """Plot area, axis ticks and the polyline of chips after every deal."""
        points = self.stats.chips_over_time
        text = self.app.text
        above, below = text.growth("body", 13), 2 * text.growth("body", 14)  # larger marks, ticks and axis title
        plot = pygame.Rect(CHART.x + 56, CHART.y + 72 + above, CHART.width - 84, CHART.height - 118 - above - below)
        if not points:
            return {"plot": plot, "line": [], "yticks": [], "xticks": [], "sessions": []}
        values = [p.chips for p in points]
        low, high = min(values), max(values)
        step = nice_step(high - low)
        bottom = max(0, (low // step) * step) if low >= 0 else (low // step) * step
        top = -(-high // step) * step
        if top == bottom:
            top = bottom + step
        count = len(points)

        def x_of(index: int) -> int:
            return plot.x + (round(index * plot.width / (count - 1)) if count > 1 else plot.width // 2)

        def y_of(chips: int) -> int:
            return plot.bottom - round((chips - bottom) * plot.height / (top - bottom))

        line = [(x_of(i), y_of(p.chips)) for i, p in enumerate(points)]
        yticks = [(y_of(v), str(v)) for v in range(bottom, top + 1, step)]
        xstep = nice_step(count, 6)
        xticks = [(x_of(i - 1), str(i)) for i in range(xstep, count + 1, xstep)]
        sessions = [(x_of(i), tr("statistics.session_mark", number=p.session)) for i, p in enumerate(points)
                    if i == 0 or points[i - 1].session != p.session]
        return {"plot": plot, "line": line, "yticks": yticks, "xticks": xticks, "sessions": sessions}

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The record, or the empty state when no session has been played."""
        text = self.app.text
        felt_backdrop(surface)
        subtitle = heading(surface, text, tr("statistics.heading"), tr("statistics.subtitle"), below=TILES.y - 4)
        if self.empty:
            self._draw_empty(surface)
        else:
            self._draw_tiles(surface)
            self._draw_records(surface)
            self._draw_chart(surface)
            self._draw_boodle(surface)
        self.menu.draw(surface, text)
        if self.stats.taken_back_sessions:
            text.draw(surface, taken_back_words(self.stats), (TILES.right, TILES.y - 14), size=15,
                      colour=theme.INK_DIM, anchor="bottomright", min_size=11,
                      max_width=min(TILES.width - 320, TILES.right - subtitle.right - 24))
        if self.message:  # a file that could not be read: the record starts afresh, so the room below is free
            words = text.render_wrapped(self.message, "body", 16, theme.RED_TEXT, 960, align="center")
            band = words.get_rect(midbottom=(SCREEN.centerx, 672)).inflate(32, 16)
            draw_panel(surface, band, alpha=235, radius=12)
            surface.blit(words, words.get_rect(center=band.center))
        hint_bar(surface, text, tr("statistics.hint"))

    def _draw_empty(self, surface: Canvas) -> None:
        text = self.app.text
        panel = pygame.Rect(240, 170, 800, 400)
        draw_panel(surface, panel)
        text.draw(surface, tr("statistics.empty_title"), (panel.centerx, panel.y + 60), role="title", size=34,
                  colour=theme.GOLD, anchor="center", max_width=panel.width - 60)
        text.draw(surface, tr("statistics.empty_intro"), (panel.centerx, panel.y + 112),
                  size=19, colour=theme.INK_DIM, anchor="center", max_width=panel.width - 60)
        coming = [tr(key) for key in ("statistics.coming.records", "statistics.coming.boodle",
                                      "statistics.coming.deals", "statistics.coming.pot", "statistics.coming.run",
                                      "statistics.coming.chart")]
        widest = max(text.width("•  " + line, "body", 19) for line in coming)
        left = max(panel.x + 40, min(panel.x + 250, panel.centerx - widest // 2))
        for row, line in enumerate(coming):
            text.draw(surface, "•  " + line, (left, panel.y + 160 + row * 36), size=19, colour=theme.INK,
                      max_width=panel.right - 40 - left)

    def _draw_tiles(self, surface: Canvas) -> None:
        text, s = self.app.text, self.stats
        hits = sum(h.hits for h in s.boodle.values())
        tiles = ((tr("statistics.tiles.sessions"), f"{s.sessions}", trn("statistics.tiles.won", s.sessions_won)),
                 (tr("statistics.tiles.deals_won"), f"{s.deals_won}",
                  trn("statistics.tiles.of_played", s.deals_played)),
                 (tr("statistics.tiles.biggest_pot"), f"{s.biggest_pot}", trn("statistics.tiles.chips_word",
                                                                              s.biggest_pot)),
                 (tr("statistics.tiles.longest_run"), f"{s.longest_run}", trn("statistics.tiles.in_a_row",
                                                                              s.longest_run)),
                 (tr("statistics.tiles.boodle_hits"), f"{hits}",
                  trn("statistics.chips", sum(h.chips for h in s.boodle.values()))))
        gap = 12
        width = (TILES.width - gap * (len(tiles) - 1)) // len(tiles)
        for i, (label, value, note) in enumerate(tiles):
            rect = pygame.Rect(TILES.x + i * (width + gap), TILES.y, width, TILES.height)
            draw_panel(surface, rect, radius=12)
            text.draw(surface, label, (rect.x + 16, rect.y + 10), size=text.fit_height("body", 15, 22),
                      colour=theme.INK_DIM, max_width=rect.width - 32)  # clear of the big number under it
            value_rect = text.draw(surface, value, (rect.x + 16, rect.bottom - 10), role="title", size=34,
                                   colour=theme.GOLD, anchor="bottomleft")
            text.draw(surface, note, (value_rect.right + 10, rect.bottom - 16), size=15, colour=theme.INK,
                      anchor="bottomleft", max_width=rect.right - value_rect.right - 22, min_size=11)

    def _draw_records(self, surface: Canvas) -> None:
        text = self.app.text
        draw_panel(surface, RECORDS)
        text.draw(surface, tr("statistics.against"), (RECORDS.x + 20, RECORDS.y + 14), role="bold", size=20,
                  colour=theme.GOLD, max_width=RECORDS.width - 40)
        columns = ((tr("statistics.columns.played"), 280), (tr("statistics.columns.ahead"), 350),
                   (tr("statistics.columns.behind"), 420), (tr("statistics.columns.net"), 500))
        labels_y = RECORDS.y + 46 + text.growth("bold", 20)  # each line as much lower as the one above grew
        rooms = [84 if x == 500 else 68 for _, x in columns]  # the last column has the panel's margin to spare
        # one size for the row of labels, each on at most two lines ("you / behind"), the largest that fits
        size = next((at for at in range(14, 9, -1) if all(
            len(text.wrap(label, "body", at, room)) <= 2 and all(text.width(line, "body", at) <= room
                                                                for line in text.wrap(label, "body", at, room))
            for (label, _), room in zip(columns, rooms))), 10)
        labels = [text.render_wrapped(label, "body", size, theme.INK_DIM, room, align="center", line_spacing=1.0)
                  for (label, _), room in zip(columns, rooms)]
        for body, (_, x) in zip(labels, columns):
            surface.blit(body, body.get_rect(midbottom=(RECORDS.x + x, labels_y + max(b.get_height() for b in labels))))
        top = labels_y + max(body.get_height() for body in labels) + 6
        # what the columns mean, all from the player's side, so "you behind" beside "+3 to you" reads as two measures
        note_width = RECORDS.width - 40
        note_size = text.wrapped_size(tr("statistics.against_note"), "body", 13, note_width, 58, floor=11)
        note = text.render_wrapped(tr("statistics.against_note"), "body", note_size, theme.INK_DIM, note_width)
        note_top = RECORDS.bottom - 12 - note.get_height()
        surface.blit(note, (RECORDS.x + 20, note_top))
        room = (note_top - 6 - top) // ROW_H
        shown = self.opponents if len(self.opponents) <= room else self.opponents[:room - 1]
        for row, opponent in enumerate(shown):
            y = top + row * ROW_H
            if row % 2 == 0:
                band = pygame.Rect(RECORDS.x + 10, y, RECORDS.width - 20, ROW_H)
                paint.rect(surface, (18, 46, 34), band, border_radius=8)
            centre_y = y + ROW_H // 2
            self._draw_face(surface, opponent, (RECORDS.x + 20 + PORTRAIT // 2, centre_y))
            text.draw(surface, opponent.name, (RECORDS.x + 66, centre_y), role="bold", size=18, colour=theme.INK,
                      anchor="midleft", max_width=190)
            r = opponent.record
            net = r.net
            cells = ((str(r.sessions), theme.INK), (str(r.ahead), theme.INK), (str(r.behind), theme.INK),
                     (signed(net, "+0"), theme.GOLD if net > 0 else (theme.RED_TEXT if net < 0 else theme.INK)))
            for (value, colour), (_, x) in zip(cells, columns):
                text.draw(surface, value, (RECORDS.x + x, centre_y), role="bold", size=18, colour=colour,
                          anchor="center")
        if len(shown) < len(self.opponents):
            y = top + len(shown) * ROW_H + ROW_H // 2
            text.draw(surface, trn("statistics.more", len(self.opponents) - len(shown)), (RECORDS.centerx, y),
                      size=16, colour=theme.INK_DIM, anchor="center", max_width=RECORDS.width - 40)
        if not shown:
            text.draw(surface, tr("statistics.no_opponents"), (RECORDS.centerx, top + 40), size=17,
                      colour=theme.INK_DIM, anchor="center", max_width=RECORDS.width - 40)

    def _draw_face(self, surface: Canvas, opponent: Opponent, centre: tuple[int, int]) -> None:
        if opponent.look is not None:
            disc = portrait(opponent.look, PORTRAIT, self.app.text, opponent.key)
            surface.blit(disc, disc.get_rect(center=centre))
            return
        paint.circle(surface, theme.PANEL_EDGE, centre, PORTRAIT // 2)
        paint.circle(surface, theme.GOLD, centre, PORTRAIT // 2, 2)
        self.app.text.draw(surface, opponent.name[:1].upper(), centre, role="bold", size=18, colour=theme.INK,
                           anchor="center")

    def _draw_chart(self, surface: Canvas) -> None:
        text, chart = self.app.text, self.chart
        plot: pygame.Rect = chart["plot"]
        draw_panel(surface, CHART)
        title = text.draw(surface, tr("statistics.chart_title"), (CHART.x + 20, CHART.y + 14), role="bold", size=20,
                          colour=theme.GOLD, max_width=CHART.width // 2)
        text.draw(surface, tr("statistics.chart_note"), (CHART.right - 20, CHART.y + 18), size=15,
                  colour=theme.INK_DIM, anchor="topright", max_width=CHART.right - 20 - title.right - 16)
        for x, _label in chart["sessions"][1:]:
            paint.line(surface, (90, 120, 100), (x, plot.y), (x, plot.bottom))
        for y, label in chart["yticks"]:
            paint.line(surface, GRID, (plot.x, y), (plot.right, y))
            text.draw(surface, label, (plot.x - 8, y), size=14, colour=theme.INK_DIM, anchor="midright")
        for x, label in chart["xticks"]:
            paint.line(surface, theme.INK_DIM, (x, plot.bottom), (x, plot.bottom + 5))
            text.draw(surface, label, (x, plot.bottom + 7), size=14, colour=theme.INK_DIM, anchor="midtop")
        paint.line(surface, theme.INK_DIM, plot.bottomleft, plot.bottomright, 2)
        paint.line(surface, theme.INK_DIM, plot.bottomleft, plot.topleft, 2)
        text.draw(surface, tr("statistics.chart_axis"), (plot.centerx, CHART.bottom - 8), size=14,
                  colour=theme.INK_DIM, anchor="midbottom", max_width=plot.width)
        line = chart["line"]
        if len(line) > 1:
            paint.lines(surface, LINE, False, line, 3)
        if len(line) <= 60:
            for point in line:
                paint.circle(surface, LINE, point, 4)
                paint.circle(surface, theme.PANEL, point, 2)
        if chart["sessions"] and len(chart["sessions"]) <= 12:
            for x, label in chart["sessions"]:
                text.draw(surface, label, (x + 4, plot.y - 6), size=13, colour=theme.INK_DIM, anchor="bottomleft")

    def _draw_boodle(self, surface: Canvas) -> None:
        text = self.app.text
        draw_panel(surface, BOODLE)
        text.draw(surface, tr("statistics.boodle_title"), (BOODLE.x + 20, BOODLE.y + 12), role="bold", size=20,
                  colour=theme.GOLD, max_width=BOODLE.width - 40)
        hits = sorted(self.stats.boodle.items(), key=lambda item: (-item[1].hits, item[0]))
        if not hits:
            text.draw(surface, tr("statistics.boodle_none"), (BOODLE.x + 20, BOODLE.y + 62), size=17,
                      colour=theme.INK_DIM, max_width=BOODLE.width - 40)
            return
        deck = self.app.art.deck(44, self.app.settings.four_colour_deck)
        x = BOODLE.x + 20
        for name, count in hits[:5]:
            try:
                card = Card.parse(name)
            except ValueError:
                continue
            face = deck.face(card)
            rect = surface.blit(face, (x, BOODLE.y + 46))
            text.draw(surface, f"× {count.hits}", (rect.right + 8, rect.y + 8), role="bold", size=18,
                      colour=theme.INK, max_width=72)
            text.draw(surface, trn("statistics.chips", count.chips),
                      (rect.right + 8, rect.y + 36 + text.growth("bold", 18)), size=14,
                      colour=theme.INK_DIM, max_width=72, min_size=10)
            x = rect.right + 84
