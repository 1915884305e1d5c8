"""A charm's use shown at the table (R31-R39): its sound, a ring where its tile or gem is, its line on the status
line, the bubble of the character who used it, and what it moved: a fee to the pot, the others' chips to a boodle
hit's winner, a stake from pile to pile, a card swapped with the dead hand or dead cards seen (the player's own)."""

from __future__ import annotations

from collections.abc import Callable

from ....engine.events import Charm
from ... import theme
from ..animation import Ring
from ..effects import Effects
from ..model import TableModel
from .places import tray_tiles
from .words import bubble_words, charm_words

CHARM_HOLD = 0.7  # the table holds a charm's use this long before the next event
SOUND = "charm"


def present_charm(effects: Effects, event: Charm) -> float:
    """Show one charm's use; how long to hold it."""
    model, layout = effects.model, effects.stage.layout
    seat, mine = event.player, effects.you(event.player)
    model.latest_words = charm_words(event, mine, model.namer(seat))
    model.touch()
    held = [spec.id for spec, _ in model.charms.of(seat)]
    if mine and event.charm in held:
        spot = tray_tiles(layout, len(held))[held.index(event.charm)].center
    else:
        spot = layout.seat(seat).portrait
    effects.decor.add(Ring(spot, theme.GOLD, 46, 0.7))
    effects.decor.add(Ring(spot, (255, 255, 255), 30, 0.5, delay=0.1))
    effects.sound(SOUND, 0.8)
    if not mine:
        effects.speak(seat, str(bubble_words(event.charm)))
    delay = 0.1
    if event.pot:
        delay = effects.chips_fly(event.pot, effects.chip_spot(seat), effects.pot_spot(), 2, delay=delay,
                                  leave=_chips(model, seat, -1), land=_pot(model))
    for payment in event.payments:
        delay = effects.chips_fly(payment.chips, effects.chip_spot(payment.source), effects.chip_spot(seat), 3,
                                  delay=delay, leave=_chips(model, payment.source, -1), land=_chips(model, seat, 1))
    for pile, chips in event.boodle:  # R34: the piles as they are now
        slot = model.boodle_slot.get(pile)
        if slot is not None:
            model.boodle[slot] = chips
            effects.decor.add(Ring(layout.boodle_cards[slot].center, theme.GOLD, 40, 0.6))
    if event.effect == "make_stop" and event.cards:  # R35: public, whoever's charm it is
        model.locked.add(event.cards[0])
    if mine:
        _show_own(model, event)
    model.touch()
    return max(CHARM_HOLD, delay)


def _show_own(model: TableModel, event: Charm) -> None:
    """What the player's own charm showed them: dead cards seen (R32), a card given and one taken (R33)."""
    if event.effect == "peek_dead":
        model.see_dead(event.cards)
    elif event.effect == "swap_dead" and len(event.cards) == 2:
        given, taken = event.cards
        model.take_from_hand(0, given)
        model.add_to_hand(taken)
        model.see_dead((given,), taken)


def _chips(model: TableModel, seat: int, sign: int) -> Callable[[int], None]:
    """Chips leaving (-1) or reaching (+1) a seat's stack."""
    def move(chips: int) -> None:
        model.seats[seat].chips += sign * chips
        model.touch()
    return move


def _pot(model: TableModel) -> Callable[[int], None]:
    """Chips landing in the pot."""
    def land(chips: int) -> None:
        model.pot += chips
        model.touch()
    return land



