"""Who sits at New game's table: the table strengths (each a band on the ladder of levels), the opponents a
strength seats, the strength a table of chosen characters has, and the empty seats filled at Start (a helper
module: no pygame, no scene)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ....locale import tr

# Each strength seats characters whose level is in its band; when the unlocked cast has too few there, the
# nearest levels make up the table (a bigger table than the band holds is still played at about that strength).
STRENGTHS: tuple[tuple[int, int], ...] = ((1, 2), (2, 3), (3, 4), (4, 5))
STRENGTH_IDS = ("gentle", "fair", "sharp", "expert")  # as New game remembers them
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
    """`count` opponents at `strength`, nearest its band first; between two as near, one in `keep` (already
    seated) stays, in its seat."""
    order = ranked(strength, characters, seatable, rng)
    order.sort(key=lambda i: (distance(strength, characters[i].level), i not in keep))
    best = order[:count]
    return [i for i in keep if i in best] + [i for i in best if i not in keep]


def random_opponents(strength: int | None, characters: Sequence[Any], seatable: Sequence[int], count: int,
                     rng: random.Random) -> list[int]:
    """A random set of `count` opponents: at `strength` when the table has one, else from every seatable one."""
    if strength is not None:
        return seat_strength(strength, characters, seatable, count, rng)
    return rng.sample(list(seatable), min(count, len(seatable)))


def fitting(strength: int, characters: Sequence[Any], seatable: Sequence[int], count: int) -> set[int]:
    """The characters a table of `count` opponents at `strength` may seat: the band, widened to the nearest
    levels only as far as the table needs."""
    distances = sorted(distance(strength, characters[i].level) for i in seatable)
    if not distances:
        return set()
    reach = distances[min(count, len(distances)) - 1] if count > 0 else 0
    return {i for i in seatable if distance(strength, characters[i].level) <= max(reach, 0)}


def strength_index(name: str) -> int | None:
    """The strength named `name` (as remembered), or None: the player's own choice."""
    return STRENGTH_IDS.index(name) if name in STRENGTH_IDS else None


def strength_words(strength: int | None) -> str:
    """The strength's name ("Fair"), or "Your own choice" for None."""
    return tr(f"new_game.strength.{STRENGTH_IDS[strength]}") if strength is not None else tr("new_game.own_choice")


def band_free(strength: int, characters: Sequence[Any], seatable: Sequence[int]) -> bool:
    """Whether any character the player can seat is in the band of `strength`."""
    return any(distance(strength, characters[i].level) == 0 for i in seatable)


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
    if strength is not None:  # guests too come from nearest the strength (popped from the end)
        waiting.sort(key=lambda i: -distance(strength, characters[i].level))
    free = waiting + free
    while len(picked) < count and characters:
        picked.append(free.pop() if free else rng.randrange(len(characters)))
    return picked
