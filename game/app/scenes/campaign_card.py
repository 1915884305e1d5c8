"""The campaign map's panels under the road: the venue's words fitted over its opponents, and the purse."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ...ai.registry import load_character_by_id
from ...campaign.spec import Venue
from ...config.rules_file import rules_by_name
from ...locale import texts, tr, trn
from ...locale.names import seat_name, short_name
from .. import theme
from ..canvas import Canvas
from ..charm_words import charm_title
from ..table.looks import LOOKS
from ..widgets import draw_panel, signed

if TYPE_CHECKING:
    from ...campaign.model import CampaignProgress
    from ..text import TextCache

PURSE = pygame.Rect(884, 330, 332, 290)
STORY_W = 756  # the venue's story is wrapped to its card's width
CHANGES_MIN = 12  # the rules' changes are shrunk to this size on one line (2 below design) before they are wrapped
CHANGES_TIGHT = 10  # ... or to this, where the words would not fit over the opponents wrapped (large print)
NOTES_GAP = 32  # between what a venue unlocks and a host's charm, when the two share a row


def venue_height(text: TextCache, story: str, changes: str, notes: int, less: int = 0,
                 floor: int = CHANGES_MIN) -> int:
    """The height the venue's words take under its name, `less` points below their design: the story, the facts,
    the rules' changes (wrapped, as a road's variant may change several rules), the goal and its `notes` rows
    under it (what it unlocks, a host's charm)."""
    font = text.font("body", 15 - less)
    lines = len(text.wrap(story, "body", 15 - less, STORY_W))
    high = 6 + round(font.get_linesize() * 1.15) * (lines - 1) + font.get_height() + 8
    high += text.line_height("bold", 16 - less)
    high += 2 + changes_height(text, changes, 14 - less, floor) + 6 if changes else 4
    return high + text.line_height("bold", 17 - less) + notes * (3 + text.line_height("body", 15 - less))


def venue_shrink(text: TextCache, story: str, changes: str, notes: int, room: int, floor: int = CHANGES_MIN) -> int:
    """How many points the venue's words (`venue_height`) are drawn below their design so that they fit `room`
    over the opponents: none at 100%; below their 100% look only where even that would not fit (a long story in
    French at 150%)."""
    less = 0
    while True:
        if venue_height(text, story, changes, notes, less, floor) <= room or \
                text.line_height("body", 14 - less - 1) < (17 if text.line_height("body", 14) <= 17 else 14):
            return less
        less += 1


def note_rows(text: TextCache, story: str, changes: str, notes: int, room: int, floor: int = CHANGES_MIN) -> int:
    """The rows the venue's notes take: one each where `room` allows (a host's charm on a line of its own, apart
    from what the venue unlocks), else all on one row, side by side."""
    return notes if notes <= 1 or venue_height(text, story, changes, notes, 0, floor) <= room else 1


def changes_floor(text: TextCache, story: str, changes: str, notes: int, room: int) -> int:
    """How small the rules' changes may be drawn on one line before they are wrapped: `CHANGES_MIN`, or
    `CHANGES_TIGHT` where wrapped they would not let the venue's words fit `room` (large print)."""
    rows = note_rows(text, story, changes, notes, room)
    fits = venue_height(text, story, changes, rows, venue_shrink(text, story, changes, rows, room)) <= room
    return CHANGES_MIN if fits else CHANGES_TIGHT


def draw_notes(surface: Canvas, text: TextCache, notes: Sequence[tuple[str, tuple[int, int, int]]],
               row: pygame.Rect, rows: int, size: int) -> None:
    """The venue's notes under its goal, each in its own words and colour: a line each from `row` down, or (one row
    for two) what it unlocks at the row's left and a host's charm at its right, each shrunk to its share."""
    if rows >= len(notes):
        y = row.y
        for line, colour in notes:
            text.draw(surface, line, (row.x, y), role="body", size=size, colour=colour, max_width=row.width,
                      min_size=10)
            y += row.height + 3
        return
    widths = [text.width(line, "body", size) for line, _ in notes]
    share = min(1.0, (row.width - NOTES_GAP * (len(notes) - 1)) / max(1, sum(widths)))
    (first, first_colour), (last, last_colour) = notes[0], notes[-1]
    text.draw(surface, first, row.topleft, role="body", size=size, colour=first_colour,
              max_width=int(widths[0] * share), min_size=10)
    text.draw(surface, last, row.topright, role="body", size=size, colour=last_colour, anchor="topright",
              max_width=int(widths[-1] * share), min_size=10)


def changes_on_one_line(text: TextCache, changes: str, size: int, floor: int = CHANGES_MIN) -> bool:
    """True when the rules' changes fit the card's width on one line, shrunk no further than `floor`; else they
    are wrapped (a road's variant may change several rules)."""
    fitted = text.fit_size(changes, "body", size, STORY_W, floor)
    return text.width(changes, "body", fitted) <= STORY_W


def changes_height(text: TextCache, changes: str, size: int, floor: int = CHANGES_MIN) -> int:
    """The height the rules' changes take at `size`: one line (shrunk no further than `floor`), or wrapped as
    `render_wrapped` draws them."""
    if changes_on_one_line(text, changes, size, floor):
        return text.line_height("body", size)
    font = text.font("body", size)
    lines = len(text.wrap(changes, "body", size, STORY_W))
    return round(font.get_linesize() * 1.15) * (lines - 1) + font.get_height()


def held_words(progress: CampaignProgress) -> str:
    """The charms the player holds on a road with charms, in a line ("Your charms: Glimpse, The Lock")."""
    names = [charm_title(charm) for charm in progress.charms]
    return tr("charm_road.map.held", charms=", ".join(names)) if names else tr("charm_road.map.none_held")


def draw_purse(surface: Canvas, text: TextCache, chip: Canvas, progress: CampaignProgress) -> None:
    """The bankroll, where it started, the score and the venues cleared, and how the road ends (or the campaign's
    note): each line lower by what the larger words above it grew, the note as large as the room left holds."""
    box = PURSE
    draw_panel(surface, box, alpha=225)
    room = box.width - 44
    x = box.x + 22
    text.draw(surface, tr("campaign.bankroll"), (x, box.y + 14), role="bold", size=15, colour=theme.INK_DIM,
              max_width=room)
    y = box.y + text.grown_step(0, "bold", 15)
    surface.blit(chip, (x, y + 46))
    text.draw(surface, str(progress.bankroll), (box.x + 54, y + 36), role="title", size=40, colour=theme.GOLD)
    change = progress.bankroll - progress.campaign.bankroll
    text.draw(surface, tr("campaign.started_with", start=progress.campaign.bankroll, change=signed(change, "+0")),
              (x, y + 90), role="body", size=15, colour=theme.GAIN if change >= 0 else theme.LOSS, max_width=room)
    y += text.grown_step(0, "body", 15)
    text.draw(surface, tr("campaign.score"), (x, y + 122), role="bold", size=15, colour=theme.INK_DIM, max_width=room)
    y += text.grown_step(0, "bold", 15)
    text.draw(surface, str(progress.score), (x, y + 140), role="title", size=32, colour=theme.INK)
    text.draw(surface, tr("campaign.cleared", cleared=progress.cleared, total=len(progress.campaign.venues)),
              (x, y + 188), role="body", size=16, colour=theme.INK, max_width=room)
    y += text.grown_step(0, "body", 16)
    if progress.over:
        words = tr("campaign.won") if progress.status == "won" else tr("campaign.broke")
        text.draw(surface, words, (x, y + 216), role="bold", size=18,
                  colour=theme.GOLD if progress.status == "won" else theme.LOSS, max_width=room)
    elif progress.charm_road is not None or progress.campaign.note():
        said = progress.campaign.note() if progress.charm_road is None else held_words(progress)
        size = text.wrapped_size(said, "body", 14, room, box.bottom - 8 - (y + 214), floor=12)
        note = text.render_wrapped(said, "body", size, theme.INK_DIM, room)
        surface.blit(note, (x, y + 214))


def venue_facts(venue: Venue, bankroll: int) -> str:
    """The venue's rules, deals, stake and ante on one line ("Classic Newmarket  ·  6 deals  ·  ...")."""
    stack = venue.stack(bankroll)
    stake = tr("campaign.facts.stake_short", stake=venue.stake, stack=stack) if stack < venue.stake \
        else tr("campaign.facts.stake", stake=venue.stake)
    parts = [texts.rules_name(venue.rules), trn("campaign.facts.deals", venue.deals or 0), stake,
             tr("campaign.facts.ante", ante=venue.ante)]
    return "  ·  ".join(parts)


def unlock_name(kind: str, target: str) -> str:
    """The name of what an unlock gives, in the player's language where it has one: "Bert", "Green Baize",
    "House rules"."""
    if kind == "character":
        try:
            return seat_name(load_character_by_id(target))
        except (KeyError, ValueError, OSError):
            return short_name(target.replace("_", " ").title())
    if kind == "look":
        look = LOOKS.get(target)  # the table looks' names, as the settings list them
        return look.title if look is not None else target.replace("_", " ").title()
    if kind == "rules":
        try:
            return texts.rules_name(rules_by_name(target))
        except (KeyError, ValueError, OSError):
            return target.replace("_", " ")
    return target.replace("_", " ")


def unlock_words(kind: str, target: str) -> str:
    """What an unlock gives, in words: "Bert joins the cast", "the Green Baize table", "the House rules"."""
    if kind == "character":
        return tr("campaign.unlock.character", name=unlock_name(kind, target))
    if kind == "look":
        return tr("campaign.unlock.look", look=unlock_name(kind, target))
    if kind == "rules":
        return tr("campaign.unlock.rules", rules=unlock_name(kind, target))
    return unlock_name(kind, target)


def hosts_line(venue: Venue) -> str:
    """The charms `venue`'s hosts hold of their own ("Host holds: Glimpse (Aunt Hetty)"), in the current language:
    a line of its own, never among what clearing the venue unlocks ("" when no host holds one)."""
    said = []
    for host, charms in venue.host_charms:
        try:
            name = seat_name(load_character_by_id(host))
        except (KeyError, ValueError, OSError):
            name = host
        said.append(tr("road_hosts.held", host=name, charms=", ".join(charm_title(c) for c in charms)))
    return tr("road_hosts.line", charms=" · ".join(said)) if said else ""
