"""The player's charms at the table (R31): a tray of tiles over their plate, each with its gem, name, key and uses
left, raised while it may be used, flashing as it is; and the other seats' charms as small gems on their plates.

Where the tiles go is pure arithmetic on the layout (`tray_tiles`), so the seat's hit tests and the picture agree;
`draw_charm_tray` only reads the seat, the model and the stage.
"""

from __future__ import annotations

import pygame

from ....engine.charms import CharmSpec
from ....locale import tr
from ... import paint, theme
from ...canvas import Canvas
from ...charm_words import idle_line
from ...pad_words import pad_shown
from ...text import readable_size
from ...tooltips import tooltips_on
from ..human import HumanSeat
from ..stage import Stage
from .choice import SLOT_CAPS
from .input import on_boodle
from .places import FOCUS_RING, GEM_R, RAISE, gem_spots, shown_tiles, tray_bounds, tray_tiles
from .tile import BADGE_SIZE, CAP_SIZE, keys_fit, tile_face
from .words import charm_description, charm_name

NOTE_SIZE, NOTE_W = 15, 330  # a tile's note: its words, wrapped to this width
NOTE_GAP = 8  # a tile's note over the tray, this far above it
REST_FILL, REST_EDGE = (34, 52, 44), (90, 110, 100)  # no decision open: every tile alike
LAWFUL_FILL = (48, 76, 60)  # raised, gold-edged: may be used now
FOCUS_FILL, FOCUS_EDGE = (70, 108, 84), (255, 246, 214)  # raised, lit, a light double edge and a pointer: the focus
DIM_FILL, DIM_EDGE, DIM_INK = (22, 32, 28), (58, 70, 64), (128, 138, 130)  # not now: sunk, dark, grey words
# each effect's gem colour (R32-R39): a glance tells the charms apart, the name says which
GEM_COLOURS = {"peek_dead": (120, 190, 255), "swap_dead": (190, 140, 255), "move_stake": (255, 200, 90),
               "make_stop": (240, 110, 110), "lead_any": (110, 220, 170), "block_follow": (150, 170, 200),
               "take_lead": (255, 150, 60), "hit_again": (250, 230, 120)}


def charm_tray_clear(stage: Stage) -> list[pygame.Rect]:
    """The player's tray, tiles raised or not, with the focus's ring: what no speech bubble may cover."""
    if not stage.model.seats[0].is_human:
        return []
    return [tile.inflate(2 * FOCUS_RING, 2 * (RAISE + FOCUS_RING))
            for tile in tray_tiles(stage.layout, len(stage.model.charms.of(0)))]


def draw_gem(surface: Canvas, centre: tuple[int, int], radius: int, effect: str, glow: float = 0.0,
             spent: bool = False, dim: bool = False) -> None:
    """A charm's gem: a cut diamond in its effect's colour (grey once spent, darker while it may not be used),
    glowing as it is used."""
    x, y = centre
    colour = GEM_COLOURS.get(effect, theme.GOLD)
    if spent:
        colour = (110, 110, 110)
    if dim:
        colour = mix(colour, DIM_FILL, 0.55)
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


