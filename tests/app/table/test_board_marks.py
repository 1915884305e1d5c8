"""Playtest 14 on the board: a card out of the deck (R24) crossed out in its slot, readable in greyscale; the Pope
Joan board's empty slots and its pot's count readable (with high contrast or not)."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest
from app.table.test_table_looks import background_for, contrast

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app import theme
from game.app.app import App
from game.app.canvas import Canvas
from game.app.table import painter
from game.app.table.felt import board_circle
from game.app.table.scene import TableScene
from game.engine.cards import Card
from game.engine.rules import RuleSet


def seated(app: App, rule_set: RuleSet) -> TableScene:
    """A four-seat table under `rule_set`, its still picture drawn."""
    seats: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in
                                               (load_character_by_id(i) for i in ("bert", "maud", "bert"))]
    scene = TableScene.seated(app, rule_set, seats, 3)
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    app.draw(app.screen)
    return scene


def grey(surface: Canvas, at: tuple[int, int]) -> float:
    """The pixel's brightness as a greyscale print shows it."""
    r, g, b, _ = surface.get_at(at)
    return 0.299 * r + 0.587 * g + 0.114 * b


def rgb(colour: pygame.Color) -> tuple[int, int, int]:
    """A pixel's colour without its alpha."""
    return colour.r, colour.g, colour.b


def greys(surface: Canvas, rect: pygame.Rect) -> list[float]:
    """Every pixel's brightness inside `rect`."""
    return [grey(surface, (x, y)) for x in range(rect.x + 2, rect.right - 2)
            for y in range(rect.y + 2, rect.bottom - 2)]


def test_r24_a_removed_card_s_slot_is_sunk_and_crossed_out_the_others_as_before(app: App) -> None:
    plain = seated(app, RuleSet(deals=2))
    before = plain.painter.background
    assert before is not None
    before = before.copy()
    scene = seated(app, RuleSet(deals=2, removed_cards=(Card.parse("8D"),)))
    after = scene.painter.background
    assert after is not None
    out, kept = scene.layout.board_slot(Card.parse("8D")), scene.layout.board_slot(Card.parse("7D"))
    edge = (out.x + 3, out.centery)  # inside the slot, clear of its rank and its cross
    assert grey(after, edge) < grey(before, edge) - 15  # sunk darker than an empty slot
    assert max(greys(after, out)) > max(greys(before, out)) + 40  # a cross brighter than any rank label
    assert greys(after, kept) == greys(before, kept)  # the other slots as they were


@pytest.mark.parametrize("high", [False, True])
def test_the_pope_joan_board_s_empty_slots_stand_out_and_its_pot_count_sits_on_a_plaque(
        app: App, high: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    app.change_settings(replace(app.settings, high_contrast=high), remember=False)
    try:
        background = background_for(app, "pope_joan_board")
        scene = app.scenes.top
        assert isinstance(scene, TableScene)
        slot = scene.layout.board_slot(Card.parse("QC"))
        fill = rgb(background.get_at((slot.x + 3, slot.y + 6)))
        line = rgb(background.get_at((slot.x, slot.centery)))
        label = max((rgb(background.get_at((x, y))) for x in range(slot.x + 4, slot.right - 4)
                     for y in range(slot.y + 4, slot.bottom - 4)), key=sum)
        assert contrast(line, fill) >= (3.0 if high else 2.2)  # was 1.7: the outlines all but vanished on the brown
        assert contrast(label, fill) >= (5.0 if high else 3.2)
        plaques: list[pygame.Rect] = []
        monkeypatch.setattr(painter, "draw_plaque", lambda surface, rect: plaques.append(rect))
        app.draw(app.screen)
        layout = scene.layout
        digit = app.text.render(str(scene.model.pot), "title", 24, (0, 0, 0)).get_rect(
            midtop=(layout.pot.centerx, layout.pot.y + 112))
        (cx, cy), radius = board_circle(layout.felt.size)
        ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        ring.center = (layout.felt.x + cx, layout.felt.y + cy)
        assert any(math.dist(ring.center, corner) < radius < math.dist(ring.center, other)
                   for corner in (digit.topright, digit.bottomright) for other in (digit.topleft, digit.bottomleft))
        assert len(plaques) == 1 and plaques[0].contains(digit)  # the ring runs under the number: set apart
    finally:
        theme.use_high_contrast(False)
