"""Taking back the player's decisions (free play only): where each of their decisions in the deal in play was
asked, so the table can be laid again from the seed and the actions before it, with every character's random
streams as they stood then, and the words saying what a take back undoes. No pygame here.

The engine is deterministic from its seed and the actions applied, and each character decides from their own
streams, so a table laid again this way plays out exactly as it did when the player makes the same choice.
A deal's end is never undone: the decisions of a deal are forgotten when the next one is asked for. Nor is a
stake: it is made before the cards are dealt (R8), and made again once the hand is seen it would be made knowing
it, so a deal's first take-back point is the player's first decision after the deal. The
streams are held in memory only (a kept session holds each character's stream as it stands, not as it stood
at every decision), so a session continued from the title reaches back to the decision it was continued at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...campaign.origin import CampaignRoad, DailyDeal, TableOrigin
from ...engine.cards import Card
from ...engine.decisions import (
    Action,
    BuyDeadAction,
    CharmAction,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
)
from ...locale.words import Words

Streams = tuple[tuple[Any, Any, Any] | None, ...]  # each seat's character's streams and memory (None: the player)


@dataclass(frozen=True)
class Asked:
    """A decision asked of the player: how many actions came before it, in which deal, the decision, and each
    character's streams as they stood then."""

    index: int
    deal: int
    decision: Decision
    streams: Streams


class TakeBacks:
    """The player's decisions asked in the deal in play, oldest first."""

    def __init__(self) -> None:
        self._asked: list[Asked] = []

    def asked(self, index: int, deal: int, decision: Decision, streams: Callable[[], Streams]) -> None:
        """The player is asked `decision` after `index` actions, in deal `deal` (`streams()` is read once per
        decision: the table asks again every frame until it is answered); a stake is no take-back point, nor a
        bid at the dead hand's auction (R26: the others have bid after it on what it said)."""
        if decision.kind in ("stake", "bid") or self._asked and self._asked[-1].index == index:
            return
        self._asked = [asked for asked in self._asked if asked.deal == deal and asked.index < index]
        self._asked.append(Asked(index, deal, decision, streams()))

    def before(self, index: int, deal: int) -> Asked | None:
        """The player's latest decision of deal `deal` asked before the one after `index` actions, if any."""
        return next((asked for asked in reversed(self._asked) if asked.deal == deal and asked.index < index), None)

    def back_to(self, asked: Asked) -> None:
        """The table is laid again at `asked`: the decisions after it are gone."""
        self._asked = [earlier for earlier in self._asked if earlier.index <= asked.index]


def restore_streams(agents: Sequence[Any], streams: Streams) -> None:
    """Put each character's streams back as `streams` holds them."""
    for agent, held in zip(agents, streams):
        if agent is not None and held is not None:
            agent.restore_streams(held)


def undone_words(decision: Decision, action: Action) -> str:
    """What taking back `action`, the answer to `decision`, undoes: the caption over the button ("Take back
    your lead of 9♦")."""
    kind, card = _what(decision, action)
    return str(Words.of(f"take_back.undoes.{kind}", card=card))


def taken_back_words(decision: Decision, action: Action) -> Words:
    """What a take back of `action`, the answer to `decision`, has undone, said once it is done ("Taken back:
    your lead of 9♦")."""
    kind, card = _what(decision, action)
    return Words.of(f"take_back.undone.{kind}", card=card)


def no_take_back_words(origin: TableOrigin) -> Words | None:
    """Why a table of `origin` takes nothing back, said when the player asks for it anyway (Ctrl+Z); None in free
    play, where a take back is only out of reach for now."""
    match origin:
        case DailyDeal():
            return Words.of("take_back.not_in.daily")
        case CampaignRoad():
            return Words.of("take_back.not_in.road")
        case _:
            return None


def _what(decision: Decision, action: Action) -> tuple[str, Card | None]:
    """The kind of decision `action` answered, as the take back's words name it, and its card if any."""
    match action:
        case LeadAction(card=card):
            return "lead", card
        case FollowAction(play=play) if isinstance(decision, FollowDecision):
            return ("play" if play else "decline"), decision.card
        case BuyDeadAction(buy=buy):
            return ("buy" if buy else "keep"), None
        case CharmAction(use=use):  # R31
            return ("charm_passed" if use is None else "charm"), None
        case _:
            raise ValueError(f"a {decision.kind} decision is never taken back")
