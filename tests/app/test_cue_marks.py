"""No cue by colour alone (issue 15 item 2): the cards that may be played carry a ▲, a stop bar a no-entry sign,
a boodle card that was hit a star, and every chip change a sign; each shape still shows in greyscale."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app, make_app, text_words

import game.locale
from game.ai.registry import character_ids, load_character_by_id
from game.app import theme
from game.app.app import App
from game.app.canvas import Canvas
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.table import painter
from game.app.table.cue_marks import (
    BADGE_RADIUS,
    STOP_RADIUS,
    BoodleBadge,
    badge_centre,
    playable_mark_rects,
    stop_bar,
    stop_mark_centre,
)
from game.app.table.model import DealRecord, TableModel
from game.app.table.scene import TableScene
from game.app.widgets import signed
from game.config import rules_by_name
from game.engine.events import BoodleWon
from game.engine.rules import RuleSet
from game.locale import LANGUAGES, tr
from game.shots import render as screenshots
from game.shots.render import SHOT_SEED

APP = Path(__file__).resolve().parents[2] / "game" / "app"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


def table(app: App) -> TableScene:
    """A three-player classic table on the screen."""
    ann, bob = (load_character_by_id(i) for i in character_ids()[:2])
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=3),
                              [("You", None), (ann.name, ann), (bob.name, bob)], 7)
    app.scenes.clear_to(scene)
    return scene


def grey_frame(scene: TableScene) -> pygame.Surface:
    """The table as drawn now, in greyscale."""
    surface = Canvas.new(scene.stage.layout.size)
    scene.draw(surface)
    return pygame.transform.grayscale(surface.real)


def grey(surface: pygame.Surface, pos: tuple[int, int]) -> int:
    """The grey level at `pos` of a greyscale surface."""
    return int(surface.get_at(pos).r)


def changed(before: pygame.Surface, after: pygame.Surface) -> list[tuple[int, int]]:
    """Every pixel whose grey level differs by more than a trace between two frames."""
    width, height = before.get_size()
    return [(x, y) for y in range(height) for x in range(0, width)
            if abs(grey(before, (x, y)) - grey(after, (x, y))) > 24]


def without(monkeypatch: pytest.MonkeyPatch, name: str, scene: TableScene) -> pygame.Surface:
    """The same frame in greyscale with painter's `name` drawing nothing."""
    with monkeypatch.context() as patch:
        patch.setattr(painter, name, lambda *args: None)
        return grey_frame(scene)


