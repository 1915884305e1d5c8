"""Words on the table that must not stand on each other: a card the rules play for the player is captioned on the
prompt line, and when the stop's band stands there (a forced lead right after a stop) the caption goes under the
band, clear of the lifted card, or the band gives way; a seat's "out" mark stays clear of its name."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import make_app

from game.ai.registry import character_ids, load_character_by_id
from game.app.app import App
from game.app.canvas import Canvas
from game.app.table.captions import GLOW, LIFT
from game.app.table.layout import table_layout
from game.app.table.painter import draw_out_mark
from game.app.table.scene import TableScene
from game.app.table.sprites import STOP_BANNER_H, make_stop_banner
from game.app.theme import suits_on_dark
from game.config import rules_by_name
from game.locale import LANGUAGES, tr
from game.locale.names import seat_name

SHORT = "King — K♠ ends the run"
LONG = "nobody played J♥ (declined, or in the dead hand), and the words go on a good while longer still"


def leading(app: App) -> TableScene:
    """A four-player table where the human is about to lead, a full hand in front of them."""
    fast = [c for c in character_ids() if c != "expert"]
    seats = [("You", None)] + [(c.name, c) for c in (load_character_by_id(fast[i]) for i in range(3))]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4, deals=1), seats, 5)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead")
    return scene


def stopped(scene: TableScene, reason: str) -> pygame.Rect:
    """Put the stop's band up with `reason`, as the director does; where it stands."""
    director, stage = scene.director, scene.stage
    image = make_stop_banner(stage.text, tr("stops.banner"), reason, stage.layout.centre.width, (200, 40, 40),
                             suits_on_dark(False))
    director.stop_banner = director._show_banner(image, director.stop_banner_at(image.get_height()), 1.5)
    return director.stop_banner.rect


def caption_and_card(scene: TableScene) -> tuple[pygame.Rect, pygame.Rect]:
    """Lift the middle card of the hand (the fan's highest) with the forced lead's caption: the caption's rect and
    the lifted card's with its glow."""
    hand = scene.model.hand
    middle = len(hand) // 2
    scene.director.own.lift(hand[middle], True, 2.0)
    caption = scene.director.own.caption
    assert caption is not None
    card = scene.stage.layout.hand_slots(len(hand))[middle].move(0, -LIFT).inflate(2 * GLOW, 2 * GLOW)
    return caption.image.get_rect(midtop=caption.midtop), card


def test_a_forced_lead_after_a_stop_is_captioned_under_the_band_clear_of_the_card(app: App) -> None:
    scene = leading(app)
    assert len(scene.model.hand) >= 5, "a fan with a raised middle"
    band = stopped(scene, SHORT)
    assert band.height == STOP_BANNER_H
    caption, card = caption_and_card(scene)
    assert scene.director.stop_banner_showing(), "the band stays"
    assert not caption.colliderect(band.inflate(0, -2)), (caption, band)  # the band's bare last row may be shared
    assert not caption.colliderect(card), (caption, card)
    assert caption.top >= scene.stage.layout.prompt.top


def test_under_a_two_line_band_the_band_gives_way_and_the_caption_keeps_its_line(app: App) -> None:
    scene = leading(app)
    band = stopped(scene, LONG)
    assert band.height > STOP_BANNER_H, "the reason went on a second line"
    caption, card = caption_and_card(scene)
    assert not scene.director.stop_banner_showing()
    assert caption.midtop == scene.stage.layout.prompt.midtop
    assert not caption.colliderect(card)


def test_without_a_stop_the_caption_stands_on_the_prompt_line(app: App) -> None:
    scene = leading(app)
    caption, _ = caption_and_card(scene)
    assert caption.midtop == scene.stage.layout.prompt.midtop
    assert not app.text.overflows


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_out_mark_stands_clear_of_the_longest_name_and_the_chips(code: str, tmp_path: Path) -> None:
    made = make_app(tmp_path, code)
    text = made.text
    longest = max((seat_name(c) for c in map(load_character_by_id, character_ids())),
                   key=lambda name: text.width(name, "bold", 17))
    surface = Canvas.new((1280, 720))
    for players in range(3, 9):
        for place in table_layout(players).seats:
            plate = place.plate
            # as the still picture and the painter draw them
            name = text.draw(surface, longest, (place.name_left, plate.y + 8), role="bold", size=17,
                             max_width=plate.right - place.name_left - 10, min_size=12)
            chips = text.draw(surface, "888", (place.name_left + 22, plate.y + 36), role="bold", size=18)
            mark = draw_out_mark(surface, text, place)
            assert plate.contains(mark), (code, players, mark, plate)
            assert not mark.colliderect(name), (code, longest, mark, name)
            assert mark.left > chips.right, (code, mark, chips)
    assert not text.overflows, text.overflows
