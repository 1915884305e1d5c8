"""The road's charms between venues: the charm to choose (at the start, and for each venue cleared) and the shop,
each offer a panel with its name and one line, the player's case beneath; by mouse, keys and controller (its
D-pad and A are the arrows and Enter).

With the case full, the charm earned may still be taken: the player chooses it, then the charm of the case it
takes the place of (or passes). The shop opens with the focus on Back, so an Enter meant to go on buys nothing;
an offer that cannot be bought is greyed, and a line beside Back says why.

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
SHOWN_REASONS = ("charm_road.refused.full", "charm_road.refused.short")  # "Held" says itself on the button


UNLOCK_DEAF = 0.5  # as long as the unlock's own moment is deaf


class CharmShopScene(Scene):
    """The charm offered to choose, or the shop's offers with their prices; the case of charms held beneath."""

    def __init__(self, app: App, road: Road) -> None:
        super().__init__(app)
        self.road = road
        self.deaf = 0.0  # seconds more that a key or click is not taken (after a moment shown over it has gone)
        self.message = ""
        self.taking: str | None = None  # the charm earned, chosen to take in place of one held (a full case)
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

    @property
    def giving_up(self) -> bool:
        """True while the player, their case full, chooses the charm the one they take replaces."""
        return self.taking is not None and self.choosing

    def offers(self) -> tuple[str, ...]:
        """The charms on offer now: the one being taken in place of another, the choice, else the shop's."""
        if self.giving_up and self.taking is not None:
            return (self.taking,)
        return tuple(self.progress.offered) if self.choosing else self.progress.shop()

    def refusal(self) -> str:
        """Why the shop's greyed offers cannot be bought, in a line ("" when every offer can be, or its button says
        why): a full case refuses them all, else a bankroll too small for some, so there is one reason at most."""
        if self.choosing:
            return ""
        found = (self.progress.buy_refused(charm_id) for charm_id in self.offers())
        return next((tr(refused) for refused in found if refused in SHOWN_REASONS), "")

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

    def slot_rects(self) -> list[pygame.Rect]:
        """Each place of the case, left to right, after its label."""
        road = self.progress.charm_road
        hold = road.hold if road is not None else 0
        box = pygame.Rect(64, self.case_top(), 1152, CASE_H)
        left = box.x + 22 + self.case_label_width() + 24
        slot_w = (box.right - 16 - left) // max(1, hold) - 10
        return [pygame.Rect(left + index * (slot_w + 10), box.y + 14, slot_w, box.height - 28)
                for index in range(hold)]

    def case_label(self) -> str:
        """The case's label: how full it is, or (choosing the charm to give up) what its places now do."""
        if self.giving_up:
            return tr("charm_swap.give_up.case")
        road = self.progress.charm_road
        return tr("charm_road.case.title", held=len(self.progress.charms), hold=road.hold if road is not None else 0)

    def case_label_width(self) -> int:
        """How wide the case's label is drawn (at most 280 px)."""
        return min(280, self.app.text.width(self.case_label(), "bold", 18))

    def build(self, keep_focus: bool = False) -> None:
        """The buttons: one under each offer (take, or buy at its price), then Pass (a full case) and Back; while
        a full case gives a charm up, one on each charm held, then Choose another and Pass. The shop's focus
        starts on Back: buying needs the player to move onto an offer."""
        if self.giving_up:
            self._build_giving_up(keep_focus)
            return
        self.taking = None
        text = self.app.text
        buttons: list[Button] = []
        progress = self.progress
        for index, (charm_id, rect) in enumerate(zip(self.offers(), self.offer_rects())):
            if self.choosing:
                label = tr("charm_road.choose.take")
                refused = None
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
        if not keep_focus and not self.choosing:
            self.menu.focus = len(buttons) - 1

    def _build_giving_up(self, keep_focus: bool) -> None:
        """A button on each charm of the full case (the one to give up), then Choose another (the focus) and Pass."""
        taking = self.taking or ""
        buttons: list[Button] = []
        for index, (held, slot) in enumerate(zip(self.progress.charms, self.slot_rects())):
            buttons.append(Button(slot, charm_title(held), self._giver(held), pygame.K_1 + index, size=17,
                                  keycap=str(index + 1) if index < 9 else "",
                                  tooltip=tr("charm_swap.give_up.tip", old=charm_title(held),
                                             charm=charm_title(taking))))
        entries: list[ButtonEntry] = [
            (tr("charm_swap.give_up.another"), self.choose_another, None, "Esc", True),
            (tr("charm_road.choose.pass"), self.pass_choice, pygame.K_p, "P", True)]
        row = button_row(self.app.text, entries, size=20, minimum=150)
        self.menu.set(buttons + row, keep_focus=keep_focus)
        if not keep_focus:
            self.menu.focus = len(buttons)

    def relabel(self) -> None:
        """The language changed: the buttons in the new words."""
        self.build(keep_focus=True)

    def _taker(self, charm_id: str) -> Callable[[], None]:
        return lambda: self.take(charm_id)

    def _giver(self, held: str) -> Callable[[], None]:
        return lambda: self.give_up(held)

    def take(self, charm_id: str) -> None:
        """Take the charm offered (with the case full, go on to choose the one it replaces), or buy it from the
        shop; the road is saved at once."""
        choosing = self.choosing
        if choosing and self.progress.case_full and charm_id in self.progress.offered:
            self.taking, self.message = charm_id, ""
            self.build()
            return
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

    def give_up(self, held: str) -> None:
        """Give `held` up for the charm being taken (the case full); the road is saved at once."""
        taking = self.taking
        if taking is None:
            return
        refused = self.progress.swap(taking, held)
        if refused is not None:
            self.message = tr(refused)
            return
        self.taking = None
        self.message = tr("charm_swap.swapped", charm=charm_title(taking), old=charm_title(held))
        self._saved()
        self.app.assets.play("your_boodle", 0.6)
        if not self.progress.shop_open:
            self.back()
            return
        self.build()

    def choose_another(self) -> None:
        """Back from giving a charm up to the charms offered."""
        self.taking, self.message = None, ""
        self.build()

    def pass_choice(self) -> None:
        """Let the charms offered go (the case is full)."""
        refused = self.progress.pass_choice()
        if refused is not None:
            self.message = tr(refused)
            return
        self.taking = None
        self._saved()
        if not self.progress.shop_open:
            self.back()
            return
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

    def resume(self) -> None:
        """Back on top (an unlock's moment shown over the offer has gone): the keys that closed it, pressed on in a
        hurry, must not take a charm the player never looked at."""
        self.deaf = UNLOCK_DEAF

    def update(self, dt: float) -> None:
        """Time passes for the deaf moment after a resume."""
        self.deaf = max(0.0, self.deaf - dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back (from giving a charm up, to the charms offered); the arrows, Enter, the numbers and the
        mouse work the buttons."""
        if self.deaf > 0 and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.giving_up:
                self.choose_another()
            else:
                self.back()
            return
        self.menu.handle_event(event)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The heading, the offers, the case, the bankroll, the buttons and any message."""
        text = self.app.text
        felt_backdrop(surface)
        progress = self.progress
        if self.giving_up:
            title = tr("charm_swap.give_up.title")
            subtitle = tr("charm_swap.give_up.subtitle", charm=charm_title(self.taking or ""))
        elif self.choosing:
            title = tr("charm_road.choose.title")
            subtitle = tr("charm_road.choose.start") if progress.venue_index == 0 and not progress.results \
                else tr("charm_road.choose.earned")
            if progress.case_full:
                road = progress.charm_road
                subtitle = tr("charm_swap.full", hold=road.hold if road is not None else 0)
        else:
            title = tr("charm_road.shop.title")
            subtitle = tr("charm_road.shop.subtitle") if progress.shop_open else tr("charm_road.shop.closed")
        heading(surface, text, title, subtitle, y=22)
        text.draw(surface, tr("charm_road.shop.bankroll", chips=progress.bankroll), (1216, 40), role="bold",
                  size=22, colour=theme.GOLD, anchor="topright", max_width=300)
        for charm_id, rect in zip(self.offers(), self.offer_rects()):
            self._draw_offer(surface, charm_id, rect)
        self._draw_case(surface)
        said = " ".join(words for words in (self.message, self.refusal()) if words)
        if said:  # left of the buttons' row (its first button)
            row = [b for b in self.menu.buttons if b.rect.y >= 600] or self.menu.buttons
            draw_message(surface, text, said, (row[0].rect.x if row else 800) - 84, centre_y=664)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr("charm_swap.give_up.hint") if self.giving_up else tr("charm_road.hint"))

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
        box = pygame.Rect(64, self.case_top(), 1152, CASE_H)
        draw_panel(surface, box, alpha=215)
        text.draw(surface, self.case_label(), (box.x + 22, box.centery), role="bold", size=18,
                  colour=theme.GOLD if self.giving_up else theme.INK_DIM, anchor="midleft", max_width=280)
        if self.giving_up:  # the places are the buttons: each gives its charm up
            return
        for index, slot in enumerate(self.slot_rects()):
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
