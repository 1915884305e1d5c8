"""A game controller plays everything: its buttons and stick become the keys the scenes answer (a whole deal from
New game to the deal summary, the menus, the pause, the hint and the log), controllers come and go without a
crash, and the hints name its buttons while it is the device in use, and the keys again after a key or a click."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app, key, text_keys, top
from helpers import quick_character_ids

from game.ai.registry import load_character_by_id
from game.app import gamepad
from game.app.app import App
from game.app.gamepad import Gamepad
from game.app.pad_words import TOKENS, keyed, pad_cap, pad_shown, show_pad
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.common import PRESS_GUARD_S
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
from game.app.scenes.trophies import TrophiesScene
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.engine.decisions import StakeAction
from game.locale import LANGUAGES, set_language
from game.locale.catalog import Catalog

A, B, X, Y = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
              pygame.CONTROLLER_BUTTON_Y)
UP, DOWN, LEFT, RIGHT = (pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                         pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
LB, RB, START = (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                 pygame.CONTROLLER_BUTTON_START)
FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    show_pad(False)


def press(app: App, button: int) -> None:
    """Press and release one controller button, as SDL posts it, and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
    app.step(FRAME)


def tilt(app: App, axis: int, value: int) -> None:
    """Move one axis of the controller to `value` (-32768 to 32767) and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=value))
    app.step(FRAME)


def run_until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    """Step the app until `done()`."""
    for _ in range(frames):
        if done():
            return
        app.step(FRAME)
    assert done(), "never got there"


def drawn(app: App) -> set[str]:
    """Every line of words the app has drawn so far."""
    return {str(entry[1]) for entry in text_keys(app) if len(entry) > 1}


# --- a whole deal ----------------------------------------------------------------------------------------------

def test_a_whole_deal_from_new_game_to_the_summary_by_controller(app: App) -> None:
    quick = [load_character_by_id(i) for i in quick_character_ids()[:5]]
    new_game = NewGameScene(app, seed=7, locks={}, characters=quick)
    app.scenes.clear_to(new_game)
    new_game.choose_rules([i for i, entry in enumerate(new_game.entries) if entry.path.stem == "classic"][0])
    app.step(0.0)
    assert new_game.form.focused is new_game.form.controls[-1]  # Start has the focus: A starts
    press(app, A)
    scene = top(app, TableScene)
    assert app.pad.in_use and pad_shown()

    def waiting() -> bool:
        return scene.human.kind is not None or isinstance(app.scenes.top, (DealSummaryScene, ResultsScene))

    stakes = leads = hints = 0
    run_until(app, waiting)
    while not isinstance(app.scenes.top, DealSummaryScene):
        kind = scene.human.kind
        if kind == "stake":
            assert "A" in keyed(scene.human.prompt()[1]) and "LB/RB" in keyed(scene.human.prompt()[1])
            press(app, RIGHT)  # the second boodle card
            press(app, RB)
            press(app, RB)
            press(app, LB)  # one taken back
            press(app, RIGHT)
            while scene.human.left_to_place > 0:
                press(app, A)  # A adds a chip to the focused card while chips are left ...
            cards = scene.rules.boodle_cards
            before = len(scene.actions)
            press(app, A)  # ... and confirms once they are all placed
            stake = [a for a in scene.actions[before:] if isinstance(a, StakeAction) and a.player == 0][-1]
            placed = dict(stake.boodle)
            assert placed[cards[1]] == 1 and placed[cards[2]] >= 1
            stakes += 1
        elif kind == "lead":
            if hints == 0:
                press(app, X)  # the hint
                run_until(app, lambda: scene.human.hint_words is not None)
                hints += 1
            options = scene.human.options()
            chosen = options[(scene.human.focus + 1) % len(options)]  # the hint's card has the focus: the next
            press(app, RIGHT)
            press(app, A)
            assert chosen not in scene.session.hand(0)
            leads += 1
        else:
            pytest.fail(f"no {kind} decision in classic rules")
        run_until(app, waiting)
        if scene.director.moments.holding:  # going out: A opens the summary at once
            press(app, A)
    assert stakes == 1 and leads >= 1 and hints == 1
    app.step(PRESS_GUARD_S)  # the summary is seen a moment before a button plays on
    press(app, A)
    app.step(FRAME)
    assert top(app, TableScene) is scene


def test_start_pauses_the_table_and_y_opens_the_deal_log(app: App) -> None:
    quick = [load_character_by_id(i) for i in quick_character_ids()[:5]]
    new_game = NewGameScene(app, seed=3, locks={}, characters=quick)
    app.scenes.clear_to(new_game)
    app.step(0.0)
    press(app, A)
    scene = top(app, TableScene)
    run_until(app, lambda: scene.human.kind == "stake")
    press(app, Y)
    assert scene.log_panel.open and scene.pad_shoulders() == (pygame.K_PAGEUP, pygame.K_PAGEDOWN)  # it scrolls
    press(app, Y)
    assert scene.pad_shoulders() == (pygame.K_MINUS, pygame.K_PLUS)  # closed: the shoulders step the stake again
    assert not scene.log_panel.open
    press(app, START)
    top(app, PauseScene)
    press(app, START)  # Start again goes back to the table, as Esc does
    assert top(app, TableScene) is scene
    press(app, B)  # B, the way back, is the pause too at the table
    top(app, PauseScene)


# --- menus -----------------------------------------------------------------------------------------------------

def test_the_menus_by_d_pad_stick_a_and_b(app: App) -> None:
    title = TitleScene(app)
    app.scenes.clear_to(title)
    app.step(0.0)
    focus = title.menu.focus
    press(app, DOWN)
    assert title.menu.focus == focus + 1
    press(app, UP)
    assert title.menu.focus == focus
    tilt(app, pygame.CONTROLLER_AXIS_LEFTY, 9000)  # inside the dead zone: nothing
    assert title.menu.focus == focus
    tilt(app, pygame.CONTROLLER_AXIS_LEFTY, 30000)  # pushed down: one step
    assert title.menu.focus == focus + 1
    tilt(app, pygame.CONTROLLER_AXIS_LEFTY, 20000)  # still held: no second step ...
    assert title.menu.focus == focus + 1
    tilt(app, pygame.CONTROLLER_AXIS_LEFTY, 0)  # ... released
    press(app, A)  # the second entry: Campaign
    top(app, CampaignSlotsScene)
    press(app, B)
    assert top(app, TitleScene) is title


def test_the_trophy_case_by_controller_from_the_statistics(app: App) -> None:
    app.scenes.clear_to(TitleScene(app))
    app.scenes.push(StatisticsScene(app))
    app.step(0.0)
    press(app, DOWN)  # from Back to Trophies
    press(app, A)
    case = top(app, TrophiesScene)
    press(app, RB)
    assert case.page == 1
    press(app, RIGHT)
    assert case.page == 2
    press(app, LB)
    press(app, LEFT)
    assert case.page == 0
    press(app, A)  # the focus is on Next
    assert case.page == 1
    press(app, B)
    top(app, StatisticsScene)


def test_a_direction_held_repeats_after_a_pause() -> None:
    pad = Gamepad()
    down = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTY,
                              value=32767)
    first = pad.translate(down)
    assert [(e.type, e.key) for e in first] == [(pygame.KEYDOWN, pygame.K_DOWN)]
    assert pad.update(gamepad.REPEAT_AFTER_S - 0.05) == []
    assert [e.key for e in pad.update(0.1)] == [pygame.K_DOWN]
    assert len(pad.update(gamepad.REPEAT_EVERY_S * 2)) == 2
    up = pad.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                          axis=pygame.CONTROLLER_AXIS_LEFTY, value=-32768))
    assert [(e.type, e.key) for e in up] == [(pygame.KEYUP, pygame.K_DOWN), (pygame.KEYDOWN, pygame.K_UP)]
    released = pad.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                                axis=pygame.CONTROLLER_AXIS_LEFTY, value=0))
    assert [(e.type, e.key) for e in released] == [(pygame.KEYUP, pygame.K_UP)]
    assert pad.update(5.0) == []


def test_the_shoulders_press_what_the_scene_asks_and_the_triggers_turn_pages() -> None:
    pad = Gamepad()
    shoulder = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=RB)
    assert [e.key for e in pad.translate(shoulder)] == [pygame.K_PAGEDOWN]
    pad.translate(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=RB))
    assert [e.key for e in pad.translate(shoulder, (pygame.K_MINUS, pygame.K_PLUS))] == [pygame.K_PLUS]
    trigger = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                 axis=pygame.CONTROLLER_AXIS_TRIGGERLEFT, value=32767)
    assert [e.key for e in pad.translate(trigger)] == [pygame.K_PAGEUP]


# --- devices coming and going -----------------------------------------------------------------------------------

def test_controllers_plugged_in_and_out_without_a_device_never_crash(app: App) -> None:
    title = TitleScene(app)
    app.scenes.clear_to(title)
    for event in (pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7),
                  pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42),
                  pygame.event.Event(pygame.CONTROLLERDEVICEREMAPPED, instance_id=42),
                  pygame.event.Event(pygame.JOYDEVICEADDED, device_index=3),
                  pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=9),
                  pygame.event.Event(pygame.CONTROLLERDEVICEADDED),  # no attributes at all
                  pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=42),
                  pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=42),
                  pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=42, button=99)):
        pygame.event.post(event)
        app.step(FRAME)
    assert app.running and top(app, TitleScene) is title and not app.pad.controllers
    press(app, DOWN)  # and a controller still works after all that
    assert title.menu.focus == 1


# --- the hints ----------------------------------------------------------------------------------------------------

def test_the_hints_name_buttons_while_the_controller_is_in_use_and_keys_after(app: App) -> None:
    app.scenes.clear_to(TitleScene(app))
    app.step(0.0)
    keys_hint = "↑ ↓ choose  ·  Enter select  ·  or press a button's letter  ·  F11 full screen"
    assert keys_hint in drawn(app)
    press(app, DOWN)
    assert app.pad.in_use
    assert "↑ ↓ choose  ·  A select" in drawn(app)  # the parts no button does are left out
    app.text.clear()
    key(app, pygame.K_UP)
    assert not app.pad.in_use and keys_hint in drawn(app) and "↑ ↓ choose  ·  A select" not in drawn(app)
    press(app, UP)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    app.step(FRAME)
    assert not app.pad.in_use


def test_a_hint_is_worded_for_the_device_in_each_language() -> None:
    try:
        set_language("fr")
        hint = "<↑↓> choisir  ·  <Enter> valider  ·  P jouer  ·  <Esc> retour"
        show_pad(False)
        assert keyed(hint) == "↑ ↓ choisir  ·  Entrée valider  ·  P jouer  ·  Échap retour"
        show_pad(True)
        assert keyed(hint) == "↑ ↓ choisir  ·  A valider  ·  B retour"
        assert keyed("Tapez votre nom") == "Tapez votre nom"  # no button in it: shown as it is
    finally:
        show_pad(False)
        set_language("en")


def test_a_buttons_keycap_names_the_controller_button_that_presses_it() -> None:
    try:
        show_pad(True)
        assert (pad_cap(pygame.K_h, "H"), pad_cap(pygame.K_l, "L"), pad_cap(None, "Enter")) == ("X", "Y", "A")
        assert pad_cap(pygame.K_e, "E") == "E" and pad_cap(pygame.K_h, "") == ""  # no button for E; no cap shown
        show_pad(False)
        assert (pad_cap(pygame.K_h, "H"), pad_cap(None, "Enter")) == ("H", "Enter")
    finally:
        show_pad(False)


TOKEN_SHAPE = re.compile(r"<[^<>\s]{1,12}>")


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_hint_worded_for_the_controller_fits_where_the_keys_fit(app: App, code: str) -> None:
    # a button's word can be longer than the key's (Croix directionnelle for Flèches): the hint must still fit
    # at the smallest size its line allows, as the keys' wording does
    prompt_width = table_layout(4, 4).prompt.width
    try:
        set_language(code)
        hints = {name: value for name, value in Catalog.load(code).entries.items()
                 if isinstance(value, str) and TOKEN_SHAPE.search(value)}
        assert len(hints) > 15
        for pad in (False, True):
            show_pad(pad)
            for name, hint in hints.items():
                table_line = name.startswith(("table.keys.", "auction.keys"))
                room, smallest = (prompt_width, 10) if table_line else (app.screen.get_width() - 40, 11)
                assert app.text.width(keyed(hint), "body", smallest) <= room, (code, name, pad, keyed(hint))
    finally:
        show_pad(False)
        set_language("en")


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_key_token_in_the_words_is_one_the_hints_know(code: str) -> None:
    catalog = Catalog.load(code)
    found = {token for value in catalog.entries.values() for line in (value if isinstance(value, tuple) else (value,))
             for token in TOKEN_SHAPE.findall(str(line))}
    assert found and found <= set(TOKENS), sorted(found - set(TOKENS))
