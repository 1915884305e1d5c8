"""The coach's script for the guided first deal: each step's words, what it points at, when it comes and what
it waits for. The words are `tutorial.step.<name>.title` and `.body` in every language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Target = Literal["none", "boodle", "pot", "stake", "hand", "dead", "board", "lead", "follow", "boodle_hit", "stop",
                 "out", "payments", "boodle_left"]
When = Literal["stake", "lead", "follow", "boodle_hit", "stop", "hand_won", "split", "after"]
Place = Literal["top_left", "top_right"]


@dataclass(frozen=True)
class Step:
    """One thing the coach says."""

    name: str  # its words: tutorial.step.<name>
    target: Target  # what the arrow and the highlight point at
    when: When  # the player is asked to stake or lead, an event is presented, or straight after the step before
    place: Place  # where the panel sits: clear of what it points at
    waits: Literal["next", "stake", "lead"] = "next"  # Next (Enter) or the player's stake or lead
    lead: int = 0  # for a lead step: which of the coached leads it asks for


SCRIPT: tuple[Step, ...] = (
    Step("welcome", "none", "stake", "top_left"),
    Step("boodle", "boodle", "after", "top_left"),
    Step("pot", "pot", "after", "top_left"),
    Step("stake", "stake", "after", "top_left", waits="stake"),
    Step("hand", "hand", "lead", "top_right"),
    Step("dead", "dead", "after", "top_right"),
    Step("board", "board", "after", "top_left"),
    Step("lead", "lead", "after", "top_left", waits="lead", lead=0),
    Step("follow", "follow", "follow", "top_right"),
    Step("boodle_hit", "boodle_hit", "boodle_hit", "top_right"),
    Step("stop", "stop", "stop", "top_right"),
    Step("lead_again", "lead", "lead", "top_left", waits="lead", lead=1),
    Step("boodle_again", "boodle_hit", "boodle_hit", "top_right"),
    Step("king", "lead", "lead", "top_left", waits="lead", lead=2),
    Step("out", "out", "hand_won", "top_right"),
    Step("payments", "payments", "after", "top_right"),
    Step("boodle_left", "boodle_left", "split", "top_left"),  # as the shares fly, the session being over
)
