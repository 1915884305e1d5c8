"""The charms each seat holds as the table shows them (R31): each with its uses left, counted down as a use is shown,
and the moment of each seat's latest use (the tray's and the gems' flash)."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.charms import CharmSpec
from ....engine.events import Charm, DealStart, Event

FLASH_S = 1.2  # how long a used charm's tile (or gem) flashes

Held = Sequence[Sequence[tuple[CharmSpec, int]]]  # by seat: each charm and its uses left (`charms_held()`)


class HeldCharms:
    """Every seat's charms with their uses left, as the table has shown them so far."""

    def __init__(self, players: int) -> None:
        self.seats: list[list[tuple[CharmSpec, int]]] = [[] for _ in range(players)]
        self.flashes: dict[tuple[int, str], float] = {}  # (seat, charm id) -> seconds of flash left
        self.version = 0

    @property
    def any(self) -> bool:
        """True when some seat holds a charm."""
        return any(self.seats)

    def sync(self, held: Held) -> None:
        """Set every seat's charms at once (a new table, a resumed one, a take back)."""
        for seat, charms in enumerate(held):
            if seat < len(self.seats):
                self.seats[seat] = [(spec, left) for spec, left in charms]
        self.flashes.clear()
        self.version += 1

    def of(self, seat: int) -> list[tuple[CharmSpec, int]]:
        """`seat`'s charms and their uses left, in the order it holds them."""
        return self.seats[seat] if 0 <= seat < len(self.seats) else []

    def spec(self, seat: int, charm: str) -> CharmSpec | None:
        """The charm `seat` holds by this id, if it holds it."""
        return next((spec for spec, _ in self.of(seat) if spec.id == charm), None)

    def note(self, event: Event) -> None:
        """A deal begins (once-a-deal charms are ready again), or a charm's use is shown (one use fewer, a flash)."""
        if isinstance(event, DealStart):
            for charms in self.seats:
                charms[:] = [(spec, 1 if spec.per_deal else left) for spec, left in charms]
            self.version += 1
        elif isinstance(event, Charm):
            charms = self.of(event.player)
            for place, (spec, left) in enumerate(charms):
                if spec.id == event.charm:
                    charms[place] = (spec, max(0, left - 1))
            self.flashes[(event.player, event.charm)] = FLASH_S
            self.version += 1

    def tick(self, dt: float) -> None:
        """Time passes: the flashes fade."""
        if self.flashes:
            self.flashes = {key: left - dt for key, left in self.flashes.items() if left - dt > 0}

    def flash(self, seat: int, charm: str) -> float:
        """How bright `seat`'s charm flashes now, 1 at its use down to 0."""
        return max(0.0, self.flashes.get((seat, charm), 0.0) / FLASH_S)