def test_a_triangle_under_each_card_that_may_be_played_and_no_other(app: App,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    scene = table(app)
    human = scene.human
    assert scene.fast_forward_until(lambda s: s.human.kind in ("lead", "follow")
                                    and 0 < len(s.human.lawful) < len(s.model.hand), 8000)
    marks = playable_mark_rects(human.hand_rects(), human.lawful)
    assert len(marks) == len(human.lawful)
    shown, bare = grey_frame(scene), without(monkeypatch, "draw_playable_marks", scene)
    differs = changed(bare, shown)
    assert differs and all(any(mark.inflate(4, 4).collidepoint(p) for mark in marks) for p in differs)  # only there
    for mark in marks:
        inside = [p for p in differs if mark.collidepoint(p)]
        assert len(inside) > mark.width * mark.height // 4, mark  # each ▲ is really there
        levels = [grey(shown, p) for p in inside]
        assert max(levels) - min(levels) > 120  # a light fill in a dark outline, whatever the felt
    for mark in marks:  # each right under the card seen above it, one that may be played
        card, rect = [(card, rect) for card, rect in human.hand_rects() if rect.left <= mark.centerx < rect.right][-1]
        assert card in human.lawful and rect.bottom <= mark.top <= rect.bottom + 8, mark


def test_a_stop_bar_carries_a_no_entry_sign_that_reads_in_greyscale(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = table(app)
    assert scene.fast_forward_until(lambda s: bool(s.model.stop_marks) and s.human.kind == "lead", 8000)
    shown, bare = grey_frame(scene), without(monkeypatch, "draw_stop_mark", scene)
    layout = scene.stage.layout
    for card in scene.model.stop_marks:
        slot = layout.board_slot(card)
        x, y = stop_mark_centre(stop_bar(slot, card.rank == 13))
        box = pygame.Rect(x - STOP_RADIUS, y - STOP_RADIUS, 2 * STOP_RADIUS, 2 * STOP_RADIUS)
        levels = [grey(shown, (px, py)) for px in range(box.left, box.right) for py in range(box.top, box.bottom)]
        before = [grey(bare, (px, py)) for px in range(box.left, box.right) for py in range(box.top, box.bottom)]
        assert max(levels) > 230 and min(levels) < 90, card  # the white rim and dash on the dark red
        assert sum(abs(a - b) for a, b in zip(levels, before)) / len(levels) > 30, card  # not the bar alone
        rim = grey(shown, (x, y - STOP_RADIUS + 1))  # the white rim, against the felt or card just beyond it
        assert rim - grey(shown, (x, y - STOP_RADIUS - 4)) > 20 or grey(shown, (x, y - STOP_RADIUS - 1)) < 60


def test_a_boodle_hit_shows_a_star_on_its_card(app: App) -> None:
    scene = table(app)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 5000)
    director = scene.director
    card = next(iter(scene.model.boodle_slot))
    director.present(BoodleWon(1, card, 3))
    badges = [anim for anim in director.decor.anims if isinstance(anim, BoodleBadge)]
    place = scene.stage.layout.boodle_cards[scene.model.boodle_slot[card]]
    assert len(badges) == 1 and badges[0].centre == badge_centre(place)
    surface = Canvas.new(scene.stage.layout.size)
    surface.fill(theme.FELT)
    badges[0].draw(surface)
    shown = pygame.transform.grayscale(surface.real)
    x, y = badge_centre(place)
    felt = grey(shown, (x + 2 * BADGE_RADIUS, y))
    assert grey(shown, (x, y)) - felt > 80  # the star's light fill on the felt
    assert grey(shown, (x, y - BADGE_RADIUS + 2)) < felt  # its dark outline at the top point


def test_every_chip_change_has_its_sign() -> None:
    assert signed(3) == "+3" and signed(-3) == "−3" and signed(0, "+0") == "+0"


def test_the_summary_writes_a_loss_with_a_minus(app: App) -> None:
    model = TableModel(RuleSet(), [("You", None), ("Ann", None), ("Bob", None)])
    record = DealRecord(1, 0, [40, 40, 40], chips_after=[47, 35, 38])
    scene = DealSummaryScene(app, model, record, lambda: None)
    scene.draw(Canvas.new((1280, 720)))
    words = text_words(app)
    assert "+7" in words and "−5" in words and "−2" in words


def test_the_table_pop_up_for_a_loss_has_a_minus(app: App) -> None:
    scene = table(app)
    scene.director.popup(1, -4)
    scene.director.popup(2, 6)
    assert "−4" in text_words(app) and "+6" in text_words(app)


def test_every_place_that_colours_a_gain_or_loss_also_signs_it() -> None:
    coloured = re.compile(r"theme\.GAIN if|theme\.GOLD if net")
    for path in sorted(APP.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if coloured.search(source):
            assert "signed(" in source or "figure_text(" in source, path.name


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_how_to_play_names_the_marks_in_glyphs_the_font_has(app: App, code: str) -> None:
    game.locale.set_language(code)
    try:
        words = {"▲": tr("how_to_play.controls.mouse"), "⊖": tr("how_to_play.stops.example", example=""),
                 "★": tr("how_to_play.boodle.hit")}
    finally:
        game.locale.set_language("en")
    font = app.text.font("body", 18)
    missing = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGBA")  # the font's box
    for mark, line in words.items():
        assert mark in line, (code, mark)
        assert pygame.image.tobytes(font.render(mark, True, (255, 255, 255)), "RGBA") != missing, mark


def test_the_stop_screenshot_in_greyscale_still_shows_each_stop_sign(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        stop = screenshots.table(app, 4, SHOT_SEED + 3)  # as `screenshots` shoots 06_stop
        app.scenes.clear_to(stop)
        stop.fast_forward_until(lambda t: len(t.model.board) >= 5)
        screenshots.play_until(app, stop, lambda: stop.director.stop_banner_showing() and stop.human.decision is None)
        screenshots.settle(app, 0.35)
        app.draw(app.screen)
        shown = pygame.transform.grayscale(app.screen.real)
        assert stop.model.stop_marks
        for card in stop.model.stop_marks:
            slot = stop.stage.layout.board_slot(card)
            x, y = stop_mark_centre(stop_bar(slot, card.rank == 13))
            dash, fill = grey(shown, (x, y)), grey(shown, (x, y + STOP_RADIUS - 3))
            assert dash - fill > 100, card  # the white dash on the red: a shape that needs no colour
            assert grey(shown, (x + STOP_RADIUS, y)) < fill - 30, card  # the black outline round it
    finally:
        app.scenes.close()


def test_a_stop_sign_covers_no_corner_index_on_the_board() -> None:
    """Issue 24: the sign sat half way down the bar, over the stopped card's bottom right index and the next
    card's top left one. It sits in the stopped card's blank top right corner, never reaching the next slot."""
    from game.app.table.layout import table_layout
    from game.engine.cards import Card

    for players in (3, 8):
        layout = table_layout(players, 4)
        for suit in "SHDC":
            for rank in ("A", "2", "7", "Q", "K"):
                card = Card.parse(rank + suit)
                slot = layout.board_slot(card)
                x, y = stop_mark_centre(stop_bar(slot, card.rank == 13))
                reach = math.ceil(STOP_RADIUS + 1.5)  # the outline
                sign = pygame.Rect(x - reach, y - reach, 2 * reach, 2 * reach)
                assert sign.left >= slot.centerx and sign.bottom <= slot.centery, (card, sign, slot)
                if card.rank < 13:
                    following = layout.board_slot(Card(card.rank + 1, card.suit))
                    assert sign.right <= following.left, (card, sign, following)
