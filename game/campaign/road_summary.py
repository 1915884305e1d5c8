"""What a road is, in a sentence or two for the player choosing one: the classic game venue by venue, or the road
with charms and its limits, the numbers always read from the road's own campaign file."""

from __future__ import annotations

from ..locale import tr, trn
from .spec import Campaign


def road_summary(campaign: Campaign) -> str:
    """The road's description in the current language ("Start with a charm (one of 3 offered), ... hold up to 4.
    7 venues; you start with 60 chips.")."""
    charms = campaign.charms
    how = tr("road_choice.classic") if charms is None else \
        tr("road_choice.charmed", choice=charms.choice, shop=charms.shop, hold=charms.hold)
    return f"{how} {trn('road_choice.facts', len(campaign.venues), bankroll=campaign.bankroll)}"
