"""Find seeds for the guided first deal (game/app/tutorial/first_deal.py): deals that teach the whole game.

    python tools/first_deal_seed.py [--from 0] [--to 1500] [--top 10]

For each seed, the guided table (classic rules for one deal, the player with Maud, Bert and Pip) is laid and
every sequence of the player's leads (up to five) is played out, the player staking evenly. A deal is kept when
the player stakes and leads first, a boodle card of theirs is hit in their first run, that run stops because
its next card lies in the dead hand with the player's card last (so they lead again), and the player goes out.
The best, fewest leads of the player's and fewest cards played first, are printed with what happens.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app.table.controller import HumanTurn, Played, TableController
from game.app.tutorial.first_deal import first_deal_rules, first_deal_seats
from game.engine.cards import Card, card_order
from game.engine.decisions import LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.events import BoodleWon, DealStart, Event, HandWon, Play, Stop

MAX_LEADS = 5


def play(seed: int, leads: tuple[Card, ...]) -> tuple[list[Event], tuple[Card, ...]]:
    """The deal's events with the player leading `leads`, and the options of the next lead past them (or ())."""
    table = TableController(first_deal_rules(), first_deal_seats(), seed)
    log = list(table.log)
    made = 0
    while not table.over:
        step = table.advance(0.0, float("inf"))
        if isinstance(step, HumanTurn):
            decision = step.decision
            if isinstance(decision, StakeDecision):
                share, odd = divmod(decision.boodle_total, len(decision.cards))
                step = table.submit(StakeAction(0, tuple((card, share + (i < odd))
                                                         for i, card in enumerate(decision.cards))))
            elif isinstance(decision, LeadDecision):
                if made == len(leads):
                    return log, tuple(sorted(decision.options, key=card_order))
                step = table.submit(LeadAction(0, leads[made]))
                made += 1
        if isinstance(step, Played):
            log += step.events
    return log, ()


def teaches(log: list[Event]) -> tuple[int, int] | None:
    """(the player's leads, cards played) when the deal teaches what the guide needs, else None."""
    plays = [e for e in log if isinstance(e, Play)]
    stops = [i for i, e in enumerate(log) if isinstance(e, Stop)]
    won = next((e for e in log if isinstance(e, HandWon)), None)
    if won is None or won.player != 0 or not stops or not plays[0].lead or plays[0].player != 0:
        return None
    first_run = log[:stops[0]]
    stop = log[stops[0]]
    assert isinstance(stop, Stop)
    last = [e for e in first_run if isinstance(e, Play)][-1]
    if stop.reason != "dead_hand" or last.player != 0:
        return None
    if not any(isinstance(e, BoodleWon) and e.player == 0 for e in first_run):
        return None
    return sum(1 for p in plays if p.lead and p.player == 0), len(plays)


def explore(seed: int, leads: tuple[Card, ...] = ()) -> list[tuple[tuple[int, int], tuple[Card, ...]]]:
    """Every sequence of the player's leads that plays the deal out, with how well it teaches."""
    log, options = play(seed, leads)
    if not options:
        score = teaches(log)
        return [] if score is None else [(score, leads)]
    if len(leads) >= MAX_LEADS:
        return []
    return [found for card in options for found in explore(seed, leads + (card,))]


def main() -> None:
    """Search the seeds and print the best deals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="low", type=int, default=0)
    parser.add_argument("--to", dest="high", type=int, default=1500)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    found = []
    players = len(first_deal_seats())
    for seed in range(args.low, args.high):
        log, _ = play(seed, ())
        if next(e.dealer for e in log if isinstance(e, DealStart)) != players - 1:
            continue  # the player must sit on the dealer's left, to stake and lead first
        found += [(score, seed, leads) for score, leads in explore(seed)]
    for score, seed, leads in sorted(found)[:args.top]:
        print(f"seed {seed}: leads {' '.join(map(str, leads))} ({score[0]} leads, {score[1]} cards played)")


if __name__ == "__main__":
    main()
