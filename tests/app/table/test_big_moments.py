"""The table's big moments: the player's boodle number clear of every plate at 3 to 8 seats, going out held before
the summary (and a key opening it at once), no pop-up of a deal alive in the next, and the session's end with its
standings, celebration, Play again and Change table."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import click, frames, make_app, top

from game.ai.registry import character_ids, load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.results import ResultsScene
from game.app.table.animation import Banner, Confetti, PopUp
from game.app.table.effects import POPUP_EDGE
from game.app.table.layout import table_layout
from game.app.table.moments import (
    GOING_OUT_HOLD,
    NUMBER_GAP,
    THEIR_NUMBER_SIZE,
    YOUR_NUMBER_SIZE,
    YOUR_RISE,
    hold_seconds,
    number_image,
    path_rect,
    rising_path,
    your_number_column,
)
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.events import BoodleWon, DealStart, Event, HandWon
from game.storage.resume import resume_path

FRAME = 1 / 30
FAST = [c for c in character_ids() if c != "expert"]  # the expert searches: slow for a test


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path)
    made.change_settings(dataclasses.replace(made.settings, animation_speed="normal"))
    yield made
    made.scenes.close()


def seated(app: App, players: int = 4, seed: int = 7, deals: int | None = 10) -> TableScene:
    """A free table with the player in seat 0, on the app."""
    seats: list[SeatSpec] = [("You", None)]
    seats += [(c.name, c) for c in (load_character_by_id(FAST[i % len(FAST)]) for i in range(players - 1))]
    rules = dataclasses.replace(rules_by_name("classic"), players=players, deals=deals)
    scene = TableScene.seated(app, rules, seats, seed)
    app.scenes.clear_to(scene)
    return scene


def until_queued(scene: TableScene, wanted: Callable[[Event], bool]) -> None:
    """Fast-forward until a wanted event waits in the director's queue (not yet presented)."""
    assert scene.fast_forward_until(lambda t: any(wanted(e) for e in t.director.queue), 20_000)


def went_out(event: Event) -> bool:
    return isinstance(event, HandWon)


