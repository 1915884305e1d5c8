"""`review`: a seat's decisions in each deal of an event log, each put to the expert's search, as a table or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from ..app.review_words import cost_text, figure_text, kind_text, option_text, reason_kind, reason_text
from ..app.review_words import marks as review_marks
from ..locale.cards import card_label
from ..locale.shown import shown_text
from ..replay import LogError
from ..replay.log import read_log_text
from ..review.judge import DealReview, Judged, review_deal
from ..review.walk import ReviewError, SessionLog, walk_deal

BAD_INPUT = 2
NOT_A_LOG = ("not an event log (a save or settings file?): the game keeps each finished deal's log inside its save "
             "(saves/ in the data folder), where Replays reviews it; `main.py simulate --log FILE.jsonl` writes one")
DIGITS = 3  # the JSON's chips to a thousandth: enough to compare, and the same text on every machine


class OneLineParser(argparse.ArgumentParser):
    """The review's parser: its errors (an option without its value, an unknown option) one line, as all others."""

    def error(self, message: str) -> NoReturn:
        """One line on stderr and exit code 2, without argparse's usage lines."""
        raise SystemExit(bad_input(message))


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the review command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "review", help="a seat's decisions in each deal of a log, each judged by the expert's search",
        description="Walk an event log (from `simulate --log`, or one deal kept in a save) through the engine and "
                    "put each decision the seat made (stakes, buying the dead hand, leads, optional follows) to "
                    "the expert's search from that seat's view: every option's chips from that moment to the end "
                    "of the deal (± two standard errors), the choice made, the best, what the choice cost, and "
                    "one reason; the costliest decision of each deal is marked. The same log gives the same "
                    "review, byte for byte.")
    parser.add_argument("log", type=Path, metavar="LOG.jsonl", help="the event log to review")
    # read as text and checked in `run`, so a bad or missing number is one line like every other error
    parser.add_argument("--seat", metavar="N", help="the seat to review (0 is the first); required")
    parser.add_argument("--deal", metavar="K", help="only this deal (default: every deal of the log)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.set_defaults(run=run)
    parser.__class__ = OneLineParser
    return parser


def bad_input(message: str) -> int:
    """One line on stderr saying what is wrong; the exit code for bad input."""
    print(f"newmarket review: {' '.join(message.split())}", file=sys.stderr)
    return BAD_INPUT


def run(args: argparse.Namespace) -> int:
    """Review the log; 2 with one line when the log, the seat or the deal will not do."""
    seat, deal = whole_number(args.seat), whole_number(args.deal)
    if args.seat is not None and seat is None:
        return bad_input(f"--seat: a seat is a whole number (0 is the first), not {args.seat!r}")
    if args.deal is not None and deal is None:
        return bad_input(f"--deal: a deal is a whole number (1 is the first), not {args.deal!r}")
    try:
        log = SessionLog.from_file(args.log)
    except LogError as error:
        if not_an_event_log(args.log):
            return bad_input(f"{error.source}: {NOT_A_LOG}")
        first = error.problems[0] if error.problems else None
        why = "cannot be read" if first is None else str(first) if first.line else first.message
        return bad_input(f"{error.source}: not a log that can be reviewed: {why}")
    except ReviewError as error:
        return bad_input(str(error))
    seats = len(log.players)
    if seat is None:
        return bad_input(f"--seat: say which seat to review, 0 to {seats - 1}")
    if not 0 <= seat < seats:
        return bad_input(f"--seat: the table has seats 0 to {seats - 1}, not {seat}")
    if deal is not None and deal not in log.numbers:
        return bad_input(f"--deal: the log has deals {log.numbers[0]} to {log.numbers[-1]}, not {deal}")
    reviews: list[DealReview] = []
    for number, text in zip(log.numbers, log.deals):
        if deal is not None and number != deal:
            continue
        try:
            reviews.append(review_deal(walk_deal(text, seat)))
        except (ReviewError, LogError) as error:
            return bad_input(f"{log.source}: deal {number}: {error}")
    if args.json:
        print(json.dumps(review_data(log, seat, reviews), ensure_ascii=False, sort_keys=True))
    else:
        print_reviews(log, seat, reviews)
    return 0


def whole_number(text: str | None) -> int | None:
    """The option's whole number, or None when it was not given or is not one."""
    try:
        return None if text is None else int(text)
    except ValueError:
        return None


def not_an_event_log(path: Path) -> bool:
    """Whether the file is one JSON document that is no event (a save, the settings) rather than a broken log."""
    try:
        data = json.loads(read_log_text(path))
    except (ValueError, RecursionError):  # LogError among them: not read, or larger than any log
        return False
    return not isinstance(data, dict) or "type" not in data


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS) + 0.0  # + 0.0: never "-0.0"


