"""New game's rules note shows every line of every shipped rules file in every language (shrunk a little, else
scrolled with the wheel, a gold bar saying so), and Edit rules' tooltip covers none of the table's rows. Words no
font draws (a NUL, half a character) never stop a frame, and a note is wrapped once, not at every frame."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import make_app

from game.app.app import App
from game.app.canvas import Canvas
from game.app.scenes.new_game.rules_detail_box import SIZES, SPACING, DetailBox, detail_rect, detail_words
from game.app.scenes.new_game.scene import RIGHT, NewGameScene
from game.app.scenes.new_game.table_choices import RulesEntry
from game.app.theme import GOLD
from game.app.tooltips import note_place
from game.engine.rules import RuleSet
from game.locale import LANGUAGES, tr

SHIPPED = sorted(path.stem for path in Path("config/rules").glob("*.yaml"))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path)
    yield made
    made.scenes.close()
    made.set_language("en")


def new_game(app: App, code: str) -> NewGameScene:
    """The new-game scene on top, in language `code`, every shipped rules file open to choose."""
    app.set_language(code)
    scene = NewGameScene(app, seed=5, locks={})
    app.scenes.clear_to(scene)
    app.draw(app.screen)
    return scene


def show(app: App, scene: NewGameScene, stem: str) -> pygame.Rect:
    """Choose the shipped file `stem` and draw: the note's box."""
    scene.choose_rules(next(i for i, entry in enumerate(scene.entries) if entry.path.stem == stem))
    app.draw(app.screen)
    return detail_rect(scene._rules_area(), RIGHT)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_line_of_every_shipped_rules_note_can_be_read(app: App, code: str) -> None:
    scene = new_game(app, code)
    assert set(SHIPPED) <= {entry.path.stem for entry in scene.entries}
    scrolled = []
    for stem in SHIPPED:
        box = show(app, scene, stem)
        inner = box.inflate(-20, -12)
        entry = scene.entries[scene.rules_index or 0]
        words, _ = detail_words(entry)
        note = scene.detail
        if note.most == 0:  # it fits whole at one of the sizes
            assert any(app.text.render_wrapped(words, "body", size, GOLD, inner.width, line_spacing=SPACING)
                       .get_height() <= inner.height for size in SIZES), (code, stem)
            continue
        scrolled.append(stem)
        assert note.scroll == 0, "a note opens at its top"
        while note.wheel(-1):  # down to the end, a notch at a time
            pass
        assert note.scroll == note.most
        body = app.text.render_wrapped(words, "body", SIZES[-1], GOLD, inner.width - 12, line_spacing=SPACING)
        assert note.most == body.get_height() - inner.height, "the last line shows at the end"
        app.draw(app.screen)
        bar = [app.screen.get_at((box.right - 8, y))[:3] for y in range(inner.top, inner.bottom)]
        assert tuple(GOLD) in bar, "a gold bar says the note scrolls"
        while note.wheel(1):
            pass
        assert note.scroll == 0
    assert "pope_joan_board" in scrolled, "the longest note is longer than its box: it scrolls"
    assert not app.text.overflows, sorted(app.text.overflows)


def test_the_wheel_over_the_note_scrolls_it_and_another_file_starts_at_the_top(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = new_game(app, "en")
    box = show(app, scene, "pope_joan_board")
    assert scene.detail.most > 0, "the Pope Joan board's note is longer than its box"
    monkeypatch.setattr(app.window, "mouse_pos", lambda: box.center)
    rules_scroll = scene.rules_scroll
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.detail.scroll > 0 and scene.rules_scroll == rules_scroll
    show(app, scene, "classic")
    assert scene.detail.scroll == 0


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_edit_rules_tooltip_covers_no_row_of_the_table(app: App, code: str) -> None:
    scene = new_game(app, code)
    button = next(c for c in scene.form.controls if getattr(c, "label", "") == tr("rules_editor.open"))
    others = [c.rect for c in scene.form.controls if c is not button]
    _, box = note_place(app.text, button.tooltip, button.rect, app.screen.get_rect(), others,
                        [detail_rect(scene._rules_area(), RIGHT)])
    assert box.collidelist(others) < 0, (code, box, others[box.collidelist(others)])
    assert app.screen.get_rect().contains(box)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_pgup_and_pgdn_scroll_a_long_note_and_the_hint_says_so(app: App, code: str) -> None:
    scene = new_game(app, code)
    show(app, scene, "classic")
    focus = scene.form.focus
    assert scene.detail.most == 0 and "<PgUp/PgDn>" not in tr("new_game.hint")
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    assert scene.detail.scroll == 0 and scene.form.focus == focus, "a note that fits does not move"
    show(app, scene, "pope_joan_board")
    note, focus = scene.detail, scene.form.focus
    assert note.most > 0 and "<PgUp/PgDn>" in tr("new_game.hint_scroll")
    pages = 0
    while note.scroll < note.most:
        before = note.scroll
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
        assert note.scroll > before and scene.form.focus == focus, "PgDn scrolls the note, and only the note"
        pages += 1
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0))
    assert 0 <= note.scroll < note.most and pages >= 1
    app.draw(app.screen)
    assert not app.text.overflows, sorted(app.text.overflows)


def long_entry(words: str) -> RulesEntry:
    """A rules file's entry whose description is `words` (made here: the checker refuses what is too long)."""
    return RulesEntry(Path("long.yaml"), dataclasses.replace(RuleSet(), description=words))


def test_a_note_is_wrapped_once_not_at_every_frame(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.text.max_pixels = 1  # the cache keeps one surface: a note that outgrows it would be wrapped every frame
    made: list[object] = []
    real_put = app.text._put

    def put(key: Hashable, surface: Canvas) -> Canvas:
        made.append(key)
        return real_put(key, surface)
    monkeypatch.setattr(app.text, "_put", put)
    note, box = DetailBox(), pygame.Rect(700, 300, 520, 200)
    entry = long_entry(" ".join(["a long description of house rules"] * 60))
    note.draw(app.screen, app.text, entry, box)
    first = len(made)
    note.draw(app.screen, app.text, entry, box)
    note.draw(app.screen, app.text, entry, box)
    assert first > 0 and len(made) == first and note.most > 0


@pytest.mark.parametrize("words", ["bad\x00text", "half \ud800 a character", "\x00"],
                         ids=["NUL", "surrogate", "only NUL"])
def test_words_no_font_draws_are_drawn_without_stopping_the_frame(app: App, words: str) -> None:
    text = app.text
    text.render(words)
    text.render_shadowed(words, outline=1)
    text.render_runs([(words, (255, 255, 255))])
    text.render_wrapped(words, "body", 14, (255, 255, 255), 300)
    text.draw(app.screen, words, (10, 10), max_width=80)
    assert text.width(words, "body", 14) >= 0
    DetailBox().draw(app.screen, text, long_entry(words), pygame.Rect(700, 300, 520, 200))


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_broken_rules_file_says_where_it_is_and_what_to_do_in_a_players_words(app: App, code: str) -> None:
    """Issue 24: the note said "check-config finds it too", a tool the player never saw; it says where the file
    is and what to do with it instead."""
    app.set_language(code)
    path = Path("/somewhere/rules/broken.yaml")
    for problems in (("line 3: x",), ("line 3: x", "line 4: y")):
        words, _ = detail_words(RulesEntry(path, None, problems))
        assert "check-config" not in words and "broken.yaml" in words and str(path.parent) in words, (code, words)
