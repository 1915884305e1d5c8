"""The campaign map: the road of venues, where the player stands on it, and the next table with its opponents.

The player's progress lives in one of the campaign save slots (`SLOTS`: `SaveData.campaign` holds
`CampaignProgress.to_json()`, plus `high_score_entered` once the finished road's score has gone on the table,
and `campaign_file`, the file the road was started from, so a player's own campaign reopens with its slot).
What a road unlocks is also written to the player's unlocks file, which outlives any one slot.
Nothing the player's files hold can crash the map: a broken campaign file shows its problem lines, and a save
that cannot be used says why and offers its backup or a fresh start. Playing a venue opens the table with
`on_finished`; the session's final chips are recorded, the slot is saved, and the map comes back (with the
high-score name entry first when that session ended the road).
"""

from __future__ import annotations

import dataclasses
import math
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...campaign.model import CampaignProgress, SessionResult, VenueResult
from ...campaign.spec import Campaign, Venue
from ...config import campaign_file
from ...config.errors import ConfigError
from ...locale import language, texts, tr, trn
from ...storage.atomic import move_aside
from ...storage.resume import discard_resume, has_resume
from ...storage.saves import SaveData, load_slot, restore_backup, save_slot, slot_path
from ...storage.unlocks_file import add_unlocks
from .. import theme
from ..assets import warn
from ..scene import Scene
from ..table.looks import LOOKS
from ..table.sprites import HUMAN_LOOK
from ..widgets import ButtonEntry, Menu, button_row, draw_panel, signed
from .common import character_short, draw_opponents, felt, heading, hint_bar, portrait, short_name

if TYPE_CHECKING:
    from ..app import App

SLOT = "campaign"  # the first road's slot (the only one before several slots existed)
SLOTS = (SLOT, "campaign-2", "campaign-3")
CAMPAIGN_PATH: Path | None = None  # None: config/campaign.yaml (tests and a player's own file may set it)
ENTERED = "high_score_entered"
FILE_KEY = "campaign_file"
ROAD_TOP, ROAD_BOTTOM = 150, 250  # the band the road winds through
STOP_R = 20
ROAD = (112, 78, 44)
ROAD_EDGE = (62, 40, 22)
ROAD_LINE = (196, 164, 110)
CLEARED = (128, 220, 140)


def campaign_path() -> Path:
    """The campaign file a road plays unless its save or the player names another."""
    return Path(CAMPAIGN_PATH) if CAMPAIGN_PATH is not None else campaign_file.CAMPAIGN_FILE


def saved_campaign_path(save: SaveData | None) -> Path | None:
    """The campaign file a slot's road was started from, when its save names one."""
    data = save.campaign if save is not None else None
    named = data.get(FILE_KEY) if isinstance(data, dict) else None
    return Path(named) if isinstance(named, str) and named else None


def session_seed(progress: CampaignProgress) -> int:
    """The seed of the next session: the campaign, the venue and how often it has been tried, so a retry deals anew."""
    venue = progress.venue
    attempts = sum(1 for r in progress.results if venue is not None and r.venue_id == venue.id)
    return zlib.crc32(f"{progress.campaign.name}:{progress.venue_index}:{attempts}".encode())


