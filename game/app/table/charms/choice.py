"""The player's charm decision (R31): which of the charms the engine offers to use now, and on which target, or none.

The engine's `CharmDecision` lists every lawful use; this only groups them by charm in the tray's order, keeps which
charm (and which of its targets) has the focus, and turns a choice into a `CharmAction`. Nothing here knows a rule.

The focus starts on letting the moment pass, and a picked charm's targets start with none focused: Enter, pressed to
go on as everywhere else at the table, never spends a charm or chooses a card the player did not choose.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine.cards import Card, card_order
from ....engine.decisions import CharmAction, CharmDecision, CharmUse

SLOT_KEYS = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8)
SLOT_CAPS = ("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")  # a key per tray slot: no other table key is an F key


def slot_of(key: int) -> int | None:
    """The tray slot an F key stands for (F1: 0), else None."""
    return SLOT_KEYS.index(key) if key in SLOT_KEYS else None


class CharmChoice:
    """A charm decision in progress: the lawful charms in tray order, the focused one, and the one picked (whose
    targets are then chosen among)."""

    def __init__(self, decision: CharmDecision, tray: Sequence[str]) -> None:
        self.decision = decision
        self.tray = list(tray)  # the player's charm ids, in the tray's order (a slot's key is its place here)
        offered = {use.charm for use in decision.options}
        self.charms = [charm for charm in self.tray if charm in offered] + \
            sorted(offered - set(self.tray))  # a charm the tray does not show still gets its turn
        self.focus: int | None = None  # among `charms` (None: letting it pass), or, once one is picked, among its
        self.picked: str | None = None  # targets (None: no card chosen yet)

    def slots(self) -> frozenset[int]:
        """The tray slots whose charm may be used now (raised in the tray)."""
        return frozenset(place for place, charm in enumerate(self.tray) if charm in self.charms)

    def targets(self, charm: str) -> list[Card | None]:
        """The lawful targets of `charm` now, in hand order (None for a use without one)."""
        found = [use.card for use in self.decision.options if use.charm == charm]
        cards = sorted((card for card in found if card is not None), key=card_order)
        return [None] * (len(found) - len(cards)) + list(cards)

    @property
    def focused(self) -> str | None:
        """The charm with the focus (the picked one, once picked)."""
        if self.picked is not None:
            return self.picked
        return self.charms[self.focus % len(self.charms)] if self.charms and self.focus is not None else None

    @property
    def target(self) -> Card | None:
        """The picked charm's focused target."""
        if self.picked is None or self.focus is None:
            return None
        targets = self.targets(self.picked)
        return targets[self.focus % len(targets)] if targets else None

    def step(self, by: int) -> None:
        """Move the focus among the charms and letting it pass, or among the picked one's targets (from none chosen:
        the first, or the last going back)."""
        if self.picked is not None:
            count = max(1, len(self.targets(self.picked)))
            self.focus = (0 if by > 0 else count - 1) if self.focus is None else (self.focus + by) % count
            return
        places = len(self.charms) + 1  # the charms, then letting it pass
        at = len(self.charms) if self.focus is None else self.focus
        at = (at + by) % places
        self.focus = None if at == len(self.charms) else at

    def focus_on(self, card: Card) -> bool:
        """Put the focus on the picked charm's target `card` (hovered); True when it moved."""
        targets = self.targets(self.picked) if self.picked is not None else []
        if card not in targets or targets.index(card) == self.focus:
            return False
        self.focus = targets.index(card)
        return True

    def choose(self, charm: str) -> CharmAction | None:
        """Choose `charm`: its use when it takes no card, else it is picked and its cards are offered (None): its one
        card focused, for Enter to confirm, or none of several until the player chooses one."""
        if charm not in self.charms:
            return None
        targets = self.targets(charm)
        if targets == [None]:
            return self.use(charm, None)
        # a card goes down or is named only once the player has seen which: never on the charm's key alone
        self.picked, self.focus = charm, (0 if len(targets) == 1 else None)
        return None

    def choose_slot(self, slot: int) -> CharmAction | None:
        """Choose the charm in tray slot `slot` (None when that slot's charm may not be used now, or is picked)."""
        return self.choose(self.tray[slot]) if 0 <= slot < len(self.tray) else None

    def lawful_slot(self, slot: int) -> bool:
        """True when tray slot `slot` holds a charm usable now."""
        return slot in self.slots()

    def confirm(self) -> CharmAction | None:
        """Enter: let the moment pass (the focus's start), use the focused charm (its one target), pick it (its
        targets are offered: None), or use the picked charm on the target chosen (None while none is)."""
        if self.picked is not None:
            target = self.target
            return None if self.focus is None else self.use(self.picked, target)
        charm = self.focused
        return self.decline() if charm is None else self.choose(charm)

    @property
    def choosing_card(self) -> bool:
        """True while a picked charm waits for the player to choose its target."""
        return self.picked is not None and self.focus is None

    def pick_target(self, card: Card) -> CharmAction | None:
        """A target clicked (a raised card, a boodle card): the picked charm's use on it, if lawful."""
        if self.picked is None or card not in self.targets(self.picked):
            return None
        return self.use(self.picked, card)

    def unpick(self) -> bool:
        """Back to choosing a charm; True when one was picked."""
        if self.picked is None:
            return False
        self.focus = self.charms.index(self.picked)
        self.picked = None
        return True

    def point_to(self, use: CharmUse | None) -> None:
        """Put the focus on `use` (the hint's; None: letting the moment pass), picking its charm when it has targets
        to choose among, so that Enter takes it."""
        if use is None:
            self.picked = self.focus = None
            return
        if use.charm not in self.charms:
            return
        self.picked = None
        self.focus = self.charms.index(use.charm)
        targets = self.targets(use.charm)
        if use.card is not None and use.card in targets:
            self.picked, self.focus = use.charm, targets.index(use.card)

    def use(self, charm: str, card: Card | None) -> CharmAction:
        """The action using `charm` on `card`."""
        return CharmAction(self.decision.player, CharmUse(charm, card))

    def decline(self) -> CharmAction:
        """The action letting the moment pass."""
        return CharmAction(self.decision.player, None)
