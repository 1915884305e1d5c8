"""The road with charms: what a campaign file's `charms:` declares (the charms the road deals in with their
prices, how many the player may hold, how many are offered at a time), and the seeded draws of its offers.

Every draw comes from the road's own seed (kept in its save) and the venue it is made at, through
`random.Random` seeded with text (stable across runs and machines), so the same road seed gives the same offers
at every venue, however often the map is opened.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

DEFAULT_HOLD = 4
DEFAULT_CHOICE = 3
DEFAULT_SHOP = 3
MAX_HOLD = 8
MAX_OFFERS = 5
MAX_PRICE = 1000


@dataclass(frozen=True)
class CharmRoad:
    """The charm rules of a road: the charms it deals in with their shop prices, the most the player may hold, and
    how many are offered to choose from (at the start and at each venue cleared) and in each shop."""

    prices: tuple[tuple[str, int], ...]
    hold: int = DEFAULT_HOLD
    choice: int = DEFAULT_CHOICE
    shop: int = DEFAULT_SHOP

    @property
    def ids(self) -> tuple[str, ...]:
        """The charms the road deals in, in the file's order."""
        return tuple(charm_id for charm_id, _ in self.prices)

    def price(self, charm_id: str) -> int:
        """What `charm_id` costs in the shop; KeyError when the road does not deal in it."""
        return dict(self.prices)[charm_id]


def shop_offers(road: CharmRoad, seed: int, venue_index: int, held: Collection[str] = (),
                reward: Collection[str] = ()) -> tuple[str, ...]:
    """The charms the shop offers before venue number `venue_index` (from 0) of the road seeded `seed`: none of
    those `held`, and none of the `reward` just offered to choose from while the road deals in others (the shop is
    a choice of its own, not the reward again); fewer than `road.shop` only when the road has no more to sell."""
    rng = random.Random(f"newmarket-charm-shop:{seed}:{venue_index}")
    fresh = [charm_id for charm_id in road.ids if charm_id not in held and charm_id not in reward]
    offers = rng.sample(fresh, min(road.shop, len(fresh)))
    again = [charm_id for charm_id in road.ids if charm_id not in held and charm_id in reward]
    offers += rng.sample(again, min(road.shop - len(offers), len(again)))
    return tuple(offers)


def choice_offers(road: CharmRoad, seed: int, venue_index: int, held: Collection[str]) -> tuple[str, ...]:
    """The charms offered to choose one from on reaching venue `venue_index` (0: the road's start), none held."""
    pool = [charm_id for charm_id in road.ids if charm_id not in held]
    rng = random.Random(f"newmarket-charm-choice:{seed}:{venue_index}")
    return tuple(rng.sample(pool, min(road.choice, len(pool))))
