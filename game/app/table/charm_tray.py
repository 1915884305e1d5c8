"""The player's charms at the table (R31): a tray of tiles over their plate, each with its gem, name, key and uses
left, raised while it may be used, flashing as it is; and the other seats' charms as small gems on their plates.

Where the tiles go is pure arithmetic on the layout (`tray_tiles`), so the seat's hit tests and the picture agree;
`draw_charm_tray` only reads the seat, the model and the stage.
"""

from __future__ import annotations

import pygame

from ...engine.charms import CharmSpec
from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..pad_words import pad_shown
from ..text import readable_size
from ..tooltips import tooltips_on
from .charm_choice import SLOT_CAPS
from .charm_input import on_boodle
from .charm_places import GEM_R, RAISE, gem_spots, shown_tiles, tray_tiles
from .charm_words import charm_description, charm_name
from .human import HumanSeat
from .stage import Stage

NAME_SIZE, BADGE_SIZE, CAP_SIZE = 14, 10, 11
CAPS_GIVE = 0.8  # a name may shrink to this share of its size beside the tiles' F keys before they make way
NOTE_SIZE, NOTE_W = 15, 330  # a tile's note: its words, wrapped to this width
# each effect's gem colour (R32-R39): a glance tells the charms apart, the name says which
GEM_COLOURS = {"peek_dead": (120, 190, 255), "swap_dead": (190, 140, 255), "move_stake": (255, 200, 90),
               "make_stop": (240, 110, 110), "lead_any": (110, 220, 170), "block_follow": (150, 170, 200),
               "take_lead": (255, 150, 60), "hit_again": (250, 230, 120)}


