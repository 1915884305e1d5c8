"""New game says what it does: the rules list's arrows scroll it, and a big table's guests from the road are named."""

from __future__ import annotations

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
from app_helpers import text_words

from game.app.app import App
from game.app.scenes.new_game.rules_list import scroll_arrows
from game.app.scenes.new_game.scene import RULES_ROWS, NewGameScene
from game.locale import trn


def click(scene: NewGameScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def test_the_rules_lists_arrows_scroll_it_when_clicked(app: App) -> None:
    scene = NewGameScene(app, seed=1)
    app.scenes.clear_to(scene)
    assert len(scene.entries) > RULES_ROWS
    up, down = scroll_arrows(app.text, scene._rules_area(), len(scene.entries))
    assert not up.colliderect(down)
    click(scene, down.center)
    assert scene.rules_scroll == 1
    for _ in range(len(scene.entries)):
        click(scene, down.center)
    assert scene.rules_scroll == len(scene.entries) - RULES_ROWS  # no further than the last row
    click(scene, up.center)
    assert scene.rules_scroll == max(0, len(scene.entries) - RULES_ROWS - 1)


def test_a_table_bigger_than_the_unlocked_cast_says_who_sits_in_as_guests(app: App) -> None:
    scene = NewGameScene(app, seed=1)
    app.scenes.clear_to(scene)
    locked = len(scene.characters) - len(scene.seatable())
    assert locked > 0, "a fresh data folder keeps some of the road's players locked"
    scene._set_players(8 - 3)  # eight players: seven opponents
    guests = 7 - len(scene.seatable())
    assert guests > 0
    app.draw(app.screen)
    assert trn("table_notes.guests", guests) in text_words(app)
    seated = [character for _, character in scene.seats()[1:]]
    assert sum(scene.character_lock(scene.characters.index(c)) != "" for c in seated) == guests
    scene._set_players(0)  # three players: nobody needed from the road, nothing said
    app.text.clear()
    app.draw(app.screen)
    assert "guest" not in text_words(app)
