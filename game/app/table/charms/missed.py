"""Why the player's own charm was not offered at a moment they might have expected it (R31): R39's Encore after a
boodle hit that held too little to pay again, or when nobody else had a chip to pay. Said once, on the status line."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.charms import CharmSpec
from ....locale.words import Words
from .words import charm_name


def hit_again_missed(held: Sequence[tuple[CharmSpec, int]], won: int, chips: int,
                     others: Sequence[int]) -> Words | None:
    """Why a `hit_again` charm the player holds with a use left (and the `chips` for its fee) was not offered after
    their boodle hit for `won` chips, the other players of the deal holding `others` chips; None when none was held
    ready, or it was offered. The engine's test (R39): `won // per` at least 1, and someone to pay."""
    for spec, left in held:
        if spec.effect != "hit_again" or left <= 0 or chips < spec.fee:
            continue
        per = spec.param("per")
        if won // per == 0:
            return Words.of("charm_notes.hit_again.short", charm=charm_name(spec.id), per=per)
        if not any(others):
            return Words.of("charm_notes.hit_again.broke", charm=charm_name(spec.id))
        return None
    return None