def name_left(tile: pygame.Rect) -> int:
    """Where a tile's name starts, after its gem."""
    return tile.x + 16 + 2 * max(5, min(9, tile.height // 2 - 5))


def names_fit(stage: Stage, name: str, tile: pygame.Rect, size: int) -> bool:
    """True when `name` keeps most of its size beside its tile's key: else the keys are left to the line of keys
    under the question, and the names take the room (larger print, long names)."""
    text = stage.text
    room = tile.right - 6 - (text.width("F8", "bold", CAP_SIZE) + 8) - 4 - name_left(tile)
    return text.width(name, "bold", max(1, round(size * CAPS_GIVE))) <= room


def charm_tray_clear(stage: Stage) -> list[pygame.Rect]:
    """The player's tray, tiles raised or not: what no speech bubble may cover."""
    if not stage.model.seats[0].is_human:
        return []
    return [tile.inflate(0, 2 * RAISE) for tile in tray_tiles(stage.layout, len(stage.model.charms.of(0)))]


def draw_gem(surface: Canvas, centre: tuple[int, int], radius: int, effect: str, glow: float = 0.0,
             spent: bool = False) -> None:
    """A charm's gem: a cut diamond in its effect's colour (grey once spent), glowing as it is used."""
    x, y = centre
    colour = GEM_COLOURS.get(effect, theme.GOLD)
    if spent:
        colour = (110, 110, 110)
    if glow > 0:
        paint.circle(surface, (255, 240, 180), centre, radius + 2 + round(6 * glow), 2)
    points = [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
    paint.polygon(surface, colour, points)
    light = tuple(min(255, c + 70) for c in colour)
    paint.polygon(surface, light, [(x, y - radius), (x + radius // 2, y - radius // 4), (x, y),
                                   (x - radius // 2, y - radius // 4)])
    paint.polygon(surface, (30, 30, 40), points, 1)


def uses_left(spec: CharmSpec, left: int) -> str:
    """The tile's count of uses left ("2")."""
    return tr("charm_tray.uses", count=left)


def _draw_uses(surface: Canvas, stage: Stage, uses: str, centre: tuple[int, int], live: bool) -> None:
    """A charm's uses left, on a badge at its gem's lower right."""
    text = stage.text
    size = readable_size(BADGE_SIZE)
    width = max(text.width(uses, "bold", size) + 6, text.font("bold", size).get_height())
    badge = pygame.Rect(0, 0, width, text.font("bold", size).get_height())
    badge.center = centre
    paint.rect(surface, (20, 26, 24), badge, border_radius=badge.height // 2)
    paint.rect(surface, theme.GOLD if live else theme.INK_DIM, badge, 1, border_radius=badge.height // 2)
    text.draw(surface, uses, badge.center, role="bold", size=size, colour=theme.GOLD if live else theme.INK_DIM,
              anchor="center")


def charm_tip(spec: CharmSpec, left: int) -> str:
    """A tile's note: the charm's name, its one line, and how often it may still be used."""
    name, description = str(charm_name(spec.id)), str(charm_description(spec.id))
    if spec.uses == "session":
        return tr("charm_tray.tip.session", name=name, description=description, left=left)
    if spec.per_deal:
        return tr("charm_tray.tip.deal", name=name, description=description, left=left)
    return tr("charm_tray.tip.count", name=name, description=description, left=left, uses=spec.session_uses)


def draw_charm_tray(surface: Canvas, human: HumanSeat, stage: Stage) -> None:
    """The player's tray and every other seat's gems."""
    model, layout, text = stage.model, stage.layout, stage.text
    held = model.charms
    for seat in range(0 if not model.seats[0].is_human else 1, len(layout.seats)):  # a watched seat 0 too
        charms = held.of(seat)
        for (spec, left), spot in zip(charms, gem_spots(layout, seat, len(charms))):
            draw_gem(surface, spot, GEM_R, spec.effect, held.flash(seat, spec.id), left <= 0)
    mine = held.of(0) if model.seats[0].is_human else []
    if not mine:
        return
    choice = human.charm
    if choice is not None and choice.picked is not None and on_boodle(human, choice.picked):  # R34
        targets, focused_target = choice.targets(choice.picked), choice.target
        for slot, pile in enumerate(model.rules.piles):
            if pile in targets and slot < len(layout.boodle_cards):
                width = 3 if pile == focused_target else 2
                paint.rect(surface, theme.GOLD, layout.boodle_cards[slot].inflate(10, 10), width, border_radius=8)
    slots = choice.slots() if choice is not None else frozenset()
    focused = choice.focused if choice is not None else None
    name_size = readable_size(NAME_SIZE)
    tiles = shown_tiles(layout, slots, len(mine))
    capped = not pad_shown() and all(names_fit(stage, str(charm_name(spec.id)), tile, name_size)
                                     for (spec, _), tile in zip(mine, tiles))
    for slot, ((spec, left), tile) in enumerate(zip(mine, tiles)):
        lawful = slot in slots
        glow = held.flash(0, spec.id)
        base = (34, 52, 44) if not lawful else (48, 76, 60)
        fill = (base if not glow else
                (round(base[0] + (230 - base[0]) * glow / 2), round(base[1] + (230 - base[1]) * glow / 2),
                 round(base[2] + (230 - base[2]) * glow / 2)))
        paint.rect(surface, (0, 0, 0), tile.move(0, 2), border_radius=7)
        paint.rect(surface, fill, tile, border_radius=7)
        edge = theme.GOLD if lawful else (90, 110, 100)
        paint.rect(surface, edge, tile, 3 if lawful and spec.id == focused else (2 if lawful else 1), border_radius=7)
        gem_r = max(5, min(9, tile.height // 2 - 5))
        gem = (tile.x + 6 + gem_r, tile.centery)
        draw_gem(surface, gem, gem_r, spec.effect, glow, left <= 0)
        _draw_uses(surface, stage, uses_left(spec, left), (gem[0] + gem_r, gem[1] + gem_r - 3), left > 0)
        x = name_left(tile)
        cap = SLOT_CAPS[slot] if capped and slot < len(SLOT_CAPS) else ""
        cap_w = text.width(cap, "bold", CAP_SIZE) + 8 if cap else 0
        room = tile.right - 6 - cap_w - 4 - x
        ink = theme.INK if left > 0 else theme.INK_DIM
        name = str(charm_name(spec.id))
        size = text.fit_size(name, "bold", name_size, room, readable_size(10))
        if text.width(name, "bold", size) > room:
            text.overflows.add(name)
        text.draw(surface, name, (x, tile.centery), role="bold", size=size, colour=ink, anchor="midleft",
                  max_width=room)
        if cap:
            box = pygame.Rect(0, 0, cap_w - 2, min(tile.height - 8, 18))
            box.midright = (tile.right - 5, tile.centery)
            paint.rect(surface, (20, 30, 26), box, border_radius=4)
            paint.rect(surface, edge, box, 1, border_radius=4)
            text.draw(surface, cap, box.center, role="bold", size=CAP_SIZE, colour=ink, anchor="center")


def draw_charm_note(surface: Canvas, human: HumanSeat, stage: Stage) -> None:
    """The hovered tile's note, over the controls (drawn after them)."""
    mine = stage.model.charms.of(0) if stage.model.seats[0].is_human else []
    if human.hover_gem is not None:  # another seat's charm: what it does, and how often it may still
        seat, place = human.hover_gem
        theirs = stage.model.charms.of(seat)
        if place < len(theirs):
            spot = gem_spots(stage.layout, seat, len(theirs))[place]
            _draw_note(surface, stage, charm_tip(*theirs[place]), pygame.Rect(spot[0] - GEM_R, spot[1] - GEM_R,
                                                                              2 * GEM_R, 2 * GEM_R))
        return
    hovered = human.hover_charm
    if hovered is None or hovered >= len(mine):
        return
    spec, left = mine[hovered]
    slots = human.charm.slots() if human.charm is not None else frozenset()
    _draw_note(surface, stage, charm_tip(spec, left), shown_tiles(stage.layout, slots, len(mine))[hovered])


def _draw_note(surface: Canvas, stage: Stage, words: str, tile: pygame.Rect) -> None:
    """A tile's note beside it, its words wrapped (a charm's line is longer than a tooltip's one line); none from a
    covered table."""
    if not tooltips_on():
        return
    text = stage.text
    label = text.render_wrapped(words, "body", readable_size(NOTE_SIZE), theme.INK, NOTE_W)
    box = label.get_rect().inflate(20, 14)
    box.bottomleft = (tile.right + 10, tile.bottom)
    box.clamp_ip(stage.layout.felt)
    paint.rect(surface, (0, 0, 0), box.move(0, 2), border_radius=8)
    paint.rect(surface, (28, 40, 34), box, border_radius=8)
    paint.rect(surface, theme.GOLD, box, width=1, border_radius=8)
    surface.blit(label, label.get_rect(center=box.center))
