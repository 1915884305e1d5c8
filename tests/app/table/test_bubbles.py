"""Speech bubbles: read whole until they go, and placed where they cover none of what the player reads on the
table (the nameplates, the pot, the dead hand, the boodle cards' chip counts, the status line, the hand, the
decision buttons), for every seat at 3 to 8 players, with every language's longest lines."""

from __future__ import annotations

from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
import yaml
from app_helpers import make_app

from game.app.app import App
from game.app.canvas import Canvas
from game.app.table.animation import Bubble
from game.app.table.bubble_place import BubbleArt, fans_of, keep_clear, place_bubble, rather_clear
from game.app.table.layout import table_layout
from game.app.table.sprites import make_bubble
from game.locale import LANGUAGES

LOCALES = Path(__file__).resolve().parents[3] / "config" / "locales"


def character_lines(language: str) -> list[str]:
    """Every line the characters say in `language`."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "lines" and isinstance(value, dict):
                    for said in value.values():
                        found.extend(said if isinstance(said, list) else [said])
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(yaml.safe_load((LOCALES / language / "characters.yaml").read_text(encoding="utf-8")))
    return [line for line in found if isinstance(line, str)]


def drawn(app: App, words: str) -> BubbleArt:
    """The bubble art for `words`, as the table draws it."""
    def art(side: str, at: float, width: int, size: int) -> tuple[Canvas, pygame.Vector2]:
        return make_bubble(app.text, words, side, width, tip=at, size=size)
    return art


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> App:
    return make_app(tmp_path_factory.mktemp("bubbles"))


def test_a_bubble_is_whole_until_its_last_moment() -> None:
    bubble = Bubble(Canvas.new((40, 20)), (0, 0), 3.0)
    seen = []
    for _ in range(int(3.0 / 0.05)):
        bubble.step(0.05)
        seen.append((bubble.clock, bubble.opacity()))
    assert all(alpha == 255 for clock, alpha in seen if 0.1 <= clock <= 3.0 - 0.16)
    assert any(alpha < 255 for clock, alpha in seen if clock > 2.85)


def test_a_going_bubble_shrinks_whole_and_never_lets_what_is_under_it_through() -> None:
    image = Canvas.new((40, 20), pygame.SRCALPHA)
    image.fill((255, 255, 255, 255))
    bubble = Bubble(image, (10, 10), 1.0)
    bubble.step(1.0 - 0.075)  # half gone
    surface = Canvas.new((60, 40))
    surface.fill((200, 0, 0))
    bubble.draw(surface)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(60) for y in range(40)}

    def white(colour: tuple[int, ...]) -> bool:
        return min(colour) >= 240  # smoothed a little by the scaling, never mixed with what is under it
    assert any(white(c) for c in colours) and (200, 0, 0) in colours
    assert white(tuple(surface.get_at((30, 20)))[:3]) and surface.get_at((10, 10))[:3] == (200, 0, 0)
    assert len([c for c in colours if not white(c) and c != (200, 0, 0)]) <= 8  # edges only, no see-through


def test_a_character_never_says_the_same_line_twice_in_a_deal(tmp_path: Path) -> None:
    from game.ai.registry import character_ids, load_character_by_id
    from game.app.table.scene import TableScene
    from game.config import rules_by_name
    app = make_app(tmp_path)
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i)) for i in character_ids()[:2]]
    scene = TableScene.seated(app, rules_by_name("classic"), seats, 3)
    app.scenes.clear_to(scene)
    director = scene.director
    director.stage.line_for = lambda seat, moment: {"stop": "Nah, nah, nah, that's not right."}.get(moment, "Hm.")
    said = []
    for moment in ("stop", "stop", "boodle_win", "stop"):
        before = len([a for a in director.decor.anims if isinstance(a, Bubble)])
        director.say(1, moment)
        said.append(len([a for a in director.decor.anims if isinstance(a, Bubble)]) > before)
        director.hush()
    assert said == [True, False, True, False]
    director.say(2, "stop")
    assert any(isinstance(a, Bubble) and a.seat == 2 for a in director.decor.anims)  # another seat may say it
    director.clear_decorations()  # the deal is over
    director.say(1, "stop")
    assert any(isinstance(a, Bubble) and a.seat == 1 for a in director.decor.anims)
    app.scenes.close()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_bubbles_cover_nothing_read_at_any_seat(app: App, language: str) -> None:
    lines = sorted(character_lines(language), key=len)
    assert lines
    for boodle in (1, 4, 13):
        for players in range(3, 9):
            layout = table_layout(players, boodle)
            clear = keep_clear(layout)
            assert layout.dead in clear or any(rect.colliderect(layout.dead) for rect in clear)
            for seat in range(players):
                for words in (lines[0], lines[-2], lines[-1]):
                    _, rect = place_bubble(layout, seat, drawn(app, words))
                    assert layout.on_felt(rect), f"{words!r} at seat {seat} of {players} is cut off"
                    covered = [other for other in clear if rect.colliderect(other)]
                    assert not covered, f"{words!r} at seat {seat} of {players} ({boodle} boodle) covers {covered}"
                    for place in layout.seats:
                        assert not rect.colliderect(place.plate)
                    assert not rect.colliderect(layout.hand)
                    for label in layout.boodle_labels:
                        assert not rect.collidepoint(label)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_bubbles_keep_off_the_board_the_boodle_cards_and_the_labels_when_they_can(app: App, language: str) -> None:
    # the playtest saw bubbles over the pot's label, the spades row and the A♠: with four boodle cards there is
    # always another place
    lines = sorted(character_lines(language), key=len)
    for players in range(3, 9):
        layout = table_layout(players, 4)
        for seat in range(1, players):
            for words in (lines[0], lines[len(lines) // 2], lines[-1]):
                _, rect = place_bubble(layout, seat, drawn(app, words))
                covered = [other for other in rather_clear(layout) if rect.colliderect(other)]
                assert not covered, f"{words!r} at seat {seat} of {players} covers {covered}"
                if players <= 5:  # issue 24: bubbles over the fans of cards; up to 5 seats the felt has room
                    fans = [other for other in fans_of(layout) if rect.colliderect(other)]
                    assert not fans, f"{words!r} at seat {seat} of {players} covers the fans {fans}"


def test_the_dead_hands_count_is_kept_clear() -> None:
    for players in range(3, 9):
        layout = table_layout(players, 4)
        count = pygame.Rect(layout.dead.x, layout.dead.y + 112, layout.dead.width, 18)
        pile = pygame.Rect(0, 0, 48, 67)
        pile.center = layout.dead_pile
        clear = keep_clear(layout)
        assert any(rect.contains(count) for rect in clear) and any(rect.contains(pile) for rect in clear)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_bubbles_keep_off_the_deal_logs_button_open_panel_and_each_other(tmp_path: Path, players: int) -> None:
    """Issue 24: a bubble covered the open deal log; the table's bubbles now leave its button and open panel
    clear, and one bubble keeps off another where the felt has room."""
    from app_helpers import instant_app

    from game.shots.render import table as seated_table
    app = instant_app(tmp_path)
    scene = seated_table(app, players, 7)
    app.scenes.clear_to(scene)
    scene.log_panel.toggle()
    assert scene.log_panel.open
    lines = sorted(character_lines("en"), key=len)
    for words in (lines[0], lines[-1]):
        scene.director.hush()
        for seat in range(1, players):
            scene.director.speak(seat, words)
        bubbles = scene.director._bubbles
        for seat, bubble in bubbles.items():
            rect = pygame.Rect(bubble.topleft, bubble.image.get_size())
            for kept in (scene.log_panel.panel, scene.log_panel.button.rect):
                assert not rect.colliderect(kept), f"seat {seat} of {players} covers the deal log {kept}"
        if players <= 5:
            rects = [pygame.Rect(b.topleft, b.image.get_size()) for b in bubbles.values()]
            assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), rects
    app.scenes.close()
