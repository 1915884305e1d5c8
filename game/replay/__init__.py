"""Replays: an event log checked and folded into the table after every event, to step through. No pygame here."""

from .log import LogError, LogProblem, check_event, split_deals
from .replay import DealSpan, Replay, Step, TableState, describe, describe_event, stop_reason, tell_event

__all__ = ["LogError", "LogProblem", "check_event", "split_deals", "DealSpan", "Replay", "Step", "TableState",
           "describe", "describe_event", "stop_reason", "tell_event"]