def mix(colour: tuple[int, int, int], other: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    """`colour` moved `share` of the way to `other`."""
    return (round(colour[0] + (other[0] - colour[0]) * share), round(colour[1] + (other[1] - colour[1]) * share),
            round(colour[2] + (other[2] - colour[2]) * share))


def _draw_uses(surface: Canvas, stage: Stage, uses: str, badge: pygame.Rect, live: bool) -> None:
    """A charm's uses left, on a pill of its own beside the name (clear of the gem)."""
    ink = theme.GOLD if live else theme.INK_DIM
    paint.rect(surface, (16, 22, 20), badge, border_radius=badge.height // 2)
    paint.rect(surface, ink, badge, 1, border_radius=badge.height // 2)
    stage.text.draw(surface, uses, badge.center, role="bold", size=readable_size(BADGE_SIZE), colour=ink,
                    anchor="center")


def _draw_pointer(surface: Canvas, tile: pygame.Rect) -> None:
    """The focus's pointer: a triangle at the tile's left, pointing at it (a shape, not a colour, says which)."""
    size = max(5, min(8, tile.height // 4))
    tip = (tile.x - 3, tile.centery)
    points = [tip, (tip[0] - size, tip[1] - size), (tip[0] - size, tip[1] + size)]
    paint.polygon(surface, FOCUS_EDGE, points)
    paint.polygon(surface, (0, 0, 0), points, 1)


def charm_tip(spec: CharmSpec, left: int, idle: str | None = None) -> str:
    """A tile's note: the charm's name, its one line, how often it may still be used, and why it has nothing to do
    at this table when `idle` names a reason (`CharmSpec.idle_at`)."""
    name, description = str(charm_name(spec.id)), str(charm_description(spec.id))
    if spec.uses == "session":
        note = tr("charm_tray.tip.session", name=name, description=description, left=left)
    elif spec.per_deal:
        note = tr("charm_tray.tip.deal", name=name, description=description, left=left)
    else:
        note = tr("charm_tray.tip.count", name=name, description=description, left=left, uses=spec.session_uses)
    return note if idle is None else f"{note}\n{idle_line(idle)}"


def idle_here(stage: Stage, spec: CharmSpec) -> str | None:
    """Why `spec` has nothing to do at this table, or None when it may be used here."""
    return spec.idle_at(stage.model.rules, len(stage.model.seats))


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
    deciding = choice is not None
    tiles = shown_tiles(layout, slots, len(mine))
    named = [(tile, str(charm_name(spec.id)), uses_left(spec, left)) for (spec, left), tile in zip(mine, tiles)]
    capped = not pad_shown() and keys_fit(text, named, SLOT_CAPS[min(len(mine), len(SLOT_CAPS)) - 1])
    for slot, ((spec, left), (tile, name, uses)) in enumerate(zip(mine, named)):
        lawful, live = slot in slots, left > 0
        focus = lawful and spec.id == focused
        cap = SLOT_CAPS[slot] if capped and slot < len(SLOT_CAPS) else ""
        face = tile_face(text, tile, name, uses, cap)
        # a charm the moment does not allow, or the table never will: sunk and greyed beside the raised ones
        dim = (deciding and not lawful) or idle_here(stage, spec) is not None
        glow = held.flash(0, spec.id)
        base = FOCUS_FILL if focus else LAWFUL_FILL if lawful else DIM_FILL if dim else REST_FILL
        fill = mix(base, (230, 230, 230), glow / 2) if glow else base
        if lawful:
            paint.rect(surface, (0, 0, 0), tile.move(0, RAISE), border_radius=7)  # its shadow: it stands up
        paint.rect(surface, fill, tile, border_radius=7)
        edge = FOCUS_EDGE if focus else theme.GOLD if lawful else DIM_EDGE if dim else REST_EDGE
        paint.rect(surface, edge, tile, 3 if focus else (2 if lawful else 1), border_radius=7)
        if focus:  # a second ring outside the tile and a pointer: the focus reads without telling colours apart
            ring = tile.inflate(2 * FOCUS_RING, 2 * FOCUS_RING)
            paint.rect(surface, FOCUS_EDGE, ring, 1, border_radius=9)
            _draw_pointer(surface, ring)
        draw_gem(surface, face.gem.center, face.gem_radius, spec.effect, glow, not live, dim)
        _draw_uses(surface, stage, uses, face.badge, live and not dim)
        ink = theme.INK if live and not dim else DIM_INK
        step = text.line_height("bold", face.size)
        top = face.name.centery - step * len(face.lines) // 2
        for row, line in enumerate(face.lines):
            if text.width(line, "bold", face.size) > face.name.width:
                text.overflows.add(line)
            text.draw(surface, line, (face.name.x, top + row * step), role="bold", size=face.size, colour=ink,
                      max_width=face.name.width, min_size=face.size)
        if cap:
            paint.rect(surface, (20, 30, 26), face.cap, border_radius=4)
            paint.rect(surface, edge if not focus else theme.GOLD, face.cap, 1, border_radius=4)
            text.draw(surface, cap, face.cap.center, role="bold", size=CAP_SIZE, colour=ink, anchor="center")


def hovered_note(human: HumanSeat, stage: Stage) -> tuple[str, pygame.Rect, bool] | None:
    """The note under the mouse: its words, the tile or gem it tells of, and True for a tile of the player's own
    tray; None when the mouse is on neither."""
    mine = stage.model.charms.of(0) if stage.model.seats[0].is_human else []
    if human.hover_gem is not None:  # another seat's charm: what it does, and how often it may still
        seat, place = human.hover_gem
        theirs = stage.model.charms.of(seat)
        if place >= len(theirs):
            return None
        spot = gem_spots(stage.layout, seat, len(theirs))[place]
        spec, left = theirs[place]
        gem = pygame.Rect(spot[0] - GEM_R, spot[1] - GEM_R, 2 * GEM_R, 2 * GEM_R)
        return charm_tip(spec, left, idle_here(stage, spec)), gem, False
    hovered = human.hover_charm
    if hovered is None or hovered >= len(mine):
        return None
    spec, left = mine[hovered]
    slots = human.charm.slots() if human.charm is not None else frozenset()
    return charm_tip(spec, left, idle_here(stage, spec)), shown_tiles(stage.layout, slots, len(mine))[hovered], True


def note_box(stage: Stage, words: str, anchor: pygame.Rect, mine: bool) -> tuple[Canvas, pygame.Rect]:
    """A note's words, wrapped, and its box: over the player's tray for a tile of it (beside the tray lie the hand
    and its raised cards, which the note must leave in sight), beside the gem for another seat's; in the felt."""
    label = stage.text.render_wrapped(words, "body", readable_size(NOTE_SIZE), theme.INK, NOTE_W)
    box = label.get_rect().inflate(20, 14)
    tray = tray_bounds(stage.layout, len(stage.model.charms.of(0))) if mine else None
    if tray is not None:
        box.bottomleft = (tray.left, tray.top - NOTE_GAP)
    else:
        box.bottomleft = (anchor.right + 10, anchor.bottom)
    box.clamp_ip(stage.layout.felt)
    return label, box


def draw_charm_note(surface: Canvas, human: HumanSeat, stage: Stage) -> None:
    """The hovered tile's (or gem's) note, over the controls (drawn after them); none from a covered table."""
    hovered = hovered_note(human, stage)
    if hovered is None or not tooltips_on():
        return
    label, box = note_box(stage, *hovered)
    paint.rect(surface, (0, 0, 0), box.move(0, 2), border_radius=8)
    paint.rect(surface, (28, 40, 34), box, border_radius=8)
    paint.rect(surface, theme.GOLD, box, width=1, border_radius=8)
    surface.blit(label, label.get_rect(center=box.center))
