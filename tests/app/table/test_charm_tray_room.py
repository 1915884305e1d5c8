"""The charm tray at the table beside what else is drawn there (R31): the open deal log leaves it free, its tiles
tell the focused charm from a merely usable one and from one that may not be used, the uses badge keeps off the gem,
and every name fits its tile at every text size in every language."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app.table.test_charm_tray import FRAME, MINE, charm_table
from app_helpers import instant_app

from game.app.app import App
from game.app.table.charms.places import shown_tiles, tray_bounds, tray_tiles
from game.app.table.charms.tile import keys_fit, tile_face
from game.app.table.charms.tray import FOCUS_EDGE, charm_tip, hovered_note, idle_here, note_box, uses_left
from game.app.table.charms.words import charm_name
from game.app.table.layout import table_layout
from game.app.widgets import Button, wrapped_height
from game.config.charm_file import load_charms
from game.locale import LANGUAGES, tr
from game.shots.charm_tray import charm_tray_shots


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    made.speech.close()


def text_size(app: App, percent: int) -> None:
    app.change_settings(dataclasses.replace(app.settings, text_size=percent), remember=False)


@pytest.mark.parametrize("percent", [100, 150])
def test_the_open_deal_log_leaves_the_tray_free_at_every_table_size(app: App, percent: int) -> None:
    text_size(app, percent)
    for players in range(3, 9):
        scene = charm_table(app, players)
        panel = scene.log_panel
        panel.toggle()
        app.step(FRAME)
        tiles = shown_tiles(scene.layout, frozenset(range(len(MINE))), len(MINE))  # every tile raised, the worst
        assert panel.panel.collidelist(tiles) < 0, (players, percent, panel.panel, tiles)
        assert panel.panel.collidelist([place.region for place in scene.layout.seats]) < 0, players
        assert panel.shown_rows >= 2, (players, percent)  # still a log to read, not a sliver
        assert panel.body.bottom <= panel.panel.bottom and panel.body.height >= panel.shown_rows * panel.row_h


def test_without_charms_the_log_keeps_its_old_place(app: App) -> None:
    scene = charm_table(app, 8)
    with_tray = scene.log_panel.panel
    bounds = tray_bounds(scene.layout, len(MINE))
    assert bounds is not None and with_tray.bottom <= bounds.top
    assert tray_bounds(scene.layout, 0) is None
    scene.stage.model.charms.seats[0] = []  # the tray empty: the panel may take the stretch over the plate again
    assert scene.log_panel.panel.height > with_tray.height


def brightness(app: App, rect: pygame.Rect) -> float:
    """The mean of every channel of the screen's pixels in `rect` (at 1280x720 the screen is the logical picture)."""
    area = app.screen.real.subsurface(rect)
    width, height = area.get_size()
    total = sum(sum(area.get_at((x, y))[:3]) for x in range(0, width, 2) for y in range(0, height, 2))
    return total / (3 * len(range(0, width, 2)) * len(range(0, height, 2)))


def test_the_focused_tile_has_a_pointer_and_a_ring_and_one_not_usable_now_is_darker(app: App) -> None:
    scene = charm_table(app, 4)
    choice = scene.human.charm
    assert choice is not None and choice.slots() == frozenset({0, 1, 2})  # three raised, Cut In not now
    app.draw(app.screen)
    tiles = shown_tiles(scene.layout, choice.slots(), len(MINE))

    def pointer(tile: pygame.Rect) -> tuple[int, ...]:
        ring = tile.inflate(6, 6)  # the pointer's body is just left of the focused tile's ring
        return tuple(app.screen.real.get_at((ring.x - 6, ring.centery))[:3])

    assert choice.focused is None and FOCUS_EDGE not in (pointer(tiles[0]), pointer(tiles[1]))  # letting it pass
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(FRAME)
    app.draw(app.screen)
    assert choice.focused == "glimpse"
    assert pointer(tiles[0]) == FOCUS_EDGE and pointer(tiles[1]) != FOCUS_EDGE
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(FRAME)
    app.draw(app.screen)
    assert choice.focused == "sleight"
    assert pointer(tiles[1]) == FOCUS_EDGE and pointer(tiles[0]) != FOCUS_EDGE  # the pointer followed the focus
    ring = tiles[1].inflate(6, 6)
    assert tuple(app.screen.real.get_at((ring.centerx, ring.y))[:3]) == FOCUS_EDGE  # its ring, over the tile
    lawful, sunk = brightness(app, tiles[2].inflate(-4, -4)), brightness(app, tiles[3].inflate(-4, -4))
    assert sunk < lawful * 0.75, (sunk, lawful)  # the charm the moment does not allow is clearly dimmer


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_each_tile_s_gem_name_badge_and_key_keep_apart_and_inside_it(app: App, code: str) -> None:
    app.set_language(code)
    charms = list(load_charms())
    try:
        for percent in (100, 125, 150):
            text_size(app, percent)
            for players in (3, 5, 8):
                tiles = tray_tiles(table_layout(players, 4, (1280, 720)), 4)
                for first in range(0, len(charms), 4):
                    named = [(tile, str(charm_name(charm)), "3") for tile, charm in zip(tiles, charms[first:])]
                    cap = "F4" if keys_fit(app.text, named, "F4") else ""
                    for tile, name, uses in named:
                        face = tile_face(app.text, tile, name, uses, cap)
                        where = (code, percent, players, name)
                        parts = [face.gem, face.badge, face.name] + ([face.cap] if cap else [])
                        assert all(tile.contains(part) for part in parts), where
                        for i, part in enumerate(parts):  # the badge off the gem, the name off both, the key apart
                            assert part.collidelist(parts[i + 1:]) < 0, where
                        assert len(face.lines) <= 2 and face.size >= 7, where
                        assert all(app.text.width(line, "bold", face.size) <= face.name.width for line in face.lines)
                        assert len(face.lines) * app.text.line_height("bold", face.size) <= face.name.height, where
                        assert " ".join(face.lines) == name, where  # wrapped, never cut
    finally:
        text_size(app, 100)


