"""Why one of the player's charms cannot be used now (R31), for the status line when its key or tile is pressed out
of its moment: the table gives it nothing to do, it has no uses left, its fee is more than the player's chips, or it
is used only at another moment; from the charm's file (`when`, uses, fee), never from the engine's state."""

from __future__ import annotations

from ....engine.charms import CharmSpec
from ....locale.words import Words
from .words import charm_name


def charm_refusal(spec: CharmSpec, left: int, chips: int, idle: str | None, moment: str | None) -> Words:
    """Why `spec` (with `left` uses left, the player holding `chips`) cannot be used now: `idle` is why the table
    never gives it anything to do (`CharmSpec.idle_at`), `moment` the charm moment open now (None: none)."""
    name = charm_name(spec.id)
    if idle is not None:
        return Words.of("charm_keys.idle", charm=name)  # why, at length, in its tile's note
    if left <= 0:
        return Words.of("charm_keys.spent_deal" if spec.per_deal else "charm_keys.spent", charm=name)
    if chips < spec.fee:
        return Words.of("charm_keys.fee", spec.fee, charm=name, chips=chips)
    if moment != spec.when:
        return Words.of("charm_keys.only", charm=name, when=Words.of(f"charm_keys.when.{spec.when}"))
    return Words.of("charm_tray.not_now")  # its moment, with nothing for it to do (no lawful target)
