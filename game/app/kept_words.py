"""A kept session as the player meets it: its mode in a word or two, what it holds (rules, deal, players), and
sitting down at it again."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..campaign.roads import SLOTS, read_road
from ..locale import tr, trn
from ..storage.resume import DAILY, FREE, ROAD_PREFIX, load_resume, resume_path, set_aside_unresumable

if TYPE_CHECKING:
    from .app import App


def mode_name(mode: str, data_dir: Path | None = None) -> str:
    """A kept session's mode in a word or two: free play, the daily deal, or the road's name (as its slot's save in
    `data_dir` names it: "The Charmed Road"), else its number ("road 2")."""
    if mode == FREE:
        return tr("title.kept.free")
    if mode == DAILY:
        return tr("title.kept.daily")
    slot = mode[len(ROAD_PREFIX):]
    named = read_road(data_dir, slot).campaign if data_dir is not None and slot in SLOTS else ""
    return named or tr("title.kept.road", number=SLOTS.index(slot) + 1 if slot in SLOTS else slot)


def describe_snapshot(snapshot: dict[str, Any]) -> str:
    """A line saying which session Continue picks up, from whatever the snapshot tells."""
    parts = []
    rules = snapshot.get("rules_name")
    if not isinstance(rules, str) and isinstance(snapshot.get("rules"), dict):
        rules = snapshot["rules"].get("name")
    if isinstance(rules, str):
        parts.append(rules)
    deal = snapshot.get("deal")
    if type(deal) is int and deal > 0:
        parts.append(tr("title.snapshot.deal", deal=deal))
    seats = snapshot.get("seats")
    if isinstance(seats, list) and seats:
        parts.append(trn("title.snapshot.players", len(seats)))
    if not parts:
        return tr("title.snapshot.unknown")
    return tr("title.snapshot.session", details=", ".join(parts))


def sit_at_kept(app: App, mode: str) -> str | None:
    """Open the table of `mode`'s kept session where it was left; None when it opened, else a sentence why not
    (a snapshot this game cannot resume is set aside, never lost)."""
    found = load_resume(app.data_dir, mode)
    if found.snapshot is None:
        return found.message or ""
    try:
        app.scenes.clear_to("kept_table", snapshot=found.snapshot)
    except ValueError as error:  # a snapshot this game cannot resume (anything else is the crash guard's)
        return set_aside_unresumable(resume_path(app.data_dir, mode), error)
    return None
