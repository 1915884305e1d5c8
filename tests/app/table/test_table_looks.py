"""The table looks won at campaign venues: remembered in the settings, offered only once unlocked, drawn in play."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import key, make_app, text_words

from game.app import theme
from game.app.app import App
from game.app.canvas import Canvas
from game.app.card_art import mix
from game.app.scenes.settings import SettingsScene
from game.app.table.felt import board_circle, draw_background
from game.app.table.looks import CLUB, LOOKS, STYLES, available_looks, look_in_play, look_named
from game.app.table.scene import TableScene
from game.campaign.spec import TABLE_LOOKS
from game.locale import tr
from game.shots.render import table as seated_table
from game.storage.settings import Settings, load_settings, save_settings
from game.storage.unlocks_file import add_unlocks

Colour = tuple[int, int, int]
EVERY_LOOK = frozenset(f"look:{name}" for name in TABLE_LOOKS)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path)
    yield made
    made.scenes.close()


def luminance(colour: Colour) -> float:
    """Relative luminance as WCAG defines it."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def background_for(app: App, look: str, unlocked: frozenset[str] = EVERY_LOOK) -> Canvas:
    """The table's static layer at 5 players with `look` chosen and `unlocked` in the data folder."""
    if unlocked:
        add_unlocks(app.data_dir, unlocked)
    app.change_settings(replace(app.settings, table_look=look), remember=False)
    scene = seated_table(app, 5, 3)
    app.scenes.clear_to(scene)
    background = scene.painter.background
    assert background is not None
    return background


# --- the looks themselves -----------------------------------------------------------------------

def test_every_campaign_look_is_drawn_and_the_club_felt_is_the_theme() -> None:
    assert list(LOOKS) == ["club"] + list(TABLE_LOOKS)
    assert (CLUB.felt_dark, CLUB.felt, CLUB.felt_light) == (theme.FELT_DARK, theme.FELT, theme.FELT_LIGHT)
    assert (CLUB.rail, CLUB.rail_light) == (theme.RAIL, theme.RAIL_LIGHT)
    assert all(look.style in STYLES and look.title for look in LOOKS.values())
    assert len({look.felt for look in LOOKS.values()}) == len(LOOKS)
    assert look_named("pope_joan_board").title == "Pope Joan board"
    assert look_named("no_such_look") is CLUB and look_named("") is CLUB


@pytest.mark.parametrize("name", list(LOOKS))
def test_labels_on_every_look_read_at_least_as_well_as_on_the_club_felt(name: str) -> None:
    look = LOOKS[name]

    def rank_on_slot(felt: Colour, lift: float) -> float:
        return contrast(mix(felt, (255, 255, 255), lift), mix(felt, (0, 0, 0), 0.12))
    assert rank_on_slot(look.felt, look.label_lift) >= rank_on_slot(CLUB.felt, CLUB.label_lift)
    for ink in (theme.INK, theme.INK_DIM, theme.GOLD):  # names, pot and dead-hand labels, chip counts
        assert contrast(ink, look.felt) >= 3.0, ink
        assert contrast(ink, look.plate) >= 4.5, ink


def test_available_looks_follow_the_unlocks_in_the_campaign_order() -> None:
    assert available_looks(frozenset()) == [CLUB]
    assert available_looks(frozenset({"character:quist", "rules:michigan"})) == [CLUB]
    found = available_looks(frozenset({"look:gaslight_club", "look:green_baize", "look:no_such_look"}))
    assert [look.name for look in found] == ["club", "green_baize", "gaslight_club"]
    assert [look.name for look in available_looks(EVERY_LOOK)] == ["club"] + list(TABLE_LOOKS)
    assert look_in_play("pope_joan_board", frozenset()) is CLUB
    assert look_in_play("pope_joan_board", EVERY_LOOK) is LOOKS["pope_joan_board"]
    assert look_in_play("no_such_look", EVERY_LOOK) is CLUB


# --- the settings ---------------------------------------------------------------------------------

def test_the_table_look_is_remembered(tmp_path: Path) -> None:
    assert Settings().table_look == "club"
    save_settings(tmp_path, replace(Settings(), table_look="riverboat_felt"))
    assert load_settings(tmp_path) == (replace(Settings(), table_look="riverboat_felt"), None)


def test_an_unknown_look_is_kept_and_a_wrong_kind_is_not(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"table_look": "look_from_a_newer_game"}), encoding="utf-8")
    assert load_settings(tmp_path)[0].table_look == "look_from_a_newer_game"
    (tmp_path / "settings.json").write_text(json.dumps({"table_look": 7}), encoding="utf-8")
    assert load_settings(tmp_path)[0].table_look == "club"


def look_choice(app: App) -> SettingsScene:
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.step(0.0)
    assert scene.look_choice is not None and scene.look_choice.label == "Table look"
    return scene


def test_with_nothing_unlocked_the_settings_offer_the_club_felt_and_say_how_to_win_more(app: App) -> None:
    scene = look_choice(app)
    choice = scene.look_choice
    assert choice is not None and list(choice.options) == ["Club felt"] and tr("settings.more_looks") in choice.tooltip
    scene.form.focus_on(choice)
    key(app, pygame.K_RIGHT)
    assert app.settings.table_look == "club"
    app.draw(app.screen)
    assert "unlock more" in text_words(app)


