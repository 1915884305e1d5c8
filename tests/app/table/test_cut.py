"""The cut for the deal: each card clear of every plate, its band clear of the pot and dead hand, long enough."""

from __future__ import annotations

import pygame
import pytest

from game.app.table.cut import CAPTION_S, RESULT_S, cut_banner_centre, cut_card_rect
from game.app.table.layout import table_layout

FLIGHT_CARD = (48, 67)
BANNER = (776 + 60, 92)


@pytest.mark.parametrize("players", range(3, 9))
def test_a_cut_card_covers_no_plate(players: int) -> None:
    layout = table_layout(players)
    for place in layout.seats:
        card = cut_card_rect(place, FLIGHT_CARD)
        assert card.collidelist([seat.plate for seat in layout.seats]) < 0, (players, place.seat)
        assert layout.on_felt(card)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_cuts_band_leaves_the_counts_and_the_cards_in_view(players: int) -> None:
    layout = table_layout(players)
    band = pygame.Rect((0, 0), BANNER)
    band.center = cut_banner_centre(layout)
    assert band.collidelist([layout.pot, layout.dead, *layout.boodle_cards]) < 0
    assert band.collidelist([cut_card_rect(place, FLIGHT_CARD) for place in layout.seats]) < 0


def test_the_cut_is_said_for_longer_than_a_glance() -> None:
    assert CAPTION_S >= 1.0 and RESULT_S >= 2.0
