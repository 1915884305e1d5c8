"""Every scene rendered headless to PNG files, from fixed seeds, so the same build gives the same pictures."""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame

from ..ai.registry import character_ids
from ..ai.seats import seats_against
from ..ai.simple import LowestAgent
from ..app import word_overlaps
from ..app.app import App, AppOptions
from ..app.canvas import set_scale
from ..app.comfort import set_card_size, set_text_size
from ..app.scenes.how_to_play import HowToPlayScene
from ..app.scenes.new_game.scene import NewGameScene
from ..app.scenes.pause import PauseScene
from ..app.scenes.results import ResultsScene
from ..app.scenes.rules_editor.scene import RulesEditorScene
from ..app.scenes.settings import SettingsScene
from ..app.scenes.statistics import StatisticsScene
from ..app.scenes.title import TitleScene
from ..app.table.scene import TableScene
from ..campaign.spec import TABLE_LOOKS, Unlock
from ..config import default_rules
from ..engine.cards import Card
from ..engine.decisions import LeadAction
from ..engine.rules_keys import KEYS
from ..storage.unlocks_file import add_unlocks
from .charm_modes import charm_mode_shots
from .charm_tray import charm_tray_shots
from .charm_words import charm_word_shots
from .charms import charm_shots
from .extra import render_extra_screenshots, shoot
from .feel import feel_shots
from .moments import moment_shots
from .notices import notice_shot
from .review import review_shots
from .tutorial import render_tutorial_screenshots

SHOT_SEED = 20240
FRAME = 1 / 60


def settle(app: App, seconds: float) -> None:
    """Run the app for `seconds` of game time in fixed frames, drawing as it goes."""
    for _ in range(max(1, round(seconds / FRAME))):
        app.step(FRAME)


def editor_shots(app: App, folder: Path, new_game: NewGameScene) -> list[Path]:
    """The rules editor opened from New game: a setting the checker refuses, the deck grid of boodle cards, then the
    combination piles (one without its cards)."""
    new_game.edit_rules()
    editor = app.scenes.top
    assert isinstance(editor, RulesEditorScene)
    editor.change("starting_chips", 4)
    settle(app, 0.1)
    paths = [shoot(app, folder, "02c_rules_editor")]
    editor.change("starting_chips", 40)
    editor.open_picker(KEYS["boodle_cards"])
    editor.pick(Card.parse("7H"))
    settle(app, 0.1)
    paths.append(shoot(app, folder, "02d_rules_editor_cards"))
    editor.close_picker()
    editor.open_picker(KEYS["combinations"])
    for _ in range(2):
        editor.draft.add_pile("combinations", "")
    editor.draft.rename_pile("combinations", 0, "Matrimony")
    for card in ("KH", "QH"):
        editor.draft.toggle_pile_card("combinations", 0, Card.parse(card))
    editor.draft.rename_pile("combinations", 1, "Intrigue")
    editor.close_picker()
    editor.open_picker(KEYS["combinations"])
    settle(app, 0.1)
    paths.append(shoot(app, folder, "02e_rules_editor_piles"))
    app.scenes.pop()
    return paths


def menu_shots(app: App, folder: Path) -> list[Path]:
    """Title, new game, settings, how to play (two pages), statistics."""
    paths: list[Path] = []
    title = TitleScene(app)
    app.scenes.clear_to(title)
    settle(app, 5.4)  # the run of hearts complete, stopped by its King
    paths.append(shoot(app, folder, "01_title"))
    paths.append(notice_shot(app, folder, "01b_notice"))  # the notices' panel over the title
    title.ask_to_quit()  # Esc pressed twice: the question before the game closes
    paths.append(shoot(app, folder, "01c_title_quit"))
    app.scenes.pop()
    new_game = NewGameScene(app, seed=SHOT_SEED)
    app.scenes.push(new_game)  # a new player's first table: the default one, at its strength
    settle(app, 0.1)
    paths.append(shoot(app, folder, "02_new_game"))
    classic = [i for i, entry in enumerate(new_game.entries) if entry.path.stem == "classic"]
    new_game.choose_rules(classic[0] if classic else new_game.rules_index or 0)
    new_game._set_players(8 - 3)  # eight players: more than the unlocked cast, the road's guests said
    new_game.focused_character = 0  # under compulsory following: the word, and optional following offered
    settle(app, 0.1)
    paths.append(shoot(app, folder, "02b_new_game_8_players"))
    paths += editor_shots(app, folder, new_game)
    app.scenes.clear_to(SettingsScene(app))
    settle(app, 0.1)
    paths.append(shoot(app, folder, "09_settings"))
    kept = app.settings
    app.change_settings(dataclasses.replace(kept, four_colour_deck=True), remember=False)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    settings.show_page(1)
    settings.form.focus = 2  # four colours, on the Comfort page
    settle(app, 0.1)
    paths.append(shoot(app, folder, "09c_settings_four_colours"))  # the caption a suit and its colour a pair
    app.change_settings(dataclasses.replace(kept, high_contrast=True), remember=False)
    settings.form.focus = 3
    settle(app, 0.1)
    paths.append(shoot(app, folder, "09d_settings_high_contrast"))
    app.change_settings(kept, remember=False)
    app.scenes.clear_to(HowToPlayScene(app, section=2))
    settle(app, 0.1)
    paths.append(shoot(app, folder, "10_how_to_play"))
    app.scenes.clear_to(HowToPlayScene(app, section=5))
    settle(app, 0.1)
    paths.append(shoot(app, folder, "10b_how_to_play_stops"))
    app.scenes.clear_to(StatisticsScene(app))
    settle(app, 0.1)
    paths.append(shoot(app, folder, "11_statistics"))
    return paths


