"""R22 at the table: the chips left on the boodle cards when a session ends, in words and in flight to the players."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine.events import BoodleSplit, Event, Share
from ...locale import tr, trn

if TYPE_CHECKING:
    from .effects import Effects
    from .model import TableModel

SPLIT_HOLD = 1.6  # seconds the table lingers on the shares before the session ends


def final_shares(log: list[Event]) -> tuple[Share, ...]:
    """The shares of the boodle at the end of a session's log (none when nothing was shared)."""
    return next((event.shares for event in reversed(log) if isinstance(event, BoodleSplit)), ())


def shares_said(model: TableModel, shares: tuple[Share, ...]) -> str:
    """"You 3, Maud 3, Bert 2": each player given chips, in the order they were shared, by the name their plate
    shows (a banner's one line has room for eight of those)."""
    # no-break spaces: a wrapped line never parts "Aunt Hetty" or a name from its chips
    return ", ".join(tr("boodle_end.share", name=model.name(share.player), chips=share.chips).replace(" ", "\u00a0")
                     for share in shares if share.chips)


def end_words(model: TableModel, shares: tuple[Share, ...], left: int) -> str:
    """Where the chips left on the boodle went at the end: shared (to whom) or left there; "" when none were."""
    if shares:
        return trn("boodle_end.shared", sum(share.chips for share in shares), shares=shares_said(model, shares))
    return trn("boodle_end.stayed", left) if left else ""


def present_split(effects: Effects, event: BoodleSplit) -> float:
    """Fly each share from the boodle cards to its player, with the shares in a banner; how long to hold."""
    model = effects.model
    model.shares = event.shares
    left = list(model.boodle)
    delay = 0.2
    for share in event.shares:
        wanted = share.chips
        start = delay
        while wanted > 0:
            slot = next((i for i, chips in enumerate(left) if chips), None)
            part = wanted if slot is None else min(wanted, left[slot])
            if slot is not None:
                left[slot] -= part
            wanted -= part
            spot = effects.boodle_spot(0 if slot is None else slot)
            effects.chips_fly(part, spot, effects.chip_spot(share.player), 1 + (slot or 0) % 4, delay=delay,
                              leave=_leaving(model, slot), land=_landing(model, share.player), duration=0.6)
            delay += 0.1
        if share.chips:
            effects.popup(share.player, share.chips, delay=start + 0.6)
    effects.banner(tr("boodle_end.banner"), shares_said(model, event.shares), duration=2.4)
    effects.sound("boodle_win")
    return SPLIT_HOLD


def _leaving(model: TableModel, slot: int | None) -> Callable[[int], None]:
    """Chips leaving a boodle card (none to take when the table shows nothing there)."""
    def leave(chips: int) -> None:
        if slot is not None:
            model.boodle[slot] = max(0, model.boodle[slot] - chips)
            model.touch()
    return leave


def _landing(model: TableModel, seat: int) -> Callable[[int], None]:
    """Chips landing in front of a player."""
    def land(chips: int) -> None:
        model.seats[seat].chips += chips
        model.touch()
    return land
