"""The title: the game's name over the felt, a run of hearts being played beside the boodle cards, and the menu."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.cards import Card
from ...locale import tr
from ...storage.resume import Resumable, kept_sessions, resume_path, set_aside_unresumable
from .. import theme
from ..canvas import Canvas, scale
from ..comfort import reduced_motion, swaying
from ..kept_words import describe_snapshot, mode_name
from ..scene import Scene
from ..tutorial.offer import FirstDealOffer, offer_due
from ..widgets import Button, Menu, button_width, draw_panel
from .common import felt_backdrop, hint_bar

if TYPE_CHECKING:
    from ..app import App

BOODLE = [Card.parse(name) for name in ("AS", "KH", "QC", "JD")]
RUN = [Card.parse(f"{rank}H") for rank in ("5", "6", "7", "8", "9", "10", "J", "Q", "K")]
RUN_STEP = 0.55  # seconds between the run's cards
RUN_HOLD = 2.2  # seconds the finished run and its stop banner stay
RUN_LEFT, RUN_TOP, RUN_GAP = 680, 480, 50  # the run's first card and the step to the next
RUN_FROM = (1240, 720)  # the corner the run's cards fly in from
CARD_W = 100  # one deck size for the fan and the run: the deck is drawn once at start-up
ANGLE_STEP = 0.5  # rotated boodle cards are cached at this many degrees apart
BUTTON_SIZE = (320, 52)
MENU_MAX_W = 600  # a long "Continue: road 2" widens the menu, never into the boodle fan (x 740)
SUBTITLE_W = 630  # from the left margin to short of the boodle fan
NOTICE_S, NOTICE_FADE = 6.0, 0.6  # a passing notice is read this long, then fades out this long


class TitleScene(Scene):
    """The first scene: New game, Continue (when a session was kept), Campaign, Daily deal, Settings,
    How to play, Statistics, Quit."""

    def __init__(self, app: App, message: str | Callable[[], str] = "", passing: bool = False) -> None:
        """`message` is a sentence for the player, or a function wording it (so a language switch rewords it);
        a `passing` one (news, not a problem) fades after a few seconds or goes at the first key or click. A
        problem with the player's files is the app's notices' to tell."""
        super().__init__(app)
        self.t = 0.0
        self.words: str | Callable[[], str] = message
        self.passing = passing
        self.notice_clock = 0.0  # how long a passing message has been shown
        self.kept: Resumable | None = None  # the most recently played of the kept sessions
        self.menu = Menu()
        self._rotated: dict[tuple[float, int, int, bool], Canvas] = {}
        self.offer: FirstDealOffer | None = None  # the guided first deal, offered to a new player

    # --- the stack ------------------------------------------------------------------------------

    def enter(self) -> None:
        """Look for a kept session (moving a broken one aside), lay out the menu, and offer a new player the
        guided first deal."""
        self._look_for_session()
        if self.kept is None and offer_due(self.app):  # a player with a game to go back to is not new
            self.offer = FirstDealOffer(self.app)

    def resume(self) -> None:
        """Back on top (a table may have been kept or started meanwhile): look again."""
        self._look_for_session()

    def _look_for_session(self) -> None:
        kept, problems = kept_sessions(self.app.data_dir)
        self.kept = kept[0] if kept else None
        for problem in problems:
            self.app.notices.tell(problem)
        self._build_menu()

    @property
    def message(self) -> str:
        """The sentence shown over the title, in the current language when it was given as a function."""
        return self.words() if callable(self.words) else self.words

    def relabel(self) -> None:
        """The menu in the new language, the focus where it was."""
        focus = self.menu.focus
        self._rotated.clear()  # the boodle fan's court letters are the language's
        self._build_menu()
        self.menu.focus = min(focus, len(self.menu.buttons) - 1)
        if self.offer is not None:
            self.offer.relabel()

    def _build_menu(self) -> None:
        # the hotkeys are the English initials in every language: the keycap on each button shows the key
        entries: list[tuple[str, Any, int, str]] = [(tr("title.menu.new_game"), self.new_game, pygame.K_n, "")]
        if self.kept is not None:
            kept = mode_name(self.kept.mode, self.app.data_dir)  # a road by its name: "Continue: The Charmed Road"
            entries.append((tr("title.menu.continue_mode", mode=kept), self.continue_session, pygame.K_c,
                            describe_snapshot(self.kept.snapshot or {})))
        entries.append((tr("title.menu.campaign"), self.campaign, pygame.K_m, tr("title.tips.campaign")))
        entries.append((tr("title.menu.daily"), self.daily, pygame.K_d, tr("title.tips.daily")))
        entries += [(tr("title.menu.settings"), self.settings, pygame.K_s, ""),
                    (tr("title.menu.how_to_play"), self.how_to_play, pygame.K_h, ""),
                    (tr("title.menu.statistics"), self.statistics, pygame.K_t, ""),
                    (tr("title.menu.replays"), self.replays, pygame.K_r, tr("title.tips.replays")),
                    (tr("title.menu.quit"), self.app.request_quit, pygame.K_q, "")]
        # the menu fills the room between the subtitle (y 240) and the hint bar (y 690) with a margin, however many
        count = len(entries)
        height = BUTTON_SIZE[1] if count <= 7 else (46 if count == 8 else 42)
        step = 62 if count <= 5 else (58 if count == 6 else (56 if count == 7 else (52 if count == 8 else 47)))
        top = max(250, min(300, 664 - (count - 1) * step - height))
        size = 24 if count <= 7 else 22
        width = min(MENU_MAX_W, max(button_width(self.app.text, label, size, pygame.key.name(key).upper(),
                                                 BUTTON_SIZE[0]) for label, _, key, _ in entries))
        buttons = [Button(pygame.Rect(96, top + i * step, width, height), label, action, key, tooltip=tip, size=size,
                          keycap=pygame.key.name(key).upper()) for i, (label, action, key, tip) in enumerate(entries)]
        labels = [button.label for button in self.menu.buttons]
        self.menu.set(buttons, keep_focus=labels == [button.label for button in buttons])
        if self.kept is not None and not labels:
            self.menu.focus = 1  # a kept session is most likely what the player came back for

    # --- the menu's actions ---------------------------------------------------------------------

    def new_game(self) -> None:
        """Choose players, opponents, rules and length."""
        self.app.scenes.push("new_game")

    def continue_session(self) -> None:
        """Pick the most recent kept session up where it was left (its file stays until a newer one replaces it)."""
        kept, self.kept = self.kept, None
        if kept is None or kept.snapshot is None:
            return
        try:
            self.app.scenes.replace("kept_table", snapshot=kept.snapshot)
        except ValueError as error:  # a snapshot this game cannot resume (anything else is the crash guard's)
            self.app.notices.tell(set_aside_unresumable(resume_path(self.app.data_dir, kept.mode), error))  # kept
            self._look_for_session()

    def campaign(self) -> None:
        """The campaign's roads (save slots), each opening onto its map."""
        self.app.scenes.push("campaign_roads")

    def daily(self) -> None:
        """The daily deal: one table a day, the same for everyone."""
        self.app.scenes.push("daily")

    def settings(self) -> None:
        """Volumes, speed, talk and the deck."""
        self.app.scenes.push("settings")

    def how_to_play(self) -> None:
        """The rules in plain words."""
        self.app.scenes.push("how_to_play")

    def replays(self) -> None:
        """The deals kept with the saves, to watch again."""
        self.app.scenes.push("replays")

    def statistics(self) -> None:
        """The player's record."""
        self.app.scenes.push("statistics")

    def ask_to_quit(self) -> None:
        """Esc pressed twice asks first: a stray key must not close the game (the Quit button and the window's X
        still quit at once)."""
        self.app.scenes.push("confirm", question=tr("title.quit.question"), detail=tr("title.quit.detail"),
                             yes=tr("title.quit.yes"), no=tr("title.quit.no"), on_yes=self.app.request_quit)

    # --- input and time -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """The offer's buttons, then the menu; Esc goes to Quit, and asks before quitting when Quit has the focus."""
        if self.passing and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.words = ""  # a passing notice was seen: the first key or click takes it away, and does its own work
        if self.offer is not None:
            used = self.offer.handle_event(event)
            if self.offer.closed:
                self.offer = None
            if used:
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            quit_index = len(self.menu.buttons) - 1
            if self.menu.focus == quit_index:
                self.ask_to_quit()
            else:
                self.menu.focus = quit_index
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.message and self._message_rect().collidepoint(event.pos):
            self.words = ""
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance the animation clock; a passing notice fades."""
        self.t += dt
        if self.passing and self.message:
            self.notice_clock += dt
            if self.notice_clock >= NOTICE_S + NOTICE_FADE:
                self.words = ""

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """Felt, the title, the animated cards and chips, the menu and any message."""
        text = self.app.text
        felt_backdrop(surface)
        self._draw_boodle_fan(surface)
        if self.offer is None:
            self._draw_run(surface)
        title = text.render_shadowed("Newmarket", "title", 92, theme.GOLD, offset=(2, 4), blur=4, strength=210)
        pad = text.shadow_pad((2, 4), 4)
        surface.blit(title, (88 - pad, 70 - pad))
        # the lines end short of the boodle fan at the upper right, however long the language's words
        line = text.draw(surface, tr("title.subtitle"), (98, 184), role="body", size=20, colour=theme.INK,
                         shadow=True, max_width=SUBTITLE_W, min_size=14)
        top = max(214, line.bottom + 6)  # larger lines stack down to the menu
        menu_top = min((button.rect.y for button in self.menu.buttons), default=250)
        size = text.fit_height("body", 16, menu_top - 4 - top)
        text.draw(surface, tr("title.also_known"), (98, top), role="body", size=size,
                  colour=theme.INK_DIM, max_width=SUBTITLE_W, min_size=min(size, 12))
        self.menu.draw(surface, text, show_focus=self.offer is None)  # Enter answers the offer while it is up
        if self.offer is not None:
            self.offer.draw(surface)
        if self.message:
            self._draw_message(surface)
        hint_bar(surface, text, tr("title.hint"))

    def _draw_message(self, surface: Canvas) -> None:
        box = self._message_rect()
        shown = min(1.0, (NOTICE_S + NOTICE_FADE - self.notice_clock) / NOTICE_FADE) if self.passing else 1.0
        note, at = (surface, box.topleft) if shown >= 1 else (Canvas.new(box.size, pygame.SRCALPHA), (0, 0))
        draw_panel(note, pygame.Rect(at, box.size), alpha=235, radius=12)
        body = self.app.text.render_wrapped(self.message, "body", 16, theme.GOLD, box.width - 28)
        note.blit(body, (at[0] + 14, at[1] + 10))
        if note is not surface:  # fading: the panel and its words together
            note.set_alpha(max(0, round(255 * shown)))
            surface.blit(note, box.topleft)

    def _message_rect(self) -> pygame.Rect:
        body = self.app.text.render_wrapped(self.message, "body", 16, theme.GOLD, 520 - 28)
        return pygame.Rect(720, 24, 520, body.get_height() + 26)  # above the fan, clear of the menu and the run

    def _deck(self) -> Any:
        return self.app.art.deck(CARD_W, self.app.settings.four_colour_deck)

    def _fan_card(self, index: int, angle: float) -> Canvas:
        """A boodle card turned by `angle` degrees, cached by its rounded angle."""
        steps = round(angle / ANGLE_STEP)
        four = self.app.settings.four_colour_deck
        key = (scale(), index, steps, four)
        found = self._rotated.get(key)
        if found is None:
            face = self.app.art.deck(CARD_W, four).boodle(BOODLE[index])
            found = self._rotated[key] = face.rotozoomed(steps * ANGLE_STEP, 1.0)
        return found

    def _draw_boodle_fan(self, surface: Canvas) -> None:
        """The four boodle cards fanned at the upper right, swaying, with their chip stacks bobbing."""
        centre = (955, 240)
        sway = math.sin(swaying(self.t) * 0.7) * 2.5
        for index in range(4):
            angle = (1.5 - index) * 11 + sway
            card = self._fan_card(index, angle)
            rad = math.radians(angle)
            x = centre[0] + (index - 1.5) * 92
            y = centre[1] + abs(index - 1.5) * 14 - math.cos(rad) * 6
            surface.blit(card, card.get_rect(center=(round(x), round(y))))
        for index, base in enumerate((3, 6, 2, 4)):
            count = base + round(1.5 + 1.5 * math.sin(swaying(self.t) * 1.3 + index * 1.7))
            x = centre[0] + (index - 1.5) * 92
            self.app.art.draw_stack(surface, (index + 1) % len(theme.CHIP_COLOURS), 22, count, (round(x), 420))

    def _draw_run(self, surface: Canvas) -> None:
        """A run of hearts played card by card along the bottom right, stopped by the King, then again."""
        deck = self._deck()
        local = self.t % (len(RUN) * RUN_STEP + RUN_HOLD)
        still = reduced_motion()
        for index, (x, y) in enumerate(run_places(local, still)):
            shadow = deck.shadow()
            pad = deck.shadow_pad
            surface.blit(shadow, (x - pad + 3, y - pad + 5))
            surface.blit(deck.face(RUN[index]), (x, y))
        if local > len(RUN) * RUN_STEP:
            since = local - len(RUN) * RUN_STEP
            pop = 1.0 if still else min(1.0, since / 0.2)
            size = round(24 + 8 * pop)
            self.app.text.draw(surface, tr("title.stop_king"), (RUN_LEFT + 4 * RUN_GAP + CARD_W // 2, RUN_TOP - 28),
                               role="title", size=size, colour=theme.GOLD, anchor="center", outline=2)


def run_places(local: float, still: bool) -> list[tuple[int, int]]:
    """Where the run's cards are `local` seconds into its cycle: each flying in from the corner, or (`still`,
    under reduced motion) put straight in its place when its turn comes."""
    shown = min(len(RUN), int(local / RUN_STEP) + 1)
    places = []
    for index in range(shown):
        p = 1.0 if still else min(1.0, (local - index * RUN_STEP) / 0.28)
        ease = 1 - (1 - p) ** 3
        x = RUN_FROM[0] + (RUN_LEFT + index * RUN_GAP - RUN_FROM[0]) * ease
        y = RUN_FROM[1] + (RUN_TOP - RUN_FROM[1]) * ease
        places.append((round(x), round(y)))
    return places
