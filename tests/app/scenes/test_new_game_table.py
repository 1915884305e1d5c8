"""New game's default table, its table strength and its word on a table that leaves the player little to do."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import click, empty_table, key, make_app, text_words

from game.app.app import App
from game.app.form import Choice
from game.app.scenes.new_game.defaults import default_table
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.new_game.table_choices import campaign_locks
from game.app.scenes.new_game.table_strength import STRENGTHS, strength_words
from game.app.table.scene import TableScene
from game.config import RULES_DIR, load_rules
from game.locale import tr


def test_a_first_new_game_opens_on_the_default_table_and_starts_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = NewGameScene(app, seed=5)
    app.scenes.clear_to(scene)
    app.step(0.0)
    default = default_table()
    assert scene.rules_index is not None and scene.entries[scene.rules_index].path.stem == default.rules
    assert scene.players == default.players
    assert tuple(scene.characters[i].id for i in scene.chosen) == default.opponents
    scene.start()
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert [character.id for _, character in table.seats[1:] if character is not None] == list(default.opponents)
    assert table.rules == dataclasses.replace(load_rules(RULES_DIR / f"{default.rules}.yaml"), players=default.players)
    app.scenes.close()


def test_the_default_opponents_are_seatable_before_any_venue_is_won() -> None:
    locks = campaign_locks(frozenset())
    default = default_table()
    assert len(default.opponents) == default.players - 1
    assert not [who for who in default.opponents if f"character:{who}" in locks]
    assert f"rules:{default.rules}" not in locks


# --- the table strength ---------------------------------------------------------------------------------------

def open_new_game(app: App, locks: dict[str, str] | None = None) -> NewGameScene:
    """New game on top of the stack, laid out."""
    scene = NewGameScene(app, seed=9, locks=locks)
    app.scenes.clear_to(scene)
    app.step(0.0)
    return scene


def levels(scene: NewGameScene, picked: list[int]) -> list[int]:
    """The levels of the characters `picked` (the shipped ones all have one)."""
    return [scene.characters[i].level or 0 for i in picked]


def strength_row(scene: NewGameScene) -> Choice:
    """The table strength's row."""
    label = tr("new_game.strength_label")
    return [c for c in scene.form.controls if isinstance(c, Choice) and c.label == label][0]


@pytest.mark.parametrize("strength", range(len(STRENGTHS)))
def test_a_strength_seats_characters_of_its_levels(tmp_path: Path, strength: int) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    scene._set_players(3 - 3)
    scene.choose_strength(strength)
    low, high = STRENGTHS[strength]
    assert len(scene.chosen) == 2 and all(low <= level <= high for level in levels(scene, scene.chosen))
    assert strength_row(scene).options[strength_row(scene).index] == strength_words(strength)
    empty_table(scene)  # the seats left empty are filled at the strength when the table starts
    assert scene.strength == strength
    assert all(low <= (level or 0) <= high for _, character in scene.seats()[1:]
               for level in [character.level])
    app.scenes.close()


