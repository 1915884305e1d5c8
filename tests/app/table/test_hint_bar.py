"""Issue 24, item 7's first two frowns: the hint in a player's words with its figures one press of H (X on a
controller) further, and a hint bar whose words and keycaps grow with the text size, in every language."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import key, make_app

from game.ai.hint import LeadHint
from game.ai.hint_tally import Reason
from game.ai.seats import SeatSpec
from game.app import gamepad
from game.app.app import App
from game.app.canvas import Canvas
from game.app.comfort import set_text_size
from game.app.pad_words import show_pad
from game.app.table.controls import hint_box
from game.app.table.hint_words import hint_detail, hint_words, reason_words
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.app.text import Colour, TextCache, grown
from game.app.widgets import Button
from game.config import rules_by_name
from game.engine.cards import Card
from game.locale import LANGUAGES, tr

CLOSE = LeadHint(((Card.parse("AC"), 1.0), (Card.parse("2D"), 0.9)),
                 Reason("about_equal", value=1.0, other=0.9, edge=0.1, error=0.65))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path)
    made.change_settings(dataclasses.replace(made.settings, animation_speed="instant"))
    yield made
    made.scenes.close()
    show_pad(False)


def lead_table(app: App) -> TableScene:
    """A table waiting for the player's lead."""
    from game.ai.registry import load_character_by_id
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert", "vera")]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4), seats, 7)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 20_000)
    return scene


def test_a_close_call_is_said_in_a_players_words_and_its_figures_come_a_press_later(app: App) -> None:
    scene = lead_table(app)
    human = scene.human
    human._show_hint(CLOSE)
    assert human.hint == "Lead A♣ or 2♦: they are about as good", human.hint
    assert human.hint_key == "H details"
    key(app, pygame.K_h)  # the details
    assert human.hint == "Lead A♣ or 2♦: they are about as good (the first is ahead by +0.1 ± 1.3 chips)"
    assert human.hint_key == "H hides"
    key(app, pygame.K_h)
    assert human.hint is None


def test_the_details_are_reached_from_the_controller_too(app: App) -> None:
    assert gamepad.BUTTON_KEYS[pygame.CONTROLLER_BUTTON_X] == pygame.K_h  # X asks the hint, then its details
    scene = lead_table(app)
    scene.human._show_hint(CLOSE)
    show_pad(True)
    assert scene.human.hint_key == "X details", "the bar names the controller's button while it is in use"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_hint_has_plain_words_and_figures_behind_them(code: str) -> None:
    from game.locale import set_language
    set_language(code)
    reasons = [Reason("sheds", cards=3.6), Reason("keeps_lead", share=0.4), Reason("goes_out", share=0.55),
               Reason("own_boodle", share=0.7, card=Card.parse("QH")), Reason("chips", value=6.8, other=2.6),
               Reason("chips", value=2.71, other=2.69), Reason("about_equal", edge=0.3, error=0.4)]
    for reason in reasons:
        hint = LeadHint(((Card.parse("4D"), 1.0), (Card.parse("JC"), 0.5)), reason)
        plain, detail = str(hint_words(hint, lambda seat: str)), hint_detail(hint, lambda seat: str)
        assert "{" not in plain and not any(ch.isdigit() for ch in plain.replace("4", "")), (reason, plain)
        assert detail is not None and any(ch.isdigit() for ch in str(detail)) and "{" not in str(detail), reason


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_hint_bars_words_grow_with_the_text_size(app: App, code: str) -> None:
    app.set_language(code)
    plain = str(hint_words(CLOSE, lambda seat: str))
    detailed = tr("hint.detail.shown", hint=plain, detail=hint_detail(CLOSE, lambda seat: str))
    long_reason = str(hint_words(LeadHint(((Card.parse("10D"), 1.0), (Card.parse("2D"), 0.5)),
                                          Reason("sheds_and_keeps_lead", share=0.7, cards=4.0)), lambda seat: str))
    for words in (plain, detailed, long_reason):
        heights = {}
        for factor in (1.0, 1.5):
            set_text_size(factor)
            place = hint_box(app.text, table_layout(4), words)
            heights[factor] = app.text.font("body", place.size).get_height()
            assert app.text.width(words, "body", place.size) <= place.column * place.lines, words
        set_text_size(1.0)
        assert heights[1.5] > heights[1.0], f"{words!r}: {heights[1.5]} px high at 150%, {heights[1.0]} at 100%"


class Sizes(TextCache):
    """A text cache that notes the size each text is rendered at."""

    seen: dict[str, int]

    def render(self, text: str, role: str = "body", size: int = 18, colour: Colour = (245, 240, 225)) -> Canvas:
        self.seen[text] = size
        return super().render(text, role, size, colour)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_buttons_label_is_never_small_beside_its_keycap(app: App, code: str) -> None:
    app.set_language(code)
    text = Sizes(app.assets)
    text.seen = {}
    label = tr("table.button.lead", card="A♥")
    cap = tr("table.enter_key")
    button = Button(pygame.Rect(0, 0, 240, 40), label, lambda: None, size=17, keycap=cap)
    drawn = {}
    for factor in (1.0, 1.5):
        set_text_size(factor)
        text.seen.clear()
        button.draw(Canvas(pygame.Surface((300, 60))), text, False, False)
        drawn[factor] = (grown(text.seen[label]), grown(text.seen[cap]))
    set_text_size(1.0)
    label_size, cap_size = drawn[1.5]
    assert label_size >= cap_size, f"{label!r} drawn at {label_size} beside its keycap at {cap_size}"
    assert label_size >= drawn[1.0][0] - 1, "larger print never draws a label smaller than 100% does"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_hint_buttons_price_and_note_fit_at_the_largest_text(app: App, code: str) -> None:
    from game.campaign.scores import HINT_COST
    from game.locale import trn
    app.set_language(code)
    set_text_size(1.5)
    try:
        for key_name in ("score.hint_tip_daily", "score.hint_tip_road"):
            note = trn(key_name, HINT_COST)
            assert app.text.width(note, "body", 16) <= 520, f"{note!r} would be cut short in its tooltip"
    finally:
        set_text_size(1.0)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_at_larger_text_the_hint_widens_before_it_wraps_and_covers_no_seat(app: App, code: str) -> None:
    app.set_language(code)
    reason = Reason("sheds_and_keeps_lead", share=0.7, cards=4.0)
    plain = str(hint_words(LeadHint(((Card.parse("10D"), 1.0), (Card.parse("2D"), 0.5)), reason), lambda seat: str))
    detailed = tr("hint.detail.shown", hint=plain, detail=reason_words(reason, lambda seat: str))
    set_text_size(1.5)
    try:
        for players in (3, 4, 5, 6, 7, 8):
            layout = table_layout(players)
            keep_clear = [place.region for place in layout.seats] + [layout.panel]
            for words in (plain, detailed):
                place = hint_box(app.text, layout, words)
                assert place.box.collidelist(keep_clear) < 0 and layout.felt.contains(place.box), (players, words)
                assert place.box.contains(place.body) and not place.body.colliderect(place.label), (players, words)
            assert hint_box(app.text, layout, plain).lines == 1, f"{plain!r} wraps at {players} players"
    finally:
        set_text_size(1.0)
