"""The road's charms between venues: the charm to choose (at the start, and for each venue cleared) and the shop,
each offer a panel with its name and one line, the player's case beneath; by mouse, keys and controller (its
D-pad and A are the arrows and Enter).

The road itself (`game.campaign.roads.Road`) is handed over by the map and saved here after each choice or
purchase, so a crash loses nothing taken or paid for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...campaign.model import CampaignProgress
from ...campaign.roads import Road
from ...config import ConfigError, load_charms
from ...engine.charms import CharmSpec
from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..charm_words import charm_line, charm_terms, charm_title
from ..scene import Scene
from ..widgets import Button, ButtonEntry, Menu, button_row, button_width, draw_panel
from .common import draw_message, felt_backdrop, heading, hint_bar

if TYPE_CHECKING:
    from ..app import App

OFFER_W, OFFER_H, OFFER_GAP = 340, 200, 30
OFFER_TOP = 160
TERMS_GAP = 10  # between an offer's line and its terms
CASE_H, CASE_BOTTOM = 80, 632  # the case's panel, clear of the Back button beneath it
OFFER_HIGHEST = 118  # a tall offer (a large text size) rises this far under the heading, to keep the case in sight
UNDER_OFFER = 60  # an offer's button under it


class CharmShopScene(Scene):
    """The charm offered to choose, or the shop's offers with their prices; the case of charms held beneath."""

    def __init__(self, app: App, road: Road) -> None:
        super().__init__(app)
        self.road = road
        self.message = ""
        self.menu = Menu()
        self.specs = _known_charms()  # each offer's uses and fee, as its file says
        self.build()

    @property
    def progress(self) -> CampaignProgress:
        """The road's progress (the map opens this scene only on a road it can play)."""
        assert self.road.progress is not None
        return self.road.progress

    @property
    def choosing(self) -> bool:
        """True while charms are offered to choose one from (before the shop)."""
        return bool(self.progress.offered)

    def offers(self) -> tuple[str, ...]:
        """The charms on offer now: the choice, else the shop's."""
        return tuple(self.progress.offered) if self.choosing else self.progress.shop()

    def offer_words(self, charm_id: str) -> tuple[str, str]:
        """An offer's one line, and its terms (how often it may be used, its fee; "" without its file)."""
        spec = self.specs.get(charm_id)
        return charm_line(charm_id), charm_terms(spec) if spec is not None else ""

    def terms_size(self) -> int:
        """The size the offers' terms are drawn at: as designed, smaller (not below 13 px lines) when the player's
        text size would push the case under the offers off the screen; the same for every offer."""
        text = self.app.text
        most = CASE_BOTTOM - CASE_H - 16 - UNDER_OFFER - OFFER_HIGHEST
        sizes = [15]
        for charm_id in self.offers():
            line, terms = self.offer_words(charm_id)
            above = 22 + text.line_height("title", 28) + 16 + text.block_height(line, "body", 17, OFFER_W - 40) + 20
            if terms:
                sizes.append(text.wrapped_size(terms, "bold", 15, OFFER_W - 40, max(0, most - above - TERMS_GAP)))
        return min(sizes)

    def offer_rects(self) -> list[pygame.Rect]:
        """Each offer's panel, side by side and centred, as tall as the longest line and its terms need at the
        player's text size (never less than designed), raised when the case beneath would not fit."""
        offers = self.offers()
        text = self.app.text
        size = self.terms_size()

        def tall(charm_id: str) -> int:
            line, terms = self.offer_words(charm_id)
            below = TERMS_GAP + text.block_height(terms, "bold", size, OFFER_W - 40) \
                if terms else 0
            return text.block_height(line, "body", 17, OFFER_W - 40) + below
        words = max((tall(c) for c in offers), default=0)
        height = max(OFFER_H, 22 + text.line_height("title", 28) + 16 + words + 20)
        top = max(OFFER_HIGHEST, min(OFFER_TOP, CASE_BOTTOM - CASE_H - 40 - UNDER_OFFER - height))
        left = (1280 - len(offers) * OFFER_W - (len(offers) - 1) * OFFER_GAP) // 2
        return [pygame.Rect(left + i * (OFFER_W + OFFER_GAP), top, OFFER_W, height) for i in range(len(offers))]

    def case_top(self) -> int:
        """The case's panel's top: under the offers' buttons (closer when the offers are tall)."""
        rects = self.offer_rects()
        under = (rects[0].bottom if rects else OFFER_TOP + OFFER_H) + UNDER_OFFER
        return under + max(16, min(40, CASE_BOTTOM - CASE_H - under))

    def build(self, keep_focus: bool = False) -> None:
        """The buttons: one under each offer (take, or buy at its price), then Pass (a full case) and Back."""
        text = self.app.text
        buttons: list[Button] = []
        progress = self.progress
        for index, (charm_id, rect) in enumerate(zip(self.offers(), self.offer_rects())):
            if self.choosing:
                label = tr("charm_road.choose.take")
                refused = "charm_road.refused.full" if progress.case_full else None
            else:
                road = progress.charm_road
                price = road.price(charm_id) if road is not None else 0
                label = tr("charm_road.shop.held") if charm_id in progress.charms \
                    else tr("charm_road.shop.buy", price=price)
                refused = progress.buy_refused(charm_id)
            width = min(OFFER_W - 40, button_width(text, label, 20, str(index + 1), minimum=180))
            button = Button(pygame.Rect(rect.centerx - width // 2, rect.bottom + 12, width, 48), label,
                            self._taker(charm_id), pygame.K_1 + index, enabled=refused is None, size=20,
                            keycap=str(index + 1), tooltip=tr(refused) if refused else charm_line(charm_id))
            buttons.append(button)
        entries: list[ButtonEntry] = []
        if self.choosing and progress.case_full:
            entries.append((tr("charm_road.choose.pass"), self.pass_choice, pygame.K_p, "P", True))
        entries.append((tr("charm_road.back"), self.back, None, "Esc", True))
        buttons += button_row(text, entries, size=20, minimum=150)
        self.menu.set(buttons, keep_focus=keep_focus)

    def relabel(self) -> None:
        """The language changed: the buttons in the new words."""
        self.build(keep_focus=True)

    def _taker(self, charm_id: str) -> Callable[[], None]:
        return lambda: self.take(charm_id)

    def take(self, charm_id: str) -> None:
        """Take the charm offered, or buy it from the shop; the road is saved at once."""
        choosing = self.choosing
        refused = self.progress.choose(charm_id) if choosing else self.progress.buy(charm_id)
        if refused is not None:
            self.message = tr(refused)
            return
        self.message = "" if choosing else tr("charm_road.shop.bought", charm=charm_title(charm_id))
        self._saved()
        self.app.assets.play("your_boodle", 0.6)
        if choosing and not self.progress.shop_open:
            self.back()
            return
        self.build()

    def pass_choice(self) -> None:
        """Let the charms offered go (the case is full)."""
        refused = self.progress.pass_choice()
        if refused is not None:
            self.message = tr(refused)
            return
        self._saved()
        self.build()

    def _saved(self) -> None:
        """Keep the road on disk; what went wrong is told in the notices."""
        self.app.notices.tell(self.road.save())
        for said in self.road.set_aside:
            self.app.notices.tell(said)
        self.road.set_aside.clear()

    def back(self) -> None:
        """Back to the road's map."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back; the arrows, Enter, the numbers and the mouse work the buttons."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle_event(event)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The heading, the offers, the case, the bankroll, the buttons and any message."""
        text = self.app.text
        felt_backdrop(surface)
        progress = self.progress
        if self.choosing:
            title = tr("charm_road.choose.title")
            subtitle = tr("charm_road.choose.start") if progress.venue_index == 0 and not progress.results \
                else tr("charm_road.choose.earned")
            if progress.case_full:
                road = progress.charm_road
                subtitle = tr("charm_road.choose.full", hold=road.hold if road is not None else 0)
        else:
            title = tr("charm_road.shop.title")
            subtitle = tr("charm_road.shop.subtitle") if progress.shop_open else tr("charm_road.shop.closed")
        heading(surface, text, title, subtitle, y=22)
        text.draw(surface, tr("charm_road.shop.bankroll", chips=progress.bankroll), (1216, 40), role="bold",
                  size=22, colour=theme.GOLD, anchor="topright", max_width=300)
        for charm_id, rect in zip(self.offers(), self.offer_rects()):
            self._draw_offer(surface, charm_id, rect)
        self._draw_case(surface)
        if self.message:
            draw_message(surface, text, self.message, (self.menu.buttons[-1].rect.x if self.menu.buttons else 800) - 84,
                         centre_y=664)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr("charm_road.hint"))

    def _draw_offer(self, surface: Canvas, charm_id: str, rect: pygame.Rect) -> None:
        text = self.app.text
        held = charm_id in self.progress.charms
        draw_panel(surface, rect, alpha=235)
        if held:
            paint.rect(surface, theme.GOLD, rect, 2, border_radius=16)
        room = rect.width - 40
        name = text.draw(surface, charm_title(charm_id), (rect.centerx, rect.y + 22), role="title", size=28,
                         colour=theme.GOLD, anchor="midtop", max_width=room, min_size=16)
        line, terms = self.offer_words(charm_id)
        size = self.terms_size()
        body = text.render_wrapped(line, "body", 17, theme.INK, room)
        surface.blit(body, (rect.x + 20, name.bottom + 16))
        if terms:
            said = text.render_wrapped(terms, "bold", size, theme.GOLD, room)
            surface.blit(said, (rect.x + 20, name.bottom + 16 + body.get_height() + TERMS_GAP))

    def _draw_case(self, surface: Canvas) -> None:
        text = self.app.text
        progress = self.progress
        road = progress.charm_road
        hold = road.hold if road is not None else 0
        box = pygame.Rect(64, self.case_top(), 1152, CASE_H)
        draw_panel(surface, box, alpha=215)
        label = text.draw(surface, tr("charm_road.case.title", held=len(progress.charms), hold=hold),
                          (box.x + 22, box.centery), role="bold", size=18, colour=theme.INK_DIM, anchor="midleft",
                          max_width=280)
        left = label.right + 24
        slot_w = (box.right - 16 - left) // max(1, hold) - 10
        for index in range(hold):
            slot = pygame.Rect(left + index * (slot_w + 10), box.y + 14, slot_w, box.height - 28)
            filled = index < len(progress.charms)
            paint.rect(surface, theme.SELECTED if filled else (36, 52, 44), slot, border_radius=10)
            paint.rect(surface, theme.GOLD if filled else theme.PANEL_EDGE, slot, 2, border_radius=10)
            words = charm_title(progress.charms[index]) if filled else tr("charm_road.case.empty")
            text.draw(surface, words, slot.center, role="bold" if filled else "body", size=17,
                      colour=theme.INK if filled else theme.INK_DIM, anchor="center", max_width=slot.width - 16,
                      min_size=11)


def _known_charms() -> dict[str, CharmSpec]:
    """Every charm of config/charms by id (none when their files have a problem: the offers then show no terms)."""
    try:
        return load_charms()
    except (ConfigError, OSError):
        return {}