def test_a_big_table_at_a_strength_takes_the_nearest_levels_after_its_own(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    scene.choose_strength(0)  # gentle: levels 1 and 2
    scene._set_players(8 - 3)
    seated = levels(scene, scene.chosen)
    assert len(seated) == 7 and 0 not in seated
    gentle = [c.level for c in scene.characters if c.level in (1, 2)]
    assert sorted(seated)[:len(gentle)] == sorted(gentle), "every gentle one sits"
    assert max(seated) <= 4 and scene.strength == 0
    app.scenes.close()


def test_a_strength_respects_what_the_road_keeps_locked(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app)  # the shipped road's locks: Reggie and Imogen (levels 4 and 5) wait on it
    locked = {i for i in range(len(scene.characters)) if scene.character_lock(i)}
    assert {scene.characters[i].id for i in locked} >= {"reggie", "expert"}
    scene.choose_strength(len(STRENGTHS) - 1)  # expert
    assert not locked & set(scene.chosen) and len(scene.chosen) == 3
    free = sorted((scene.characters[i].level or 0 for i in scene.seatable()), reverse=True)
    assert sorted(levels(scene, scene.chosen), reverse=True) == free[:3], "the strongest players free"
    assert "unlocked yet" in scene.flash
    empty_table(scene)
    assert not {character.id for _, character in scene.seats()[1:]} & {"reggie", "expert"}
    scene.random_table()
    assert not locked & set(scene.chosen)
    app.scenes.close()


def test_choosing_one_by_one_says_the_strength_the_table_now_has(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    scene._set_players(3 - 3)
    scene.choose_strength(0)  # gentle
    ids = [c.id for c in scene.characters]
    scene.toggle(scene.chosen[0])
    assert scene.strength == 0, "one seat less: still gentle, the empty seat filled gently"
    scene.toggle(ids.index("expert"))
    assert scene.strength is None and ids.index("expert") in scene.chosen
    assert strength_row(scene).options[strength_row(scene).index] == "Your own choice"
    app.set_language("fr")
    assert strength_row(scene).options[strength_row(scene).index] == "À votre choix"
    app.scenes.close()


def test_the_strength_is_remembered_with_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    scene.choose_strength(2)  # sharp
    chosen = [scene.characters[i].id for i in scene.chosen]
    scene.start()
    assert isinstance(app.scenes.top, TableScene)
    app.scenes.close()
    again = make_app(tmp_path)
    reopened = open_new_game(again, locks={})
    assert reopened.strength == 2 and [reopened.characters[i].id for i in reopened.chosen] == chosen
    again.scenes.close()


def test_keyboard_and_mouse_reach_the_strength(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    row = strength_row(scene)
    for _ in range(len(scene.form.controls)):
        if scene.form.focused is row:
            break
        key(app, pygame.K_TAB)
    assert scene.form.focused is row
    before = scene.strength
    key(app, pygame.K_RIGHT)
    assert scene.strength == (before or 0) + 1
    value = strength_row(scene).value_rect
    click(app, (value.x + 10, value.centery))  # the left arrow
    assert scene.strength == before
    app.scenes.close()


# --- the word on a table that leaves the player little to do ------------------------------------------------

def choose(scene: NewGameScene, stem: str) -> None:
    """Choose the shipped rules file `stem`."""
    scene.choose_rules([i for i, entry in enumerate(scene.entries) if entry.path.stem == stem][0])


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("stem", ["classic", "house", "free_following"])
def test_the_word_comes_for_six_to_eight_seats_under_compulsory_following(tmp_path: Path, players: int,
                                                                         stem: str) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    choose(scene, stem)
    scene._set_players(players - 3)
    app.text.clear()
    app.draw(app.screen)
    said = text_words(app)
    watching = stem != "free_following" and players >= 6
    assert (scene.offer_button is not None) == watching
    assert (f"{players} seats with compulsory following" in said) == watching
    app.scenes.close()


def test_the_offer_switches_to_optional_following_with_the_same_seats(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    choose(scene, "classic")
    scene._set_players(7 - 3)
    scene._set_length(2)  # a time limit: kept
    seats, length = list(scene.chosen), (scene.length, scene.minutes_index)
    key(app, pygame.K_o)
    rules = scene.rules
    assert rules is not None and rules.follow == "optional" and rules.name == "Free-following Newmarket"
    assert scene.players == 7 and scene.chosen == seats and (scene.length, scene.minutes_index) == length
    assert scene.offer_button is None and scene.form.focused is scene.form.controls[-1], "Start has the focus"
    choose(scene, "classic")
    button = scene.offer_button
    assert button is not None
    click(app, button.rect.center)
    assert scene.rules is not None and scene.rules.follow == "optional"
    app.scenes.close()


def test_no_offer_when_the_optional_following_file_cannot_be_chosen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={"rules:free_following": "Ascot"})
    choose(scene, "classic")
    scene._set_players(8 - 3)
    assert scene.offer_button is None
    app.scenes.close()


def test_a_controller_reaches_the_strength_and_changes_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = open_new_game(app, locks={})
    scene.form.focus = 0  # the first character's tile
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert scene.form.focused is strength_row(scene), "up from the tiles"
    before = scene.strength
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert scene.strength == (before or 0) + 1
    pad(app, pygame.CONTROLLER_BUTTON_A)  # A steps on, as Enter does
    assert scene.strength == (before or 0) + 2
    app.scenes.close()


def pad(app: App, button: int) -> None:
    """Press and release one controller button, as SDL posts it, and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
    app.step(1 / 60)
