"""At the table, the note on a hovered lowered card (why it may not be led) keeps clear of the question and its
line of keys above the hand."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from helpers import quick_character_ids

from game.ai.registry import load_character_by_id
from game.app.app import App
from game.app.table.controls import prompt_area, tip_avoids
from game.app.table.scene import TableScene
from game.app.tooltips import note_place
from game.config import rules_by_name


@pytest.mark.parametrize("players, seed", [(3, 4), (5, 9)])
def test_a_lowered_cards_note_leaves_the_keys_line_in_view(app: App, players: int, seed: int) -> None:
    seats = [("You", None)] + [(c.name, c) for c in map(load_character_by_id, quick_character_ids()[:players - 1])]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=players), seats, seed)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead" and len(s.model.hand) > len(s.human.lawful) + 1,
                                    20_000)
    app.step(1 / 60)
    human, screen = scene.human, app.screen.get_rect()
    keys = prompt_area(app.text, scene.layout)
    noted = 0
    for card, rect in human.hand_rects():
        if card in human.lawful:
            continue
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.x + 5, rect.bottom - 10), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.step(1 / 60)
        if human.hover_card != card:
            continue
        words = human.refusal(card)
        _, box = note_place(app.text, words, rect, screen, tip_avoids(human, scene.stage))
        assert words and not box.colliderect(keys), (card, box, keys)
        assert screen.contains(box) and box.collidelist([b.rect for b in human.buttons]) < 0, (card, box)
        noted += 1
    assert noted >= 2, "too few lowered cards could be hovered to tell"