def test_the_settings_offer_only_the_unlocked_looks_and_the_choice_sticks(app: App, tmp_path: Path) -> None:
    add_unlocks(tmp_path, ["look:walnut_parlour", "look:green_baize", "character:quist"])
    scene = look_choice(app)
    choice = scene.look_choice
    assert choice is not None and list(choice.options) == ["Club felt", "Green baize", "Walnut parlour"]
    assert tr("settings.more_looks") not in choice.tooltip
    scene.form.focus_on(choice)
    key(app, pygame.K_RIGHT)
    assert app.settings.table_look == "green_baize"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # no further: the choice does not wrap
    assert app.settings.table_look == "walnut_parlour"
    assert load_settings(tmp_path)[0].table_look == "walnut_parlour"
    app.draw(app.screen)  # the swatch of the chosen look draws without trouble
    again = SettingsScene(app)
    app.scenes.push(again)
    assert again.look_choice is not None and again.look_choice.index == 2


# --- the table ------------------------------------------------------------------------------------

def corner_and_middle(surface: Canvas) -> tuple[Colour, Colour, Colour]:
    """The felt near its top-left corner, in the middle left of the centre (clear of the furniture), and the rail."""
    pick = [surface.get_at(point) for point in ((130, 180), (270, 250), (8, 360))]
    first, second, third = ((colour.r, colour.g, colour.b) for colour in pick)
    return first, second, third


def top_table(app: App) -> TableScene:
    """The table on top of the stack."""
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    return scene


def test_the_table_draws_a_different_background_for_every_look(app: App) -> None:
    seen = {name: corner_and_middle(background_for(app, name)) for name in LOOKS}
    for first in LOOKS:
        for second in LOOKS:
            if first < second:
                assert seen[first] != seen[second], (first, second)
    felts = {name: seen[name][1] for name in LOOKS}
    assert len(set(felts.values())) == len(LOOKS)
    red, green, blue = felts["riverboat_felt"]
    assert red > green and red > blue
    red, green, blue = felts["gaslight_club"]
    assert blue > red and blue > green


def test_the_club_look_draws_exactly_as_before(app: App) -> None:
    chosen = background_for(app, "club", frozenset())
    scene = top_table(app)
    plain = draw_background(scene.layout, [scene.painter.plate_name(s) for s in range(5)], scene.painter.portraits,
                            scene.rules.boodle_cards, scene.stage.decks, app.text)
    assert pygame.image.tobytes(chosen.real, "RGB") == pygame.image.tobytes(plain.real, "RGB")


def test_the_pope_joan_board_is_round_with_a_dark_surround(app: App) -> None:
    surface = background_for(app, "pope_joan_board")
    scene = top_table(app)
    felt = scene.layout.felt
    middle = tuple(surface.get_at((felt.centerx, felt.centery - 200)))[:3]
    corner = tuple(surface.get_at((felt.x + 140, felt.y + 130)))[:3]
    assert sum(middle) > sum(corner) + 60  # the wood is lit, the surround dark
    assert middle[0] > middle[2]  # and the wood is warm
    (cx, cy), radius = board_circle(felt.size)
    top = felt.y + cy - radius  # straight up from the middle, between the two seats at the top
    ring = [tuple(surface.get_at((felt.x + cx, y)))[:3] for y in range(top - 4, top + 6)]
    assert any(r > 200 and g > 160 and b < 130 for r, g, b in ring)  # the gold ring
    assert sum(tuple(surface.get_at((felt.x + cx, top - 8)))[:3]) < 150  # and the dark cloth outside it


def test_a_look_not_unlocked_falls_back_to_the_club_felt(app: App, tmp_path: Path) -> None:
    locked = background_for(app, "gaslight_club", frozenset())
    assert top_table(app).painter.table_look is CLUB
    club = corner_and_middle(locked)
    (tmp_path / "unlocks.json").unlink(missing_ok=True)
    assert corner_and_middle(background_for(app, "club", frozenset())) == club
    assert corner_and_middle(background_for(app, "no_such_look", EVERY_LOOK)) == club
    assert corner_and_middle(background_for(app, "gaslight_club", EVERY_LOOK)) != club


def test_the_table_changes_its_look_when_the_settings_do(app: App) -> None:
    add_unlocks(app.data_dir, EVERY_LOOK)
    scene = seated_table(app, 5, 3)
    app.scenes.clear_to(scene)
    assert scene.painter.background is not None
    before = corner_and_middle(scene.painter.background)
    settings = SettingsScene(app, over_table=True)
    app.scenes.push(settings)
    app.change_settings(replace(app.settings, table_look="riverboat_felt"))
    app.scenes.pop()  # back at the table: it is entered again and dresses itself anew
    after = scene.painter.background
    assert after is not None and scene.painter.table_look.name == "riverboat_felt"
    assert corner_and_middle(after) != before
