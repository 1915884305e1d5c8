"""The pure Newmarket engine: no pygame, no files, no clocks; same seed, same session."""

from .cards import DECK, Card, Suit
from .charms import EFFECTS, MOMENTS, CharmSpec
from .decisions import (
    Action,
    BuyDeadAction,
    BuyDeadDecision,
    CharmAction,
    CharmDecision,
    CharmUse,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from .errors import IllegalActionError
from .events import Event, EventDataError, event_dict, event_from_data, to_json
from .play import Agent, play_session
from .rules import BuyDeadHand, RulesError, RuleSet
from .session import SeatInfo, Session
from .view import PlayerView

__all__ = [
    "DECK", "Card", "Suit", "EFFECTS", "MOMENTS", "CharmSpec", "CharmAction", "CharmDecision", "CharmUse",
    "Action", "BuyDeadAction", "BuyDeadDecision", "Decision", "FollowAction",
    "FollowDecision", "LeadAction", "LeadDecision", "StakeAction", "StakeDecision", "IllegalActionError",
    "Event", "EventDataError", "event_dict", "event_from_data", "to_json", "Agent", "play_session", "BuyDeadHand",
    "RuleSet", "RulesError", "SeatInfo", "Session", "PlayerView",
]
