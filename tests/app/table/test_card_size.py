"""Settings' card size at the table: the player's hand drawn 1.25 and 1.5 times as large, the centre making room
without anything overlapping or leaving the felt, the clicks landing on the cards drawn, a change laid out at once."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app
from helpers import quick_character_ids

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.artwork import Artwork
from game.app.assets import Assets
from game.app.canvas import Canvas
from game.app.comfort import card_size, set_card_size
from game.app.table.cue_marks import playable_mark_rects
from game.app.table.layout import BOARD_CARD_W, BOODLE_COUNT_H, HAND_CARD_W, TableLayout, table_layout
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.cards import Card, Suit

KEYS_H = 16  # the prompt's line of keys under it (body 13)
COUNT_W = 24  # a boodle card's two-digit chip count
FACTORS = (1.25, 1.5)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    set_card_size(1.0)  # the size is every drawing's: the next test starts as designed


def raised_hands(layout: TableLayout) -> list[pygame.Rect]:
    """Every hand of 1 to 13 cards as drawn with all its cards raised, each as one rect."""
    hands = []
    for count in range(1, 14):
        slots = [slot.move(0, -layout.hand_raise) for slot in layout.hand_slots(count)]
        hands.append(slots[0].unionall(slots[1:]))
    return hands


def boodle_parts(layout: TableLayout) -> list[pygame.Rect]:
    """Each boodle card with its glow, and its chip count."""
    parts = [rect.inflate(8, 8) for rect in layout.boodle_cards]
    for x, y in layout.boodle_labels:
        parts.append(pygame.Rect(x - COUNT_W // 2, y, COUNT_W, BOODLE_COUNT_H))
    return parts


@pytest.mark.parametrize("factor", FACTORS)
@pytest.mark.parametrize("players", range(3, 9))
def test_the_hand_grows_by_the_factor_and_the_table_makes_room(factor: float, players: int) -> None:
    for boodle, aces_high in itertools.product(range(1, 14), (False, True)):
        designed = table_layout(players, boodle, aces_high=aces_high)
        layout = table_layout(players, boodle, aces_high=aces_high, cards=factor)
        for count in range(1, 14):
            for slot, before in zip(layout.hand_slots(count), designed.hand_slots(count)):
                assert slot.size == (round(before.width * factor), round(before.height * factor))
                assert layout.hand.contains(slot)
        assert layout.hand_card_w == round(HAND_CARD_W * factor)
        # the board keeps its 13 columns and 4 rows at the designed size, every slot apart and on it
        slots = [layout.board_slot(Card(rank, suit)) for suit in Suit for rank in range(1, 14)]
        assert all(slot.width == BOARD_CARD_W and layout.board.contains(slot) for slot in slots)
        assert all(not a.colliderect(b) for a, b in itertools.combinations(slots, 2))
        assert layout.boodle_card_w == designed.boodle_card_w  # as designed, however many
        where = f"{players} players, {boodle} boodle cards, at {factor}"
        prompt = layout.prompt
        lines = [layout.status, pygame.Rect(prompt.x, prompt.y, prompt.width, prompt.height + KEYS_H), layout.panel,
                 layout.seats[0].region]
        for fan in raised_hands(layout):
            assert layout.on_felt(fan), where
            assert fan.collidelist(lines) == -1, where
        hand = [Card(rank, Suit.CLUBS) for rank in range(1, 14)]  # all raised, as lawful
        raised = [slot.move(0, -layout.hand_raise) for slot in layout.hand_slots(13)]
        marks = playable_mark_rects(list(zip(hand, raised)), hand)
        assert all(layout.hand.contains(mark) for mark in marks), where
        board = layout.board.inflate(14, 12)  # with its shade
        fixed = [board, layout.pot, layout.dead]
        assert all(not a.colliderect(b) for a, b in itertools.combinations(fixed, 2)), where
        for part in boodle_parts(layout):
            assert part.collidelist(fixed) == -1, where
        for part in [*fixed, *boodle_parts(layout)]:
            assert layout.centre.inflate(0, 4).contains(part) and layout.on_felt(part), where
            assert not part.colliderect(layout.status), where
        assert layout.status.bottom < layout.prompt.top
        regions = [place.region for place in layout.seats]
        for a, b in itertools.combinations(regions, 2):
            assert not a.colliderect(b), where
        for region in regions:
            assert layout.on_felt(region)
            assert region.collidelist([layout.centre, layout.hand, layout.panel, layout.status, layout.prompt]) == -1


def test_the_boodle_counts_stay_clear_of_the_tallest_stacks_the_cards_and_the_board() -> None:
    art = Artwork(Assets(audio=False))
    canvas = Canvas.new((1280, 720))
    for factor, players, boodle in itertools.product((1.0, *FACTORS), (3, 8), range(1, 14)):
        layout = table_layout(players, boodle, cards=factor)
        parts = boodle_parts(layout)
        board = layout.board.inflate(14, 12)
        assert board.collidelist(parts) == -1, (factor, boodle)
        counts = parts[boodle:]
        for count, card in itertools.product(counts, layout.boodle_cards):
            assert not count.colliderect(card), (factor, boodle)
        for count, spot in zip(counts, layout.boodle_stacks):
            stack = art.draw_stack(canvas, 1, layout.boodle_chip_radius, 20, spot, max_shown=12)  # as the painter
            assert not count.colliderect(stack), (factor, boodle)
    assert table_layout(3, 4, cards=1.5).boodle_labels[0][1] == table_layout(3, 4, cards=1.5).boodle_cards[0].top


def table(app: App, players: int, seed: int) -> TableScene:
    """A classic table with the human in seat 0, pushed on the app."""
    ids = quick_character_ids()
    seats: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in (load_character_by_id(ids[i % len(ids)])
                                                                      for i in range(players - 1))]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=players), seats, seed)
    app.scenes.clear_to(scene)
    return scene


def sized(app: App, percent: int) -> None:
    """Settings' card size set to `percent`, as the Comfort page sets it."""
    app.change_settings(dataclasses.replace(app.settings, card_size=percent), remember=False)


def test_a_click_at_the_middle_of_a_large_card_plays_it(app: App) -> None:
    sized(app, 150)
    scene = table(app, 3, seed=4)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 20_000)
    app.step(1 / 60)
    placed = scene.human.hand_rects()
    assert all(rect.size == (120, 168) for _, rect in placed)
    assert scene.stage.decks.hand.face(placed[0][0]).get_size() == (120, 168)  # drawn for its size
    lawful = [i for i, (card, _) in enumerate(placed) if card in scene.human.lawful]
    i = lawful[len(lawful) // 2]
    card, rect = placed[i]
    right = placed[i + 1][1].x if i + 1 < len(placed) else rect.right  # the next card covers the rest
    middle = ((rect.x + right) // 2, rect.centery)
    assert scene.human.card_at(middle) == card
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=middle, button=1))
    app.step(1 / 60)
    assert card not in scene.session.hand(0)


def test_changing_the_size_at_the_table_lays_it_out_again_at_once(app: App) -> None:
    scene = table(app, 8, seed=3)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead", 20_000)
    app.step(1 / 60)
    before = scene.stage.layout
    assert before.hand_card_w == HAND_CARD_W
    for percent, width in ((125, 100), (150, 120), (100, HAND_CARD_W)):
        sized(app, percent)  # no frame drawn in between
        assert card_size() == percent / 100
        assert scene.stage.layout.hand_card_w == width
        assert all(rect.width == width for _, rect in scene.human.hand_rects())
        card = scene.model.hand[0]
        assert scene.stage.decks.hand.face(card).get_width() == width
    assert scene.stage.layout == before
