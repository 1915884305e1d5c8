"""Dates in the current language's words: '29 novembre 2026', 'dimanche 29 novembre 2026'."""

from __future__ import annotations

import datetime as dt

from . import lines, tr


def short_date(day: dt.date) -> str:
    """'29 November 2026', in the current language."""
    months = lines("daily.months")
    month = months[day.month - 1] if len(months) == 12 else day.strftime("%B")
    return tr("daily.short_date", day=day.day, month=month, year=day.year)


def long_date(day: dt.date) -> str:
    """'Sunday 29 November 2026', in the current language."""
    weekdays = lines("daily.weekdays")
    weekday = weekdays[day.weekday()] if len(weekdays) == 7 else day.strftime("%A")
    return tr("daily.long_date", weekday=weekday, date=short_date(day))


def saved_date(when: float) -> str:
    """The local day of a time stamp (seconds since the epoch), as `short_date` words it."""
    return short_date(dt.date.fromtimestamp(when))