class CampaignMapScene(Scene):
    """The road, the bankroll and score, and Play / Back; a problem with the file or the save is shown instead."""

    def __init__(self, app: App, message: str = "", *, progress: CampaignProgress | None = None,
                 slot: str = SLOT, path: Path | None = None) -> None:
        """`progress`, when given, is shown instead of the saved one (the slot is then not read); `path` is the
        campaign file for a new road (else the one the slot's save names, else the shipped one)."""
        super().__init__(app)
        self.message = message
        self.slot = slot
        self.path = path
        self.t = 0.0
        self.campaign: Campaign | None = None
        self.problems: list[str] = []  # the campaign file's problem lines
        self.load_problem = ""  # why the save could not be used
        self.backup_available = False
        self.progress: CampaignProgress | None = None
        self.score_entered = False
        self.shown = 0  # the venue whose details are shown (arrows browse the road)
        self.unlock_lines: dict[tuple[str, str], str] = {}  # (venue id, language): what the venue unlocks, worded
        self.menu = Menu()
        if progress is not None:
            self.campaign, self.progress = progress.campaign, progress
            self._after_load()
        else:
            self._load()
        self._build_menu()

    # --- loading --------------------------------------------------------------------------------

    def _load(self) -> None:
        """The player's save in the slot, then the campaign file it plays, then the progress on it."""
        found = load_slot(self.app.data_dir, self.slot)
        if self.path is None:
            self.path = saved_campaign_path(found.save) or campaign_path()
        try:
            self.campaign = campaign_file.load_campaign(self.path)
        except ConfigError as error:
            self.problems = list(error.problems)
            return
        except (OSError, ValueError) as error:  # whatever the file holds, the game carries on
            self.problems = [f"{self.path}: {error}"]  # the system's own words (a missing file, a bad byte)
            return
        if found.save is None:
            if found.problem:
                self.load_problem, self.backup_available = found.problem, found.backup_available
            else:
                self.progress = CampaignProgress.start(self.campaign)
            self._after_load()
            return
        self._take(found.save)

    def _take(self, save: SaveData) -> None:
        """The progress in `save`, or the reason it does not fit this campaign."""
        assert self.campaign is not None
        data = save.campaign
        if data is None:  # a slot holding only deal logs: the road has not begun
            self.progress = CampaignProgress.start(self.campaign)
            self._after_load()
            return
        try:
            self.progress = CampaignProgress.from_json(data, self.campaign)
        except (ValueError, TypeError, KeyError) as error:
            self.progress = None
            self.load_problem = tr("campaign.save_does_not_fit", campaign=self.campaign.title(), why=error)
            self.backup_available = False
            return
        self.load_problem = ""
        self.score_entered = isinstance(data, dict) and data.get(ENTERED) is True
        self.message = self._remember_unlocks() or self.message
        self._after_load()

    def _remember_unlocks(self) -> str | None:
        """Put what this road has unlocked into the player's unlocks file (it outlives the slot); a problem."""
        if self.progress is None or not self.progress.unlocked:
            return None
        return add_unlocks(self.app.data_dir, [str(u) for u in self.progress.unlocked])

    def _after_load(self) -> None:
        if self.progress is not None:
            self.shown = min(self.progress.venue_index, len(self.progress.campaign.venues) - 1)

    def save(self) -> str | None:
        """Write the progress to the slot; None when written, else a sentence."""
        if self.progress is None:
            return None
        data = self.progress.to_json()
        data[ENTERED] = self.score_entered
        data[FILE_KEY] = str(self.path or campaign_path())
        venue = self.progress.venue
        try:
            logs = load_slot(self.app.data_dir, self.slot).save
            save_slot(self.app.data_dir, self.slot, SaveData(campaign=data, venue=venue.name if venue else None,
                                                             chips=self.progress.bankroll, slot=self.slot,
                                                             logs=logs.logs if logs is not None else ()))
        except (OSError, ValueError, TypeError) as error:
            return tr("campaign.not_saved", why=getattr(error, "strerror", None) or error)
        return None

    # --- the menu's actions ---------------------------------------------------------------------

    def _build_menu(self, keep_focus: bool = False) -> None:
        entries: list[ButtonEntry] = []
        progress = self.progress
        if progress is not None and not progress.over:
            entries.append((tr("campaign.buttons.play"), self.play, pygame.K_p, "P", True))
        elif progress is not None:
            if not self.score_entered and self._qualifies():
                entries.append((tr("campaign.buttons.enter_name"), self.enter_name, pygame.K_e, "E", True))
            entries.append((tr("campaign.buttons.new_campaign"), self.fresh_start, pygame.K_n, "N", True))
        elif self.load_problem:
            entries.append((tr("campaign.buttons.restore"), self.restore, pygame.K_r, "R", self.backup_available))
            entries.append((tr("campaign.buttons.afresh"), self.fresh_start, pygame.K_n, "N", True))
        if self.campaign is not None:
            entries.append((tr("campaign.buttons.high_scores"), self.high_scores, pygame.K_h, "H", True))
        entries.append((tr("campaign.buttons.back"), self.back, None, "Esc", True))
        crowded = len(entries) > 3  # the road's end: smaller buttons leave the result's sentence its room
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
        from ...storage.high_scores_file import load_high_scores
        if self.progress is None:
            return False
        scores, _ = load_high_scores(self.app.data_dir)
        return scores.qualifies(self.progress.score)

    def play(self) -> None:
        """Sit down at the current venue (asking first if that would replace a kept free session)."""
        if self.progress is None or self.progress.venue is None:
            return
        if has_resume(self.app.data_dir):
            from .confirm import ConfirmScene
            self.app.scenes.push(ConfirmScene(
                self.app, tr("campaign.confirm_play.title"), tr("campaign.confirm_play.body"),
                yes=tr("campaign.confirm_play.yes"), no=tr("campaign.confirm_play.no"), on_yes=self._play_now))
            return
        self._play_now()

    def _play_now(self) -> None:
        from ..table import TableScene, seats_against
        progress = self.progress
        if progress is None or progress.venue is None:
            return
        venue = progress.venue
        try:
            seats = seats_against(venue.opponents)
            rules = progress.table_rules()
        except (KeyError, ValueError, OSError) as error:
            self.message = tr("campaign.cannot_play", venue=venue.title(), why=error)
            return
        discard_resume(self.app.data_dir)
        problem = self.save()  # the slot exists before the first deal, so every deal's log is kept in it
        if problem:
            warn(problem)
        table = TableScene(self.app, rules, seats, session_seed(progress), on_finished=self.finished,
                           campaign_slot=self.slot)
        self.app.scenes.clear_to(table)

    def finished(self, chips: list[int]) -> None:
        """The table's session is over: record it, save, and come back to the map (by the name entry at the end)."""
        progress = self.progress
        if progress is None or progress.venue is None:
            self.app.scenes.clear_to(CampaignMapScene(self.app, slot=self.slot))
            return
        try:
            result = progress.record_session(SessionResult(tuple(chips), 0))
        except ValueError as error:
            self.app.scenes.clear_to(CampaignMapScene(self.app, tr("campaign.not_recorded", why=error),
                                                      slot=self.slot))
            return
        problem = self._remember_unlocks() or self.save()
        words = describe_result(progress, result)
        back = CampaignMapScene(self.app, problem or words, slot=self.slot)
        if problem:  # the slot still holds the old progress: carry on from this one all the same
            back.progress, back.load_problem, back.score_entered = progress, "", False
            back._after_load()
            back._build_menu()
        self.app.scenes.clear_to(back)
        if progress.over and back._qualifies():
            back.enter_name()

    def enter_name(self) -> None:
        """The high-score name entry for the finished road."""
        from .high_scores import HighScoresScene
        if self.progress is None:
            return
        self.app.scenes.push(HighScoresScene(self.app, self.progress.score, on_entered=self._name_entered))

    def _name_entered(self) -> None:
        self.score_entered = True
        problem = self.save()
        if problem:
            self.message = problem
        self._build_menu()

    def high_scores(self) -> None:
        """The top-10 table."""
        from .high_scores import HighScoresScene
        self.app.scenes.push(HighScoresScene(self.app))

    def restore(self) -> None:
        """Put the save before the last one back."""
        found = restore_backup(self.app.data_dir, self.slot)
        if found.save is None:
            self.load_problem = found.problem or tr("campaign.backup_unusable")
            self.backup_available = False
        else:
            self._take(found.save)
            self.message = tr("campaign.backup_restored") if self.progress is not None else ""
        self._build_menu()

    def fresh_start(self) -> None:
        """A new run of the campaign (an unusable save is kept aside first, never overwritten)."""
        if self.campaign is None:
            return
        if self.load_problem:
            path = slot_path(self.app.data_dir, self.slot)
            if path.exists():
                try:
                    move_aside(path, "replaced")
                except OSError:
                    pass
        self.load_problem = ""
        self.progress = CampaignProgress.start(self.campaign)
        self.score_entered = False
        self._after_load()
        self.message = self.save() or tr("campaign.new_run", campaign=self.campaign.title())
        self._build_menu()

    def back(self) -> None:
        """Back to the list of roads (under the title)."""
        from .campaign_slots import CampaignSlotsScene
        from .title import TitleScene
        if len(self.app.scenes) > 1 and self.app.scenes.top is self:
            self.app.scenes.pop()
            top = self.app.scenes.top
            if isinstance(top, CampaignSlotsScene):
                top.refresh()
        else:
            self.app.scenes.clear_to(TitleScene(self.app))
            self.app.scenes.push(CampaignSlotsScene(self.app))

    # --- input and time -------------------------------------------------------------------------

    def enter(self) -> None:
        """Nothing to build: the map draws from the progress."""

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

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the road (or what is wrong), the venue panel, the purse, the buttons and any message."""
        text = self.app.text
        surface.blit(felt(surface.get_size()), (0, 0))
        title = self.campaign.title() if self.campaign is not None else tr("campaign.title")
        subtitle = self.campaign.blurb() if self.campaign is not None else tr("campaign.subtitle")
        heading(surface, text, title, subtitle, y=22)
        if self.problems:
            self._draw_lines(surface, tr("campaign.file_problems"), self.problems)
        elif self.progress is None:
            self._draw_lines(surface, tr("campaign.save_unusable"), [self.load_problem])
        else:
            self._draw_road(surface, self.progress)
            self._draw_venue(surface, self.progress)
            self._draw_purse(surface, self.progress)
        if self.message:
            draw_message(surface, text, self.message, (self.menu.buttons[0].rect.x if self.menu.buttons else 800) - 84)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr("campaign.hint_road") if self.progress is not None else tr("campaign.hint"))

    def _draw_lines(self, surface: pygame.Surface, title: str, lines: list[str]) -> None:
        text = self.app.text
        box = pygame.Rect(64, 130, 1152, 480)
        draw_panel(surface, box, alpha=235)
        text.draw(surface, title, (box.x + 24, box.y + 18), role="title", size=28, colour=theme.GOLD,
                  max_width=box.width - 48)
        y = box.y + 70
        if self.problems:
            text.draw(surface, str(self.path or campaign_path()), (box.x + 24, y), role="body", size=15,
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

    def _draw_road(self, surface: pygame.Surface, progress: CampaignProgress) -> None:
        text = self.app.text
        stops = self.stops()
        points = _smooth(stops)
        if len(points) > 1:
            pygame.draw.lines(surface, ROAD_EDGE, False, points, 30)
            pygame.draw.lines(surface, ROAD, False, points, 24)
            for i in range(0, len(points) - 1, 2):  # a dashed line down the middle
                pygame.draw.line(surface, ROAD_LINE, points[i], points[i + 1], 2)
        cleared = {r.venue_id for r in progress.results if r.goal_met}
        pulse = 0.5 + 0.5 * math.sin(self.t * 4)
        for index, (venue, (x, y)) in enumerate(zip(progress.campaign.venues, stops)):
            current = index == progress.venue_index and not progress.over
            if index == self.shown:
                pygame.draw.circle(surface, theme.INK, (x, y), STOP_R + 8, 2)
            if current:
                pygame.draw.circle(surface, theme.GOLD, (x, y), STOP_R + 4 + round(3 * pulse), 3)
            fill = CLEARED if venue.id in cleared else (theme.GOLD if current else (60, 74, 66))
            pygame.draw.circle(surface, (0, 0, 0), (x, y + 3), STOP_R)
            pygame.draw.circle(surface, fill, (x, y), STOP_R)
            pygame.draw.circle(surface, theme.PANEL, (x, y), STOP_R, 2)
            mark = "✓" if venue.id in cleared else str(index + 1)
            text.draw(surface, mark, (x, y), role="bold", size=18, colour=(24, 30, 26) if fill != (60, 74, 66)
                      else theme.INK, anchor="center")
            colour = theme.GOLD if current else (theme.INK if venue.id in cleared else theme.INK_DIM)
            label_y = y + STOP_R + 10
            # a long name (it: "La finale della Coppa della contea") takes a third line
            for line in text.wrap(venue.title(), "bold", 14, 150)[:3]:
                text.draw(surface, line, (x, label_y), role="bold", size=14, colour=colour, anchor="midtop",
                          shadow=True)
                label_y += 17
        if not progress.over and progress.venue_index < len(stops):
            x, y = stops[progress.venue_index]
            you = dataclasses.replace(HUMAN_LOOK, initials=tr("table.you_tag"))  # tagged as at the table ("MOI")
            disc = portrait(you, 40, text, "human")
            bob = round(2 * math.sin(self.t * 3))
            surface.blit(disc, disc.get_rect(midbottom=(x, y - STOP_R - 8 + bob)))

    def _draw_venue(self, surface: pygame.Surface, progress: CampaignProgress) -> None:
        text = self.app.text
        venues = progress.campaign.venues
        venue = venues[self.shown]
        box = pygame.Rect(64, 330, 800, 290)
        draw_panel(surface, box, alpha=225)
        cleared = any(r.venue_id == venue.id and r.goal_met for r in progress.results)
        if self.shown == progress.venue_index and not progress.over:
            tag, colour = tr("campaign.tags.next"), theme.GOLD
        elif cleared:
            tag, colour = tr("campaign.tags.cleared"), CLEARED
        else:
            tag, colour = tr("campaign.tags.ahead"), theme.INK_DIM
        room = box.width - 44
        tag_rect = text.draw(surface, tr("campaign.venue_of", tag=tag, number=self.shown + 1, total=len(venues)),
                             (box.x + 22, box.y + 14), role="bold", size=14, colour=colour, max_width=room)
        name_rect = text.draw(surface, venue.title(), (box.x + 22, tag_rect.bottom + 2), role="title", size=30,
                              colour=theme.INK, max_width=room, min_size=20)
        intro = text.render_wrapped(venue.story(), "body", 16, theme.INK, room)
        surface.blit(intro, (box.x + 22, name_rect.bottom + 6))
        y = name_rect.bottom + 6 + intro.get_height() + 8
        text.draw(surface, venue_facts(venue, progress.bankroll), (box.x + 22, y), role="bold", size=16,
                  colour=theme.INK_DIM, max_width=room, min_size=11)
        text.draw(surface, tr("campaign.goal_line", goal=venue.goal.describe()), (box.x + 22, y + 23),
                  role="bold", size=17, colour=theme.GOLD, max_width=room, min_size=11)
        if venue.unlocks:
            text.draw(surface, self.unlock_line(venue), (box.x + 22, y + 46), role="body", size=15,
                      colour=theme.INK, max_width=room, min_size=10)
        draw_opponents(surface, text, venue.opponents, pygame.Rect(box.x + 22, box.bottom - 62, box.width - 44, 52))

    def _draw_purse(self, surface: pygame.Surface, progress: CampaignProgress) -> None:
        text = self.app.text
        box = pygame.Rect(884, 330, 332, 290)
        draw_panel(surface, box, alpha=225)
        room = box.width - 44
        text.draw(surface, tr("campaign.bankroll"), (box.x + 22, box.y + 14), role="bold", size=15,
                  colour=theme.INK_DIM, max_width=room)
        chip = self.app.art.chip(1, 14)
        surface.blit(chip, (box.x + 22, box.y + 46))
        text.draw(surface, str(progress.bankroll), (box.x + 54, box.y + 36), role="title", size=40, colour=theme.GOLD)
        change = progress.bankroll - progress.campaign.bankroll
        text.draw(surface, tr("campaign.started_with", start=progress.campaign.bankroll, change=signed(change, "+0")),
                  (box.x + 22, box.y + 90), role="body", size=15, colour=theme.GAIN if change >= 0 else theme.LOSS,
                  max_width=room)
        text.draw(surface, tr("campaign.score"), (box.x + 22, box.y + 122), role="bold", size=15,
                  colour=theme.INK_DIM, max_width=room)
        text.draw(surface, str(progress.score), (box.x + 22, box.y + 140), role="title", size=32, colour=theme.INK)
        text.draw(surface, tr("campaign.cleared", cleared=progress.cleared, total=len(progress.campaign.venues)),
                  (box.x + 22, box.y + 188), role="body", size=16, colour=theme.INK, max_width=room)
        if progress.over:
            words = tr("campaign.won") if progress.status == "won" else tr("campaign.broke")
            text.draw(surface, words, (box.x + 22, box.y + 216), role="bold", size=18,
                      colour=theme.GOLD if progress.status == "won" else theme.LOSS, max_width=room)
        elif progress.campaign.note():
            note = text.render_wrapped(progress.campaign.note(), "body", 14, theme.INK_DIM, room)
            surface.blit(note, (box.x + 22, box.y + 214))


def draw_message(surface: pygame.Surface, text: Any, message: str, room: int, *, x: int = 64,
                 centre_y: int = 664) -> None:
    """A scene's message left of its buttons, in at most two lines: a long one (a translation) in smaller type."""
    longest = max(message.split(), key=len, default="")
    for size in (15, 14, 13, 12, 11):  # two lines, or three in small type; never a word cut in two
        if text.width(longest, "bold", size) <= room and len(text.wrap(message, "bold", size, room)) <= (
                2 if size >= 13 else 3):
            break
    words = text.render_wrapped(message, "bold", size, theme.GOLD, room, line_spacing=1.0)
    surface.blit(words, words.get_rect(midleft=(x, centre_y)))


