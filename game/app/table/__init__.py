"""The table: the session in play (layout, displayed model, animations, the human's controls, the scene)."""

from ...engine.decisions import action_from_data
from .scene import TableScene, action_data, rules_from_settings, seats_against

__all__ = ["TableScene", "action_data", "action_from_data", "rules_from_settings", "seats_against"]
