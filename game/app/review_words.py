"""The review in words, for the Review scene and `main.py review`: each decision's title, its options with their
chips, the cost of the choice and its one reason, in the hint's own words. No pygame here."""

from __future__ import annotations

from collections.abc import Callable

from ..ai.hint_tally import NEAR, Reason
from ..locale import decimal, percent, tr, trn
from ..locale.cards import card_label
from ..review.judge import Judged, Option
from .table.hint_words import Namer, hint_detail, hint_words, reason_words, signed

SAME = 1e-9  # chips: a gap and an error this small are rounding, not a difference


def spread(error: float) -> str:
    """The ± margin shown with a figure: `NEAR` standard errors, as the hint shows an edge said to be about equal."""
    return decimal(NEAR * max(0.0, error), ".1f")


def chips_text(chips: float, error: float) -> str:
    """An option's chips from here with their margin: "+1.2 ± 0.8"."""
    return tr("review.chips", chips=signed(chips), spread=spread(error))


def option_text(judged: Judged, option: Option) -> str:
    """What an option is: a card to lead or stake on, play or decline, keep or buy, a charm and its target."""
    if judged.kind == "charm" and option.name != "pass":  # R31
        name = tr(f"charms.{option.name}.name")
        return name if option.card is None else f"{name} {card_label(option.card)}"
    if option.name == "play" and option.card is not None:
        return tr("review.option.play", card=card_label(option.card))
    if option.name in ("decline", "keep", "buy"):
        return tr(f"review.option.{option.name}")
    if option.name in ("pass", "bid"):
        return tr(f"auction.option.{option.name}")
    return card_label(option.card) if option.card is not None else option.name


def kind_text(judged: Judged) -> str:
    """What was decided: "Your lead", "Play 7♦ or decline?", "Your lead (the only card)"."""
    first = judged.options[0]
    if judged.forced:
        return tr("review.kind.forced")
    if judged.kind == "follow" and first.card is not None:
        return tr("review.kind.follow", card=card_label(first.card))
    return tr("auction.review" if judged.kind == "bid" else f"review.kind.{judged.kind}")


def marks(judged: Judged, index: int) -> tuple[bool, bool]:
    """Whether an option was chosen (for a stake: staked on) and whether it is the one to mark best (not for a
    forced lead, nor a stake whose card barely matters)."""
    option = judged.options[index]
    chosen = index == judged.chosen or bool(option.staked)
    best = index == judged.best and not judged.forced and not (judged.stake is not None and judged.stake.barely_matters)
    return chosen, best


def costliest_words(costliest: int | None, total: int) -> str:
    """Which decision of the deal cost the most, or that no choice clearly cost anything."""
    if costliest is None:
        return tr("review.no_costliest")
    return tr("review.costliest_at", number=costliest, total=total)


def figure_text(option: Option) -> str:
    """An option's figure: its chips ± margin (searched), or how often its card is played and what was put on it."""
    if option.chips is not None:
        return chips_text(option.chips, option.error or 0.0)
    if option.rate is not None:
        rate = tr("review.rate", rate=percent(round(option.rate * 100)))
        return rate + (" · " + trn("review.staked", option.staked) if option.staked else "")
    return ""


def cost_text(judged: Judged) -> str | None:
    """The cost of the choice with its margin, "nothing" when it was the best; None when nothing was searched."""
    if judged.cost is None:
        return None
    if judged.chosen == judged.best:
        return tr("review.cost_nothing")
    if judged.cost <= SAME and (judged.cost_error or 0.0) <= SAME:
        return tr("review.cost_same")
    return tr("review.cost", cost=decimal(judged.cost, ".1f"), spread=spread(judged.cost_error or 0.0))


def reason_text(judged: Judged, players: tuple[str, ...]) -> str:
    """The one-line reason: the hint's words for the best, about equal within two standard errors, the staking
    hint's judgement for a stake, or that nothing was to decide."""
    if judged.forced:
        return tr("review.reason.forced")
    if judged.stake is not None:  # the hint's words with the figures behind them: a review shows its workings
        return tr("hint.detail.shown", hint=hint_words(judged.stake, _namer(players)),
                  detail=hint_detail(judged.stake, _namer(players)))
    reason = judged.reason
    if reason is None or judged.best is None:
        return ""
    best = option_text(judged, judged.options[judged.best])
    if reason.kind == "about_equal":
        same = reason.edge <= SAME and reason.error <= SAME  # the two came out alike on every sampled deal
        gap, margin = decimal(max(0.0, reason.edge), ".1f"), spread(reason.error)
        if judged.chosen != judged.best:
            key = "review.reason.about_equal_same" if same else "review.reason.about_equal"
            return tr(key, option=best, gap=gap, spread=margin)
        second = max((i for i in range(len(judged.options)) if i != judged.best),
                     key=lambda i: judged.options[i].chips or 0.0)
        key = "review.reason.about_equal_next_same" if same else "review.reason.about_equal_next"
        return tr(key, other=option_text(judged, judged.options[second]), gap=gap, spread=margin)
    if reason.kind == "chips" and judged.chosen != judged.best:  # the hint's words compare with the next best
        return tr("review.reason.better", option=best, reason=tr(
            "review.reason.chips", value=signed(reason.value), other=signed(reason.other)))
    words = str(reason_words(reason, _namer(players)))
    if judged.chosen == judged.best:
        return tr("review.reason.best", reason=words)
    return tr("review.reason.better", option=best, reason=words)


def reason_kind(judged: Judged) -> str:
    """The reason's kind as the JSON output names it: the hint's kinds, "stake", "stake_barely_matters" or
    "forced"."""
    if judged.forced:
        return "forced"
    if judged.stake is not None:
        return "stake_barely_matters" if judged.stake.barely_matters else "stake"
    return judged.reason.kind if isinstance(judged.reason, Reason) else ""


def _namer(players: tuple[str, ...]) -> Namer:
    """A seat's name, worded when shown, as the hint's words take it."""
    def name_of(seat: int) -> Callable[[], str]:
        return lambda: players[seat] if 0 <= seat < len(players) else "?"
    return name_of