def finish_kept_session(app: App, slot: str, chips: list[int]) -> None:
    """A campaign (or daily-deal) table resumed from the title has finished: record it as its scene would have."""
    from .daily import SLOT_PREFIX, finish_daily
    if slot.startswith(SLOT_PREFIX):
        finish_daily(app, slot[len(SLOT_PREFIX):], chips)
        return
    if slot not in SLOTS:
        from .title import TitleScene
        app.scenes.clear_to(TitleScene(app))
        return
    CampaignMapScene(app, slot=slot).finished(chips)


def describe_result(progress: CampaignProgress, result: VenueResult) -> str:
    """One sentence on the session just recorded, in the current language."""
    venue = progress.campaign.venue(result.venue_id)
    places = {1: "campaign.result.first", 2: "campaign.result.second", 3: "campaign.result.third"}
    place = tr(places[result.standing]) if result.standing in places \
        else tr("campaign.result.nth", standing=result.standing)
    head = trn("campaign.result.head", result.final_chips, venue=venue.title(), place=place)
    if progress.status == "won":
        return tr("campaign.result.won", head=head)
    if progress.status == "broke":
        return tr("campaign.result.broke", head=head, bankroll=progress.bankroll)
    if result.goal_met:
        nxt = progress.venue
        return tr("campaign.result.met_next", head=head, venue=nxt.title()) if nxt is not None \
            else tr("campaign.result.met", head=head)
    return tr("campaign.result.missed", head=head)


