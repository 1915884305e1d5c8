"""Replays: an event log checked and folded into the table after every event, to step through. No pygame here."""

from .log import LogError, LogProblem, split_deals
from .replay import DealSpan, Replay, Step, TableState, describe

__all__ = ["LogError", "LogProblem", "split_deals", "DealSpan", "Replay", "Step", "TableState",
           "describe"]
