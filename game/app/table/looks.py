"""The table looks: the club's green felt, always there, and the looks won at campaign venues.

A look is only colours and a drawing style; `sprites.draw_felt` paints it, and everything drawn on the
felt (board slots, rank labels, the pot and dead-hand spots) takes its shades from the look's felt, so
the table furniture reads the same on every look. A look named in the settings but not unlocked (or not
known at all) is never drawn: the club's felt stands in.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...campaign.spec import TABLE_LOOKS, Unlock
from ...locale import has, tr
from .. import theme

Colour = tuple[int, int, int]

PLAIN = "plain"
NAP = "nap"  # a fine brushed pile over the felt, as on a billiard table
ROUND_BOARD = "round_board"  # a round lacquered board with a gold ring on a dark surround
WALNUT = "walnut"  # grain along the wooden rail
BRASS = "brass"  # a polished brass rail with studs
LAMP = "lamp"  # warm light pooled under a lamp, dark corners
STYLES = (PLAIN, NAP, ROUND_BOARD, WALNUT, BRASS, LAMP)


@dataclass(frozen=True)
class TableLook:
    """How the table is dressed: the felt's shades, the rail, the seat plates and a drawing style."""

    name: str  # as in TABLE_LOOKS and the settings ("club" for the default)
    label: str  # its English title; the player reads `title`, in their language
    felt_dark: Colour  # the felt at the rim
    felt: Colour  # the felt's own colour: slots, lines and labels on the table are shades of it
    felt_light: Colour  # the felt where the light falls
    rail: Colour
    rail_light: Colour
    rail_shadow: Colour = (40, 24, 12)
    room: Colour = (16, 22, 20)  # what shows round the rail
    edge: Colour = (10, 50, 30)  # the line where the felt meets the rail
    plate: Colour = (14, 40, 30)  # the seat plates
    plate_edge: Colour = (92, 150, 112)
    plate_shadow: Colour = (6, 24, 16)
    surround: Colour = (0, 0, 0)  # ROUND_BOARD only: the cloth round the board
    label_lift: float = 0.3  # the share of white in the rank labels on the board's slots: more on a bright felt
    style: str = PLAIN

    @property
    def title(self) -> str:
        """The look's name as the player reads it, in the current language."""
        key = f"looks.{self.name}"
        return tr(key) if has(key) else self.label


CLUB = TableLook("club", "Club felt", theme.FELT_DARK, theme.FELT, theme.FELT_LIGHT, theme.RAIL, theme.RAIL_LIGHT)

LOOKS: dict[str, TableLook] = {look.name: look for look in (
    CLUB,
    TableLook("green_baize", "Green baize", (14, 90, 36), (22, 116, 50), (46, 150, 74),
              rail=(66, 34, 20), rail_light=(124, 74, 44), rail_shadow=(30, 14, 8), edge=(8, 62, 26),
              plate=(10, 44, 22), plate_edge=(120, 190, 130), plate_shadow=(4, 26, 12), label_lift=0.4, style=NAP),
    TableLook("pope_joan_board", "Pope Joan board", (92, 42, 20), (128, 64, 32), (170, 96, 52),
              rail=(40, 26, 18), rail_light=(150, 118, 60), rail_shadow=(12, 8, 6), room=(12, 10, 9),
              edge=(8, 6, 5), plate=(34, 20, 14), plate_edge=(196, 158, 80), plate_shadow=(10, 6, 4),
              surround=(30, 22, 20), label_lift=0.34, style=ROUND_BOARD),
    TableLook("walnut_parlour", "Walnut parlour", (36, 54, 26), (56, 80, 40), (80, 108, 58),
              rail=(84, 56, 36), rail_light=(146, 106, 70), rail_shadow=(34, 22, 14), room=(20, 18, 14),
              edge=(24, 32, 14), plate=(28, 32, 18), plate_edge=(156, 150, 100), plate_shadow=(12, 14, 8),
              style=WALNUT),
    TableLook("riverboat_felt", "Riverboat felt", (70, 12, 22), (112, 24, 38), (146, 40, 54),
              rail=(156, 116, 48), rail_light=(232, 198, 116), rail_shadow=(64, 44, 14), room=(18, 12, 12),
              edge=(44, 8, 14), plate=(42, 12, 18), plate_edge=(206, 160, 84), plate_shadow=(20, 4, 8),
              style=BRASS),
    TableLook("gaslight_club", "Gaslight club", (10, 16, 40), (24, 38, 78), (48, 66, 116),
              rail=(42, 32, 36), rail_light=(132, 104, 62), rail_shadow=(14, 10, 12), room=(8, 8, 12),
              edge=(6, 10, 26), plate=(12, 18, 40), plate_edge=(196, 166, 104), plate_shadow=(4, 6, 16),
              style=LAMP),
)}


def look_named(name: str) -> TableLook:
    """The look called `name`; the club's felt when there is no such look."""
    return LOOKS.get(name, CLUB)


def available_looks(unlocked: frozenset[str]) -> list[TableLook]:
    """The looks the player may choose: the club's first, then those unlocked, in the campaign's order."""
    return [CLUB] + [LOOKS[name] for name in TABLE_LOOKS
                     if name in LOOKS and str(Unlock("look", name)) in unlocked]


def look_in_play(name: str, unlocked: frozenset[str]) -> TableLook:
    """The look the table is drawn in: the one named if it is available, else the club's felt."""
    chosen = look_named(name)
    return chosen if chosen in available_looks(unlocked) else CLUB


def in_contrast(look: TableLook) -> TableLook:
    """The look as the high-contrast theme dresses it (a darker felt, solid plates with a light edge), else itself."""
    if not theme.high_contrast():
        return look
    def darker(colour: Colour) -> Colour:
        return (colour[0] * 11 // 20, colour[1] * 11 // 20, colour[2] * 11 // 20)
    return dataclasses.replace(look, felt_dark=darker(look.felt_dark), felt=darker(look.felt),
                               felt_light=darker(look.felt_light), plate=theme.PANEL, plate_edge=theme.PANEL_EDGE,
                               label_lift=max(look.label_lift, 0.45))
