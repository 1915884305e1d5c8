"""The moment a deal earns the player a trophy at the table: the deal watched from the player's seat as its events
are shown (`DealTrophies`, no pygame), the trophy kept on disk at once, said by speech when it is on, and shown
as a rosette beside the records' under the status line, clear of play (`trophy_labels`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...config.trophies_file import Trophy
from ...engine.events import Event
from ...locale import tr, trn
from ...stats.trophies import TrophyWatch, deal_earns
from ..canvas import Canvas
from ..text import TextCache
from .moment_art import make_callout

SHOWN = 2  # rosettes at most for the trophies of one deal


class DealTrophies:
    """Watches one session's deals for the trophies the player does not hold yet; each one a deal earns is kept
    (`keep`, which answers a sentence when it could not be), said (`say`) and answered by `see`."""

    def __init__(self, trophies: Iterable[Trophy], held: Iterable[str], seat: int,
                 keep: Callable[[tuple[str, ...]], str | None], tell: Callable[[str], None],
                 say: Callable[[str], None] = lambda _: None) -> None:
        self.trophies = tuple(t for t in trophies if t.at == "deal")
        self.held = set(held)
        self.watch = TrophyWatch(seat)
        self.keep = keep
        self.tell = tell
        self.say = say

    def quietly(self, events: Iterable[Event | dict[str, Any]]) -> None:
        """Follow events already played (a resumed session's) without earning anything for them: their deals were
        judged when they were shown, and the session's end judges them all again."""
        for event in events:
            self.watch.see(event)

    def see(self, event: Event | dict[str, Any]) -> tuple[str, ...]:
        """Note one event shown; at a deal's end, the trophies it earned (kept and said), else ()."""
        deal = self.watch.see(event)
        if deal is None:
            return ()
        earned = tuple(t.id for t in self.trophies if t.id not in self.held and deal_earns(t, deal))
        if not earned:
            return ()
        self.held.update(earned)
        problem = self.keep(earned)
        if problem:
            self.tell(problem)
        for trophy in earned:
            self.say(tr("trophies.said", name=tr(f"trophies.list.{trophy}.name")))
        return earned


def trophy_labels(text: TextCache, earned: Iterable[str], max_width: int) -> list[Canvas]:
    """A rosette for each trophy earned ("Trophy earned" and its name), two at most: a third and more are counted
    on the second ("+3 more trophies"), so a deal that earns many covers no more of the felt than two records."""
    found = tuple(earned)
    shown = found[:1] if len(found) > SHOWN else found
    labels = [make_callout(text, tr("trophies.earned"), tr(f"trophies.list.{trophy}.name"), max_width)
              for trophy in shown]
    if len(found) > SHOWN:
        labels.append(make_callout(text, trn("trophies.more", len(found) - 1), "", max_width))
    return labels
