"""The coach's words for each step of the guided first deal, in the current language, with what happened filled
in: who followed, which boodle card was hit, why the run stopped, what the player's lead did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.cards import Card
from ...locale import tr, trn
from ...locale.cards import card_label
from .review import Choice, Run, follow_review, lead_review
from .script import Step

if TYPE_CHECKING:
    from .coach import FirstDealCoach


def step_words(coach: FirstDealCoach, step: Step) -> tuple[str, str]:
    """The step's title and body."""
    base = f"tutorial.step.{step.name}"
    model = coach.scene.model
    name = model.name
    facts = coach.facts
    title = tr(f"{base}.title")
    match step.name:
        case "welcome":
            dealer = model.dealer if model.dealer is not None else len(model.seats) - 1
            names = [name(seat) for seat in range(1, len(model.seats))]
            others = tr("table.and", first=", ".join(names[:-1]), last=names[-1])
            return title, tr(f"{base}.body", dealer=name(dealer), others=others)
        case "boodle":
            return title, tr(f"{base}.body", cards=", ".join(card_label(card) for card in model.rules.boodle_cards))
        case "stake":
            return title, trn(f"{base}.body", model.rules.ante_boodle)
        case "your_follow":
            card = coach.about.card if coach.about is not None else None
            return title, tr(f"{base}.body", card=card_label(card) if card is not None else "")
        case "run":
            seat, card = facts["follower"]
            return title, tr(f"{base}.body", name=name(seat), card=card_label(card))
        case "boodle_hit":
            seat, card, chips = facts["boodle"]
            if seat == 0:
                return title, trn(f"{base}.yours", chips, card=card_label(card))
            return title, trn(f"{base}.theirs", chips, card=card_label(card), name=name(seat))
        case "stop":
            after, reason = facts["stop"]
            following = card_label(Card(after.rank + 1, after.suit)) if after.rank < 13 else ""
            return title, tr(f"{base}.{reason}", card=card_label(after), next=following)
        case "king":
            after, _ = facts["stop"]
            return title, tr(f"{base}.body", card=card_label(after))
        case "review" if isinstance(coach.about, Run):
            return lead_review(coach.about)
        case "follow_review" if isinstance(coach.about, Choice):
            return follow_review(coach.about) or (title, "")
        case "out":
            seat, pot, _ = facts["out"]
            return (title, trn(f"{base}.yours", pot)) if seat == 0 else \
                (tr(f"{base}.title_theirs", name=name(seat)), trn(f"{base}.theirs", pot, name=name(seat)))
        case "payments":
            seat, _, payments = facts["out"]
            if seat == 0:
                return title, tr(f"{base}.yours", paid=listed(coach, payments))
            return title, tr(f"{base}.theirs", name=name(seat), paid=listed(coach, payments))
        case "boodle_left":  # the single deal is the whole session: R22 shares out what is left
            shares = facts.get("shares", ())
            shared = trn(f"{base}.shared", sum(chips for _, chips in shares), shares=listed(coach, shares))
            return title, f"{tr(f'{base}.wait')} {shared}" if shares else tr(f"{base}.wait")
    return title, tr(f"{base}.body")


def listed(coach: FirstDealCoach, amounts: tuple[tuple[int, int], ...]) -> str:
    """"Maud 4, Bert 5 and Pip 3": each seat's name with its chips."""
    each = [tr("tutorial.paid", name=coach.scene.model.name(seat), chips=chips) for seat, chips in amounts]
    return tr("table.and", first=", ".join(each[:-1]), last=each[-1]) if len(each) > 1 else "".join(each)
