"""What shows through what: a menu gives way to a page opened from it, and a covered scene shows no tooltip."""

from __future__ import annotations

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame

from game.app.app import App
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene
from game.app.tooltips import tooltip_box
from game.app.widgets import Button


def test_settings_opened_from_the_pause_menu_draws_no_pause_menu(app: App) -> None:
    title = app.scenes.clear_to(TitleScene(app))
    app.scenes.push(PauseScene(app, None))
    settings = app.scenes.push(SettingsScene(app, over_table=True))
    assert app.scenes.visible() == [title, settings]


def test_a_question_over_the_pause_menu_leaves_the_menu_in_view(app: App) -> None:
    title = app.scenes.clear_to(TitleScene(app))
    pause = app.scenes.push(PauseScene(app, None))
    question = app.scenes.push(ConfirmScene(app, "Leave?", on_yes=lambda: None))
    assert app.scenes.visible() == [title, pause, question]


def tooltip_rects(app: App, buttons: list[Button]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Each button with a tooltip, and where its note goes."""
    bounds = app.screen.get_rect().inflate(-8, -8)
    out = []
    for button in buttons:
        if button.tooltip:
            label = app.text.fit(button.tooltip, "body", 16, (0, 0, 0), 520, 12)
            size = label.get_rect().inflate(18, 10).size
            out.append((button.rect, tooltip_box(size, button.rect, bounds, [b.rect for b in buttons])))
    return out


def test_a_tooltip_in_a_column_of_buttons_covers_none_of_the_others(app: App) -> None:
    app.scenes.clear_to(TitleScene(app))
    pause = app.scenes.push(PauseScene(app, None))
    assert isinstance(pause, PauseScene)
    placed = tooltip_rects(app, pause.menu.buttons)
    assert len(placed) >= 2
    for near, box in placed:
        assert app.screen.get_rect().contains(box)
        assert box.collidelist([b.rect for b in pause.menu.buttons]) < 0, (near, box)


def test_a_tooltip_goes_above_when_nothing_is_there() -> None:
    near = pygame.Rect(500, 600, 200, 48)
    box = tooltip_box((300, 30), near, pygame.Rect(0, 0, 1280, 720), [near])
    assert box.bottom <= near.top and box.centerx == near.centerx


def test_the_scene_under_a_dialog_shows_no_tooltip(app: App) -> None:
    app.scenes.clear_to(TitleScene(app))
    pause = app.scenes.push(PauseScene(app, None))
    assert isinstance(pause, PauseScene)
    app.scenes.push(ConfirmScene(app, "Leave?", on_yes=lambda: None))
    quit_game = next(i for i, b in enumerate(pause.menu.buttons) if b.tooltip)
    app.draw(app.screen)
    plain = pygame.image.tobytes(app.screen.real, "RGB")
    pause.menu.hover = quit_game
    app.draw(app.screen)
    assert pygame.image.tobytes(app.screen.real, "RGB") == plain
    app.scenes.pop()
    app.draw(app.screen)
    assert pygame.image.tobytes(app.screen.real, "RGB") != plain  # on top again, its note shows


def test_settings_over_the_table_is_a_page_of_its_own(app: App) -> None:
    """Issue 24: Settings from the pause menu ran its heading over the dimmed table's plates. Over the table it
    is now a sheet of its own: inside it, nothing of what lies underneath shows."""
    from game.shots.render import table as seated_table

    def sheet_pixels() -> bytes:
        app.draw(app.screen)
        inside = pygame.Rect(30, 20, 1220, 680)  # all but a thin edge round the window
        return pygame.image.tobytes(app.screen.real.subsurface(inside), "RGB")
    app.scenes.clear_to(TitleScene(app))
    app.scenes.push(SettingsScene(app, over_table=True))
    over_title = sheet_pixels()
    table = seated_table(app, 8, 5)
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda t: len(t.model.board) >= 3)
    app.scenes.push(PauseScene(app, table))
    app.scenes.push(SettingsScene(app, over_table=True))
    assert sheet_pixels() == over_title
