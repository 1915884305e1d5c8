"""Playtest 14 on the board: a card out of the deck (R24) is crossed out in its slot, readable in greyscale."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.table.scene import TableScene
from game.engine.cards import Card
from game.engine.rules import RuleSet


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


def seated(app: App, rule_set: RuleSet) -> TableScene:
    """A four-seat table under `rule_set`, its still picture drawn."""
    seats: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in
                                               (load_character_by_id(i) for i in ("bert", "maud", "bert"))]
    scene = TableScene.seated(app, rule_set, seats, 3)
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    app.draw(app.screen)
    return scene


def grey(surface: pygame.Surface, at: tuple[int, int]) -> float:
    """The pixel's brightness as a greyscale print shows it."""
    r, g, b, _ = surface.get_at(at)
    return 0.299 * r + 0.587 * g + 0.114 * b


def greys(surface: pygame.Surface, rect: pygame.Rect) -> list[float]:
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