def decision_data(judged: Judged, players: tuple[str, ...], costliest: int | None) -> dict[str, Any]:
    """One decision as the JSON output writes it (see docs/ai.md, "Reviewing a deal")."""
    position = judged.position
    options = [{"option": option.name, "chips": _round(option.chips), "error": _round(option.error),
                "rate": _round(option.rate), "staked": option.staked, "chosen": review_marks(judged, i)[0],
                "best": review_marks(judged, i)[1]} for i, option in enumerate(judged.options)]
    return {
        "number": judged.number, "kind": judged.kind, "forced": judged.forced, "searched": judged.searched,
        "hand": None if position is None else [str(card) for card in position.hand],
        "run": None if position is None else [str(card) for card in position.run],
        "run_stopped": None if position is None else position.stopped,
        "options": options,
        "chosen": None if judged.chosen is None else judged.options[judged.chosen].name,
        "best": next((option["option"] for option in options if option["best"]), None),
        "cost": _round(judged.cost), "cost_error": _round(judged.cost_error),
        "about_equal": judged.about_equal, "costliest": judged.number == costliest,
        "reason": reason_kind(judged), "reason_text": reason_text(judged, players), "samples": judged.samples,
    }


def review_data(log: SessionLog, seat: int, reviews: list[DealReview]) -> dict[str, Any]:
    """The whole review as one JSON-ready object."""
    return {"log": log.source, "seat": seat, "player": log.players[seat],
            "deals": [{"deal": review.deal, "finished": review.finished, "costliest": review.costliest,
                       "decisions": [decision_data(judged, review.players, review.costliest)
                                     for judged in review.decisions]} for review in reviews]}


def print_reviews(log: SessionLog, seat: int, reviews: list[DealReview]) -> None:
    """Each deal as a table: the decisions in order, their options with chips, the choice, the cost, the reason."""
    name = shown_text(log.players[seat])
    who = name if name.casefold().startswith(f"seat {seat}") else f"seat {seat}, {name}"  # no "seat 0 (Seat 0)"
    print(f"{log.source}: {who}; chips are expected from that moment to the end of the deal, "
          "± two standard errors")
    for review in reviews:
        print()
        costly = f"; costliest: decision {review.costliest}" if review.costliest else "; no choice clearly cost chips"
        ended = "" if review.finished else " (the log stops before the deal's end)"
        print(f"deal {review.deal}: {len(review.decisions)} decisions{costly}{ended}")
        for judged in review.decisions:
            print_decision(judged, review)


def print_decision(judged: Judged, review: DealReview) -> None:
    """One decision: its number and title, an option a line with its figure and marks, the cost and the reason."""
    flag = "  <- costliest decision" if judged.number == review.costliest else ""
    position = judged.position
    print(f"  {judged.number:>2}. {kind_text(judged)}{flag}")
    if position is not None and position.hand:
        print(f"      hand: {' '.join(map(card_label, position.hand))}"
              + (f"   run: {' '.join(map(card_label, position.run))}" if position.run else ""))
    labels = [option_text(judged, option) for option in judged.options]
    figures = [figure_text(option) for option in judged.options]
    width, room = max(map(len, labels)), max(map(len, figures))
    for i, (label, figure) in enumerate(zip(labels, figures)):
        marks = [mark for mark, on in zip(("chosen", "best"), review_marks(judged, i)) if on]
        print(f"      {label:<{width}}  {figure:<{room}}  {', '.join(marks)}".rstrip())
    cost = cost_text(judged)
    if cost:
        print(f"      {cost}")
    print(f"      {shown_text(reason_text(judged, review.players))}")
