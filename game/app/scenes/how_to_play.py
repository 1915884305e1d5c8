"""How to play: the rules in the player's language, fitted to the rules file in play, a section a page.

Every word comes from `config/locales/<lang>/how_to_play.yaml`; the pages are the same in every language,
and the values (boodle cards in the language's rank letters, chips, antes) come from the rules in play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...campaign.scores import HINT_COST
from ...config import default_rules
from ...engine.cards import Card
from ...engine.rules import FIRST_LEAD_DEFAULT, RuleSet
from ...locale import tr, trn
from ...locale.cards import card_label
from ...locale.texts import rules_name
from .. import theme
from ..canvas import Canvas
from ..form import Form
from ..scene import Scene
from ..text import suit_runs
from ..widgets import Button, button_width, draw_panel
from .common import dim, felt_backdrop, heading, hint_bar
from .rules_lines import BULLET, auction_words, cards_words, chips, removed_words, rules_summary

if TYPE_CHECKING:
    from ..app import App

BULLET_INDENT = 26
TABS_X, TABS_W = 40, 304  # the list of sections: wide enough for the longest title with margins
TAB_SIZE = 17
TAB_STEP = 42  # from one section's tab to the next, while they fit
TABS_ROOM = 720 - 128 - 8 - 40 - 8  # the tabs' room above the Back button, which keeps 8 px from the bottom
BODY_SIZES = (20, 19, 18, 17, 16, 15)  # a long page in a long language shrinks a little rather than scroll
CARDS_HEIGHT = 150


@dataclass(frozen=True)
class Section:
    """One page: a title, paragraphs, and cards to show as an example."""

    title: str
    paragraphs: tuple[str, ...]
    cards: tuple[str, ...] = ()
    boodle: bool = False  # draw the example cards as boodle cards


def _after_stop(rules: RuleSet) -> str:
    """What the new leader must do after a stop, as whole sentences."""
    if not rules.switch_suit:
        return tr("how_to_play.after_stop.any")
    must = tr("how_to_play.after_stop.other_colour") if rules.switch_to == "other_colour" else \
        tr("how_to_play.after_stop.other_suit")
    if rules.when_unable == "pass_left":
        unable = tr("how_to_play.after_stop.pass_left")
        if rules.pass_penalty:
            unable += " " + tr("leading_rules.after_stop.penalty", chips=chips(rules.pass_penalty))
    elif rules.switch_to == "other_colour":
        unable = tr("leading_rules.after_stop.step_down" if rules.when_unable == "step_down" else
                    "leading_rules.after_stop.any_held")
    else:
        unable = tr("how_to_play.after_stop.same_suit")
    return f"{must} {unable}"


def rule_sections(rules: RuleSet) -> list[Section]:
    """The pages of the rules in the current language, each fitted to `rules`."""
    boodle = cards_words(rules)
    if rules.staking == "free":
        spread = tr("how_to_play.antes.free")
    else:
        spread = tr("how_to_play.antes.even", each=chips(rules.ante_boodle // max(1, len(rules.boodle_cards))))
    ante = tr("how_to_play.antes.ante", pot=chips(rules.ante_pot), boodle=chips(rules.ante_boodle)) + " " + spread
    if rules.dealer_ante_multiplier > 1:
        ante += " " + tr("how_to_play.antes.dealer", times=rules.dealer_ante_multiplier)
    buy = tr("how_to_play.deal.buy", fee=chips(rules.buy_dead_hand.fee)) if rules.buy_dead_hand.enabled else \
        tr("how_to_play.deal.no_buy")
    if rules.buy_dead_hand.auction:
        buy += " " + auction_words(rules)
    if rules.first_lead == FIRST_LEAD_DEFAULT:
        first = tr("how_to_play.runs.first_left")
    else:
        first = tr("how_to_play.runs.first_card", card=card_label(Card.parse(rules.first_lead)))
    follow = tr("how_to_play.runs.follow")
    if rules.follow == "optional":
        follow += " " + tr("how_to_play.runs.optional")
    declined = (BULLET + tr("how_to_play.stops.declined"),) if rules.follow == "optional" else ()
    if rules.deals:
        length = trn("how_to_play.end.deals", rules.deals)
    else:
        length = tr("how_to_play.end.open")
    payment = tr("how_to_play.going_out.pot_pay", chips=chips(rules.per_card_payment)) if rules.per_card_payment \
        else tr("how_to_play.going_out.pot_only")
    high = rules.aces == "high"
    deck = tr("ranks.howto_deck_high" if high else "how_to_play.setup.deck", chips=chips(rules.starting_chips))
    if rules.removed_cards:
        deck += " " + tr("ranks.howto_removed", cards=removed_words(rules))
    removed = (BULLET + tr("ranks.howto_removed_stop", cards=removed_words(rules)),) if rules.removed_cards else ()
    example_boodle = tuple(str(card) for card in rules.boodle_cards[:4])
    hit = str(rules.boodle_cards[0])
    return [
        Section(tr("how_to_play.aim.title"), (
            tr("how_to_play.aim.race"),
            tr("how_to_play.aim.boodle"),
        ), ("5H", "6H", "7H", "8H")),
        Section(tr("how_to_play.setup.title"), (
            deck,
            tr("ranks.howto_cut_lowest" if rules.cut_deals == "lowest" else "how_to_play.setup.cut"),
            tr("how_to_play.setup.seats"),
        ), ("KC", "9D", "4S")),
        Section(tr("how_to_play.antes.title"), (
            ante,
            tr("how_to_play.antes.cards", cards=boodle),
            tr("leading_rules.antes.all_in" if rules.short_ante == "all_in" else "how_to_play.antes.broke"),
        ), example_boodle, True),
        Section(tr("how_to_play.deal.title"), (
            tr("how_to_play.deal.deal"),
            buy,
        ), ("?", "?", "?")),
        Section(tr("how_to_play.runs.title"), (
            first + " " + tr("how_to_play.runs.lead"),
            follow,
        ), ("5H", "6H", "7H", "8H", "9H")),
        Section(tr("how_to_play.stops.title"), (
            tr("how_to_play.stops.intro"),
            BULLET + tr("ranks.howto_ace_stop" if high else "how_to_play.stops.king"),
            BULLET + tr("how_to_play.stops.dead_hand"),
            BULLET + tr("how_to_play.stops.played"),
            *removed,
            *declined,
            tr("how_to_play.stops.example",  # in the very words the table uses for a stop
               example=tr("stops.line", reason=tr("stops.dead_hand", card=card_label(Card.parse("8C"))))),
        ), ("QC", "KC", "AC") if high else ("JC", "QC", "KC")),
        Section(tr("how_to_play.after_stop.title"), (
            tr("how_to_play.after_stop.who") + " " + _after_stop(rules),
            tr("ranks.howto_tip_high" if high else "how_to_play.after_stop.tip"),
        )),
        Section(tr("how_to_play.boodle.title"), (
            tr("how_to_play.boodle.hit"),
            tr("how_to_play.boodle.carry"),
        ), (hit, hit), True),
        Section(tr("how_to_play.going_out.title"), (
            tr("how_to_play.going_out.first"),
            payment,
        )),
        Section(tr("how_to_play.end.title"), (
            length + " " + tr("how_to_play.end.clock"),
            tr("boodle_end.end_split" if rules.boodle_at_end == "split" else "boodle_end.end_stay"),  # R22
            tr("how_to_play.end.winner"),
        )),
        Section(tr("how_to_play.rules.title"), rules_summary(rules)),
        Section(tr("how_to_play.controls.title"), (
            tr("how_to_play.controls.mouse"),
            trn("how_to_play.controls.keyboard", HINT_COST),  # what a hint costs where the score counts it
            tr("how_to_play.controls.pad"),
            tr("how_to_play.controls.stake"),
            tr("how_to_play.controls.table"),
            tr("how_to_play.controls.menu"),
        )),
        Section(tr("charm_pages.about.title"), (  # R31-R39: last, so a rules page keeps its place
            tr("charm_pages.about.what"),
            tr("charm_pages.about.choice"),
            tr("charm_pages.about.chips"),
            tr("charm_pages.about.tray"),
        )),
        Section(tr("charm_pages.use.title"), (
            tr("charm_pages.use.raised"),
            tr("charm_pages.use.mouse"),
            tr("charm_pages.use.keys"),
            tr("charm_pages.use.pad"),
            tr("charm_pages.use.tip"),
        )),
    ]


class HowToPlayScene(Scene):
    """The rules, a section a page: ↑/↓ or the list pick a section, ←/→ page, the wheel scrolls a long page."""

    def __init__(self, app: App, rules: RuleSet | None = None, *, over_table: bool = False,
                 section: int = 0) -> None:
        super().__init__(app)
        self.overlay = over_table
        self.rules = rules if rules is not None else _default_rules()
        self.page = pygame.Rect(360, 128, 870, 520)
        self.form = Form()
        self.index = max(0, section)
        self.relabel()

    def relabel(self) -> None:
        """Rebuild the pages and the section list in the current language, on the same page."""
        self.sections = rule_sections(self.rules)
        self.index = min(self.index, len(self.sections) - 1)
        step = min(TAB_STEP, TABS_ROOM // len(self.sections))  # many pages: closer tabs, the Back button on screen
        tabs = [Button(pygame.Rect(TABS_X, 128 + i * step, TABS_W, step - 6), section.title, self._opener(i),
                       size=TAB_SIZE) for i, section in enumerate(self.sections)]
        back = tr("how_to_play.back")
        self.back_button = Button(pygame.Rect(TABS_X, 128 + len(tabs) * step + 8,
                                              max(TABS_W // 2, button_width(self.app.text, back, 19)), 40),
                                  back, self.back, tooltip=tr("how_to_play.back_tip"), size=19)
        guided = tr("tutorial.how_to_play.button")
        width = button_width(self.app.text, guided, 19, "G", minimum=200)
        self.guided_button = Button(pygame.Rect(self.page.right - width, 52, width, 44), guided, self.guided_deal,
                                    pygame.K_g, tooltip=tr("tutorial.how_to_play.tip"), size=19, keycap="G")
        # over a table (from the pause menu) the guided deal would leave the session: it is offered from the title's
        self.form.set([*tabs, self.back_button] + ([] if self.overlay else [self.guided_button]))
        self.show(self.index)

    def guided_deal(self) -> None:
        """Play the guided first deal instead of reading."""
        self.app.scenes.replace("tutorial")

    def _opener(self, index: int) -> Callable[[], None]:
        def open_section() -> None:
            self.show(index)
        return open_section

    def show(self, index: int) -> None:
        """Turn to section `index`."""
        self.index = index % len(self.sections)
        self.scroll = 0
        self.form.focus = self.index
        for number, control in enumerate(self.form.controls):
            if isinstance(control, Button):
                control.selected = number == self.index

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back; arrows, the list and the wheel move about."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_g and not self.overlay:
                self.guided_deal()
                return
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.show(self.index + 1)
                return
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.show(self.index - 1)
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                last = len(self.sections) - 1
                if self.form.focused is self.back_button:
                    if step < 0:
                        self.show(last)
                elif step > 0 and self.index == last:
                    self.form.focus_on(self.back_button)
                else:
                    self.show(max(0, self.index + step))
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._overflow(), self.scroll - event.y * 40))
            return
        self.form.handle_event(event)

    # --- the page's layout: the largest body size at which the page fits its box ------------------------

    def _room(self) -> int:
        return self.page.height - 100

    def _lines_at(self, size: int) -> list[tuple[str, bool, int]]:
        """The page's lines at `size` as (text, starts a paragraph, indent); a bullet hangs under its mark."""
        out: list[tuple[str, bool, int]] = []
        width = self.page.width - 64
        for paragraph in self.sections[self.index].paragraphs:
            if paragraph.startswith(BULLET):
                lines = self.app.text.wrap(paragraph[len(BULLET):], "body", size, width - BULLET_INDENT)
                out += [(line, number == 0, BULLET_INDENT) for number, line in enumerate(lines)]
            else:
                lines = self.app.text.wrap(paragraph, "body", size, width)
                out += [(line, number == 0, 0) for number, line in enumerate(lines)]
        return out

    def _steps(self, size: int) -> tuple[int, int]:
        """A line's height and the gap before a paragraph at `size` (as much more as larger print is taller)."""
        growth = self.app.text.growth("body", size)
        return round(size * 1.4) + growth, (size + growth) // 2

    def _height_at(self, size: int) -> int:
        lines = self._lines_at(size)
        line, gap = self._steps(size)
        height = len(lines) * line + sum(gap for _, first, _ in lines if first)
        return height + (CARDS_HEIGHT if self.sections[self.index].cards else 0)

    def _body_size(self) -> int:
        """The largest body size at which the page needs no scrolling (the smallest if none does)."""
        sizes = [*BODY_SIZES, *self.app.text.sizes_down(BODY_SIZES[-1])[1:]]  # larger print: down to its 100% look
        for size in sizes:
            if self._height_at(size) <= self._room():
                return size
        return sizes[-1]

    def _body_height(self) -> int:
        return self._height_at(self._body_size())

    def _overflow(self) -> int:
        return max(0, self._body_height() - self._room())

    def draw(self, surface: Canvas) -> None:
        """The section list and the page."""
        text = self.app.text
        if self.overlay:  # over a table or a deal summary: the page is read, what lies beneath only hinted at
            dim(surface, 215)
        else:
            felt_backdrop(surface)
        heading(surface, text, tr("how_to_play.heading"),
                tr("how_to_play.subtitle", name=rules_name(self.rules)), y=28, below=self.page.y - 2)
        draw_panel(surface, self.page, alpha=255 if self.overlay else 215)  # opaque over a summary's words
        section = self.sections[self.index]
        number = text.draw(surface, tr("how_to_play.page_number", number=self.index + 1, total=len(self.sections)),
                           (self.page.right - 28, self.page.y + 34), role="body", size=16, colour=theme.INK_DIM,
                           anchor="topright")
        text.draw(surface, section.title, (self.page.x + 32, self.page.y + 24), role="title", size=30,
                  colour=theme.GOLD, max_width=number.x - 16 - self.page.x - 32, min_size=20)
        clip = pygame.Rect(self.page.x + 8, self.page.y + 76, self.page.width - 16, self.page.height - 88)
        old_clip = surface.get_clip()
        surface.set_clip(clip)
        y = clip.y + 4 - self.scroll
        colours = theme.suits_on_dark(self.app.settings.four_colour_deck)
        size = self._body_size()
        step, gap = self._steps(size)
        for line, first, indent in self._lines_at(size):
            if first:
                y += gap
                if indent:
                    text.draw(surface, "♦", (self.page.x + 34, y + 2), role="body", size=size - 4,
                              colour=theme.RED_TEXT)
            surface.blit(text.render_runs(suit_runs(line, theme.INK, colours), "body", size),
                         (self.page.x + 32 + indent, y))
            y += step
        if section.cards:
            self._draw_cards(surface, section, y + 20)
        surface.set_clip(old_clip)
        if self._overflow() and self.scroll < self._overflow():
            text.draw(surface, tr("how_to_play.more"), (self.page.right - 24, self.page.bottom - 14), role="body",
                      size=14, colour=theme.GOLD, anchor="bottomright")
        self.form.draw(surface, text, tooltips=False)
        hint_bar(surface, text, tr("how_to_play.hint"))

    def _draw_cards(self, surface: Canvas, section: Section, top: int) -> None:
        deck = self.app.art.deck(80, self.app.settings.four_colour_deck)
        gap = 24 if len(section.cards) > 1 else 0
        width = len(section.cards) * deck.width + (len(section.cards) - 1) * gap
        x = self.page.centerx - width // 2
        for index, name in enumerate(section.cards):
            surface.blit(deck.shadow(), (x - deck.shadow_pad + 3, top - deck.shadow_pad + 5))
            if name == "?":
                image = deck.back()
            else:
                card = Card.parse(name)
                # the boodle pages show a boodle card and, beside it, the card of the deck that hits it
                image = deck.boodle(card) if section.boodle and (len(set(section.cards)) > 1 or index == 0) \
                    else deck.face(card)
            surface.blit(image, (x, top))
            x += deck.width + gap


def _default_rules() -> RuleSet:
    """The default rules file's settings, or the engine's classic defaults if it will not load."""
    try:
        return default_rules()
    except Exception:  # noqa: BLE001 - a broken default file is reported by the new-game scene; here the classic rules do
        return RuleSet()