def venue_facts(venue: Venue, bankroll: int) -> str:
    """The venue's rules, deals, stake and ante on one line ("Classic Newmarket  ·  6 deals  ·  ...")."""
    stack = venue.stack(bankroll)
    stake = tr("campaign.facts.stake_short", stake=venue.stake, stack=stack) if stack < venue.stake \
        else tr("campaign.facts.stake", stake=venue.stake)
    parts = [texts.rules_name(venue.rules), trn("campaign.facts.deals", venue.deals or 0), stake,
             tr("campaign.facts.ante", ante=venue.ante)]
    return "  ·  ".join(parts)


def unlock_words(kind: str, target: str) -> str:
    """What an unlock gives, in words: "Bert joins the cast", "the Green Baize table", "the House rules"."""
    if kind == "character":
        try:
            from ...ai.registry import load_character_by_id
            name = character_short(load_character_by_id(target))
        except (KeyError, ValueError, OSError):
            name = short_name(target.replace("_", " ").title())
        return tr("campaign.unlock.character", name=name)
    if kind == "look":
        look = LOOKS.get(target)  # the table looks' names, as the settings list them
        return tr("campaign.unlock.look", look=look.title if look is not None else target.replace("_", " ").title())
    if kind == "rules":
        try:
            from ...config.rules_file import rules_by_name
            name = texts.rules_name(rules_by_name(target))
        except (KeyError, ValueError, OSError):
            name = target.replace("_", " ")
        return tr("campaign.unlock.rules", rules=name)
    return target.replace("_", " ")


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