def table(app: App, players: int, seed: int, *, deals: int | None = 10) -> TableScene:
    """A table of `players` with the human at seat 0 and the first characters in the other seats."""
    ids = character_ids()
    seats = seats_against([ids[(seat * 5) % len(ids)] for seat in range(1, players)])
    rules = dataclasses.replace(default_rules(), players=players, deals=deals)
    return TableScene.seated(app, rules, seats, seed)


def play_until(app: App, scene: TableScene, predicate: Callable[[], bool], seconds: float = 60.0) -> bool:
    """Run the app at its own pace (animations and think times as a player sees them) until `predicate()`;
    the human's decisions are answered by a plain agent and deal summaries are closed."""
    stand_in = LowestAgent()
    for _ in range(round(seconds / FRAME)):
        if predicate():
            return True
        if app.scenes.top is not scene:
            if scene.summary is app.scenes.top:
                scene.close_summary()
            else:
                return False
        elif scene.human.decision is not None:
            decision = scene.human.decision
            scene.human.clear()
            scene.submit(stand_in.decide(scene.table.human_view(), decision))
        app.step(FRAME)
    return predicate()


def human_to_lead(scene: TableScene) -> bool:
    """The human is being asked to lead."""
    return scene.human.kind == "lead"


def take_back_of_a_lead(scene: TableScene) -> bool:
    """The player is asked to lead, and may take back the lead they made before it in this deal."""
    found = scene.table.to_take_back()
    return human_to_lead(scene) and scene.human.take_back_offer is not None and found is not None \
        and isinstance(found[1], LeadAction)


def table_shots(app: App, folder: Path) -> list[Path]:
    """The cut, the table at 3 and 8 players mid-deal (at 8 also with the player's cards at 150%), staking, a stop,
    a hint, a take back on offer, the deal summary, the session results and the pause menu."""
    paths: list[Path] = []
    three = table(app, 3, SHOT_SEED)
    app.scenes.clear_to(three)
    settle(app, 1.0)
    paths.append(shoot(app, folder, "03a_cut"))  # the cards round and what the cut is for
    settle(app, 1.2)
    paths.append(shoot(app, folder, "03a2_cut_dealer"))  # then who deals, under the board
    three.fast_forward_until(lambda t: len(t.model.board) >= 9 and human_to_lead(t))
    settle(app, 3.0)  # let banners and pop-ups fade: this picture is of the table itself
    paths.append(shoot(app, folder, "03_table_3_players"))
    kept = app.settings
    app.change_settings(dataclasses.replace(kept, high_contrast=True), remember=False)
    settle(app, 0.1)
    paths.append(shoot(app, folder, "03b_table_high_contrast"))
    app.change_settings(kept, remember=False)

    eight = table(app, 8, SHOT_SEED + 3)  # a seed where the human leads early in the first deal
    app.scenes.clear_to(eight)
    eight.fast_forward_until(lambda t: len(t.model.board) >= 5 and human_to_lead(t))
    settle(app, 3.0)
    paths.append(shoot(app, folder, "04_table_8_players"))
    paths.append(notice_shot(app, folder, "04b_table_notice_tab"))  # in play, only their tab
    app.change_settings(dataclasses.replace(kept, card_size=150), remember=False)
    settle(app, 0.1)
    paths.append(shoot(app, folder, "03c_table_large_cards"))  # the hand at 150%, the centre making room
    app.change_settings(kept, remember=False)
    pause = PauseScene(app, eight)
    app.scenes.push(pause)
    pause.menu.hover = len(pause.menu.buttons) - 1  # Quit game's note, clear of Quit to title above it
    settle(app, 0.1)
    paths.append(shoot(app, folder, "12_pause"))
    app.scenes.push(SettingsScene(app, over_table=True))
    settle(app, 0.1)
    paths.append(shoot(app, folder, "12b_settings_from_pause"))  # the table under it, the pause menu not

    staking = table(app, 5, SHOT_SEED + 2)
    app.scenes.clear_to(staking)
    staking.fast_forward_until(lambda t: t.human.kind == "stake", play_for_human=False)
    settle(app, 0.3)
    for slot in (0, 0, 2):
        staking.human.add_chip(slot)
    settle(app, 0.3)
    paths.append(shoot(app, folder, "05_staking"))

    stop = table(app, 4, SHOT_SEED + 3)
    app.scenes.clear_to(stop)
    stop.fast_forward_until(lambda t: len(t.model.board) >= 5)
    play_until(app, stop, lambda: stop.director.stop_banner_showing() and stop.human.decision is None)
    settle(app, 0.35)  # the banner in, the table holding on the stop
    paths.append(shoot(app, folder, "06_stop"))
    play_until(app, stop, lambda: human_to_lead(stop))
    stop.human.ask_hint()
    stop.human.finish_hint()  # searched on a worker thread: the picture waits for it
    settle(app, 0.3)
    paths.append(shoot(app, folder, "06b_hint"))

    take_back = table(app, 5, SHOT_SEED + 1)
    app.scenes.clear_to(take_back)
    take_back.fast_forward_until(lambda t: len(t.model.board) >= 6 and take_back_of_a_lead(t))
    settle(app, 3.0)  # the table at rest, the take back offered with its caption
    paths.append(shoot(app, folder, "06c_take_back"))

    summary = table(app, 6, SHOT_SEED + 4)
    app.scenes.clear_to(summary)
    summary.fast_forward_until(lambda t: t.app.scenes.top is not t)
    settle(app, 1.0)
    paths.append(shoot(app, folder, "07_deal_summary"))

    results = table(app, 5, SHOT_SEED + 5, deals=2)
    app.scenes.clear_to(results)
    results.fast_forward_until(lambda t: t.session.over and t.app.scenes.top is not t
                               and isinstance(t.app.scenes.top, ResultsScene))
    settle(app, 2.0)
    paths.append(shoot(app, folder, "08_results"))
    return paths