# --- where the numbers go ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("boodle", [1, 4, 13])
def test_the_players_boodle_number_rises_clear_of_every_plate(players: int, boodle: int) -> None:
    layout = table_layout(players, boodle)
    column = your_number_column(layout)
    assert column.height >= 90 and column.width >= 150, "room for a large number"
    for size in [(40, 60), (150, 76), (column.width, column.height - YOUR_RISE // 2)]:
        start, rise = rising_path(column, size, YOUR_RISE)
        covered = path_rect(start, size, rise)
        assert rise > 0 and layout.on_felt(covered)
        for place in layout.seats:
            assert not covered.colliderect(place.plate.inflate(2 * NUMBER_GAP - 2, 2 * NUMBER_GAP - 2)), \
                (players, place.seat, covered, place.plate)
            assert not covered.colliderect(place.region), (players, place.seat)
        assert not covered.colliderect(layout.hand) and not covered.colliderect(layout.centre)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_seats_number_stays_inside_its_plate_over_its_whole_rise(app: App, players: int) -> None:
    scene = seated(app, players)
    director = scene.director
    for place in scene.layout.seats:
        for amount in (13, 123, -7, 4):
            director.popup(place.seat, amount)
            number = director._popups[place.seat]
            ink = number.image.get_bounding_rect()
            start = pygame.Rect(0, 0, *number.image.get_size())
            start.center = (round(number.centre[0]), round(number.centre[1]))
            ink.move_ip(start.topleft)
            covered = ink.union(ink.move(0, -math.ceil(number.rise)))
            frame = place.plate.inflate(-2 * POPUP_EDGE + 2, -2 * POPUP_EDGE + 2)
            assert frame.contains(covered), (players, place.seat, amount, covered, place.plate)
            assert covered.top >= place.plate.y + 28  # under the name line


def test_the_players_boodle_number_ends_when_anyone_goes_out(app: App) -> None:
    scene = seated(app, 4)
    director = scene.director
    card = next(iter(scene.model.boodle_slot))
    director.moments.your_boodle(BoodleWon(0, card, 8), 0)
    number = director.moments.your_number
    assert number is not None
    director.decor.update(0.5)
    assert number.started and not number.done
    director.banner("You go out!", "takes the pot", duration=2.2)
    director.moments.going_out(0, 1.0)
    director.decor.update(1 / 30)
    assert number.done and number not in director.decor.anims


def test_banners_are_drawn_over_every_other_decoration_and_the_guides_marks(app: App,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    scene = seated(app, 4)
    director = scene.director
    drawn: list[str] = []
    director.clear_decorations()
    director.banner("You hit the boodle!", "J♦ pays you +2 chips")
    director.popup(1, 5)
    director.say(1, "boodle_win")
    director.decor.update(0.5)
    for anim in director.decor.anims:
        name = type(anim).__name__
        monkeypatch.setattr(anim, "draw", lambda surface, name=name: drawn.append(name))
    director.draw_decorations(app.screen, lambda surface: drawn.append("guide"))
    assert drawn[-1] == "Banner" and drawn[-2] == "guide" and "PopUp" in drawn[:-2]


@pytest.mark.parametrize("players", [3, 8])
def test_the_numbers_are_large_for_the_player_and_smaller_on_the_card_for_others(app: App, players: int) -> None:
    scene = seated(app, players)
    layout, director = scene.layout, scene.director
    column = your_number_column(layout)
    yours = number_image(director, 123, YOUR_NUMBER_SIZE, (column.width, column.height - YOUR_RISE // 2))
    assert yours.get_height() >= 60 and yours.get_width() <= column.width
    card = layout.boodle_cards[0]
    theirs = number_image(director, 12, THEIR_NUMBER_SIZE, (card.width + 30, card.height))
    assert theirs.get_height() < yours.get_height()
    start, rise = rising_path(card, theirs.get_size(), card.height / 3)
    covered = path_rect(start, theirs.get_size(), rise)
    assert all(not covered.colliderect(place.plate) for place in layout.seats)


def test_the_players_boodle_hit_has_its_banner_number_and_sound(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = seated(app, 8, seed=20240)
    sounds: list[str] = []
    monkeypatch.setattr(scene.director, "sound", lambda name, volume=1.0: sounds.append(name))
    until_queued(scene, lambda e: isinstance(e, BoodleWon) and e.player == 0 and e.chips > 0)
    hit = next(e for e in scene.director.queue if isinstance(e, BoodleWon) and e.player == 0)
    sounds.clear()
    while hit in scene.director.queue:
        app.step(FRAME)
    assert "your_boodle" in sounds and "boodle_win" not in sounds
    assert any(isinstance(a, Banner) for a in scene.director.decor.anims)
    column = your_number_column(scene.layout)
    numbers = [a for a in scene.director.decor.anims if isinstance(a, PopUp)]
    assert any(column.collidepoint(round(a.centre[0]), round(a.centre[1])) for a in numbers)


# --- going out -------------------------------------------------------------------------------------------------

def test_going_out_is_held_before_the_summary(app: App) -> None:
    scene = seated(app, 4)
    until_queued(scene, went_out)
    held = 0.0
    seen = False
    while scene.summary is None and held < 10:
        app.step(FRAME)
        seen = seen or scene.director.moments.holding
        if seen:
            held += FRAME
    assert seen and scene.summary is not None
    assert held >= GOING_OUT_HOLD


def test_a_key_opens_the_summary_at_once(app: App) -> None:
    scene = seated(app, 4)
    until_queued(scene, went_out)
    while not scene.director.moments.holding:
        app.step(FRAME)
    app.step(FRAME)
    assert scene.summary is None, "held"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step(FRAME)
    app.step(FRAME)
    assert scene.summary is not None and app.scenes.top is scene.summary


def test_the_hold_is_at_least_the_moment_at_every_speed_but_instant() -> None:
    assert hold_seconds(1.0) == GOING_OUT_HOLD
    for speed in (0.6, 1.0, 2.2):
        assert hold_seconds(speed) / speed >= GOING_OUT_HOLD  # decorations' time runs at the speed
    assert hold_seconds(float("inf")) == 0.0


def test_a_hurried_table_is_never_held(app: App) -> None:
    scene = seated(app, 4)
    assert scene.fast_forward_until(lambda t: t.summary is not None, 20_000)
    assert not scene.director.moments.holding


def test_no_decoration_of_a_deal_is_alive_when_the_next_deal_starts(app: App) -> None:
    scene = seated(app, 4)
    until_queued(scene, went_out)
    alive: list[list[str]] = []
    presented = scene.stage.presented

    def watch(event: Event) -> None:
        presented(event)
        if isinstance(event, DealStart):
            alive.append([type(a).__name__ for a in scene.director.decor.anims])
    scene.stage.presented = watch
    for _ in range(2000):
        if alive:
            break
        if scene.summary is not None:
            scene.close_summary()
        app.step(FRAME)
    assert alive == [["Banner"]], "only the new deal's banner"


# --- the session's end --------------------------------------------------------------------------------------

def finished(app: App, seed: int) -> tuple[TableScene, ResultsScene]:
    scene = seated(app, 4, seed=seed, deals=1)
    assert scene.fast_forward_until(lambda t: isinstance(t.app.scenes.top, ResultsScene), 20_000)
    return scene, top(app, ResultsScene)


def test_the_celebration_shows_the_standings_and_the_ways_on(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    stings: list[str] = []
    monkeypatch.setattr(app.assets, "play", lambda name, volume=1.0: stings.append(name))
    music: list[str] = []
    def silent(name: str) -> bool:  # the music is silent: nothing played
        music.append(name)
        return False
    monkeypatch.setattr(app.music, "sting", silent)
    scene, results = finished(app, 20254)
    assert sorted(seat for _, seat in results.standings) == list(range(4))
    assert results.won and any(isinstance(a, Confetti) for a in results.party.anims)
    assert music == ["win"] and "session_won" in stings  # the effect stands in for a silent music's sting
    labels = [button.label for button in results.menu.buttons]
    assert labels == ["Play again", "Change table", "Back to the title"]
    chips = [scene.model.seats[seat].chips for _, seat in results.standings]
    assert chips == sorted(chips, reverse=True)


def test_a_win_with_music_plays_the_music_sting_not_the_effect(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    sounds: list[str] = []
    monkeypatch.setattr(app.assets, "play", lambda name, volume=1.0: sounds.append(name))
    def played(name: str) -> bool:
        sounds.append(f"music:{name}")
        return True
    monkeypatch.setattr(app.music, "sting", played)
    finished(app, 20254)
    assert "music:win" in sounds and "session_won" not in sounds


def test_a_lost_session_has_no_confetti_but_the_same_ways_on(app: App) -> None:
    _, results = finished(app, 20250)
    assert not results.won and not any(isinstance(a, Confetti) for a in results.party.anims)
    assert [b.label for b in results.menu.buttons][:2] == ["Play again", "Change table"]


def test_play_again_seats_the_same_table_under_the_same_rules_with_a_new_seed(app: App) -> None:
    scene, results = finished(app, 20250)
    results.menu.buttons[0].action()
    again = top(app, TableScene)
    assert again is not scene
    assert again.rules == scene.rules and again.seed != scene.seed
    assert [(name, c.id if c else None) for name, c in again.seats] == \
           [(name, c.id if c else None) for name, c in scene.seats]
    assert again.session.deal_number <= 1 and not again.session.over
    again.recorder.keeper.flush()  # the new session is kept as laid, after the old one was recorded and forgotten
    kept = json.loads(resume_path(app.data_dir, "free").read_text(encoding="utf-8"))
    assert kept["snapshot"]["seed"] == again.seed
    assert not [p.name for p in (app.data_dir / "sessions").iterdir() if "unreadable" in p.name]


def test_change_table_opens_new_game_with_the_table_chosen(app: App) -> None:
    scene, results = finished(app, 20250)
    results.menu.buttons[1].action()
    new_game = top(app, NewGameScene)
    assert new_game.rules is not None and new_game.rules.name == scene.rules.name
    assert new_game.players == 4
    seatable = {new_game.characters[i].id for i in new_game.seatable()}
    expected = [c.id for _, c in scene.seats[1:] if c is not None and c.id in seatable]
    assert expected and [new_game.characters[i].id for i in new_game.chosen] == expected, "locked ones at random"
    rules, _, problem = new_game.session_rules()
    assert problem == "" and rules == scene.rules


def test_change_table_clicked_lives_on_and_plays_the_next_session(app: App) -> None:
    scene, results = finished(app, 20250)
    frames(app, 40)  # the standings' first moment takes no clicks
    click(app, results.menu.buttons[1].rect.center)  # through the window, as a player would
    new_game = top(app, NewGameScene)
    frames(app, 5)  # the scene's own frames: on main these ended on the crash screen
    assert app.scenes.top is new_game
    new_game.start()
    again = top(app, TableScene)
    assert again is not scene and again.rules == scene.rules
    assert again.fast_forward_until(lambda t: isinstance(t.app.scenes.top, ResultsScene), 20_000)
    assert top(app, ResultsScene).model is again.model
