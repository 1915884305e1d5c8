"""Who sits at New game's table: the table strengths (each a band on the ladder of levels), the opponents a
strength seats, the strength a table of chosen characters has, and the empty seats filled at Start (a helper
module: no pygame, no scene)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

# Each strength seats characters whose level is in its band; when the unlocked cast has too few there, the
# nearest levels make up the table (a bigger table than the band holds is still played at about that strength).
STRENGTHS: tuple[tuple[int, int], ...] = ((1, 2), (2, 3), (3, 4), (4, 5))
STRENGTH_KEYS = ("new_game.strength.gentle", "new_game.strength.fair", "new_game.strength.sharp",
                 "new_game.strength.expert")
_UNRATED = 10  # a character of the player's own, without a level, comes after every rated one


def distance(strength: int, level: int | None) -> int:
    """How far `level` is from the band of `strength` (0 inside it)."""
    if level is None:
        return _UNRATED
    low, high = STRENGTHS[strength]
    return max(low - level, level - high, 0)


def ranked(strength: int, characters: Sequence[Any], seatable: Sequence[int], rng: random.Random) -> list[int]:
    """The seatable characters, those of the strength's band first, then by distance from it; shuffled within
    the same distance so a strength does not always seat the same faces."""
    order = list(seatable)
    rng.shuffle(order)
    return sorted(order, key=lambda i: distance(strength, characters[i].level))


def seat_strength(strength: int, characters: Sequence[Any], seatable: Sequence[int], count: int,
                  rng: random.Random, keep: Sequence[int] = ()) -> list[int]:
    """`count` opponents at `strength`: the ones in `keep` that fit it, then the nearest levels."""
    fits = fitting(strength, characters, seatable, count)
    chosen = [i for i in keep if i in fits][:count]
    chosen += [i for i in ranked(strength, characters, seatable, rng) if i not in chosen][:count - len(chosen)]
    return chosen


def fitting(strength: int, characters: Sequence[Any], seatable: Sequence[int], count: int) -> set[int]:
    """The characters a table of `count` opponents at `strength` may seat: the band, widened to the nearest
    levels only as far as the table needs."""
    distances = sorted(distance(strength, characters[i].level) for i in seatable)
    if not distances:
        return set()
    reach = distances[min(count, len(distances)) - 1] if count > 0 else 0
    return {i for i in seatable if distance(strength, characters[i].level) <= max(reach, 0)}


def strength_of(chosen: Sequence[int], characters: Sequence[Any], seatable: Sequence[int], count: int,
                wanted: int | None) -> int | None:
    """The strength a table of `chosen` has: `wanted` while every chosen character fits it, else None (the
    player's own choice)."""
    if wanted is None:
        return None
    fits = fitting(wanted, characters, seatable, count)
    return wanted if all(i in fits for i in chosen) else None


def fill_seats(chosen: Sequence[int], characters: Sequence[Any], seatable: Sequence[int], count: int,
               rng: random.Random, strength: int | None) -> list[int]:
    """`count` opponents: the chosen ones, then the empty seats filled at the table's strength, or at random
    when it has none; a table bigger than the unlocked cast is made up with the road's players rather than twins."""
    picked = list(chosen)
    if strength is not None:
        picked += [i for i in ranked(strength, characters, seatable, rng) if i not in picked][:count - len(picked)]
    free = [i for i in seatable if i not in picked]
    rng.shuffle(free)
    waiting = [i for i in range(len(characters)) if i not in picked and i not in free]
    rng.shuffle(waiting)
    free = waiting + free
    while len(picked) < count and characters:
        picked.append(free.pop() if free else rng.randrange(len(characters)))
    return picked