def look_shots(app: App, folder: Path) -> list[Path]:
    """The table at 5 players in every look a campaign venue unlocks, and the settings offering them all; played
    from a scratch data folder holding those unlocks, so no player's folder is touched."""
    paths: list[Path] = []
    kept_folder, kept_settings = app.data_dir, app.settings
    with tempfile.TemporaryDirectory(prefix="newmarket-looks-") as scratch:
        app.data_dir = Path(scratch)
        add_unlocks(app.data_dir, [str(Unlock("look", name)) for name in TABLE_LOOKS])
        try:
            for name in TABLE_LOOKS:
                app.change_settings(dataclasses.replace(kept_settings, table_look=name), remember=False)
                scene = table(app, 5, SHOT_SEED + 6)
                app.scenes.clear_to(scene)
                scene.fast_forward_until(lambda t: len(t.model.board) >= 9 and human_to_lead(t))
                settle(app, 3.0)  # banners and pop-ups gone: the picture is of the table's dress
                paths.append(shoot(app, folder, f"table-look-{name}"))
            settings = SettingsScene(app)
            app.scenes.clear_to(settings)
            if settings.look_choice is not None:
                settings.form.focus_on(settings.look_choice)
            settle(app, 0.1)
            paths.append(shoot(app, folder, "09b_settings_table_look"))
        finally:
            app.scenes.close()  # the tables leave while the scratch folder is still theirs
            app.data_dir = kept_folder
            app.change_settings(kept_settings, remember=False)
    return paths


def render_all(folder: Path, data_folder: Path | None = None, *, language: str = "en",
               overflows: set[str] | None = None, size: tuple[int, int] | None = None,
               comfort: tuple[int, int] = (100, 100), crossings: set[str] | None = None) -> list[Path]:
    """Render every scene in `language` (English unless asked: the system's language must not change the
    pictures) into `folder` and return the files written; the words that did not fit go into `overflows`. With
    `size` the window is that many real pixels (the scenes drawn sharp at that size), else 1280×720; `comfort` is
    Settings' text size and card size in percent; the words that cross other words go into `crossings`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="newmarket-shots-") as scratch:
        # a fresh data folder: the player's settings and kept session must not change the pictures
        app = App(AppOptions(data_dir=data_folder or Path(scratch), headless=True, language=language, size=size))
        # the guided deal's offer has pictures of its own: the title's keeps its run of hearts
        app.change_settings(dataclasses.replace(app.settings, first_deal_offer="never", text_size=comfort[0],
                                                card_size=comfort[1]), remember=False)
        app.draws_every_frame = False  # each picture is drawn when it is taken (shoot)
        if crossings is not None:
            word_overlaps.start(crossings)
        try:
            paths = render_tutorial_screenshots(app, folder)  # first: a new player's data folder offers it
            paths += menu_shots(app, folder)
            paths += table_shots(app, folder)
            paths += feel_shots(app, folder)
            paths += render_extra_screenshots(app, folder)
            paths += charm_shots(app, folder)
            paths += charm_tray_shots(app, folder)
            paths += charm_mode_shots(app, folder)
            paths += charm_word_shots(app, folder)
            paths += moment_shots(app, folder)
            paths += review_shots(app, folder)
            paths += look_shots(app, folder)
            if overflows is not None:
                overflows.update(app.text.overflows)
        finally:
            if crossings is not None:
                word_overlaps.stop()
            app.scenes.close()
            pygame.quit()
            set_scale(1.0)  # what is drawn after (tests) is at the logical size again, the words and cards too
            set_text_size(1.0)
            set_card_size(1.0)
    return paths
