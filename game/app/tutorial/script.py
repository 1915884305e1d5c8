"""The coach's steps for the guided first deal: each step's words, what it points at, where its panel sits and
what it waits for. The words are `tutorial.step.<name>.title` and `.body` in every language.

The deal is the player's to play, so the steps are not one fixed line: the opening comes in order (the stake,
then the table), each decision of the player's brings a step that says what to look at, each event that shows a
rule for the first time brings the step that explains it, and each run the player led ends with a review.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Target = Literal["none", "boodle", "pot", "stake", "hand", "dead", "board", "leads", "follow_card", "run",
                 "boodle_hit", "stop", "reviewed", "out", "payments", "boodle_left"]
Place = Literal["top_left", "top_right"]
Waits = Literal["next", "stake", "lead", "follow"]


@dataclass(frozen=True)
class Step:
    """One thing the coach says."""

    name: str  # its words: tutorial.step.<name>
    target: Target  # what the arrow and the highlight point at
    place: Place  # where the panel sits: clear of what it points at
    waits: Waits = "next"  # Next (Enter), or the player's stake, lead or follow


STEPS = {step.name: step for step in (
    Step("welcome", "none", "top_left"),
    Step("boodle", "boodle", "top_left"),
    Step("pot", "pot", "top_left"),
    Step("stake", "stake", "top_left", waits="stake"),
    Step("hand", "hand", "top_right"),
    Step("dead", "dead", "top_right"),
    Step("board", "board", "top_left"),
    Step("lead", "leads", "top_left", waits="lead"),  # the first lead: what to look at
    Step("lead_again", "leads", "top_left", waits="lead"),  # the second: the suit must change
    Step("lead_more", "leads", "top_left", waits="lead"),  # every lead after
    Step("your_follow", "follow_card", "top_left", waits="follow"),  # the first follow: play or keep back
    Step("run", "run", "top_right"),  # another seat played the run's next card
    Step("boodle_hit", "boodle_hit", "top_right"),
    Step("stop", "stop", "top_right"),
    Step("king", "stop", "top_right"),
    Step("review", "reviewed", "top_left"),  # what the player's lead did, and the better lead if there was one
    Step("follow_review", "follow_card", "top_right"),  # only when the other answer was clearly better
    Step("out", "out", "top_right"),
    Step("payments", "payments", "top_right"),
    Step("boodle_left", "boodle_left", "top_left"),  # as the shares fly, the session being over
)}
OPENING = ("welcome", "boodle", "pot", "stake")  # when the player is first asked to stake
TABLE = ("hand", "dead", "board", "lead")  # when the player is first asked to lead
ONCE = ("run", "boodle_hit", "stop", "king", "out", "payments", "boodle_left")  # each rule is explained once
