"""Where a finished table leads: the daily deal with its score, the road's map with its result, or the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...campaign.origin import DailyFinished, Finished, VenueFinished

if TYPE_CHECKING:
    from ..app import App


def go_on_from(app: App, finished: Finished) -> None:
    """Clear the stack to where a table whose end meant `finished` leads."""
    match finished:
        case DailyFinished(day=day, message=message, new_best=new_best):
            app.scenes.clear_to("daily", day=day, message=message, new_best=new_best)
        case VenueFinished(road=road, message=message, name_entry=name_entry, unlocked=unlocked):
            app.scenes.clear_to("campaign_map", message=message, road=road, name_entry=name_entry, unlocked=unlocked)
        case None:
            app.scenes.clear_to("title")
