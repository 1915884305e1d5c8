"""Statistics read off event logs: record against each character, boodle hits, runs, chips over time. No pygame."""

from .statistics import BoodleHits, ChipPoint, Record, Statistics

__all__ = ["BoodleHits", "ChipPoint", "Record", "Statistics"]
