"""The marks of charms at the table: the dead cards the player's own peek (R32) or swap (R33) showed them lie face up
by the dead hand, exactly those their view holds and nobody else's; a card the Lock made a stop (R35) wears a
padlock in its board slot and in the player's hand; the Lock's question says what its stop does."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest
from app.table.test_charm_tray import FRAME, charm_table, key, rival_table
from app_helpers import instant_app

from game.app.app import App
from game.app.canvas import Canvas
from game.app.comfort import set_text_size
from game.app.table import painter
from game.app.table.charms.dead_seen import draw_seen_dead, seen_layout, seen_places
from game.app.table.charms.lock_marks import BOARD_LOCK_H, HAND_LOCK_H, board_lock_spot, draw_lock_mark, hand_lock_spots
from game.app.table.charms.words import charm_name
from game.app.table.layout import table_layout
from game.app.table.model import TableModel
from game.app.table.scene import TableScene
from game.engine.cards import DECK, Card
from game.engine.events import Charm
from game.engine.ranks import wanted_after
from game.engine.rules import RuleSet
from game.locale import LANGUAGES, tr


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    made.speech.close()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[object]]:
    """What the painter hands to the seen cards' and the padlock's drawing, frame by frame."""
    calls: dict[str, list[object]] = {"seen": [], "locks": []}

    def spy_seen(surface: Canvas, deck_of: object, text: object, layout: object, cards: Sequence[Card]) -> int:
        calls["seen"].append(list(cards))
        return draw_seen_dead(surface, deck_of, text, layout, cards)  # type: ignore[arg-type]

    def spy_lock(surface: Canvas, centre: tuple[int, int], height: int) -> pygame.Rect:
        calls["locks"].append((centre, height))
        return draw_lock_mark(surface, centre, height)
    monkeypatch.setattr(painter, "draw_seen_dead", spy_seen)
    monkeypatch.setattr(painter, "draw_lock_mark", spy_lock)
    return calls


def settle(app: App) -> None:
    for _ in range(5):
        app.step(FRAME)


def test_a_peek_shows_face_up_exactly_the_cards_the_player_s_view_holds(app: App,
                                                                         drawn: dict[str, list[object]]) -> None:
    scene = charm_table(app)
    app.draw(app.screen)
    assert drawn["seen"] == [] and scene.model.seen_dead == []  # no peek yet: the pile of backs, no cards
    key(app, pygame.K_F1)  # Glimpse
    settle(app)
    drawn["seen"].clear()
    app.draw(app.screen)
    view = scene.table.session.view(0)
    assert len(view.seen) == 3 and drawn["seen"] == [list(view.seen)]
    assert not set(view.seen) & scene.model.board_dead()  # not as backs on the board any more


def test_another_seat_s_peek_shows_the_player_nothing(app: App, drawn: dict[str, list[object]]) -> None:
    scene = rival_table(app)
    seen = tuple(scene.table.session.dead_hand()[:3])
    scene.director.push([Charm(2, "glimpse", "peek_dead", seen, 0, (), ())])
    settle(app)
    app.draw(app.screen)
    assert scene.model.seen_dead == [] and drawn["seen"] == []


def test_a_swap_shows_the_card_given_among_the_dead_cards(app: App) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F2)  # Sleight of Hand: no card chosen until the arrows choose one
    key(app, pygame.K_RIGHT)
    given = scene.human.charm.target if scene.human.charm is not None else None
    key(app, pygame.K_RETURN)
    settle(app)
    event = next(event for event in scene.table.log if isinstance(event, Charm))
    assert given is not None and event.cards[0] == given
    assert scene.model.seen_dead == [given] == list(scene.table.session.view(0).seen)


def test_the_seen_cards_and_the_lock_come_back_with_a_kept_session(app: App) -> None:
    scene = charm_table(app)
    for pressed in (pygame.K_F1, pygame.K_F3, pygame.K_RIGHT, pygame.K_RETURN):
        key(app, pressed)
    settle(app)
    back = TableScene.from_snapshot(app, scene.snapshot())
    app.scenes.clear_to(back)
    app.step(FRAME)
    view = back.table.session.view(0)
    assert back.model.seen_dead == list(view.seen) and len(view.seen) == 3
    assert back.model.locked == set(view.charm_stops) and len(view.charm_stops) == 1


def test_the_locked_card_wears_a_padlock_on_the_board_and_in_the_hand(app: App,
                                                                       drawn: dict[str, list[object]]) -> None:
    scene = charm_table(app)
    key(app, pygame.K_F3)  # the Lock, on the card the arrows choose
    key(app, pygame.K_RIGHT)
    locked = scene.human.charm.target if scene.human.charm is not None else None
    key(app, pygame.K_RETURN)
    settle(app)
    assert locked is not None and scene.model.locked == {locked} == set(scene.table.session.view(0).charm_stops)
    drawn["locks"].clear()
    app.draw(app.screen)
    in_hand = [spot for card, spot in hand_lock_spots(scene.human.hand_rects(), {locked}) if card == locked]
    assert drawn["locks"] == [(board_lock_spot(scene.layout.board_slot(locked)), BOARD_LOCK_H),
                              (in_hand[0], HAND_LOCK_H)]


def test_another_seat_s_lock_is_marked_on_the_board_only(app: App, drawn: dict[str, list[object]]) -> None:
    scene = rival_table(app)
    theirs = scene.table.session.hand(2)[0]
    scene.director.push([Charm(2, "lock", "make_stop", (theirs,), 3, (), ())])
    settle(app)
    drawn["locks"].clear()
    app.draw(app.screen)
    assert drawn["locks"] == [(board_lock_spot(scene.layout.board_slot(theirs)), BOARD_LOCK_H)]


def test_a_new_deal_clears_the_seen_cards_and_the_locks() -> None:
    model = TableModel(RuleSet(), [("You", None), ("Ann", None), ("Bob", None)])
    model.see_dead([Card.parse("5H")])
    model.locked.add(Card.parse("9C"))
    model.begin_deal(2, 1)
    assert model.seen_dead == [] and model.locked == set()


def test_a_seen_card_goes_back_on_the_board_once_a_stop_tells_it() -> None:
    model = TableModel(RuleSet(), [("You", None), ("Ann", None), ("Bob", None)])
    seen, taken = Card.parse("5H"), Card.parse("JD")
    model.see_dead([seen, taken])
    model.see_dead([], taken)  # a swap took it into the hand
    assert model.seen_dead == [seen] and model.board_dead() == set() and taken not in model.known_dead
    model.stop(Card.parse("4H"), "dead_hand")
    assert wanted_after(Card.parse("4H")) == seen and model.board_dead() == {seen}


@pytest.mark.parametrize("players", [3, 8])
def test_the_seen_cards_keep_to_the_dead_hand_s_place(players: int) -> None:
    layout = table_layout(players)
    top = layout.dead.y + 22
    for room in (120, 80, 50):
        for count in range(1, 14):
            places = seen_places(layout, count, top, room)
            assert len(places) == count and not any(a.colliderect(b) for i, a in enumerate(places)
                                                    for b in places[i + 1:]), (room, count)  # none over another
            assert all(layout.dead.left <= p.left and p.right <= layout.dead.right for p in places)
            assert min(p.top for p in places) == top and max(p.bottom for p in places) <= top + room
            assert not any(p.colliderect(layout.board) or any(p.colliderect(s.region) for s in layout.seats)
                           for p in places)


@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_seen_cards_words_and_count_stay_over_the_status_line(app: App, players: int, code: str) -> None:
    app.set_language(code)
    stage = charm_table(app, players).stage
    for text_size, card_size in ((1.0, 1.0), (1.5, 1.0), (1.5, 1.5)):
        layout = table_layout(players, cards=card_size)
        set_text_size(text_size)
        try:
            heading = layout.dead.y + stage.text.line_height("bold", 16)
            count_h = stage.text.line_height("bold", 16)
            for count in range(1, 14):  # a peek and a swap show at most the whole dead hand: 13 at 3 seats
                placed = seen_layout(stage.text, layout, count)
                places = placed.places
                assert not any(a.colliderect(b) for i, a in enumerate(places) for b in places[i + 1:]), count
                assert min(p.top for p in places) >= heading and placed.words_top > max(p.bottom for p in places)
                words_bottom = placed.words_top + len(placed.lines) * stage.text.line_height("bold", placed.size)
                assert placed.count_top >= words_bottom + 4, count  # the words keep clear of the count
                assert placed.count_top + count_h <= layout.status.top, count  # and the count of the status line
                deck_of = functools.partial(stage.art.deck, four_colour=False)
                assert draw_seen_dead(app.screen, deck_of, stage.text, layout, DECK[:count]) == placed.count_top
        finally:
            set_text_size(1.0)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_lock_s_question_says_the_run_stops_at_its_card(app: App, code: str) -> None:
    app.set_language(code)
    scene = charm_table(app)
    key(app, pygame.K_F3)
    words, _ = scene.human.prompt()
    assert words == tr("charm_marks.target.make_stop", charm=charm_name("lock"))
    assert code != "en" or words.endswith("which card? Whoever plays it ends the run and leads next.")
    assert tr("charm_marks.seen") not in ("", "charm_marks.seen")
