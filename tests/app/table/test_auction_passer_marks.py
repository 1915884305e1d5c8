"""Playtest 14 at the table: a passer stays marked in the dead hand's auction, its key hint says what Enter does."""

from __future__ import annotations

import re

import pygame
import pytest
from engine.test_dead_hand_auction import AUCTION, _bidding_table, auction_of

from game.app import pad_words
from game.app.app import App
from game.app.canvas import Canvas
from game.app.pad_words import PARTS, TOKEN, keyed, show_pad
from game.app.table import painter
from game.app.table.auction_show import AuctionTrack
from game.app.table.layout import SeatPlace
from game.engine.cards import Card
from game.engine.events import BuyDead, Play
from game.locale import LANGUAGES, set_language, tr
from game.locale.catalog import Catalog

LANGS = tuple(LANGUAGES)


@pytest.mark.parametrize("code", LANGS)
def test_every_part_of_the_auction_s_key_hint_says_what_its_keys_do(code: str) -> None:
    hint = Catalog.load(code).entries["auction.keys"]
    assert isinstance(hint, str)
    for part in PARTS.split(hint)[::2]:
        assert re.search(r"\w{3,}", TOKEN.sub("", part)), (code, part)  # not a bare "<Enter>"
    try:
        set_language(code)
        show_pad(True)
        assert "Enter" not in keyed(hint) and keyed(hint).strip()
    finally:
        show_pad(False)
        set_language("en")
    assert pad_words.pad_shown() is False


def test_the_track_keeps_the_passers_until_the_auction_ends() -> None:
    _, sold, _ = auction_of(AUCTION, {1: [2], 2: [3]})
    track = AuctionTrack()
    seen = []
    for event in sold:
        track.feed(event)
        seen.append(track.passers())
        if isinstance(event, BuyDead):
            break
    assert frozenset({1, 3}) in seen[:-1] and seen[-1] == frozenset()  # 3 passed, then 1; the sale ends it
    _, unsold, _ = auction_of(AUCTION, {})
    track.replay(unsold)
    assert track.passers() == frozenset({1, 2, 3})  # everyone passed: marked until the first lead
    track.feed(Play(1, Card.parse("2S"), True))
    assert track.passers() == frozenset()


def test_a_passer_s_plate_says_passed_while_the_human_bids_and_not_after(app: App,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    marks: list[tuple[pygame.Rect, str]] = []
    real = painter.draw_out_mark

    def spy(surface: Canvas, text: object, place: SeatPlace, words: str = "",
            colour: tuple[int, int, int] | None = None) -> pygame.Rect:
        marks.append((place.plate.copy(), words))
        return real(surface, text, place, words, colour)  # type: ignore[arg-type]
    monkeypatch.setattr(painter, "draw_out_mark", spy)
    scene = _bidding_table(app, 5)
    assert scene.director.auction.passers() == frozenset({2, 3})
    app.draw(app.screen)
    plates = {scene.layout.seats[seat].plate.topleft for seat in (2, 3)}
    assert {rect.topleft for rect, words in marks if words == tr("auction.passed")} == plates
    scene.human.bid(0)
    assert scene.fast_forward_until(lambda s: any(isinstance(e, Play) for e in s.director.deal_log.events), 4000,
                                    play_for_human=False)
    marks.clear()
    app.draw(app.screen)
    assert not [words for _, words in marks if words == tr("auction.passed")]
