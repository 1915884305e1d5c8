"""New game's charms (R31): nobody holds one (the default), the player does, or every seat does; the player's
charm is chosen, or two are dealt at random from the table's seed, and every other seat holds its character's own
charms (its file's `charms: held`) or is dealt one the same way.

The two rows sit under the character tiles: Charms (None / Yours / Every seat) and, unless None, the player's
charm. Both are remembered with the last table (`LastTable.charms`, `LastTable.charm`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ....ai.character import Character
from ....ai.seats import SeatSpec
from ....config.charm_file import load_charms
from ....config.errors import ConfigError
from ....engine.charms import CharmSpec
from ....engine.rules import RuleSet
from ....locale import tr
from ....storage.last_table_file import CHARM_MODES
from ... import paint, theme
from ...canvas import Canvas
from ...charm_words import charm_line, charm_terms, charm_title, idle_line
from ...form import Choice
from ...text import TextCache

DEALT = 2  # charms dealt to the player at random


def shipped_charms() -> dict[str, CharmSpec]:
    """Every charm of config/charms by id (none when their files have a problem: the row then offers None only)."""
    try:
        return load_charms()
    except (ConfigError, OSError):
        return {}


@dataclass
class CharmChoice:
    """New game's choice of charms: the mode's index in CHARM_MODES, the player's charm ("": dealt), and the charms
    there are."""

    mode: int = 0
    charm: str = ""
    known: dict[str, CharmSpec] = field(default_factory=dict)  # the charms there are to hold, by id

    @property
    def mode_id(self) -> str:
        """The mode as the last table keeps it."""
        return CHARM_MODES[self.mode]

    def recall(self, mode: str, charm: str) -> None:
        """Take a remembered mode and charm (a charm no file gives any more is dealt instead)."""
        self.mode = CHARM_MODES.index(mode) if mode in CHARM_MODES and self.known else 0
        self.charm = charm if charm in self.known else ""


def seat_charms(choice: CharmChoice, seats: Sequence[SeatSpec], seed: int,
                rules: RuleSet) -> tuple[tuple[CharmSpec, ...], ...] | None:
    """Each seat's charms at a new free table: None for `none`; with `yours` the player holds the charm chosen (two
    dealt at random from `seed` when none is); with `every` each other seat holds its character's own charms (its
    file's `charms: held`), or is dealt one from the same stream when its character holds none. A charm with
    nothing to do at this table (`CharmSpec.acts_under`: a block, R37, under optional following) is never dealt."""
    mode, charm, known = choice.mode_id, choice.charm, choice.known
    if mode not in CHARM_MODES[1:] or not known:
        return None
    rng = random.Random(f"newmarket-free-charms:{seed}")
    ids = [charm for charm, spec in known.items() if spec.acts_under(rules, len(seats))]
    player = (known[charm],) if charm in known else tuple(known[i] for i in rng.sample(ids, min(DEALT, len(ids))))
    others: list[tuple[CharmSpec, ...]] = [() for _ in seats[1:]]
    if mode == "every":
        others = [_own_or_dealt(character, known, rng, ids) for _, character in seats[1:]]
    return (player, *others)


def _own_or_dealt(character: Character | None, known: dict[str, CharmSpec], rng: random.Random,
                  ids: list[str]) -> tuple[CharmSpec, ...]:
    """A seat's charms under Every seat: its character's own, else one dealt (drawn all the same, so that a seat's
    deal does not depend on who holds their own)."""
    dealt = known[rng.choice(ids)]
    own = tuple(known[held] for held in character.charms.held if held in known) if character is not None else ()
    return own or (dealt,)


def charm_rows(rect: pygame.Rect, choice: CharmChoice, changed: Callable[[], None]) -> list[Choice]:
    """The Charms row, and beside it the player's charm unless nobody holds one, across `rect`."""
    modes = [tr(f"free_charms.modes.{mode}") for mode in CHARM_MODES]
    known = choice.known

    def set_mode(index: int) -> None:
        choice.mode = index if known else 0
        changed()

    # alone, the row's value lines up with the strength's above it; beside the charm's, it leaves its label half
    first = pygame.Rect(rect.x, rect.y, rect.width * 3 // 5 if choice.mode else rect.width, rect.height)
    rows = [Choice(first, tr("free_charms.label"), modes, choice.mode, set_mode, wrap=False,
                   tooltip=tr("free_charms.tip"), value_width=0 if choice.mode else (rect.width - 40) * 3 // 5)]
    if choice.mode:
        ids = list(known)
        names = [charm_title(charm) for charm in ids] + [tr("free_charms.dealt")]

        def set_charm(index: int) -> None:
            choice.charm = ids[index] if index < len(ids) else ""
            changed()

        index = ids.index(choice.charm) if choice.charm in ids else len(ids)
        second = pygame.Rect(first.right + 6, rect.y, rect.right - first.right - 6, rect.height)
        rows.append(Choice(second, "", names, index, set_charm, value_width=second.width - 4))  # said in the box
    for row in rows:
        row.charm_row = True  # type: ignore[attr-defined]
    return rows


def draw_charm_card(surface: Canvas, text: TextCache, choice: CharmChoice, focused: object, box: pygame.Rect,
                    rules: RuleSet | None = None) -> bool:
    """While a charm row has the focus (`focused`), the box under it (the bio's) says what the player's charm does,
    how often it may be used, its fee, and why it would have nothing to do at the table of `rules`; True when it
    did."""
    if not (getattr(focused, "charm_row", False) and choice.mode):
        return False
    paint.rect(surface, (8, 24, 18), box, border_radius=12)
    room = box.width - 40
    title = charm_title(choice.charm) if choice.charm else tr("free_charms.dealt")
    name = text.draw(surface, title, (box.x + 20, box.y + 14), role="title", size=24, colour=theme.GOLD,
                     max_width=room, min_size=16)
    words = charm_card_words(choice, rules)
    size = text.wrapped_size(words, "body", 16, room, box.bottom - 12 - name.bottom - 8, floor=11)
    surface.blit(text.render_wrapped(words, "body", size, theme.INK, room), (box.x + 20, name.bottom + 8))
    return True


def charm_card_words(choice: CharmChoice, rules: RuleSet | None) -> str:
    """What the charm card says under its name: the charm's line, its uses and fee, why the table of `rules` would
    leave it nothing to do (when it would), and who holds charms."""
    spec = choice.known.get(choice.charm)
    said = charm_line(choice.charm) if choice.charm else tr("free_charms.dealt_tip")
    terms = f"\n{charm_terms(spec)}" if spec is not None else ""  # how often, and at what fee (its file's)
    idle = spec.idle_at(rules, rules.players) if spec is not None and rules is not None else None
    if idle is not None:  # the player may hold it all the same: it is their choice, told plainly
        terms += "\n" + idle_line(idle)
    return f"{said}{terms}\n{tr(f'free_charms.who.{choice.mode_id}')}"