def test_the_uses_badge_reads_the_uses_left(app: App) -> None:
    known = load_charms()
    assert uses_left(known["glimpse"], 3) == "3"
    face = tile_face(app.text, tray_tiles(table_layout(3, 4, (1280, 720)), 1)[0], "Glimpse", "3", "F1")
    assert face.badge.left > face.gem.right and face.badge.right < face.cap.left


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_use_button_takes_two_lines_rather_than_squeezing_a_long_charm_name(app: App, code: str) -> None:
    app.set_language(code)
    text = app.text
    try:
        for percent in (100, 150):
            text_size(app, percent)
            for charm in load_charms():
                label, cap = tr("charm_tray.button.use", charm=charm_name(charm)), tr("table.enter_key")
                button = Button(pygame.Rect(0, 0, 240, wrapped_height(text, label, 17, cap, 240)), label,
                                lambda: None, size=17, keycap=cap, wrap=True)
                lines, size, cap_size = button.label_lines(text)
                box, where = button.label_box(text, cap_size), (code, percent, label)
                drawn = size if len(lines) > 1 else text.fit_size(label, "bold", size, box.width, 1)
                assert all(text.width(line, "bold", drawn) <= box.width for line in lines), where
                assert " ".join(lines) == label and len(lines) * text.line_height("bold", drawn) <= button.rect.height
                designed_look = text.sizes_down(17)[-1]  # the size drawn as 17 is at 100%
                if " " in label:  # a name of words is never squeezed: near its neighbours' size, or two lines
                    assert drawn >= min(0.75 * text.fit_height("bold", 17, 36), designed_look), (where, drawn)
                else:  # one word can only shrink, and never much below its look at the designed size
                    assert drawn >= designed_look - 1, where
    finally:
        text_size(app, 100)


def test_the_table_s_buttons_stack_without_overlapping_a_two_line_use(app: App) -> None:
    app.set_language("fr")
    text_size(app, 150)
    try:
        scene = charm_table(app, 8, ("sleight", "glimpse", "lock", "cut_in"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        app.step(FRAME)  # Tour de passe-passe has the focus
        buttons = scene.human.buttons
        assert buttons[0].label == "Tour de passe-passe" and buttons[0].rect.height > buttons[1].rect.height
        assert buttons[0].rect.height <= buttons[1].rect.height + 10  # the stack grows by little: the take back fits
        assert len(buttons[0].label_lines(app.text)[0]) == 2
        rects = [button.rect for button in buttons]
        assert all(a.bottom < b.top for a, b in zip(rects, rects[1:]))
        assert all(scene.layout.panel.contains(rect) for rect in rects)
    finally:
        app.set_language("en")
        text_size(app, 100)


@pytest.mark.slow
def test_the_tray_screenshots_are_written(app: App, tmp_path: Path) -> None:
    paths = charm_tray_shots(app, tmp_path)
    assert [p.name for p in paths] == ["21f_charm_tray_focus.png", "21g_charm_tray_log.png"]
    assert all(pygame.image.load(str(p)).get_size() == (1280, 720) for p in paths)
    assert app.text.overflows == set()


def test_a_charm_the_table_leaves_nothing_to_do_is_dim_and_its_note_says_why(app: App) -> None:
    scene = charm_table(app, 8, ("glimpse", "cut_in"))  # six cards a hand: Cut In needs nine
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))  # let Glimpse pass
    app.step(FRAME)
    assert scene.human.charm is None or scene.human.charm.slots() != frozenset({0})
    app.draw(app.screen)
    tiles = shown_tiles(scene.layout, frozenset(), 2)
    idle, live = brightness(app, tiles[1].inflate(-4, -4)), brightness(app, tiles[0].inflate(-4, -4))
    assert idle < live * 0.9, (idle, live)
    (glimpse, left), (cut_in, _) = scene.stage.model.charms.of(0)
    assert idle_here(scene.stage, glimpse) is None and idle_here(scene.stage, cut_in) == "hand"
    assert charm_tip(cut_in, 1, "hand").endswith(tr("charm_idle.table", why=tr("charm_idle.why.hand")))


def test_at_a_smaller_table_the_same_charm_is_not_idle(app: App) -> None:
    scene = charm_table(app, 4, ("glimpse", "cut_in"))
    assert all(idle_here(scene.stage, spec) is None for spec, _ in scene.stage.model.charms.of(0))


@pytest.mark.parametrize("percent", [100, 150])
def test_a_tile_s_note_leaves_the_hand_and_its_raised_cards_in_sight(app: App, percent: int) -> None:
    text_size(app, percent)
    for players in range(3, 9):
        scene = charm_table(app, players)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
        app.step(FRAME)  # Sleight of Hand picked: every card of the hand raised as its target
        human = scene.human
        hand = [rect for _, rect in human.hand_rects()]
        assert human.lawful == frozenset(scene.model.hand)
        tiles = shown_tiles(scene.layout, human.charm.slots() if human.charm else frozenset(), len(MINE))
        for slot, tile in enumerate(tiles):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tile.center, rel=(0, 0), buttons=(0, 0, 0)))
            app.step(FRAME)
            hovered = hovered_note(human, scene.stage)
            assert hovered is not None and hovered[2], (players, slot)
            _, box = note_box(scene.stage, *hovered)
            assert box.collidelist(hand) < 0, (players, percent, slot, box)  # no card of the hand covered
            assert box.collidelist(tiles) < 0 and scene.layout.felt.contains(box), (players, percent, slot, box)
