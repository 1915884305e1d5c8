"""Playtest 14, reduced motion: the title's run of hearts, a deal summary's panel and a replay's played card are
put in place rather than flown or slid in; and How to play opened over a deal summary hides it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app.scenes.test_app_stats_replay import GOLDEN, Backdrop
from app.test_overlay_guard import summary_open
from app_helpers import instant_app, key

from game.app import theme
from game.app.app import App
from game.app.canvas import Canvas
from game.app.comfort import set_reduced_motion
from game.app.scene import Scene
from game.app.scenes.how_to_play import HowToPlayScene
from game.app.scenes.replay import FLIGHT, ReplayScene
from game.app.scenes.title import RUN, RUN_GAP, RUN_LEFT, RUN_STEP, RUN_TOP, run_places
from game.app.table.animation import Banner, PopUp
from game.replay import Replay


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    set_reduced_motion(False)


def reduce(app: App, on: bool) -> None:
    """Turn reduced motion on or off, as the Comfort page does."""
    app.change_settings(dataclasses.replace(app.settings, reduced_motion=on), remember=False)


def test_the_title_s_run_is_put_in_place_card_by_card_under_reduced_motion() -> None:
    home = [(RUN_LEFT + i * RUN_GAP, RUN_TOP) for i in range(len(RUN))]
    just_played = 3 * RUN_STEP + 0.05  # the fourth card has only just left the corner
    flown = run_places(just_played, still=False)
    assert len(flown) == 4 and flown[:3] == home[:3] and flown[3] != home[3]
    assert run_places(just_played, still=True) == home[:4]
    assert run_places(len(RUN) * RUN_STEP + 1.0, still=True) == home


def test_a_deal_summary_stands_in_place_at_once_under_reduced_motion(app: App, monkeypatch: pytest.MonkeyPatch
                                                                     ) -> None:
    summary = summary_open(app)
    drawn: list[float] = []
    monkeypatch.setattr(summary.button, "draw", lambda *args, **kwargs: drawn.append(summary.clock))
    summary.draw(app.screen)
    assert drawn == []  # still sliding up at the usual setting: its button waits
    reduce(app, True)
    summary.draw(app.screen)
    assert drawn == [0.0]  # in place in its first frame


def test_a_replay_s_played_card_is_placed_not_flown_under_reduced_motion(app: App,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    scene = ReplayScene(app, Replay.from_file(GOLDEN[0]))
    app.scenes.push(Backdrop(app))
    app.scenes.push(scene)
    app.step(0.0)
    flights: list[str] = []
    monkeypatch.setattr(scene, "_draw_flight", lambda surface, deck, card, *rest: flights.append(str(card)))
    while scene.flight_card() is None:
        key(app, pygame.K_RIGHT)  # to the first play
    flights.clear()
    for on in (False, True):
        reduce(app, on)
        scene.flight = 0.0
        scene.draw(app.screen)
        assert scene.flight < FLIGHT
    assert flights == [scene.flight_card()]  # flown once, at the usual setting only


def test_a_number_only_fades_and_a_banner_stands_still_under_reduced_motion() -> None:
    image = Canvas.new((40, 20))
    image.fill((255, 255, 255))
    try:
        for on in (False, True):
            set_reduced_motion(on)
            number = PopUp(image, (100.0, 100.0), duration=1.0, rise=40.0)
            banner = Banner(image, (100.0, 100.0), duration=1.0)
            number.step(0.5)
            banner.step(0.05)
            canvas = Canvas.new((300, 200))
            banner.draw(canvas)
            bounds = pygame.mask.from_threshold(canvas.real, (255, 255, 255), (60, 60, 60, 255)).get_bounding_rects()[0]
            assert (number.topleft() == (80, 90)) is on  # risen at the usual setting, where it began when reduced
            assert (bounds.x == 80) is on  # the band still sliding in at the usual setting
    finally:
        set_reduced_motion(False)


class Glare(Scene):
    """A bright page under an overlay, as a deal summary's white words are."""

    def draw(self, surface: Canvas) -> None:
        """All white."""
        surface.fill((255, 255, 255))


@pytest.mark.parametrize("high", [False, True])
def test_how_to_play_over_a_summary_hides_it_behind_an_opaque_page(app: App, high: bool) -> None:
    app.change_settings(dataclasses.replace(app.settings, high_contrast=high), remember=False)
    try:
        glare = Glare(app)
        glare.overlay = True  # a summary lets the table show round it, and so the page over it too
        app.scenes.clear_to(glare)
        page = HowToPlayScene(app, over_table=True)
        app.scenes.push(page)
        app.step(0.0)
        app.draw(app.screen)
        inside = (page.page.right - 12, page.page.bottom - 12)  # inside the page, clear of its words
        assert tuple(app.screen.get_at(inside))[:3] == theme.PANEL  # nothing beneath shows through
        assert max(tuple(app.screen.get_at((page.page.x - 10, page.page.bottom - 40)))[:3]) <= 255 - 200
    finally:
        theme.use_high_contrast(False)
