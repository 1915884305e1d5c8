"""Playtest 15 at the table: the stake hint leaves placed chips alone, an overlay hides the deal log's button, bubbles
keep off the counts of cards and stay readable as they pop, the cut keeps off the boodle cards, the hint and its keys
stay readable in a small window, and the title's "session kept" notice goes."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ai.test_hint import sit
from app.table.test_bubbles import character_lines, drawn
from app_helpers import FRAME, frames, key, make_app, top

from game.ai.registry import character_ids
from game.ai.seats import seats_against
from game.app import canvas
from game.app.app import App, AppOptions
from game.app.canvas import Canvas
from game.app.pad_words import keyed
from game.app.scenes.pause import PauseScene
from game.app.scenes.title import NOTICE_FADE, NOTICE_S, TitleScene
from game.app.table.animation import BUBBLE_SMALLEST, Bubble, Flight
from game.app.table.bubble_place import card_counts, keep_clear, place_bubble
from game.app.table.controls import hint_box, keys_fit, keys_size, prompt_area
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.config import default_rules, rules_by_name
from game.locale import LANGUAGES

LANGS = tuple(LANGUAGES)
READABLE = 12  # real pixels: the smallest words a player reads at the table


def seated(app: App, players: int, seed: int = 7) -> TableScene:
    """A table of the player and the first characters, on top of the stack."""
    ids = character_ids()
    rules = dataclasses.replace(default_rules(), players=players, deals=3)
    scene = TableScene.seated(app, rules, seats_against([ids[(seat * 5) % len(ids)] for seat in range(1, players)]),
                              seed)
    app.scenes.clear_to(scene)
    return scene


def test_the_stake_hint_leaves_the_chips_the_player_placed_where_they_are(app: App) -> None:
    scene = sit(app, rules_by_name("classic"), 2)
    assert scene.fast_forward_until(lambda s: s.human.kind == "stake", 5000, play_for_human=False)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # one chip on the second boodle card
    placed = list(scene.human.stake)
    assert sum(placed) == 1 and placed[1] == 1
    key(app, pygame.K_h)
    scene.human.finish_hint()
    assert scene.human.hint  # the hint is said ...
    assert scene.human.stake == placed  # ... and the stake begun is the player's still
    key(app, pygame.K_RETURN)  # Enter adds a chip where the hint points
    assert sum(scene.human.stake) == 2


def test_an_overlay_over_the_table_hides_the_deal_log_s_button(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = seated(app, 4)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 20_000)
    drawn_log: list[str] = []
    monkeypatch.setattr(scene.log_panel, "draw", lambda surface, hovered: drawn_log.append(type(app.scenes.top)
                                                                                          .__name__))
    app.draw(app.screen)
    assert drawn_log == ["TableScene"]
    key(app, pygame.K_ESCAPE)
    pause = top(app, PauseScene)
    app.draw(app.screen)
    pause.settings()  # the settings' heading stands where the button is
    app.step(FRAME)
    app.draw(app.screen)
    assert drawn_log == ["TableScene"]


@pytest.mark.parametrize("language", [code if code == "fr" else pytest.param(code, marks=pytest.mark.slow)
                                      for code in LANGS])  # French's long lines in the quick tier, the rest slow
def test_bubbles_keep_off_every_seat_s_count_of_cards(app: App, language: str) -> None:
    lines = sorted(character_lines(language), key=len)
    # the long lines (the hard ones to place), with every eighth line in French; only the longest few (55 letters
    # and more) find no room at the most crowded seats, and cover a count least there
    sample = lines[::8] if language == "fr" else []
    chosen = sorted({line for line in sample + [line for line in lines if len(line) > 45] if len(line) < 55})
    bubbles = {words: drawn(app, words) for words in chosen}  # drawn once: only the place changes
    for boodle in (1, 4, 13) if language == "fr" else (13,):  # the most crowded centre in the others
        for players in range(3, 9):
            layout = table_layout(players, boodle)
            counts = card_counts(layout)
            assert len(counts) == players - 1
            for seat in range(players):
                for words in chosen:
                    _, rect = place_bubble(layout, seat, bubbles[words])
                    covered = [count for count in counts if rect.colliderect(count)]
                    assert not covered, f"{words!r} at seat {seat} of {players} ({boodle} boodle) covers {covered}"
                    assert rect.collidelist(keep_clear(layout)) < 0


def test_a_popping_bubble_never_shrinks_its_words_out_of_reading(app: App) -> None:
    image = Canvas.new((200, 60), pygame.SRCALPHA)
    image.fill((255, 255, 255, 255))
    bubble = Bubble(image, (20, 20), 2.0)
    widths = []
    while not bubble.done:
        bubble.step(0.01)
        surface = Canvas.new((240, 100))
        surface.fill((0, 0, 0))
        bubble.draw(surface)
        columns = [x for x in range(240) if surface.get_at((x, 50))[0] > 200]
        widths.append(len(columns))
    assert any(0 < width < 200 for width in widths)  # it does pop in and out
    assert all(width == 0 or width >= 160 for width in widths), sorted(set(widths))[:5]  # words at 80% or more
    assert min(width for width in widths if width) <= 200 * BUBBLE_SMALLEST + 2


@pytest.mark.parametrize("players", range(3, 9))
def test_the_cut_cards_keep_off_the_boodle_row_as_they_go(tmp_path: Path, players: int) -> None:
    app = make_app(tmp_path)  # the usual speed: the cut is flown
    try:
        scene = seated(app, players)
        app.step(FRAME)
        flights = [anim for anim in scene.director.motion.anims if isinstance(anim, Flight)]
        assert len(flights) == players
        layout, r = scene.layout, scene.layout.boodle_chip_radius
        row = list(layout.boodle_cards)
        row += [pygame.Rect(x - r, y - 40, 2 * r, 40) for x, y in layout.boodle_stacks]  # their chips and counts
        row += [pygame.Rect(x - 20, y, 40, 20) for x, y in layout.boodle_labels]
        for flight in flights:
            for step in range(21):
                flight.clock = flight.duration * step / 20
                image = flight.end_image if flight.end_image is not None and flight.t >= 0.5 else flight.image
                x, y = flight.position()
                rect = image.get_rect(center=(round(x), round(y)))
                assert rect.collidelist(row) < 0, f"{players} players: a cut card at {rect} crosses the boodle row"
    finally:
        app.scenes.close()


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    made = App(AppOptions(data_dir=tmp_path, headless=True, language="en", size=(1000, 750)))
    made.change_settings(dataclasses.replace(made.settings, animation_speed="instant"))
    yield made
    made.scenes.close()
    canvas.set_scale(1.0)


def test_the_hint_and_its_keys_stay_readable_in_a_small_window(small: App) -> None:
    k = small.window.scale
    assert k < 0.8  # 1000 wide: the 1280 by 720 picture drawn smaller
    scene = seated(small, 3)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 20_000)
    key(small, pygame.K_h)
    scene.human.finish_hint()
    words = scene.human.hint
    assert words
    place = hint_box(small.text, scene.layout, words)
    assert round(place.size * k) >= READABLE and round(keys_size() * k) >= READABLE
    assert small.text.width(words, "body", place.size) <= place.column * place.lines  # its words all shown
    small.draw(small.screen)
    assert not small.text.overflows & {words}


def test_the_session_kept_notice_fades_after_a_few_seconds(app: App) -> None:
    scene = seated(app, 3)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 20_000)
    key(app, pygame.K_ESCAPE)
    top(app, PauseScene).quit_to_title()
    title = top(app, TitleScene)
    assert title.message
    frames(app, round(NOTICE_S / FRAME))
    app.draw(app.screen)
    assert title.message  # read for a few seconds
    frames(app, round(NOTICE_FADE / FRAME) + 2)
    assert not title.message


def test_the_session_kept_notice_goes_at_the_first_key_and_a_problem_stays(app: App) -> None:
    app.scenes.clear_to("title", message="Kept.", passing=True)
    title = top(app, TitleScene)
    key(app, pygame.K_DOWN)
    assert not title.message and title.menu.focus == 1  # the key did its own work too
    app.scenes.clear_to("title", message="A file could not be read.")
    title = top(app, TitleScene)
    key(app, pygame.K_DOWN)
    frames(app, round((NOTICE_S + NOTICE_FADE) / FRAME) + 5)
    assert title.message == "A file could not be read."


def test_the_staking_keys_take_two_lines_in_a_small_window_rather_than_shrink(small: App) -> None:
    k = small.window.scale
    scene = seated(small, 3)
    assert scene.fast_forward_until(lambda s: s.human.kind == "stake", 20_000)
    keys = keyed(scene.human.prompt()[1])
    size = keys_fit(small.text, scene.layout, keys)
    assert round(size * k) >= READABLE
    rows = small.text.wrap(keys, "body", size, scene.layout.prompt.width)
    assert len(rows) == 2 and " ".join(rows) == keys  # every key said, none cut off
    area = prompt_area(small.text, scene.layout, keys)
    assert area.height > prompt_area(small.text, scene.layout).height
    key(small, pygame.K_h)
    scene.human.finish_hint()
    assert scene.human.hint
    assert hint_box(small.text, scene.layout, scene.human.hint, staking=True, keys=keys).box.top > area.bottom
