"""A record's label at the table never lies on a banner: placed under the banner showing (with a gap) when that
reaches its place, and held back unseen while a banner that came later covers it; and its words say what it
counts (the player's own cards in a row), in every language."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app

import game.locale
from game.ai.registry import character_ids, load_character_by_id
from game.app.table.animation import Banner
from game.app.table.moment_art import RecordLabel
from game.app.table.moments import CALLOUT_GAP
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.locale import trn
from game.stats.callouts import Callout

RECORDS = [Callout("longest_run", 3), Callout("biggest_pot", 25), Callout("in_a_row", 3)]


@pytest.fixture
def scene(tmp_path: Path) -> Iterator[TableScene]:
    app = instant_app(tmp_path)
    app.change_settings(dataclasses.replace(app.settings, animation_speed="normal"))
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i)) for i in character_ids()[:3]]
    made = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=4), seats, 7)
    app.scenes.clear_to(made)
    made.update(1 / 30)
    made.director.clear_decorations()
    yield made
    app.scenes.close()
    game.locale.set_language("en")


def labels(scene: TableScene) -> list[RecordLabel]:
    return [a for a in scene.director.decor.anims if isinstance(a, RecordLabel)]


def banners(scene: TableScene) -> list[pygame.Rect]:
    return [a.rect for a in scene.director.decor.anims if isinstance(a, Banner) and not a.done]


@pytest.mark.parametrize("subtitle", ["", "takes the pot of 5 and 25 chips for the cards left " * 3])
def test_labels_go_under_the_going_out_banner_with_a_gap(scene: TableScene, subtitle: str) -> None:
    director = scene.director
    director.banner("You go out!", subtitle, duration=2.2)
    director.moments.call_out(RECORDS, delay=0.6)
    [band] = banners(scene)
    placed = labels(scene)
    assert len(placed) == 3
    for label in placed:
        assert not label.rect.colliderect(band) and scene.layout.felt.contains(label.rect)
    assert min(label.rect.top for label in placed) >= min(band.bottom + CALLOUT_GAP, scene.layout.board.centery + 56)
    for _ in range(60):  # and they show, beside the banner
        director.update(1 / 30)
    assert all(label.started for label in placed)


def test_a_banner_that_comes_later_holds_the_labels_back_unseen(scene: TableScene) -> None:
    director = scene.director
    director.moments.call_out(RECORDS[:1])
    [label] = labels(scene)
    director.update(0.3)
    clock = label.clock
    director.banner("Big banner", "with a second line " * 6, duration=1.0, at=label.rect.center)
    assert director.banner_over(label.rect)
    for _ in range(10):
        director.update(1 / 30)
        assert label.clock == clock  # its time held while covered
    frames = 0
    while director.banner_over(label.rect) and frames < 200:
        director.update(1 / 30)
        frames += 1
    director.update(1 / 30)
    assert label.clock > clock and not label.done


@pytest.mark.parametrize("code", sorted(game.locale.LANGUAGES))
def test_the_run_record_says_it_counts_the_players_own_cards(code: str) -> None:
    game.locale.set_language(code)
    words = trn("moments.record.your_cards", 3)
    assert "3" in words and words != trn("moments.record.chips", 3)
    if code == "en":
        assert words == "3 of your cards in a row"
    game.locale.set_language("en")


@pytest.mark.parametrize("players", [3, 8])
def test_labels_keep_off_the_board_and_the_players_cards(tmp_path: Path, players: int) -> None:
    """Issue 24: "★ 4 deals in a row!" lay over the board's cards. Records are called out under the status line:
    into the hand's place once the player has gone out (as deals in a row and the biggest pot are), else in the
    band above their cards (a run's record, mid-deal)."""
    app = instant_app(tmp_path)
    ids = character_ids()
    seats = [("You", None)] + [(load_character_by_id(i).name, load_character_by_id(i)) for i in ids[:players - 1]]
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), players=players), seats, 7)
    app.scenes.clear_to(table)
    table.update(1 / 30)
    layout = table.layout
    assert table.fast_forward_until(lambda t: bool(t.model.hand))
    full = list(table.model.hand)
    for hand, records in (([], RECORDS), (full, RECORDS[:1])):
        table.director.clear_decorations()
        table.model.hand = hand
        table.director.moments.call_out(records)
        placed = labels(table)
        assert len(placed) == len(records)
        for label in placed:
            assert not label.rect.colliderect(layout.board), (players, label.rect, layout.board)
            assert label.rect.collidelist(list(layout.boodle_cards)) < 0
            assert not label.rect.colliderect(layout.status) and layout.felt.contains(label.rect)
            if hand:
                assert not label.rect.colliderect(layout.hand), "the player's cards stay in view"
    app.scenes.close()
