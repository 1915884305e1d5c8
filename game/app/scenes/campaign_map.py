"""The campaign map: the road of venues, where the player stands on it, and the next table with its opponents.

The road itself (its save slot, the campaign file it plays, the progress) is `game.campaign.roads.Road`.
Nothing the player's files hold can crash the map: a broken campaign file shows its problem lines, and a save
that cannot be used says why and offers its backup or a fresh start. Playing a venue opens the table with a
`CampaignRoad` origin; when its session ends, the result is recorded on the slot and the map comes back (with
the high-score name entry first when that session ended the road).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...ai.seats import seats_against
from ...campaign.high_scores_file import load_high_scores
from ...campaign.model import CampaignProgress
from ...campaign.origin import CampaignRoad, finish_venue
from ...campaign.roads import SLOT, Road, campaign_path, session_seed, table_charms
from ...campaign.spec import Campaign, Unlock, Venue
from ...config.errors import ConfigError
from ...locale import language, tr, trn
from ...storage.resume import has_resume, road_mode
from .. import paint, theme
from ..canvas import Canvas
from ..comfort import swaying
from ..kept_words import sit_at_kept
from ..portraits import HUMAN_LOOK
from ..scene import Scene
from ..widgets import ButtonEntry, Menu, button_row, draw_panel
from .campaign_card import (
    changes_floor,
    changes_height,
    changes_on_one_line,
    draw_notes,
    draw_purse,
    hosts_line,
    note_rows,
    unlock_words,
    venue_facts,
    venue_shrink,
)
from .common import draw_opponents, felt_backdrop, heading, hint_bar, opponent_levels, portrait
from .rules_lines import changes_line

if TYPE_CHECKING:
    from ..app import App

ROAD_TOP, ROAD_BOTTOM = 150, 250  # the band the road winds through
NEWS_BOTTOM = ROAD_TOP - 26  # the map's message under its title ends above the road's highest stop and its ring
NEWS_SIZE = 16
VENUE_TOP = 330  # the venue's panel and the purse, under the road's names
STOP_R = 20
MARKER = 40  # the player's disc over (or under) their stop
ROAD = (112, 78, 44)
ROAD_EDGE = (62, 40, 22)
ROAD_LINE = (196, 164, 110)
CLEARED = (128, 220, 140)


class CampaignMapScene(Scene):
    """The road, the bankroll and score, and Play / Back; a problem with the file or the save is shown instead."""

    def __init__(self, app: App, message: str = "", *, progress: CampaignProgress | None = None,
                 slot: str = SLOT, path: Path | None = None, road: Road | None = None,
                 name_entry: bool = False, unlocked: Sequence[Unlock] = ()) -> None:
        """`road` (or `progress`), when given, is shown instead of the saved one (the slot is then not read);
        `path` is the campaign file for a new road (else the one the slot's save names, else the shipped one);
        with `name_entry` the high-score name entry opens over the map at once, and with `unlocked` the moment of
        what the venue just cleared gave, over it."""
        super().__init__(app)
        if road is None:
            road = Road.of(app.data_dir, progress, slot, path) if progress is not None else \
                Road.load(app.data_dir, slot, path)
        self.road = road
        self.message = road.notice or message
        self.name_entry = name_entry
        self.unlocked = tuple(unlocked)
        self.offer_charms = True  # a road with charms opens its choice over the map once, as the map opens
        self.t = 0.0
        self.shown = 0  # the venue whose details are shown (arrows browse the road)
        self.unlock_lines: dict[tuple[str, str], str] = {}  # (venue id, language): what the venue unlocks, worded
        self.heading_words = pygame.Rect(0, 0, 0, 0)  # the line under the title as last drawn: the marker keeps off it
        self.menu = Menu()
        self._after_load()
        self._build_menu()

    # --- the road -------------------------------------------------------------------------------

    @property
    def slot(self) -> str:
        """The save slot of the road shown."""
        return self.road.slot

    @property
    def campaign(self) -> Campaign | None:
        """The campaign the road plays (None when its file cannot be used)."""
        return self.road.campaign

    @property
    def progress(self) -> CampaignProgress | None:
        """The player's progress on the road (None when the save cannot be used)."""
        return self.road.progress

    @property
    def problems(self) -> list[str]:
        """The campaign file's problem lines."""
        return self.road.problems

    @property
    def load_problem(self) -> str:
        """Why the save could not be used ("" when it could)."""
        return self.road.load_problem

    def _after_load(self) -> None:
        if self.progress is not None:
            self.shown = min(self.progress.venue_index, len(self.progress.campaign.venues) - 1)

    def save(self) -> str | None:
        """Write the progress to the slot; None when written, else a sentence (what was kept aside on the way,
        a backup the game could not use, is told in the notices)."""
        problem = self.road.save()
        for said in self.road.set_aside:
            self.app.notices.tell(said)
        self.road.set_aside.clear()
        return problem

    # --- the menu's actions ---------------------------------------------------------------------

    def _build_menu(self, keep_focus: bool = False) -> None:
        entries: list[ButtonEntry] = []
        progress = self.progress
        if progress is not None and not progress.over and self.venue_in_play:
            entries.append((tr("campaign.buttons.continue"), self.continue_venue, pygame.K_c, "C", True))
        elif progress is not None and not progress.over:
            entries.append((tr("campaign.buttons.play"), self.play, pygame.K_p, "P", True))
        elif progress is not None:
            if not self.road.score_entered and self._qualifies():
                entries.append((tr("campaign.buttons.enter_name"), self.enter_name, pygame.K_e, "E", True))
            entries.append((tr("campaign.buttons.new_campaign"), self.fresh_start, pygame.K_n, "N", True))
        elif self.load_problem:
            entries.append((tr("campaign.buttons.restore"), self.restore, pygame.K_r, "R",
                            self.road.backup_available))
            entries.append((tr("campaign.buttons.afresh"), self.fresh_start, pygame.K_n, "N", True))
        if progress is not None and not progress.over and progress.charm_road is not None:
            entries.append((tr("charm_road.map.button"), self.charms, pygame.K_k, "K", True))
        if self.campaign is not None:
            entries.append((tr("campaign.buttons.high_scores"), self.high_scores, pygame.K_h, "H", True))
        entries.append((tr("campaign.buttons.back"), self.back, None, "Esc", True))
        crowded = len(entries) > 3  # four or five buttons: smaller, so the row stays on the screen at large print
        self.menu.set(button_row(self.app.text, entries, size=17 if crowded else 20, minimum=100 if crowded else 130,
                                 gap=8 if crowded else 12), keep_focus=keep_focus)

    def relabel(self) -> None:
        """The language changed: the buttons again in the new words (the map's other words are read as it draws;
        the unlock lines, kept by language, are worded again when next shown)."""
        self.unlock_lines.clear()
        self._build_menu(keep_focus=True)

    def unlock_line(self, venue: Venue) -> str:
        """What `venue` unlocks, in a sentence of the current language: worded once, not every frame (a rules
        unlock reads its rules file)."""
        key = (venue.id, language())
        found = self.unlock_lines.get(key)
        if found is None:
            words = ", ".join(unlock_words(u.kind, u.target) for u in venue.unlocks)
            found = self.unlock_lines[key] = tr("campaign.unlocks", words=words)
        return found

    def _qualifies(self) -> bool:
        if self.progress is None:
            return False
        scores, _ = load_high_scores(self.app.data_dir)
        return scores.qualifies(self.progress.score)

    @property
    def venue_in_play(self) -> bool:
        """True when this road's venue was left mid-session: it can only be continued, never begun again."""
        return has_resume(self.app.data_dir, road_mode(self.slot))

    def continue_venue(self) -> None:
        """Sit down again at the venue left mid-session, exactly as it stood."""
        problem = sit_at_kept(self.app, road_mode(self.slot))
        if problem is not None:
            self.message = problem
            self._build_menu()

    def play(self) -> None:
        """Sit down at the current venue (a venue left mid-session is continued instead: no second try)."""
        if self.progress is None or self.progress.venue is None:
            return
        if self.venue_in_play:
            self.continue_venue()
            return
        progress = self.progress
        if progress is None or progress.venue is None:
            return
        if progress.offered:  # the charm earned (taken, taken in place of one, or passed) comes before the table
            self.message = tr("charm_road.map.choose_first")
            self.charms()
            return
        venue = progress.venue
        try:
            seats = seats_against(venue.opponents)
            rules = progress.table_rules()
            charms = table_charms(progress)
        except (KeyError, ValueError, OSError, ConfigError) as error:
            self.message = tr("campaign.cannot_play", venue=venue.title(), why=error)
            return
        self.app.notices.tell(self.save())  # the slot exists before the first deal, so every deal's log is kept in it
        self.app.scenes.clear_to("table", rules=rules, seats=seats, seed=session_seed(progress),
                                 origin=CampaignRoad(self.slot), charms=charms)

    def charms(self) -> None:
        """The road's charms: the one to choose, or the shop between venues."""
        if self.progress is not None and self.progress.charm_road is not None:
            # the road is kept with its seed and offers before any is shown: leaving cannot draw them afresh
            self.app.notices.tell(self.save())
            self.app.scenes.push("charm_shop", road=self.road)

    def finished(self, chips: list[int]) -> None:
        """A venue's session is over with these final chips: record it, save, and show the map again (with the
        high-score name entry first when that session ended the road)."""
        outcome = finish_venue(self.road, chips)
        self.app.scenes.clear_to("campaign_map", message=outcome.message, road=outcome.road,
                                 name_entry=outcome.name_entry, unlocked=outcome.unlocked)

    def enter_name(self) -> None:
        """The high-score name entry for the finished road."""
        if self.progress is None:
            return
        self.app.scenes.push("high_scores", score=self.progress.score, hints=self.progress.hints,
                             on_entered=self._name_entered)

    def _name_entered(self) -> None:
        self.road.score_entered = True
        problem = self.save()
        if problem:
            self.message = problem
        self._build_menu()

    def high_scores(self) -> None:
        """The top-10 table."""
        self.app.scenes.push("high_scores")

    def restore(self) -> None:
        """Put the save before the last one back."""
        if self.road.restore():
            self.message = tr("campaign.backup_restored") if self.progress is not None else ""
            self._after_load()
        self._build_menu()

    def fresh_start(self) -> None:
        """A new run of the campaign (an unusable save is kept aside first, never overwritten); asked first when
        a venue is in play, since it ends there."""
        if self.campaign is None:
            return
        if self.venue_in_play:
            self.app.scenes.push("confirm", question=tr("campaign.confirm_afresh.title"),
                                 detail=tr("campaign.confirm_afresh.body"), yes=tr("campaign.confirm_afresh.yes"),
                                 no=tr("campaign.confirm_afresh.no"), on_yes=self._fresh_start_now)
            return
        self._fresh_start_now()

    def _fresh_start_now(self) -> None:
        if self.campaign is None:
            return
        self.message = self.road.start_afresh()
        for said in self.road.set_aside:
            self.app.notices.tell(said)
        self.road.set_aside.clear()
        self._after_load()
        self._build_menu()

    def back(self) -> None:
        """Back to the list of roads (under the title)."""
        if len(self.app.scenes) > 1 and self.app.scenes.top is self:
            self.app.scenes.pop()  # the roads read their slots again as they come back on top
        else:
            self.app.scenes.clear_to("title")
            self.app.scenes.push("campaign_roads")

    # --- input and time -------------------------------------------------------------------------

    def enter(self) -> None:
        """What the venue just cleared unlocked, its moment first; then the charm it earned (on a road with
        charms, its case full or not); then the name entry, when the session just recorded ended the road with a
        high score."""
        progress = self.progress
        if self.offer_charms and progress is not None and progress.offered:
            self.offer_charms = False
            self.charms()
        if self.name_entry:
            self.name_entry = False
            self.enter_name()
        if self.unlocked:  # pushed last, so shown first
            unlocked, self.unlocked = self.unlocked, ()
            self.app.scenes.push("unlocked", unlocks=unlocked)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back; Left/Right browse the road; Up/Down/Tab, Enter and the letters work the buttons."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.campaign is not None \
                    and self.progress is not None:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.shown = max(0, min(len(self.campaign.venues) - 1, self.shown + step))
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.menu.keyboard = True
                self.menu.move(1 if event.key == pygame.K_DOWN else -1)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.campaign is not None \
                and self.progress is not None:
            for index, centre in enumerate(self.stops()):
                if math.dist(centre, event.pos) <= STOP_R + 6:
                    self.shown = index
                    return
        self.menu.handle_event(event)

    def resume(self) -> None:
        """Back from the charms: the purse and the buttons as they now stand."""
        self._build_menu(keep_focus=True)

    def update(self, dt: float) -> None:
        """The current stop's ring pulses."""
        self.t += dt

    # --- layout ---------------------------------------------------------------------------------

    def stops(self) -> list[tuple[int, int]]:
        """Where each venue sits on the road: left to right, winding up and down."""
        count = len(self.campaign.venues) if self.campaign is not None else 0
        if count == 0:
            return []
        left, right = 110, 1170
        out = []
        for i in range(count):
            x = left + (right - left) * (i / max(1, count - 1))
            y = (ROAD_TOP + ROAD_BOTTOM) / 2 + (ROAD_BOTTOM - ROAD_TOP) / 2 * math.sin(i * 1.9 + 0.6)
            out.append((round(x), round(y)))
        return out

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The felt, the title with the road's blurb (or the message, such as how the venue just played went,
        in its place: the buttons leave it no room beside them), the road (or what is wrong), the venue panel,
        the purse and the buttons."""
        text = self.app.text
        felt_backdrop(surface)
        title = self.campaign.title() if self.campaign is not None else tr("campaign.title")
        subtitle = self.campaign.blurb() if self.campaign is not None else tr("campaign.subtitle")
        above = heading(surface, text, title, "" if self.message else subtitle, y=22)
        if self.message:
            above = self._draw_news(surface, above.bottom + 6)
        self.heading_words = above
        if self.problems:
            self._draw_lines(surface, tr("campaign.file_problems"), self.problems)
        elif self.progress is None:
            self._draw_lines(surface, tr("campaign.save_unusable"), [self.load_problem])
        else:
            self._draw_road(surface, self.progress, above)
            self._draw_venue(surface, self.progress)
            draw_purse(surface, text, self.app.art.chip(1, 14), self.progress)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr("campaign.hint_road") if self.progress is not None else tr("campaign.hint"))

    def _draw_news(self, surface: Canvas, top: int) -> pygame.Rect:
        """The message under the title, in gold, in the room above the road (two lines at its size, smaller only
        when they would not fit); where it went."""
        text = self.app.text
        room = surface.get_width() - 64 - 40
        size = text.wrapped_size(self.message, "bold", NEWS_SIZE, room, max(0, NEWS_BOTTOM - top), floor=12)
        words = text.render_wrapped(self.message, "bold", size, theme.GOLD, room)
        return surface.blit(words, (66, top))

    def _draw_lines(self, surface: Canvas, title: str, lines: list[str]) -> None:
        text = self.app.text
        box = pygame.Rect(64, 130, 1152, 480)
        draw_panel(surface, box, alpha=235)
        text.draw(surface, title, (box.x + 24, box.y + 18), role="title", size=28, colour=theme.GOLD,
                  max_width=box.width - 48)
        y = box.y + 70
        if self.problems:
            text.draw(surface, str(self.road.path or campaign_path()), (box.x + 24, y), role="body", size=15,
                      colour=theme.INK_DIM, min_size=9,
                      max_width=box.width - 48)
            y += 30
        for line in lines[:14]:
            body = text.render_wrapped(line, "body", 17, theme.INK, box.width - 48)
            if y + body.get_height() > box.bottom - 14:
                break
            surface.blit(body, (box.x + 24, y))
            y += body.get_height() + 8
        if len(lines) > 14:
            text.draw(surface, trn("campaign.more_problems", len(lines) - 14), (box.x + 24, box.bottom - 34),
                      role="body", size=15, colour=theme.INK_DIM)

    def marker_rect(self, progress: CampaignProgress, above: pygame.Rect, bob: int = 0) -> pygame.Rect | None:
        """Where the player's marker goes: over the stop they stand at, or under it where over it would cover the
        words `above` (the title's line); None when the road is over."""
        stops = self.stops()
        if progress.over or progress.venue_index >= len(stops):
            return None
        x, y = stops[progress.venue_index]
        marker = pygame.Rect(0, 0, MARKER, MARKER)
        marker.midbottom = (x, y - STOP_R - 8 + bob)
        if marker.colliderect(above.inflate(12, 12)):
            marker.midtop = (x, y + STOP_R + 6 + bob)
        return marker

    def _draw_road(self, surface: Canvas, progress: CampaignProgress, above: pygame.Rect) -> None:
        """The road and its stops with their names, and the player's marker over the stop they stand at (under it,
        pushing its name down, where over it would cover the words `above`)."""
        text = self.app.text
        stops = self.stops()
        you = dataclasses.replace(HUMAN_LOOK, initials=tr("table.you_tag"))  # tagged as at the table ("MOI")
        disc = portrait(you, MARKER, text, "human")
        bob = round(2 * math.sin(swaying(self.t) * 3))
        marker = self.marker_rect(progress, above, bob)
        points = _smooth(stops)
        if len(points) > 1:
            paint.lines(surface, ROAD_EDGE, False, points, 30)
            paint.lines(surface, ROAD, False, points, 24)
            for i in range(0, len(points) - 1, 2):  # a dashed line down the middle
                paint.line(surface, ROAD_LINE, points[i], points[i + 1], 2)
        cleared = {r.venue_id for r in progress.results if r.goal_met}
        pulse = 0.5 + 0.5 * math.sin(swaying(self.t) * 4)
        for index, (venue, (x, y)) in enumerate(zip(progress.campaign.venues, stops)):
            current = index == progress.venue_index and not progress.over
            if index == self.shown:
                paint.circle(surface, theme.INK, (x, y), STOP_R + 8, 2)
            if current:
                paint.circle(surface, theme.GOLD, (x, y), STOP_R + 4 + round(3 * pulse), 3)
            fill = CLEARED if venue.id in cleared else (theme.GOLD if current else (60, 74, 66))
            paint.circle(surface, (0, 0, 0), (x, y + 3), STOP_R)
            paint.circle(surface, fill, (x, y), STOP_R)
            paint.circle(surface, theme.PANEL, (x, y), STOP_R, 2)
            mark = "✓" if venue.id in cleared else str(index + 1)
            text.draw(surface, mark, (x, y), role="bold", size=18, colour=(24, 30, 26) if fill != (60, 74, 66)
                      else theme.INK, anchor="center")
            colour = theme.GOLD if current else (theme.INK if venue.id in cleared else theme.INK_DIM)
            label_y = y + STOP_R + 10
            if current and marker is not None and marker.top > y:
                label_y = marker.bottom + 2 - bob
            # a long name (it: "La finale della Coppa della contea") takes a third line; larger words shrink back
            # (to their 100% size at most) to end above the venue's panel, and any name shrinks rather than lose
            # a word past its third line
            size, lines = 14, text.wrap(venue.title(), "bold", 14, 150)
            while size > 9 and (len(lines) > 3 or text.line_height("bold", size - 1) >= 17 and
                                label_y + text.grown_step(17, "bold", size) * len(lines) > VENUE_TOP - 2):
                size -= 1
                lines = text.wrap(venue.title(), "bold", size, 150)
            if len(lines) > 3:  # even the smallest size takes four: the third line ends the name with "…"
                lines = [*lines[:2], text.ellipsize(" ".join(lines[2:]), "bold", size, 150)]
            for line in lines:
                text.draw(surface, line, (x, label_y), role="bold", size=size, colour=colour, anchor="midtop",
                          shadow=True)
                label_y += text.line_height("bold", size) + 17 - text.assets.font("bold", 14).get_linesize()
        if marker is not None:
            surface.blit(disc, disc.get_rect(center=marker.center))

    def _draw_venue(self, surface: Canvas, progress: CampaignProgress) -> None:
        text = self.app.text
        venues = progress.campaign.venues
        venue = venues[self.shown]
        box = pygame.Rect(64, VENUE_TOP, 800, 290)
        draw_panel(surface, box, alpha=225)
        cleared = any(r.venue_id == venue.id and r.goal_met for r in progress.results)
        if self.shown == progress.venue_index and not progress.over:
            tag, colour = tr("campaign.tags.next"), theme.GOLD
        elif cleared:
            tag, colour = tr("campaign.tags.cleared"), CLEARED
        else:
            tag, colour = tr("campaign.tags.ahead"), theme.INK_DIM
        levels = text.draw(surface, opponent_levels(venue.opponents), (box.right - 22, box.y + 14), role="bold",
                           size=14, colour=theme.GOLD, anchor="topright", max_width=(box.width - 44) // 3)
        room = box.width - 44
        tag_rect = text.draw(surface, tr("campaign.venue_of", tag=tag, number=self.shown + 1, total=len(venues)),
                             (box.x + 22, box.y + 14), role="bold", size=14, colour=colour,
                             max_width=levels.x - 12 - box.x - 22)
        name_rect = text.draw(surface, venue.title(), (box.x + 22, tag_rect.bottom + 2), role="title", size=30,
                              colour=theme.INK, max_width=room, min_size=20)
        changes = changes_line(venue.rules, said=("starting_chips",))  # the stake is in the facts
        # what clearing the venue unlocks, then (a line of its own) the charms its hosts hold
        notes = [(line, colour) for line, colour in ((self.unlock_line(venue) if venue.unlocks else "", theme.INK),
                                                     (hosts_line(venue), theme.INK_DIM)) if line]
        room_high = box.bottom - 50 - text.line_height("bold", 15) // 2 - name_rect.bottom
        floor = changes_floor(text, venue.story(), changes, len(notes), room_high)
        rows = note_rows(text, venue.story(), changes, len(notes), room_high, floor)
        less = venue_shrink(text, venue.story(), changes, rows, room_high, floor)
        intro = text.render_wrapped(venue.story(), "body", 15 - less, theme.INK, room)
        surface.blit(intro, (box.x + 22, name_rect.bottom + 6))
        y = name_rect.bottom + 6 + intro.get_height() + 8
        text.draw(surface, venue_facts(venue, progress.bankroll), (box.x + 22, y), role="bold", size=16 - less,
                  colour=theme.INK_DIM, max_width=room, min_size=11)
        goal_y = y + text.line_height("bold", 16 - less) + 4
        if changes:
            y += text.line_height("bold", 16 - less) + 2
            if changes_on_one_line(text, changes, 14 - less, floor):
                text.draw(surface, changes, (box.x + 22, y), role="body", size=14 - less, colour=theme.INK,
                          max_width=room, min_size=floor)
            else:
                surface.blit(text.render_wrapped(changes, "body", 14 - less, theme.INK, room), (box.x + 22, y))
            goal_y = y + changes_height(text, changes, 14 - less, floor) + 6
        text.draw(surface, tr("campaign.goal_line", goal=venue.goal.describe()), (box.x + 22, goal_y),
                  role="bold", size=17 - less, colour=theme.GOLD, max_width=room, min_size=11)
        draw_notes(surface, text, notes, pygame.Rect(box.x + 22, goal_y + text.line_height("bold", 17 - less) + 3,
                                                     room, text.line_height("body", 15 - less)), rows, 15 - less)
        draw_opponents(surface, text, venue.opponents, pygame.Rect(box.x + 22, box.bottom - 62, box.width - 44, 52),
                       levels=True)


def _smooth(points: list[tuple[int, int]], steps: int = 12) -> list[tuple[int, int]]:
    """A Catmull-Rom curve through `points`, as a polyline."""
    if len(points) < 3:
        return list(points)
    out: list[tuple[int, int]] = []
    padded = [points[0], *points, points[-1]]
    for i in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[i - 1], padded[i], padded[i + 1], padded[i + 2]
        for s in range(steps):
            t = s / steps
            x, y = (round(0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k])
                                 * t * t + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t ** 3)) for k in range(2))
            out.append((x, y))
    out.append(points[-1])
    return out
