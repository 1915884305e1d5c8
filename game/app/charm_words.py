"""A charm's words as the menus show them: its name, its one line and its terms, in the current language."""

from __future__ import annotations

from ..engine.charms import CharmSpec
from ..locale import has, tr, trn

TERMS_GAP = " · "  # between a charm's uses and its fee


def charm_title(charm_id: str) -> str:
    """A charm's name in the current language (its id when no words name it)."""
    key = f"charms.{charm_id}.name"
    return tr(key) if has(key) else charm_id


def charm_line(charm_id: str) -> str:
    """A charm's one line in the current language ("" when no words say it)."""
    key = f"charms.{charm_id}.description"
    return tr(key) if has(key) else ""


def charm_terms(spec: CharmSpec) -> str:
    """How often `spec` may be used and what each use costs, from its file: "Once a session · 2 chips into the pot
    a use"."""
    if spec.uses in ("session", "deal"):
        uses = tr(f"charm_notes.terms.{spec.uses}")
    else:
        uses = trn("charm_notes.terms.count", spec.session_uses)
    fee = trn("charm_notes.terms.fee", spec.fee) if spec.fee else tr("charm_notes.terms.free")
    return uses + TERMS_GAP + fee


def idle_line(reason: str) -> str:
    """The line saying a charm has nothing to do at this table, for a reason `CharmSpec.idle_at` gave."""
    return tr("charm_idle.table", why=tr(f"charm_idle.why.{reason}"))
