"""How to play: the rules in our own words, fitted to the rules file in play, a section a page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from ...engine.cards import Card
from ...engine.rules import FIRST_LEAD_DEFAULT, RuleSet
from .. import theme
from ..scene import Scene
from ..text import suit_runs
from ..widgets import Button, Form, draw_panel
from .common import felt, heading, hint_bar, veil

if TYPE_CHECKING:
    from ..app import App

SUIT_WORDS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
BULLET = "•  "
BULLET_INDENT = 26
TABS_X, TABS_W = 40, 304  # the list of sections: wide enough for the longest title with margins


@dataclass(frozen=True)
class Section:
    """One page: a title, paragraphs, and cards to show as an example."""

    title: str
    paragraphs: tuple[str, ...]
    cards: tuple[str, ...] = ()
    boodle: bool = False  # draw the example cards as boodle cards


def card_name(card: Card) -> str:
    """A card as a reader writes it: 10♥, Q♣."""
    text = str(card)
    return text[:-1] + SUIT_WORDS[text[-1]]


def chips(count: int) -> str:
    """'1 chip', '4 chips'."""
    return f"{count} chip" if count == 1 else f"{count} chips"


def rule_sections(rules: RuleSet) -> list[Section]:
    """The pages of the rules, each fitted to `rules`."""
    boodle = ", ".join(card_name(card) for card in rules.boodle_cards)
    if rules.staking == "free":
        spread = "spread as you like over the boodle cards: all on one, one on each, or any mix"
    else:
        each = rules.ante_boodle // max(1, len(rules.boodle_cards))
        spread = f"split evenly over the boodle cards, {chips(each)} on each (the Saratoga way)"
    dealer = (f" The dealer stakes {rules.dealer_ante_multiplier} times as much on the boodle cards."
              if rules.dealer_ante_multiplier > 1 else "")
    buy = (f" With these rules the dealer may look at their hand and then buy the dead hand for "
           f"{chips(rules.buy_dead_hand.fee)}, paid into the pot: the two hands swap, and the one given up becomes "
           "the dead hand." if rules.buy_dead_hand.enabled else
           " (Some tables let the dealer buy the dead hand; these rules do not.)")
    if rules.first_lead == FIRST_LEAD_DEFAULT:
        first = "The player on the dealer's left leads first."
    else:
        first = (f"Whoever holds the {card_name(Card.parse(rules.first_lead))} leads first (the dealer's left if "
                 "it lies in the dead hand).")
    optional = (" With these rules following is optional: the holder may decline, and the run stops."
                if rules.follow == "optional" else "")
    declined = ("•  Its holder declined to play it.",) if rules.follow == "optional" else ()
    reasons = "four" if declined else "three"
    if not rules.switch_suit:
        after = "They may lead any suit they hold, the stopped one included."
    else:
        other = "a suit of the other colour" if rules.switch_to == "other_colour" else "a different suit"
        unable = ("If they cannot, the lead passes to the left, to the first player who can."
                  if rules.when_unable == "pass_left" else
                  "If they hold nothing else, they lead their lowest card of the same suit.")
        after = f"They must lead {other} from the one that just stopped, if they hold one. {unable}"
    length = (f"The session ends after {rules.deals} deals" if rules.deals else
              "The session has no set number of deals: it goes on")
    payment = (f"every other player pays them {chips(rules.per_card_payment)} for each card still in their hand; "
               "a player who owes more than they have pays all they have." if rules.per_card_payment else
               "with these rules nobody pays for the cards left in their hand.")
    example_boodle = tuple(str(card) for card in rules.boodle_cards[:4])
    hit = str(rules.boodle_cards[0])
    return [
        Section("The aim", (
            "Newmarket is a race and a treasure hunt at once. Cards are played upward in runs, and the first "
            "player to get rid of every card wins the pot and collects for the cards the others still hold.",
            "Along the way, whoever plays the card that matches a boodle card scoops every chip staked on it. "
            "Chips are never made or lost: they only move between the players, the pot and the boodle cards.",
        ), ("5H", "6H", "7H", "8H")),
        Section("Setting up", (
            f"Three to eight players each start with {chips(rules.starting_chips)} and play from one ordinary "
            "52-card deck. Aces are low and the King is the top of every suit.",
            "Everyone cuts a card to find the first dealer: the highest card deals, and players tied for highest "
            "cut again. After every deal the deal passes to the left.",
            "You sit at the bottom of the table. The other seats are characters, each with a way of playing "
            "and a thing or two to say about it.",
        ), ("KC", "9D", "4S")),
        Section("Antes and boodle cards", (
            f"Before each deal every player pays an ante: {chips(rules.ante_pot)} into the pot and "
            f"{chips(rules.ante_boodle)} {spread}.{dealer}",
            f"The boodle cards are {boodle}: cards from a second deck that only carry chips. Chips on a boodle "
            "card nobody hits stay there, and the pile grows from deal to deal.",
            "A player who cannot pay the full ante is out of the session and keeps what they have left.",
        ), example_boodle, True),
        Section("The deal and the dead hand", (
            "The dealer deals every card, one at a time, to each player and to one extra hand, the dead hand. "
            "Hands differ by one card at most. Nobody sees the dead hand, and its cards are what break runs."
            + buy,
        ), ("?", "?", "?")),
        Section("Leading and runs", (
            f"{first} To lead, choose a suit you hold and play your lowest card of it.",
            "Whoever holds the next card up in that suit plays it at once, out of turn; then the holder of the "
            f"next one, and so on up the suit.{optional} The table plays these follows for you: watch the run "
            "climb.",
        ), ("5H", "6H", "7H", "8H", "9H")),
        Section("Stops", (
            f"A run stops when its next card cannot be played. That happens for {reasons} reasons:",
            "•  After a King: nothing is higher.",
            "•  The next card is in the dead hand: nobody can play it.",
            "•  The next card was played earlier in this deal: a suit first led from the middle comes round "
            "again.",
            *declined,
            "The table says which, for example “Stop: 8♣ is in the dead hand”.",
        ), ("JC", "QC", "KC")),
        Section("Leading after a stop", (
            f"Whoever played the last card of the stopped run leads next. {after}",
            "Leading a suit whose low cards you hold empties your hand quickly; a King in your hand means the "
            "lead will come back to you.",
        )),
        Section("Boodle wins", (
            "Playing the card that matches a boodle card, as a lead or as a follow, wins every chip lying on that "
            "boodle card at once.",
            "Boodle cards nobody hits keep their chips for the next deal, so a card left unclaimed for a few "
            "deals becomes a prize worth steering a run towards.",
        ), (hit, hit), True),
        Section("Going out and payments", (
            "The first player to play their last card wins the deal, and play stops at once.",
            f"They take the whole pot, and {payment}",
        )),
        Section("End of the session", (
            f"{length}, and it ends as soon as only one player has chips left. With a time limit it ends with "
            "the deal in progress when the time is up. You may also end it from the pause menu.",
            "The player with the most chips wins the session; equal chips share the win.",
        )),
        Section("These rules", rules_summary(rules)),
        Section("Controls", (
            "Mouse: click a raised card to lead it; hover a lowered card to see why it cannot be led. When you "
            "stake, click boodle cards to place chips or pick a quick choice, then confirm.",
            "Keyboard: arrows or number keys choose, Enter confirms. H shows a hint: what the expert would lead "
            "and why. Space or a click fast-forwards the animations.",
            "Esc opens the pause menu (and goes back in menus). F11 switches full screen on and off.",
        )),
    ]


def rules_summary(rules: RuleSet) -> tuple[str, ...]:
    """Every setting of `rules`, one line each, in words."""
    boodle = ", ".join(card_name(card) for card in rules.boodle_cards)
    lines = [f"{rules.name}" + (f": {rules.description}" if rules.description else ""),
             f"Boodle cards: {boodle}.",
             f"Starting chips: {rules.starting_chips}.  Ante: {rules.ante_pot} to the pot, {rules.ante_boodle} "
             f"on the boodle cards ({'spread freely' if rules.staking == 'free' else 'split evenly'})"
             + (f", the dealer {rules.dealer_ante_multiplier}×." if rules.dealer_ante_multiplier > 1 else "."),
             f"Following: {rules.follow}.  After a stop: "
             + ("any suit" if not rules.switch_suit else
                ("another colour" if rules.switch_to == "other_colour" else "another suit")
                + (", else pass the lead left" if rules.when_unable == "pass_left" else ", else the same suit"))
             + ".",
             "First lead: " + ("the dealer's left" if rules.first_lead == FIRST_LEAD_DEFAULT else
                               f"the holder of {card_name(Card.parse(rules.first_lead))}") + ".",
             "Buying the dead hand: " + (f"allowed, {chips(rules.buy_dead_hand.fee)}" if rules.buy_dead_hand.enabled
                                         else "not allowed") + ".",
             f"Paid per card left in hand: {chips(rules.per_card_payment)}.  Deals: "
             + (str(rules.deals) if rules.deals else "no limit") + "."]
    return tuple(lines)


class HowToPlayScene(Scene):
    """The rules, a section a page: ↑/↓ or the list pick a section, ←/→ page, the wheel scrolls a long page."""

    def __init__(self, app: "App", rules: RuleSet | None = None, *, over_table: bool = False,
                 section: int = 0) -> None:
        super().__init__(app)
        self.overlay = over_table
        self.rules = rules if rules is not None else _default_rules()
        self.sections = rule_sections(self.rules)
        self.index = min(max(0, section), len(self.sections) - 1)
        self.scroll = 0
        self.page = pygame.Rect(360, 128, 870, 520)
        self.form = Form()
        tabs = [Button(pygame.Rect(TABS_X, 128 + i * 42, TABS_W, 36), section.title, self._opener(i), size=17)
                for i, section in enumerate(self.sections)]
        self.back_button = Button(pygame.Rect(TABS_X, 128 + len(tabs) * 42 + 8, TABS_W, 40), "Back", self.back,
                                  tooltip="Esc", size=19)
        self.form.set([*tabs, self.back_button])
        self.show(self.index)

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

    def _lines(self) -> list[tuple[str, bool, int]]:
        """The page's lines as (text, starts a paragraph, indent); a "•  " paragraph hangs under its bullet."""
        out: list[tuple[str, bool, int]] = []
        width = self.page.width - 64
        for paragraph in self.sections[self.index].paragraphs:
            if paragraph.startswith(BULLET):
                lines = self.app.text.wrap(paragraph[len(BULLET):], "body", 20, width - BULLET_INDENT)
                out += [(line, number == 0, BULLET_INDENT) for number, line in enumerate(lines)]
            else:
                lines = self.app.text.wrap(paragraph, "body", 20, width)
                out += [(line, number == 0, 0) for number, line in enumerate(lines)]
        return out

    def _body_height(self) -> int:
        section = self.sections[self.index]
        lines = self._lines()
        height = len(lines) * 28 + sum(10 for _, first, _ in lines if first)
        return height + (150 if section.cards else 0)

    def _overflow(self) -> int:
        return max(0, self._body_height() - (self.page.height - 100))

    def draw(self, surface: pygame.Surface) -> None:
        """The section list and the page."""
        text = self.app.text
        if self.overlay:
            surface.blit(veil(surface.get_size(), 190), (0, 0))
        else:
            surface.blit(felt(surface.get_size()), (0, 0))
        heading(surface, text, "How to play", f"The rules in play: {self.rules.name}", y=28)
        draw_panel(surface, self.page)
        section = self.sections[self.index]
        text.draw(surface, section.title, (self.page.x + 32, self.page.y + 24), role="title", size=30,
                  colour=theme.GOLD)
        text.draw(surface, f"{self.index + 1} / {len(self.sections)}", (self.page.right - 28, self.page.y + 34),
                  role="body", size=16, colour=theme.INK_DIM, anchor="topright")
        clip = pygame.Rect(self.page.x + 8, self.page.y + 76, self.page.width - 16, self.page.height - 88)
        old_clip = surface.get_clip()
        surface.set_clip(clip)
        y = clip.y + 4 - self.scroll
        colours = theme.suits_on_dark(self.app.settings.four_colour_deck)
        for line, first, indent in self._lines():
            if first:
                y += 10
                if indent:
                    text.draw(surface, "♦", (self.page.x + 34, y + 2), role="body", size=16, colour=theme.RED_TEXT)
            surface.blit(text.render_runs(suit_runs(line, theme.INK, colours), "body", 20),
                         (self.page.x + 32 + indent, y))
            y += 28
        if section.cards:
            self._draw_cards(surface, section, y + 20)
        surface.set_clip(old_clip)
        if self._overflow() and self.scroll < self._overflow():
            text.draw(surface, "▼ more", (self.page.right - 24, self.page.bottom - 14), role="body", size=14,
                      colour=theme.GOLD, anchor="bottomright")
        self.form.draw(surface, text, tooltips=False)
        hint_bar(surface, text, "↑ ↓ or ← → turn the page   ·   wheel scrolls   ·   Esc back")

    def _draw_cards(self, surface: pygame.Surface, section: Section, top: int) -> None:
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
        from ...config import default_rules
        return default_rules()
    except Exception:  # a broken default file is reported by the new-game scene; here the classic rules do
        return RuleSet()


def section_titles(rules: RuleSet) -> Sequence[str]:
    """The titles of the pages, in order."""
    return [section.title for section in rule_sections(rules)]
